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
  const view = DambusterMap.panZoom(byId("viewport"), svg);
  self.dambusterPage = { s, drawn, view };
  if (m.kind === "hex" && (m.dams ?? []).length) {
    byId("breach").hidden = false;
    byId("montecarlo").hidden = false;
    const preview = new DambusterPreview.BreachPreview(s, E, drawn);
    self.dambusterPage.breach = preview;
    self.dambusterPage.collapse = new DambusterCollapse.CollapsePreview(s, E);
    self.dambusterPage.monteCarlo = new DambusterMonteCarlo.MonteCarlo(s, drawn, preview);
  }
  if (m.kind === "table" && m.sewer) {
    byId("flood").hidden = false;
    self.dambusterPage.flood = new DambusterPreview.FloodPreview(s, E);
  }
  const site = JSON.parse(byId("site").textContent);
  if (site) showFindings(site, s, drawn);
  document.documentElement.dataset.ready = "true";

  /** A gallery's page: the validator's verdict, each finding listed and, when it names a hex, drawn. */
  function showFindings(site, s, drawn) {
    byId("findings").hidden = false;
    setText(byId("verdict"), site.valid ? `Valid${site.findings.length ? `, with ${DambusterNarrate.plural(site.findings.length, "warning", "warnings")}` : ""}.` : "Not valid: the validator reports errors.");
    const list = byId("findings-list");
    const layer = drawn.geometry ? DambusterMap.el("g", { id: "findings-drawn" }, byId("map")) : null;
    for (const f of site.findings) {
      const hex = f.location?.hex;
      add(list, "li", `${f.severity} ${f.code}${hex && s.label ? ` at ${s.label(hex)}` : ""}: ${f.message}`);
      if (layer && Array.isArray(hex)) {
        DambusterMap.el("path", { d: drawn.pathOf(drawn.geometry.corners(hex), true), fill: "none", stroke: f.severity === "error" ? "#d0201a" : "#d08a00", "stroke-width": 4, "stroke-dasharray": "5 3" }, layer);
      }
    }
    byId("download").setAttribute("href", site.download);
    byId("index-link").setAttribute("href", site.index);
  }
})();
