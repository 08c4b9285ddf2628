// The Monte Carlo panel: 10,000 breaches in Web Workers (built from a Blob: works from file://), a
// progress bar, the heat map of flood chances over the map and the table of chances.
"use strict";

class MonteCarlo {
  constructor(s, drawn, preview) {
    this.s = s; this.drawn = drawn; this.preview = preview;
    const { byId } = DambusterPreview;
    byId("mc-run").addEventListener("click", () => this.run());
  }

  run() {
    const { byId, setText } = DambusterPreview;
    const runs = Number(byId("mc-runs").value);
    if (!Number.isInteger(runs) || runs < 1 || runs > 100000) { setText(byId("mc-status"), "Runs: a whole number from 1 to 100,000."); return; }
    const seed = byId("dice-typed").checked ? 0 : Number(byId("seed").value) || 0;
    const dam = byId("dam").value;
    const source = byId("engine").textContent + "\n" + byId("worker-source").textContent;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    for (const w of this.workers ?? []) w.terminate();
    // one worker per core (at most 8), each with its share of the seeds
    const n = Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2, runs));
    this.workers = Array.from({ length: n }, () => new Worker(url));
    URL.revokeObjectURL(url);
    byId("mc-run").disabled = true;
    setText(byId("mc-status"), `Running ${runs.toLocaleString("en")} breaches…`);
    const started = performance.now();
    let done = 0, finished = 0;
    const parts = [];
    this.workers.forEach((worker, i) => {
      const first = Math.floor((runs * i) / n), count = Math.floor((runs * (i + 1)) / n) - first;
      worker.onmessage = (m) => {
        done += m.data.progress ?? 0;
        byId("mc-progress").value = done / runs;
        if (!m.data.done) return;
        parts.push(m.data.done);
        worker.terminate();
        if (++finished < n) return;
        byId("mc-run").disabled = false;
        this.show(this.merge(parts, { runs, seed, dam }), performance.now() - started);
      };
      worker.onerror = (e) => { byId("mc-run").disabled = false; setText(byId("mc-status"), `The worker failed: ${e.message}`); };
      worker.postMessage({ doc: this.s.doc, dam, seed, first, count });
    });
  }

  /** The workers' counts added up, as chances per breach (the fields of surge --monte-carlo's JSON). */
  merge(parts, { runs, seed, dam }) {
    const hexes = {}, bridges = {}, units = {};
    for (const p of parts) {
      for (const [k, c] of Object.entries(p.hexes)) { const h = (hexes[k] ??= { flood: 0, swamp: 0, flooded_town: 0, stream: 0 }); for (const f in c) h[f] += c[f]; }
      for (const [id, b] of Object.entries(p.bridges)) bridges[id] = { washout: (bridges[id]?.washout ?? 0) + b.washout, step: b.step };
      for (const [id, o] of Object.entries(p.units)) for (const [st, c] of Object.entries(o)) (units[id] ??= {})[st] = (units[id][st] ?? 0) + c;
    }
    const p = (c) => Math.round((c / runs) * 1e6) / 1e6;
    return {
      runs, seed, dam, steps: Math.max(...parts.map((x) => x.steps)),
      hexes: Object.entries(hexes).map(([k, c]) => { const h = k.split(",").map(Number); return { hex: h, label: this.s.label(h), flood: p(c.flood), swamp: p(c.swamp), flooded_town: p(c.flooded_town), stream: p(c.stream) }; })
        .sort((a, b) => a.hex[0] - b.hex[0] || a.hex[1] - b.hex[1]),
      bridges: Object.entries(bridges).map(([id, b]) => ({ id, washout: p(b.washout), step: b.step })),
      units: Object.entries(units).map(([id, o]) => ({ id, outcomes: Object.fromEntries(Object.entries(o).sort().map(([k, v]) => [k, p(v)])) })),
    };
  }

  show(result, ms) {
    const { byId, setText, add } = DambusterPreview;
    this.result = result;
    setText(byId("mc-status"), `${result.runs.toLocaleString("en")} breaches of ${result.dam} in ${(ms / 1000).toFixed(2)} s.`);
    setText(byId("mc-json"), JSON.stringify(result, null, 2) + "\n");
    byId("mc-json").dataset.ms = String(ms);
    // the heat map: each hex that may flood or carry a new stream, darker the likelier
    const { marks, geometry: g, pathOf } = this.drawn;
    const heat = DambusterMap.el("g", { id: "heat" }, marks);
    marks.replaceChildren(heat);
    for (const h of result.hexes) {
      const p = Math.max(h.flood, h.stream);
      if (p > 0) DambusterMap.el("path", { d: pathOf(g.corners(h.hex), true), fill: h.flood >= h.stream ? "#c01010" : "#1040c0", "fill-opacity": (0.15 + 0.7 * p).toFixed(3) }, heat);
    }
    const box = byId("mc-table");
    box.replaceChildren();
    // the heat map's key: what its colours say
    const key = add(box, "p", null, { id: "heat-key" });
    const swatch = (colour) => { const sw = add(key, "span", null, { class: "swatch", "aria-hidden": "true" }); sw.style.background = `linear-gradient(to right, ${colour}26, ${colour})`; };
    add(key, "span", "On the map: ");
    swatch("#c01010"); add(key, "span", " red, the chance a hex floods; ");
    swatch("#1040c0"); add(key, "span", " blue, the chance a new stream touches it (where it is likelier than flooding); the darker, the likelier (from near 0% to 100%). ");
    add(key, "span", "Start again under Breach a dam clears it.");
    const table = add(box, "table");
    add(table, "caption", "The likeliest changes (chance per breach)");
    const head = add(table, "tr");
    for (const t of ["Hex", "Floods", "Swamp", "Flooded town", "New stream"]) add(head, "th", t, { scope: "col" });
    const pct = (x) => `${(100 * x).toFixed(1)}%`;
    const top = [...result.hexes].sort((a, b) => Math.max(b.flood, b.stream) - Math.max(a.flood, a.stream)).slice(0, 25);
    for (const h of top) {
      const tr = add(table, "tr");
      add(tr, "th", h.label, { scope: "row" });
      for (const k of ["flood", "swamp", "flooded_town", "stream"]) add(tr, "td", pct(h[k]));
    }
    for (const b of result.bridges) add(box, "p", `Bridge ${b.id} washes out: ${pct(b.washout)} (turn ${b.step}).`);
    for (const u of result.units) add(box, "p", `${DambusterNarrate.unitName(this.s.doc, u.id)}: ${Object.entries(u.outcomes).map(([k, v]) => `${k} ${pct(v)}`).join(", ")}.`);
  }
}

self.DambusterMonteCarlo = { MonteCarlo };
