// The page's start: read the embedded scenario with the conformance reader, show its title, sides and
// rule profiles, draw the map, and start the previews that apply (a dam: the breach; a sewer: the flood).
"use strict";
(() => {
  const E = self.DambusterEngine;
  const { byId, setText, add } = DambusterPreview;
  const doc = JSON.parse(byId("scenario").textContent);
  const s = E.readScenario(doc);
  const meta = doc.meta ?? {};
  setText(byId("title"), meta.title || "Untitled scenario");
  setText(byId("byline"), meta.author ? `by ${meta.author}` : "");
  const sides = byId("sides");
  for (const sd of doc.sides ?? []) {
    const chip = add(sides, "span", null, { class: "chip", "aria-hidden": "true" });
    if (/^#[0-9a-fA-F]{3,8}$/.test(sd.color ?? "")) chip.style.background = sd.color;
    add(sides, "span", `${sd.name || sd.id}${sd.role ? ` (${sd.role})` : ""}`);
  }
  setText(byId("profiles"), (meta.profiles ?? []).length ? `Rules: ${meta.profiles.join(", ")}` : "");
  setText(byId("description"), meta.description ?? "");
  const m = doc.map;
  setText(byId("map-size"), m.kind === "hex" ? `A hex map of ${m.columns} × ${m.rows} hexes (${m.orientation}, ${m.offset}).`
    : `A table of ${m.width} × ${m.depth} ${m.unit}.`);
  const svg = byId("map");
  const drawn = m.kind === "hex" ? DambusterMap.drawHexMap(svg, s, E) : DambusterMap.drawTableMap(svg, s, E);
  DambusterMap.panZoom(byId("viewport"), svg);
  self.dambusterPage = { s, drawn };
  if (m.kind === "hex" && (m.dams ?? []).length) {
    byId("breach").hidden = false;
    byId("montecarlo").hidden = false;
    const preview = new DambusterPreview.BreachPreview(s, E, drawn);
    self.dambusterPage.breach = preview;
    self.dambusterPage.monteCarlo = new DambusterMonteCarlo.MonteCarlo(s, drawn, preview);
  }
  if (m.kind === "table" && m.sewer) {
    byId("flood").hidden = false;
    self.dambusterPage.flood = new DambusterPreview.FloodPreview(s, E);
  }
  document.documentElement.dataset.ready = "true";
})();
