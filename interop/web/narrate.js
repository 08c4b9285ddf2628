// The breach's and the flash flood's events told in plain language, one line per event, with the hexes
// each line is about (a click on the line shows them on the map).
"use strict";

function unitName(doc, id) {
  const u = (doc.units ?? []).find((x) => x.id === id);
  return u ? (u.name || doc.unit_types?.[u.type]?.name || id) : id;
}
const damName = (s, dam) => `${dam.name || dam.id} (${s.label(dam.hex)})`;
// The draws that choose among n ways (docs/simulation.md, the draw order): logged 0-based, told 1 to n.
const CHOICES = new Set(["where the new stream starts", "way of the new stream"]);
const rollText = (r) => (CHOICES.has(r.for) || r.sides !== 6 ? `pick ${r.value + 1} of ${r.sides} for ${r.for}` : `roll ${r.value} for ${r.for}`);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const DASH = "–";

/** Labels in column then row order, three or more consecutive rows of a column as a range (the command
 *  line's hex_list): "0803–0806, 0903 and 0907". */
function hexList(s, hexes) {
  const cells = [...new Map(hexes.map((h) => { const c = s.toOffset(h); return [`${c[0]},${c[1]}`, c]; })).values()]
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const parts = [];
  let run = [];
  const flush = () => {
    const labels = run.map((c) => s.label(s.toAxial(c)));
    parts.push(...(labels.length >= 3 ? [`${labels[0]}${DASH}${labels.at(-1)}`] : labels));
  };
  for (const c of cells) {
    if (run.length && !(c[0] === run.at(-1)[0] && c[1] === run.at(-1)[1] + 1)) { flush(); run = []; }
    run.push(c);
  }
  if (run.length) flush();
  return joinWords(parts);
}

/** How the map calls things (the command line's Names): a town's hexes, routes by their names. */
function names(s) {
  if (s.dambusterNames) return s.dambusterNames;
  const m = s.doc.map, town = new Map(), route = new Map();
  for (const t of m.towns ?? []) for (const h of t.hexes ?? []) town.set(`${h[0]},${h[1]}`, t.name || t.id);
  for (const r of [...(m.roads ?? []), ...(m.rails ?? [])]) route.set(r.id, r.name || r.id);
  s.dambusterNames = {
    hex: (h) => { const t = town.get(`${h[0]},${h[1]}`); return `${s.label(h)}${t ? ` (${t})` : ""}`; },
    route: (id) => route.get(id) ?? id,
  };
  return s.dambusterNames;
}

/** A new stream's draws as the command line tells them: "start 3 of 6, length 2, way 2 of 2". */
function streamRolls(rolls) {
  return (rolls ?? []).map((r) => (r.for === "where the new stream starts" ? `start ${r.value + 1} of ${r.sides}`
    : r.for === "length of the new stream" ? `length ${r.value}` : r.for === "way of the new stream" ? `way ${r.value + 1} of ${r.sides}` : rollText(r))).join(", ");
}

/** [text, hexes] for one breach event. */
function breachLine(s, E, e) {
  const doc = s.doc, L = (h) => s.label(h), N = names(s);
  const unitHex = (id) => (doc.units ?? []).find((u) => u.id === id)?.hex;
  const d = e.detail ?? {};
  const at = (h) => (Array.isArray(h) ? [h] : []);
  const side = (sd) => [sd.slice(0, 2), E.neighbour(sd.slice(0, 2), sd[2])];
  const also = (rolls) => (rolls?.length ? `; ${rolls.map(rollText).join("; ")}` : "");
  const words = (t) => String(t).replaceAll("-", " ");
  switch (e.kind) {
    case "breach": {
      const dam = (doc.map.dams ?? []).find((x) => x.id === e.where) ?? { id: e.where, hex: d.hex };
      return [`The breach: ${damName(s, dam)} gives way.`, at(d.hex)];
    }
    case "building-destroyed": return [`On the dam, the ${d.kind} ${e.where} is destroyed with it.`, []];
    case "reservoir": return [`The reservoir drains: ${L(e.where)} becomes ${d.becomes}.`, at(e.where)];
    case "debris": return [`Debris fills ${L(e.where)}, just below the dam.`, at(e.where)];
    case "swell": return [`${e.step === 0 ? "Turn 0" : `Before player turn ${e.step}`}: the swell covers ${hexList(s, d.hexes)}.`, d.hexes];
    case "left-map": return [`Before player turn ${e.step}: the swell has left the map.`, []];
    case "surge-attack": {
      const squads = d.squads_left != null ? `; ${plural(d.squads_left, "squad", "squads")} left` : "";
      return [`${unitName(doc, e.where)} is attacked by the surge at ${d.odds}: ${d.results.join(", ")} (now ${d.status}${squads}${also(e.rolls)}).`, at(unitHex(e.where))];
    }
    case "stuck-roll": return [`${unitName(doc, e.where)} ${d.stuck ? "is stuck" : "is not stuck"} (roll ${e.rolls?.[0]?.value}).`, at(unitHex(e.where))];
    case "unaffected": return [`${unitName(doc, e.where)} (${d.movement_class}) is unaffected.`, at(unitHex(e.where))];
    case "on-bridge": return [`${unitName(doc, e.where)} is on a bridge and unharmed.`, at(d.hex)];
    case "flood-roll": return [`${N.hex(e.where)} ${d.floods ? "floods" : "stays dry"} (roll ${e.rolls?.[0]?.value}).`, at(e.where)];
    case "flood": return [`${N.hex(e.where)} floods: ${words(d.was)} becomes ${words(d.becomes)}.`, at(e.where)];
    case "road-cut": return [`${N.hex(e.where)}: ${N.route(d.route)} is cut (${d.because}).`, at(e.where)];
    case "bridge-out": {
      const [a, b] = side(d.side);
      return [`Stream bridge ${e.where} between ${L(a)} and ${L(b)} washes out (${plural(d.hexsides, "hexside", "hexsides")} from the swell).`, [a, b]];
    }
    case "stream": {
      const rolled = streamRolls(e.rolls), n = d.hexsides.length;
      const first = hexList(s, side(d.hexsides[0]).filter((h) => s.contains(h)));
      const length = (e.rolls ?? []).find((r) => r.for === "length of the new stream")?.value;
      const hexes = d.hexsides.flatMap(side).filter((h) => s.contains(h));
      const draws = rolled ? ` (${rolled})` : "";
      if (length !== undefined && n < length) {
        return [`A new stream starts between ${first} and runs ${n} of the ${length} hexsides rolled, then finds no way on${draws}.`, hexes];
      }
      return [`A new stream of ${plural(n, "hexside", "hexsides")} starts between ${first}${draws}.`, hexes];
    }
    default: return [`${e.kind} ${e.where ?? ""}`.trim(), at(e.where)];
  }
}

/** The lines of a run's events: one per event, the reservoir's draining (and the debris) each in one
 *  line as the command line says it. */
function breachLines(s, E, events) {
  const out = [];
  const grouped = new Map(); // "reservoir clear" -> index in out
  for (const e of events) {
    if (e.kind === "reservoir" || e.kind === "debris") {
      const key = `${e.step} ${e.kind} ${e.detail?.becomes}`;
      if (!grouped.has(key)) { grouped.set(key, out.length); out.push({ kind: e.kind, becomes: e.detail?.becomes, hexes: [] }); }
      out[grouped.get(key)].hexes.push(e.where);
      continue;
    }
    out.push(breachLine(s, E, e));
  }
  return out.map((x) => {
    if (Array.isArray(x)) return x;
    const n = x.hexes.length;
    if (x.kind === "debris") return [`Debris fills ${hexList(s, x.hexes)}, just below the dam.`, x.hexes];
    return [`The reservoir drains: ${hexList(s, x.hexes)}${n > 3 ? ` (${n} hexes)` : ""} ${n === 1 ? "becomes" : "become"} ${x.becomes}.`, x.hexes];
  });
}

/** The summary of what the events so far did. */
function breachSummary(s, events) {
  const doc = s.doc, L = (h) => s.label(h);
  const of = (kind) => events.filter((e) => e.kind === kind);
  const status = new Map();
  for (const e of events) if (e.detail?.status && typeof e.where === "string") status.set(e.where, e.detail.status);
  const byStatus = (st) => [...status].filter(([, v]) => v === st).map(([id]) => unitName(doc, id));
  const swamp = of("flood").filter((e) => e.detail.becomes === "swamp").map((e) => e.label);
  const towns = of("flood").filter((e) => e.detail.becomes === "flooded-town").map((e) => e.label);
  const lines = [
    `Flooded to swamp: ${swamp.length ? swamp.join(", ") : "none"}.`,
    `Towns flooded: ${towns.length ? towns.join(", ") : "none"}.`,
    `Units destroyed: ${byStatus("destroyed").join(", ") || "none"}; disabled: ${byStatus("disabled").join(", ") || "none"}; stuck: ${byStatus("stuck").join(", ") || "none"}.`,
    `Bridges washed out: ${of("bridge-out").map((e) => e.where).join(", ") || "none"}.`,
    `Routes cut: ${of("road-cut").map((e) => `${names(s).route(e.detail.route)} at ${L(e.where)}`).join(", ") || "none"}.`,
    `New streams: ${of("stream").length}.`,
  ];
  const left = of("left-map")[0];
  if (left) lines.push(`The swell left the map before turn ${left.step}.`);
  return lines;
}

// The flash flood told as `dambuster flood FILE --seed S` tells it (simulation/narrate.py, flood_sentences).
const joinWords = (items) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
const atLeast = (n) => (n >= 6 ? "a 6" : `${n} or more`);
const num = (x) => Number(x?.value ?? x); // a PyFloat (the engine's decimal) or a plain number
const inches = (x) => `${Number(num(x).toPrecision(6))}″`;

function branchRoll(r) {
  const m = /\(1 of (\d+)\)/.exec(r.for);
  if (r.sides !== 6 || !m) return `branch ${r.value + 1} of ${r.sides}`;
  const ways = Number(m[1]), per = Math.floor(6 / ways);
  if (r.value > per * ways) return `branch roll ${r.value}, rolled again`;
  return `branch roll ${r.value}: way ${Math.floor((r.value - 1) / per) + 1} of ${ways}`;
}

function carriedLine(who, d, rolls) {
  const stop = d.stopped_by;
  const end = stop == null ? "" : stop === "end of corridor" ? " to the end of its corridor" : ` until stopped by the ${stop}`;
  const hits = (d.hits ?? []).map((h) => `S${h}`);
  const took = hits.length === 1 ? `an ${hits[0]} hit` : `${joinWords(hits)} hits`;
  const distance = rolls.filter((r) => r.for.startsWith("distance")).map((r) => String(r.value));
  const said = distance.length ? [`distance ${distance.length > 1 ? "rolls" : "roll"} ${distance.join(", ")}`] : [];
  for (const r of rolls) if (r.for.startsWith("branch")) said.push(branchRoll(r));
  const along = joinWords([...new Set(d.corridors ?? [])]);
  if (!said.length && num(d.inches) === 0 && stop != null && stop !== "end of corridor") return `${who} is held where it stands by the ${stop} and takes ${took}.`;
  return `${who} is carried ${inches(d.inches)} along ${along}${end} and takes ${took} (${said.join("; ")}).`;
}

/** One flash-flood event as a sentence. */
function floodLine(doc, e) {
  const d = e.detail ?? {};
  const names = new Map((doc.map.sewer?.models ?? []).map((m) => [m.id, m.name || m.id]));
  const name = (id) => names.get(id) ?? id;
  const who = name(e.where), rolls = e.rolls ?? [], roll = rolls[0]?.value;
  const bumpOn = doc.parameters?.flash_flood?.bump_on ?? 4;
  switch (e.kind) {
    case "no-flood": return `Turn ${e.step}: no flood (roll ${roll}; it comes on ${atLeast(d.needed)}).`;
    case "flood-comes": return `Turn ${e.step}: the flood comes (${roll != null ? `roll ${roll}; it comes on ${atLeast(d.needed)}` : "no roll needed"}).`;
    case "out-of-reach": return `${who} is out of the water's reach.`;
    case "tie": {
      const order = d.order.map(name);
      const rolled = rolls.map((r) => `${name(r.for.split(" rolls ")[0])} ${r.value}`).join(", ");
      return `${joinWords([...order].sort())} are as far from the origin; a roll-off (${rolled}, the highest first) tests them in the order ${order.join(", ")}.`;
    }
    case "test": {
      if (!d.fails) return `${who} holds (strength ${d.strength}, roll ${roll}).`;
      return `${who} loses its footing (strength ${d.strength}, roll ${roll}${roll === 6 && d.strength >= 6 ? ": a 6 always fails" : ""}).`;
    }
    case "bump": return `${who}, bumped by ${name(d.by)}, ${d.knocked_off ? "is knocked off" : "keeps its footing"} (roll ${roll}; ${atLeast(bumpOn)} knocks a model off).`;
    case "carried": return carriedLine(who, d, rolls);
    default: return `${e.kind.replaceAll("-", " ")}: ${who}.`;
  }
}

self.DambusterNarrate = { breachLine, breachLines, hexList, breachSummary, floodLine, unitName, damName, plural };
