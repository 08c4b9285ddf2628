// The Monte Carlo worker: the page builds it from a Blob of the engine's script and this one (a worker
// cannot be loaded from file://) and starts several, each running the engine's own breach for its share of
// the seeds (seed + first ... seed + first + count - 1). Each counts per hex: flood, swamp, flooded_town,
// stream (both hexes of a new stream's sides, as `dambuster surge --monte-carlo` counts them); per stream
// bridge its washouts; per unit its last status. The page adds the counts up.
"use strict";

/** What every run of one breach repeats: the reservoir's drainage and the debris, the swell of each step, its corners, where streams may start, and
 *  how far each bridge is from that step's swell, computed once (run() asks swell(k) before the rest of step k). */
function remember(breach) {
  const swells = new Map(), starts = new WeakMap(), washouts = new Map();
  const corners = new WeakMap();
  const { swell, starts: startsOf, washoutDistance, swellCorners } = breach;
  let step = null;
  breach.swell = function (k) {
    step = k;
    if (!swells.has(k)) swells.set(k, swell.call(this, k));
    return swells.get(k);
  };
  breach.starts = function (hexes) {
    if (!starts.has(hexes)) starts.set(hexes, startsOf.call(this, hexes));
    return starts.get(hexes);
  };
  const drainage = breach.drainage.call(breach), debris = breach.debrisHexes.call(breach);
  breach.drainage = () => drainage;
  breach.debrisHexes = () => debris;
  breach.swellCorners = function (hexes) {
    if (!corners.has(hexes)) corners.set(hexes, swellCorners.call(this, hexes));
    return corners.get(hexes);
  };
  breach.washoutDistance = function (side, corners, radius) {
    const k = `${step}|${side}|${radius}`;
    if (!washouts.has(k)) washouts.set(k, washoutDistance.call(this, side, corners, radius));
    return washouts.get(k);
  };
  return breach;
}

self.onmessage = (msg) => {
  const { doc, dam, seed, first, count } = msg.data;
  const E = self.DambusterEngine;
  const s = E.readScenario(doc);
  const breach = remember(new E.Breach(s, dam));
  const hexes = {}, bridges = {}, units = {};
  const tally = (k, what) => { (hexes[k] ??= { flood: 0, swamp: 0, flooded_town: 0, stream: 0 })[what]++; };
  let steps = 0;
  for (let i = 0; i < count; i++) {
    const log = breach.run((seed + first + i) >>> 0, null);
    steps = Math.max(steps, log.steps);
    const streamHexes = new Set();
    const status = new Map();
    for (const e of log.events) {
      if (e.kind === "flood") {
        tally(e.where.join(","), "flood");
        tally(e.where.join(","), e.detail.becomes === "swamp" ? "swamp" : "flooded_town");
      } else if (e.kind === "stream") {
        for (const [q, r, d] of e.detail.hexsides) {
          streamHexes.add([q, r].join(","));
          streamHexes.add(E.neighbour([q, r], d).join(","));
        }
      } else if (e.kind === "bridge-out") {
        bridges[e.where] = { washout: (bridges[e.where]?.washout ?? 0) + 1, step: e.step };
      } else if (e.detail?.status && typeof e.where === "string") {
        status.set(e.where, e.detail.status);
      }
    }
    for (const k of streamHexes) tally(k, "stream");
    for (const [id, st] of status) (units[id] ??= {})[st] = (units[id][st] ?? 0) + 1;
    if ((i + 1) % 200 === 0) self.postMessage({ progress: 200 });
  }
  self.postMessage({ progress: count % 200, done: { hexes, bridges, units, steps } });
};
