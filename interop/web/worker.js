// The Monte Carlo worker: the page builds it from a Blob of the engine's script and this one (a worker
// cannot be loaded from file://). It runs the engine's own breach ``runs`` times, seeds seed, seed+1, ...,
// and counts per hex: flood, swamp, flooded_town, stream (both hexes of a new stream's sides, as
// `dambuster surge --monte-carlo` counts them); per stream bridge the washouts; per unit its last status.
"use strict";
self.onmessage = (msg) => {
  const { doc, dam, runs, seed } = msg.data;
  const E = self.DambusterEngine;
  const s = E.readScenario(doc);
  const breach = new E.Breach(s, dam);
  const hexes = new Map();
  const bridges = new Map();
  const units = new Map();
  const count = (k, what) => {
    if (!hexes.has(k)) hexes.set(k, { flood: 0, swamp: 0, flooded_town: 0, stream: 0 });
    hexes.get(k)[what]++;
  };
  let steps = 0;
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const log = breach.run((seed + i) >>> 0, null);
    steps = Math.max(steps, log.steps);
    const streamHexes = new Set();
    const status = new Map();
    for (const e of log.events) {
      if (e.kind === "flood") {
        const k = e.where.join(",");
        count(k, "flood");
        count(k, e.detail.becomes === "swamp" ? "swamp" : "flooded_town");
      } else if (e.kind === "stream") {
        for (const [q, r, d] of e.detail.hexsides) {
          streamHexes.add([q, r].join(","));
          streamHexes.add(E.neighbour([q, r], d).join(","));
        }
      } else if (e.kind === "bridge-out") {
        bridges.set(e.where, { washout: (bridges.get(e.where)?.washout ?? 0) + 1, step: e.step });
      } else if (e.detail?.status && typeof e.where === "string") {
        status.set(e.where, e.detail.status);
      }
    }
    for (const k of streamHexes) count(k, "stream");
    for (const [id, st] of status) {
      if (!units.has(id)) units.set(id, {});
      units.get(id)[st] = (units.get(id)[st] ?? 0) + 1;
    }
    if ((i + 1) % 250 === 0 || i + 1 === runs) self.postMessage({ progress: (i + 1) / runs });
  }
  const p = (n) => Math.round((n / runs) * 1e6) / 1e6;
  const out = {
    runs, seed, dam, steps,
    hexes: [...hexes].map(([k, c]) => { const h = k.split(",").map(Number); return { hex: h, label: s.label(h), flood: p(c.flood), swamp: p(c.swamp), flooded_town: p(c.flooded_town), stream: p(c.stream) }; })
      .sort((a, b) => a.hex[0] - b.hex[0] || a.hex[1] - b.hex[1]),
    bridges: [...bridges].map(([id, b]) => ({ id, washout: p(b.washout), step: b.step })),
    units: [...units].map(([id, o]) => ({ id, outcomes: Object.fromEntries(Object.entries(o).sort().map(([k, v]) => [k, p(v)])) })),
  };
  self.postMessage({ done: out, ms: performance.now() - started });
};
