// @ts-check
// A replay of `dambuster surge FILE --dam ID --seed N --format json`, written from docs/simulation.md
// ("The random generator and the draw order", "The breach: decisions where the text is silent",
// "Replaying a breach: the event log, exactly") and docs/format.md (section 9: parameter defaults).
//
//   import { surgeLog } from "./breach.mjs";
//   const doc = surgeLog(readScenario(json), "dam-1", 7);          // the document the command prints
//   const text = JSON.stringify(doc, null, 2) + "\n";               // its bytes
import { DIRECTIONS, canonicalHexside, distance, neighbour } from "./reader.mjs";
import { Dice } from "./mt19937.mjs";

const key = (h) => h.join(",");
const unkey = (k) => k.split(",").map(Number);
const cmp = (a, b) => { for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i]; return 0; };
const cmpCorner = (a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]) || cmp(a[2], b[2]);
const FLOODS_TO = { clear: "swamp", forest: "swamp", town: "flooded-town" };

/** format.md section 9 defaults; simulation.md "Parameters" for the SIMULATION options. */
function parameters(doc) {
  const p = doc.parameters ?? {};
  const sim = p.rules?.SIMULATION ?? {};
  const opt = (name, dflt) => (name in sim ? Math.trunc(Number(sim[name])) : dflt);
  return {
    surge: p.surge ?? { length: 3, speed: 3 },
    washoutRadius: p.washout_radius ?? 6,
    floodsOn: p.floodplain_floods_on ?? 1,
    townsRoll: p.random_towns_roll ?? true,
    floodingCuts: p.flooding_cuts_routes ?? true,
    crt: p.crt ?? { columns: ["1:2", "1:1", "2:1", "3:1", "4:1"],
                    results: [["NE", "NE", "NE", "NE", "D", "X"], ["NE", "NE", "D", "D", "X", "X"],
                              ["NE", "D", "D", "X", "X", "X"], ["D", "D", "X", "X", "X", "X"],
                              ["D", "X", "X", "X", "X", "X"]],
                    above: "X", below: "NE" },
    superheavyStuckOn: opt("superheavy_stuck_on", 2),
    swampStuckOn: opt("swamp_stuck_on", 2),
    gevSurgeAttack: opt("gev_surge_attack", 4),
    infantryAttack: opt("infantry_odds_attack", 1),
    infantryDefense: opt("infantry_odds_defense", 2),
    gevUnderBridge: opt("gev_under_bridge", 1),
    cutRoutesAtDam: opt("cut_routes_at_dam", 1),
  };
}

// ------------------------------------------------------------------------------------ the CRT
/** Odds a:d rounded in the defender's favour, as a fraction [n, m]; null for no defence. */
function roundedOdds(a, d) {
  if (d <= 0) return null;
  if (a <= 0) return [0, 1];
  return a >= d ? [Math.floor(a / d), 1] : [1, Math.ceil(d / a)];
}

/** @param {number[]} x @param {number[]} y */
const atMost = ([a, b], [c, d]) => a * d <= c * b; // a/b <= c/d

/** The column index: the best column not better than the rounded odds; or "above" / "below". */
function column(crt, a, d) {
  const ratios = crt.columns.map((c) => c.split(":").map(Number));
  const r = roundedOdds(a, d);
  if (r === null || ratios.every((c) => atMost(c, r) && !atMost(r, c))) return "above";
  let best = null;
  ratios.forEach((c, i) => {
    if (atMost(c, r) && (best === null || atMost(ratios[best], c))) best = i;
  });
  return best === null ? "below" : best;
}

const crtResult = (crt, col, roll) => (col === "above" ? crt.above : col === "below" ? crt.below : crt.results[col][roll - 1]);
const oddsLabel = (crt, col) => (typeof col === "string" ? col : crt.columns[col]);

// ------------------------------------------------------------------------------------ corners
/** Corner k of hex h: the three hexes meeting there, sorted. */
function corner(h, k) {
  return [h, neighbour(h, k - 1), neighbour(h, k)].sort(cmp);
}
const cornersOfHex = (h) => [0, 1, 2, 3, 4, 5].map((k) => corner(h, k));
/** @param {number[]} side */
const ends = ([q, r, d]) => [corner([q, r], d), corner([q, r], d + 1)];
const ckey = (c) => c.map(key).join(";");

/** The canonical hexside between two adjacent hexes. */
function between(a, b) {
  const d = DIRECTIONS.findIndex(([dq, dr]) => a[0] + dq === b[0] && a[1] + dr === b[1]);
  return canonicalHexside(a, d);
}
/** @param {number[][]} corner */
const sidesAt = ([a, b, x]) => [between(a, b), between(a, x), between(b, x)].sort(cmp);
/** @param {number[]} side */
const hexesOf = ([q, r, d]) => [[q, r], neighbour([q, r], d)];
const otherEnd = (side, c) => { const [e1, e2] = ends(side); return ckey(e1) === ckey(c) ? e2 : e1; };

// ------------------------------------------------------------------------------------ the breach
export class Breach {
  /** @param s a HexScenario from readScenario; @param damId the dam's id */
  constructor(s, damId) {
    this.s = s;
    const m = s.doc.map;
    this.m = m;
    this.p = parameters(s.doc);
    this.dam = (m.dams ?? []).find((d) => d.id === damId);
    if (!this.dam) throw new Error(`no dam ${damId}`);
    // the swell's path: depth of every hex below the dam, breadth first along the flow network
    this.depth = new Map();
    let front = [key(this.dam.hex)];
    const seen = new Set(front);
    for (let d = 1; front.length; d++) {
      const next = [];
      for (const k of front) {
        for (const n of s.flow.get(k) ?? []) {
          if (seen.has(n)) continue;
          seen.add(n);
          next.push(n);
          if (n !== "off-map") this.depth.set(n, d);
        }
      }
      front = next;
    }
    const { length, speed } = this.p.surge;
    this.order = [...this.depth.keys()].map(unkey)
      .sort((a, b) => this.depth.get(key(a)) - this.depth.get(key(b)) || cmp(a, b));
    this.arrival = new Map(this.order.map((h) => [key(h), Math.max(0, Math.ceil((this.depth.get(key(h)) - length) / speed))]));
    this.riverHexes = new Set(s.rivers.flatMap((r) => r.hexes.map(key)));
    // who stands where, routes through each hex, river-bridge hexes
    this.unitsByHex = new Map();
    (s.doc.units ?? []).forEach((u, i) => {
      if (u.hex == null) return;
      if (!this.unitsByHex.has(key(u.hex))) this.unitsByHex.set(key(u.hex), []);
      this.unitsByHex.get(key(u.hex)).push(i);
    });
    this.routesByHex = new Map();
    for (const r of [...(m.roads ?? []), ...(m.rails ?? [])]) {
      for (const h of r.hexes) {
        const ids = this.routesByHex.get(key(h)) ?? [];
        if (!ids.includes(r.id)) ids.push(r.id);
        this.routesByHex.set(key(h), ids);
      }
    }
    const out = new Set((m.markers?.bridges_out ?? []).map((b) => b.bridge)); // a bridge that is out carries nobody
    this.bridgeHexes = new Set((m.river_bridges ?? []).filter((b) => !out.has(b.id)).map((b) => key(b.hex)));
    // first-adjacent step of each non-river on-map hex next to a river hex below the dam
    this.adjacentByStep = new Map();
    const first = new Map();
    for (const h of this.order) {
      const k = this.arrival.get(key(h));
      for (let d = 0; d < 6; d++) {
        const n = neighbour(h, d);
        if (this.riverHexes.has(key(n)) || !s.contains(n)) continue;
        if (!first.has(key(n)) || k < first.get(key(n))) first.set(key(n), k);
      }
    }
    for (const [k, step] of first) {
      if (!this.adjacentByStep.has(step)) this.adjacentByStep.set(step, []);
      this.adjacentByStep.get(step).push(unkey(k));
    }
    const index = (h) => { const [c, r] = s.toOffset(h); return r * s.columns + c; };
    for (const hs of this.adjacentByStep.values()) hs.sort((a, b) => index(a) - index(b));
    this.floodplain = new Set((m.floodplain?.hexes ?? []).map(key));
    this.randomMode = (m.floodplain?.mode ?? "predetermined") === "random";
    this.alreadyOut = new Set((m.markers?.bridges_out ?? []).map((b) => b.bridge));
  }

  swell(k) {
    const { length, speed } = this.p.surge;
    const lo = 1 + k * speed;
    const hi = length + k * speed;
    return [this.order.filter((h) => { const d = this.depth.get(key(h)); return lo <= d && d <= hi; }), lo, hi];
  }

  /** The reservoir's hexes that drain at the breach, each with what it becomes ([hex, "clear"|"swamp"]). */
  drainage() {
    const s = this.s;
    const pool = new Set((this.dam.reservoir ?? []).map(key));
    const changes = [];
    for (const h of this.dam.reservoir ?? []) {
      if (!s.contains(h) || s.terrainAt(h) !== "water" || distance(h, this.dam.hex) <= 1) continue;
      const contacts = [];
      for (let d = 0; d < 6; d++) {
        const n = neighbour(h, d);
        if (!s.contains(n) || pool.has(key(n)) || key(n) === key(this.dam.hex)) continue;
        const kind = s.terrainAt(n);
        if (kind !== "water" && kind !== "debris") contacts.push(kind);
      }
      if (contacts.length) changes.push([h, contacts.every((x) => x === "swamp") ? "swamp" : "clear"]);
    }
    return changes;
  }

  /** The hexes just below the dam that debris fills at the breach, in the swell's order. */
  debrisHexes() {
    return this.order.filter((x) => this.depth.get(key(x)) === 1);
  }

  /** The corners of the swell's hexes, as keys (a method, so that a caller running many breaches can
   *  remember it per step, as the web player's Monte Carlo worker does). */
  swellCorners(swell) {
    return new Set(swell.flatMap((h) => cornersOfHex(h).map(ckey)));
  }

  legalStreamSide(side) {
    return hexesOf(side).every((h) => this.s.contains(h) && !this.riverHexes.has(key(h)));
  }

  /** Washout distance: hexsides of the shortest chain from the bridge's side to a swell corner. */
  washoutDistance(side, swellCorners, radius) {
    const dist = new Map();
    let front = ends(side);
    for (const c of front) dist.set(ckey(c), 0);
    for (let d = 0; front.length; d++) {
      if (front.some((c) => swellCorners.has(ckey(c)))) return d + 1;
      if (d + 1 >= radius) return null;
      const next = [];
      for (const c of front) {
        for (const sd of sidesAt(c)) {
          if (!hexesOf(sd).some((h) => this.s.contains(h))) continue;
          const n = otherEnd(sd, c);
          if (!dist.has(ckey(n))) { dist.set(ckey(n), d + 1); next.push(n); }
        }
      }
      front = next;
    }
    return null;
  }

  starts(swell) {
    const found = new Map();
    for (const h of swell) {
      for (const c of cornersOfHex(h)) {
        for (const sd of sidesAt(c)) {
          if (hexesOf(sd).some((x) => key(x) === key(h)) || found.has(key(sd)) || !this.legalStreamSide(sd)) continue;
          let far = otherEnd(sd, c);
          if (far.some((x) => this.riverHexes.has(key(x)))) far = ends(sd).sort(cmpCorner)[1];
          found.set(key(sd), [sd, far]);
        }
      }
    }
    return [...found.values()].sort((a, b) => cmp(a[0], b[0]));
  }

  /** The whole run: the document `dambuster surge --format json` prints. */
  run(seed, turns = null, given = null) {
    const s = this.s;
    const p = this.p;
    const dice = given ?? new Dice(seed); // given: dice already drawn from (the collapse rolls before it)
    const doc = s.doc;
    const terrain = new Map();
    const terrainAt = (h) => terrain.get(key(h)) ?? s.terrainAt(h);
    const units = (doc.units ?? []).map((u) => ({ status: u.status ?? "ready", squads: u.squads ?? 1 }));
    const cuts = new Set();
    const out = new Set();
    const events = [];
    /** @param {number} step @param {import("../types/simulation-output.js").BreachEvent["kind"]} kind */
    const ev = (step, kind, where, detail, rolls) => {
      const e = { step, kind };
      if (where != null) {
        e.where = where;
        if (Array.isArray(where) && where.length === 2) e.label = s.label(where);
      }
      if (detail && Object.keys(detail).length) e.detail = detail;
      if (rolls && rolls.length) e.rolls = rolls;
      events.push(e);
    };
    const cutRoutes = (k, h, why) => {
      for (const rid of this.routesByHex.get(key(h)) ?? []) {
        const ck = `${key(h)}/${rid}`;
        if (!cuts.has(ck)) { cuts.add(ck); ev(k, "road-cut", h, { route: rid, because: why }); }
      }
    };
    let step = -1;
    let done = false;
    while (!done && (turns === null || step < turns)) {
      const k = ++step;
      dice.take();
      if (k === 0) {
        ev(0, "breach", this.dam.id, { hex: this.dam.hex });
        for (const b of this.dam.buildings ?? []) { // 11.05: buildings on a dam are destroyed with it
          if ((b.damage ?? 0) < (b.sp ?? 10)) ev(0, "building-destroyed", b.id, { dam: this.dam.id, kind: b.kind ?? "building" });
        }
        for (const [h, kind] of this.drainage()) { terrain.set(key(h), kind); ev(0, "reservoir", h, { becomes: kind }); }
        for (const h of this.debrisHexes()) {
          terrain.set(key(h), "debris");
          ev(0, "debris", h, { becomes: "debris" });
        }
        if (p.cutRoutesAtDam) cutRoutes(0, this.dam.hex, "dam breached");
      }
      const [swell, lo, hi] = this.swell(k);
      if (!swell.length) { ev(k, "left-map"); done = true; break; }
      ev(k, "swell", null, { hexes: swell, from: lo, to: hi });
      // 3. units
      for (const h of swell) {
        if (this.arrival.get(key(h)) !== k) continue;
        for (const i of this.unitsByHex.get(key(h)) ?? []) this.#surgeUnit(k, i, h, units, dice, ev);
      }
      // 4. floodplain
      for (const h of this.adjacentByStep.get(k) ?? []) {
        const kind = terrainAt(h);
        if (this.randomMode) {
          if (this.floodplain.size && !this.floodplain.has(key(h))) continue;
          if (!(kind === "clear" || kind === "forest" || (kind === "town" && p.townsRoll))) continue;
          const roll = dice.d6(`floodplain ${s.label(h)}`);
          const floods = roll <= p.floodsOn;
          ev(k, "flood-roll", h, { floods }, dice.take());
          if (!floods) continue;
        } else if (!this.floodplain.has(key(h)) || !(kind in FLOODS_TO)) {
          continue;
        }
        const becomes = FLOODS_TO[kind];
        terrain.set(key(h), becomes);
        ev(k, "flood", h, { was: kind, becomes });
        if (p.floodingCuts) cutRoutes(k, h, "flooded");
        if (becomes !== "swamp") continue;
        for (const i of this.unitsByHex.get(key(h)) ?? []) {
          const t = doc.unit_types[doc.units[i].type];
          if (units[i].status === "destroyed" || !["armor", "superheavy"].includes(t.movement_class)) continue;
          const stuck = dice.d6(`stuck roll of ${doc.units[i].id}`) <= p.swampStuckOn;
          if (stuck) units[i].status = "stuck";
          ev(k, "stuck-roll", doc.units[i].id, { stuck, status: units[i].status }, dice.take());
        }
      }
      // 5. stream bridges
      const r = p.washoutRadius;
      if (r > 0) {
        const corners = this.swellCorners(swell);
        for (const b of this.m.stream_bridges ?? []) {
          if (out.has(b.id) || this.alreadyOut.has(b.id)) continue;
          const n = this.washoutDistance(b.side, corners, r);
          if (n !== null && n <= r) { out.add(b.id); ev(k, "bridge-out", b.id, { side: b.side, hexsides: n }); }
        }
      }
      // 6. a new stream
      if (k >= 1) {
        const starts = this.starts(swell);
        if (starts.length) {
          let [side, at] = starts[dice.choice(starts.length, "where the new stream starts")];
          const length = dice.d6("length of the new stream");
          const path = [side];
          while (path.length < length) {
            const last = path[path.length - 1];
            const ways = sidesAt(at).filter((x) => key(x) !== key(last) && this.legalStreamSide(x));
            if (!ways.length) break;
            const w = ways[dice.choice(ways.length, "way of the new stream")];
            path.push(w);
            at = otherEnd(w, at);
          }
          ev(k, "stream", path[0], { hexsides: path }, dice.take());
        }
      }
    }
    return { dam: this.dam.id, seed, steps: step, left_map: done, events };
  }

  #surgeUnit(k, i, h, units, dice, ev) {
    const doc = this.s.doc;
    const u = doc.units[i];
    const t = doc.unit_types[u.type];
    const st = units[i];
    const p = this.p;
    if (st.status === "destroyed") return;
    const mc = t.movement_class;
    if (this.bridgeHexes.has(key(h)) && !(mc === "gev" && p.gevUnderBridge)) {
      ev(k, "on-bridge", u.id, { hex: h });
      return;
    }
    if (t.category === "infantry") {
      const col = column(p.crt, p.infantryAttack, p.infantryDefense);
      const results = [];
      let lost = 0;
      for (let q = 0; q < st.squads; q++) {
        const res = crtResult(p.crt, col, dice.d6(`surge attack on ${u.id}, squad ${q + 1}`));
        results.push(res);
        if (res === "D" || res === "X") lost++;
      }
      const left = st.squads - lost;
      if (left > 0) st.squads = left; else st.status = "destroyed";
      ev(k, "surge-attack", u.id, { odds: oddsLabel(p.crt, col), results, squads_left: left, status: st.status }, dice.take());
    } else if (mc === "gev") {
      const col = column(p.crt, p.gevSurgeAttack, t.defense);
      const res = crtResult(p.crt, col, dice.d6(`surge attack on ${u.id}`));
      if (res === "X") st.status = "destroyed";
      else if (res === "D") st.status = { ready: "disabled", disabled: "destroyed" }[st.status] ?? st.status;
      ev(k, "surge-attack", u.id, { odds: oddsLabel(p.crt, col), results: [res], status: st.status }, dice.take());
    } else if (mc === "superheavy") {
      const stuck = dice.d6(`stuck roll of ${u.id}`) <= p.superheavyStuckOn;
      if (stuck) st.status = "stuck";
      ev(k, "stuck-roll", u.id, { stuck, status: st.status }, dice.take());
    } else {
      ev(k, "unaffected", u.id, { movement_class: mc });
    }
  }
}

/** The document `dambuster surge --format json` prints for this dam and seed (and --turns).
 *  @returns {import("../types/simulation-output.js").BreachLog} */
export function surgeLog(scenario, damId, seed, turns = null) {
  return new Breach(scenario, damId).run(seed, turns);
}
