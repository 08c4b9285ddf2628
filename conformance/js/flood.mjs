// @ts-check
// A replay of `dambuster flood FILE --seed N --format json`, written from docs/simulation.md ("The
// flash flood: decisions", the draw order, "Replaying a flash flood: the event log, exactly") and
// docs/format.md (section 6.3, section 9 for the defaults).
//
//   import { floodLog } from "./flood.mjs";
//   import { pyJson } from "./pyjson.mjs";
//   const text = pyJson(floodLog(doc, 3)) + "\n";   // the bytes the command prints
import { Dice } from "./mt19937.mjs";
import { PyFloat, pyRound } from "./pyjson.mjs";

const EPS = 1e-6; // the position tolerance: positions are written to 6 decimals (docs/simulation.md)
const INCHES = { inches: 1, mm: 25.4, paces: 25.4 };

/** @param {number} step @param {import("../types/simulation-output.js").FlashFloodEvent["kind"]} kind */
function event(step, kind, where, detail, rolls) {
  const e = { step, kind };
  if (where != null) e.where = where;
  if (detail && Object.keys(detail).length) e.detail = detail;
  if (rolls && rolls.length) e.rolls = rolls;
  return e;
}

// ------------------------------------------------------------------------------------ geometry
const segLength = ([ax, ay], [bx, by]) => Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
const lineLength = (line) => line.slice(1).reduce((s, p, i) => s + segLength(line[i], p), 0);

function projectionFactor([ax, ay], [bx, by], [px, py]) {
  if (ax === bx && ay === by) return 0;
  const dx = bx - ax;
  const dy = by - ay;
  return ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
}

function segDistance(a, b, p) {
  const r = projectionFactor(a, b, p);
  if (r <= 0) return segLength(a, p);
  if (r >= 1) return segLength(b, p);
  const [ax, ay] = a;
  const [bx, by] = b;
  const [px, py] = p;
  return Math.abs((ay - py) * (bx - ax) - (ax - px) * (by - ay)) / segLength(a, b);
}

const lineDistance = (line, p) => Math.min(...line.slice(1).map((b, i) => segDistance(line[i], b, p)));

/** The distance along the line to its nearest point to p (the first segment wins a tie). */
function project(line, p) {
  let best = Infinity;
  let at = 0;
  let start = 0;
  for (let i = 1; i < line.length; i++) {
    const len = segLength(line[i - 1], line[i]);
    const d = segDistance(line[i - 1], line[i], p);
    const f = projectionFactor(line[i - 1], line[i], p);
    const m = f <= 0 ? start : f <= 1 ? start + f * len : start + len;
    if (d < best) { best = d; at = m; }
    start += len;
  }
  return at;
}

/** The point `pos` along the line. */
function interpolate(line, pos) {
  let start = 0;
  for (let i = 1; i < line.length; i++) {
    const len = segLength(line[i - 1], line[i]);
    if (pos <= start + len || i === line.length - 1) {
      const f = len > 0 ? Math.min(1, Math.max(0, (pos - start) / len)) : 0;
      const [ax, ay] = line[i - 1];
      const [bx, by] = line[i];
      return [ax + f * (bx - ax), ay + f * (by - ay)];
    }
    start += len;
  }
  return line[0];
}

/** Inside a polygon or on its edge. */
function covers(polygon, [px, py]) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    const cross = (xj - xi) * (py - yi) - (yj - yi) * (px - xi);
    if (cross === 0 && Math.min(xi, xj) <= px && px <= Math.max(xi, xj) && Math.min(yi, yj) <= py && py <= Math.max(yi, yj)) return true;
    if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// ------------------------------------------------------------------------------------ the network
class Network {
  constructor(sewer, tolerance) {
    const ends = [];
    const junction = ([x, y]) => {
      const i = ends.findIndex(([qx, qy]) => (x - qx) ** 2 + (y - qy) ** 2 <= tolerance ** 2);
      if (i >= 0) return i;
      ends.push([x, y]);
      return ends.length - 1;
    };
    this.corridors = new Map();
    for (const c of sewer.corridors) {
      const info = { id: c.id, line: c.line, length: lineLength(c.line), start: junction(c.line[0]),
                     end: junction(c.line[c.line.length - 1]), blocks: [] };
      const reach = Math.max(tolerance, c.width / 2);
      for (const [kind, pts] of [["grate", sewer.grates], ["sluice gate", sewer.sluice_gates], ["cave-in", sewer.cave_ins]]) {
        for (const p of pts ?? []) {
          if (lineDistance(c.line, p.point) <= reach) info.blocks.push([project(c.line, p.point), kind, p.id]);
        }
      }
      info.blocks.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
      this.corridors.set(c.id, info);
    }
    this.sorted = [...this.corridors.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const o = sewer.flood_origin;
    const near = [...this.corridors.values()].map((c) => [lineDistance(c.line, o), c.id, c])
      .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1))[0][2];
    this.origin = [near.id, project(near.line, o)];
    // Dijkstra over junctions from the origin's corridor's two ends
    this.dist = new Map();
    const todo = new Map([[near.start, this.origin[1]]]);
    const endDist = near.length - this.origin[1];
    if (!todo.has(near.end) || todo.get(near.end) > endDist) todo.set(near.end, Math.min(endDist, todo.get(near.end) ?? Infinity));
    while (todo.size) {
      const [j, d] = [...todo.entries()].reduce((a, b) => (b[1] < a[1] ? b : a));
      todo.delete(j);
      this.dist.set(j, d);
      for (const c of this.corridors.values()) {
        for (const [a, b] of [[c.start, c.end], [c.end, c.start]]) {
          if (a !== j || this.dist.has(b)) continue;
          const nd = d + c.length;
          if (nd < (todo.get(b) ?? Infinity)) todo.set(b, nd);
        }
      }
    }
    this.gantries = (sewer.gantries ?? []).map((g) => g.polygon);
  }

  d(j) { return this.dist.has(j) ? this.dist.get(j) : Infinity; }

  distance(corridor, pos) {
    const c = this.corridors.get(corridor);
    if (corridor === this.origin[0]) return Math.abs(pos - this.origin[1]);
    return Math.min(this.d(c.start) + pos, this.d(c.end) + c.length - pos);
  }

  downstreamDir(corridor, pos) {
    const c = this.corridors.get(corridor);
    if (corridor === this.origin[0]) return pos >= this.origin[1] ? 1 : -1;
    return this.d(c.start) + pos <= this.d(c.end) + c.length - pos ? 1 : -1;
  }

  outOfReach(corridor, pos) {
    const p = interpolate(this.corridors.get(corridor).line, pos);
    return this.gantries.some((g) => covers(g, p));
  }

  /** [corridor, direction] ways out of a junction, except the way one came in ([id, 1]: arrived at its last point). */
  branches(junction, came) {
    const out = [];
    for (const c of this.sorted) {
      if (c.start === junction && !(came[0] === c.id && came[1] === 0)) out.push([c.id, 1]);
      if (c.end === junction && !(came[0] === c.id && came[1] === 1)) out.push([c.id, -1]);
    }
    return out;
  }

  flooded() { return this.sorted.filter((c) => this.dist.has(c.start) || this.dist.has(c.end)).map((c) => c.id); }
}

// ------------------------------------------------------------------------------------ the flood
function parameters(doc) {
  const p = doc.parameters ?? {};
  const ff = p.flash_flood ?? { turns: [{ turn: 2, on: 6 }, { turn: 3, on: 4 }, { turn: 4, on: 2 }, { turn: 5, on: 1 }],
                                hit_strength: 1, hit_step: 3.0, impassable_hit: 3, bump_on: 4 };
  const sim = p.rules?.SIMULATION ?? {};
  const num = (name, dflt) => (name in sim ? Number(sim[name]) : dflt);
  const int = (name, dflt) => (name in sim ? Math.trunc(Number(sim[name])) : dflt);
  return { ff, sixAlwaysFails: int("six_always_fails", 1), deadEndImpassable: int("dead_end_is_impassable", 1),
           baseRadius: num("base_radius", 0), unitsPerInch: num("units_per_inch", 0), joinTolerance: num("join_tolerance", 1e-6) };
}

class Flood {
  constructor(doc, dice) {
    const m = doc.map;
    this.o = parameters(doc);
    this.p = this.o.ff;
    this.dice = dice;
    this.net = new Network(m.sewer, this.o.joinTolerance);
    this.upi = this.o.unitsPerInch || (INCHES[m.unit] ?? 1);
    this.contact = 2 * (this.o.baseRadius || 0.5 * this.upi);
    this.models = new Map(m.sewer.models.map((x) => [x.id, x]));
    this.at = new Map(m.sewer.models.map((x) => [x.id, { corridor: x.corridor, position: x.position, hits: [], carried: 0 }]));
    this.events = [];
  }

  reachable(id) {
    const pl = this.at.get(id);
    return this.net.distance(pl.corridor, pl.position) !== Infinity && !this.net.outOfReach(pl.corridor, pl.position);
  }

  order() {
    const dist = new Map([...this.models.keys()].map((i) => [i, this.net.distance(this.at.get(i).corridor, this.at.get(i).position)]));
    let ids = [...this.models.keys()].filter((i) => this.reachable(i))
      .sort((a, b) => dist.get(b) - dist.get(a) || (a < b ? -1 : 1));
    const out = [];
    while (ids.length) {
      const far = dist.get(ids[0]);
      let tied = ids.filter((i) => far - dist.get(i) <= EPS).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const settled = new Set(tied);
      ids = ids.filter((i) => !settled.has(i));
      if (tied.length > 1) {
        tied = this.rollOff(tied);
        this.events.push(event(0, "tie", null, { order: tied }, this.dice.take()));
      }
      out.push(...tied);
    }
    return out;
  }

  /** Models equally far: each rolls a die in id order; the highest first; equal dice roll again among themselves. */
  rollOff(tied) {
    const out = [];
    const groups = [tied];
    while (groups.length) {
      const group = groups.pop();
      if (group.length === 1) { out.push(group[0]); continue; }
      const rolls = group.map((m) => this.dice.d6(`${m} rolls for the order of the tied models`));
      for (let face = 1; face <= 6; face++) {
        const same = group.filter((_, k) => rolls[k] === face);
        if (same.length) groups.push(same);
      }
    }
    return out;
  }

  run() {
    for (const id of [...this.models.keys()].sort()) {
      if (!this.reachable(id)) this.events.push(event(0, "out-of-reach", id));
    }
    for (const id of this.order()) {
      const strength = this.models.get(id).strength;
      const roll = this.dice.d6(`${id} tests strength ${strength}`);
      const fails = roll > strength || (roll === 6 && Boolean(this.o.sixAlwaysFails));
      this.events.push(event(0, "test", id, { strength, fails }, this.dice.take()));
      if (fails) {
        const queue = [id];
        while (queue.length) {
          const next = queue.shift();
          queue.push(...this.carry(next, queue));
        }
      }
    }
  }

  branch(n, who) {
    if (n > 6) return this.dice.choice(n, `branch taken by ${who}`);
    const per = Math.floor(6 / n);
    for (;;) {
      const roll = this.dice.d6(`branch taken by ${who} (1 of ${n})`);
      if (roll <= per * n) return Math.floor((roll - 1) / per);
    }
  }

  carry(id, queued) {
    const pl = this.at.get(id);
    let c = pl.corridor;
    let pos = pl.position;
    let d = this.net.downstreamDir(c, pos);
    const path = [c];
    let moved = 0;
    let stoppedBy = null;
    const bumpedNow = new Set([id]);
    const knocked = [];
    const rolls = [];
    const draws = [];
    const takeDraws = () => { for (const r of this.dice.take()) if (!r.for.includes(" bumped by ")) draws.push(r); };
    // a model standing on an impassable point is held there: it goes nowhere, and no distance is rolled
    const held = this.net.corridors.get(c).blocks.find(([q]) => Math.abs(q - pos) <= EPS);
    if (held) stoppedBy = `${held[1]} ${held[2]}`;
    while (stoppedBy === null) {
      const roll = this.dice.d6(`distance ${id} is carried`);
      rolls.push(roll);
      let left = roll * this.upi;
      while (left > EPS && stoppedBy === null) {
        const info = this.net.corridors.get(c);
        const end = d > 0 ? info.length : 0;
        const room = Math.abs(end - pos);
        const blocks = d > 0 ? info.blocks : [...info.blocks].reverse();
        const block = blocks.find(([q]) => d * (q - pos) >= -EPS); // one the model stands on holds it too
        let stop = pos + d * Math.min(left, room);
        if (block && d * (block[0] - stop) <= EPS) { stop = block[0]; stoppedBy = `${block[1]} ${block[2]}`; }
        for (const other of this.contacts(c, pos, stop, d, bumpedNow, queued)) {
          bumpedNow.add(other);
          takeDraws();
          const b = this.dice.d6(`${other} bumped by ${id}`);
          const off = b >= this.p.bump_on;
          this.events.push(event(0, "bump", other, { by: id, knocked_off: off }, this.dice.take()));
          if (off) knocked.push(other);
        }
        left -= Math.abs(stop - pos);
        moved += Math.abs(stop - pos);
        pos = stop;
        if (stoppedBy === null && left > EPS) {
          const came = [c, d > 0 ? 1 : 0];
          const junction = d > 0 ? info.end : info.start;
          const ways = this.net.branches(junction, came);
          if (!ways.length) {
            stoppedBy = this.o.deadEndImpassable ? "dead end" : "end of corridor";
            if (!this.o.deadEndImpassable) left = 0;
            break;
          }
          [c, d] = ways.length > 1 ? ways[this.branch(ways.length, id)] : ways[0];
          pos = d > 0 ? 0 : this.net.corridors.get(c).length;
          path.push(c);
        }
      }
      if (roll !== 6) break;
    }
    takeDraws();
    if (moved <= EPS) moved = 0; // never a carry shorter than the positions are written
    const inches = pyRound(moved / this.upi, 6);
    const impassable = stoppedBy !== null && stoppedBy !== "end of corridor";
    const hits = [this.p.hit_strength + Math.floor(inches / this.p.hit_step + EPS)];
    if (impassable) hits.push(this.p.impassable_hit);
    pl.corridor = c;
    pl.position = pos;
    pl.hits.push(...hits);
    pl.carried += inches;
    this.events.push(event(0, "carried", id, { inches: new PyFloat(inches), dice: rolls, corridors: path,
                                               stopped_by: stoppedBy, hits, corridor: c,
                                               position: new PyFloat(pyRound(pos, 6)) }, draws));
    return knocked;
  }

  contacts(c, a, b, d, skip, queued) {
    const [lo, hi] = d > 0 ? [a, b + this.contact] : [b - this.contact, a];
    const found = [];
    for (const [id, pl] of this.at) {
      if (skip.has(id) || queued.includes(id) || pl.corridor !== c || !this.reachable(id)) continue;
      if (lo - EPS <= pl.position && pl.position <= hi + EPS && Math.abs(pl.position - a) > EPS) found.push([d * (pl.position - a), id]);
    }
    return found.sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : 1)).map(([, id]) => id);
  }
}

/** The turn of the flood (null: never) and its events. */
function when(ff, dice) {
  const events = [];
  for (const t of [...ff.turns].sort((a, b) => a.turn - b.turn)) {
    if (t.on <= 1) { events.push(event(t.turn, "flood-comes", null, { needed: t.on })); return [t.turn, events]; }
    if (t.on > 6) continue;
    const comes = dice.d6(`flood on turn ${t.turn}`) >= t.on;
    events.push(event(t.turn, comes ? "flood-comes" : "no-flood", null, { needed: t.on }, dice.take()));
    if (comes) return [t.turn, events];
  }
  return [null, events];
}

/** The document `dambuster flood --format json` prints for this scenario document and seed; its
 *  decimal numbers are PyFloats (pyJson writes it byte for byte). */
/** @param {import("../types/scenario.js").DambusterScenario} doc @param {number} seed */
export function floodLog(doc, seed) {
  const dice = new Dice(seed);
  const [turn, pre] = when(parameters(doc).ff, dice);
  const out = { seed, turn, events: pre };
  if (turn === null) return out;
  const f = new Flood(doc, dice);
  f.run();
  out.events = pre.concat(f.events);
  out.models = Object.fromEntries([...f.at].map(([id, p]) => [id, { corridor: p.corridor, position: new PyFloat(pyRound(p.position, 6)),
                                                                    hits: p.hits, carried: new PyFloat(p.carried) }]));
  out.difficult = f.net.flooded();
  return out;
}
