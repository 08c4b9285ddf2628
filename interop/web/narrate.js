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
const rollsText = (rolls) => (rolls?.length ? ` (${rolls.map(rollText).join("; ")})` : "");
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** [text, hexes] for one breach event. */
function breachLine(s, E, e) {
  const doc = s.doc, L = (h) => s.label(h);
  const unitHex = (id) => (doc.units ?? []).find((u) => u.id === id)?.hex;
  const d = e.detail ?? {};
  const at = (h) => (Array.isArray(h) ? [h] : []);
  const side = (sd) => [sd.slice(0, 2), E.neighbour(sd.slice(0, 2), sd[2])];
  switch (e.kind) {
    case "breach": return [`The dam ${e.where} at ${L(d.hex)} gives way.`, at(d.hex)];
    case "building-destroyed": return [`The ${d.kind} ${e.where} on the dam is destroyed with it.`, []];
    case "reservoir": return [`${e.label}: the reservoir drains; it becomes ${d.becomes}.`, at(e.where)];
    case "debris": return [`${e.label}: debris fills the hex below the dam.`, at(e.where)];
    case "swell": return [`Turn ${e.step}: the swell covers ${d.hexes.map(L).join(", ")}.`, d.hexes];
    case "left-map": return [`Turn ${e.step}: the swell has left the map.`, []];
    case "surge-attack": {
      const res = d.results.join(", ");
      const squads = d.squads_left != null ? `; ${plural(d.squads_left, "squad", "squads")} left` : "";
      return [`${unitName(doc, e.where)} is attacked by the surge at ${d.odds}: ${res} (now ${d.status}${squads})${rollsText(e.rolls)}.`, at(unitHex(e.where))];
    }
    case "stuck-roll": return [`${unitName(doc, e.where)} ${d.stuck ? "is stuck" : "is not stuck"}${rollsText(e.rolls)}.`, at(unitHex(e.where))];
    case "unaffected": return [`${unitName(doc, e.where)} (${d.movement_class}) is unaffected.`, at(unitHex(e.where))];
    case "on-bridge": return [`${unitName(doc, e.where)} is on a bridge and unharmed.`, at(d.hex)];
    case "flood-roll": return [`${e.label}: ${d.floods ? "floods" : "stays dry"}${rollsText(e.rolls)}.`, at(e.where)];
    case "flood": return [`${e.label} floods: ${d.was} becomes ${d.becomes}.`, at(e.where)];
    case "road-cut": return [`${e.label}: ${d.route} is cut (${d.because}).`, at(e.where)];
    case "bridge-out": return [`Stream bridge ${e.where} washes out (${plural(d.hexsides, "hexside", "hexsides")} from the swell).`, side(d.side)];
    case "stream": return [`A new stream of ${plural(d.hexsides.length, "hexside", "hexsides")} starts between ${side(d.hexsides[0]).map(L).join(" and ")}${rollsText(e.rolls)}.`, d.hexsides.flatMap(side)];
    default: return [`${e.kind} ${e.where ?? ""}`.trim(), at(e.where)];
  }
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
    `Routes cut: ${of("road-cut").map((e) => `${e.detail.route} at ${L(e.where)}`).join(", ") || "none"}.`,
    `New streams: ${of("stream").length}.`,
  ];
  const left = of("left-map")[0];
  if (left) lines.push(`The swell left the map before turn ${left.step}.`);
  return lines;
}

/** [text, models] for one flash-flood event. */
function floodLine(doc, e) {
  const d = e.detail ?? {};
  const name = (id) => (doc.map.sewer?.models ?? []).find((m) => m.id === id)?.name || id;
  const rolls = rollsText(e.rolls);
  switch (e.kind) {
    case "no-flood": return `Turn ${e.step}: no flood (it comes on ${d.needed} or more)${rolls}.`;
    case "flood-comes": return `Turn ${e.step}: the flood comes${rolls}.`;
    case "test": return `${name(e.where)} ${d.fails ? "loses its footing" : "holds"} (strength ${d.strength})${rolls}.`;
    case "carried": return `${name(e.where)} is carried ${d.inches}″ along ${(d.corridors ?? []).join(", ")}${d.stopped_by ? `, stopped by ${d.stopped_by}` : ""}${d.hits?.length ? `, hits S${d.hits.join(", S")}` : ""}${rolls}.`;
    default: return `${e.kind}${e.where ? " " + e.where : ""}${Object.keys(d).length ? ": " + JSON.stringify(d) : ""}${rolls}.`;
  }
}

self.DambusterNarrate = { breachLine, breachSummary, floodLine, unitName, damName, plural };
