// The Monte Carlo panel: 10,000 breaches in a Web Worker (built from a Blob: works from file://), a
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
    const source = byId("engine").textContent + "\n" + byId("worker-source").textContent;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    this.worker?.terminate();
    const worker = (this.worker = new Worker(url));
    URL.revokeObjectURL(url);
    byId("mc-run").disabled = true;
    setText(byId("mc-status"), `Running ${runs.toLocaleString("en")} breaches…`);
    worker.onmessage = (m) => {
      if (m.data.progress != null) byId("mc-progress").value = m.data.progress;
      if (m.data.done) {
        byId("mc-run").disabled = false;
        worker.terminate();
        this.show(m.data.done, m.data.ms);
      }
    };
    worker.onerror = (e) => { byId("mc-run").disabled = false; setText(byId("mc-status"), `The worker failed: ${e.message}`); };
    worker.postMessage({ doc: this.s.doc, dam: byId("dam").value, runs, seed });
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
