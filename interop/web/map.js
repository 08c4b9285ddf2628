// The map, drawn as the editor draws it (editor/style.py's colours), in SVG, with pan and zoom.
// Every string from the scenario reaches the page through textContent or setAttribute, never as markup.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
// editor/style.py's colours (palette.json, inlined by page.py; tests/web checks that they agree)
const { terrain: TERRAIN_FILL, areas: AREA_FILL, ink: INK } = self.DambusterPalette;
const HEXSIDE_INK = { stream: [INK.stream, 3], ridge: [INK.ridge, 4], trees: [INK.trees, 4], "cleared-ridge": [INK.ridge, 3] };
const R = 20; // a hex's corners are 20 units from its centre, as in the editor's scene
const SQ3 = Math.sqrt(3);
const LABELS_UP_TO = 4000; // hex labels on maps of at most this many hexes (larger maps: the hovered hex)

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function svgText(parent, x, y, text, attrs = {}) {
  const t = el("text", { x, y, ...attrs }, parent);
  t.textContent = text;
  return t;
}

/** Hex geometry of a scenario read by the conformance reader. */
class HexGeometry {
  constructor(s) { this.flat = s.orientation === "flat"; }
  centre([q, r]) {
    return this.flat ? [1.5 * R * q, SQ3 * R * (r + q / 2)] : [SQ3 * R * (q + r / 2), 1.5 * R * r];
  }
  corners(h) {
    const [x, y] = this.centre(h);
    const out = [];
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 180) * (60 * i + (this.flat ? 0 : 30));
      out.push([x + R * Math.cos(a), y + R * Math.sin(a)]);
    }
    return out;
  }
  /** The two ends of the side of hex [q, r] in direction d. */
  side([q, r, d], neighbour) {
    const [x, y] = this.centre([q, r]);
    const [nx, ny] = this.centre(neighbour([q, r], d));
    const mx = (x + nx) / 2, my = (y + ny) / 2, len = Math.hypot(nx - x, ny - y);
    const px = -(ny - y) / len * (R / 2), py = (nx - x) / len * (R / 2);
    return [[mx + px, my + py], [mx - px, my - py]];
  }
}

const pathOf = (pts, close) => pts.map((p, i) => `${i ? "L" : "M"}${p[0].toFixed(1)} ${p[1].toFixed(1)}`).join("") + (close ? "Z" : "");

/** Draws a hex map into the <svg>; returns what the preview needs to draw over it. */
function drawHexMap(svg, s, E) {
  const g = new HexGeometry(s);
  const doc = s.doc, m = doc.map;
  const hexes = [];
  for (let row = 0; row < s.rows; row++) for (let col = 0; col < s.columns; col++) hexes.push(s.toAxial([col, row]));
  const xs = [], ys = [];
  for (const h of hexes) { const [x, y] = g.centre(h); xs.push(x); ys.push(y); }
  const minX = Math.min(...xs) - R, minY = Math.min(...ys) - R, maxX = Math.max(...xs) + R, maxY = Math.max(...ys) + R;
  svg.setAttribute("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
  const layer = (id) => el("g", { id, class: id }, svg);
  // terrain: one path per kind (few DOM nodes even on a 200 x 200 map)
  const byKind = new Map();
  for (const h of hexes) {
    const kind = s.terrainAt(h);
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(pathOf(g.corners(h), true));
  }
  const terrain = layer("terrain");
  for (const [kind, parts] of byKind) el("path", { d: parts.join(""), fill: TERRAIN_FILL[kind] ?? "#ddd", stroke: INK.grid, "stroke-width": 0.6, "data-kind": kind }, terrain);
  const over = layer("changes"); // the breach's terrain changes, drawn by the preview
  const features = layer("features");
  for (const hs of m.hexsides ?? []) {
    const [ink, w] = HEXSIDE_INK[hs.kind] ?? [INK.grid, 2];
    el("path", { d: pathOf(g.side(hs.side, E.neighbour)), stroke: ink, "stroke-width": w, "stroke-linecap": "round", "stroke-dasharray": hs.kind === "trees" ? "1 5" : hs.kind === "cleared-ridge" ? "6 4" : "none" }, features);
  }
  for (const r of m.rivers ?? []) el("path", { d: pathOf(r.hexes.map((h) => g.centre(h))), stroke: INK.river, "stroke-width": 6, fill: "none", "stroke-linejoin": "round", "stroke-linecap": "round" }, features);
  for (const r of m.roads ?? []) el("path", { d: pathOf(r.hexes.map((h) => g.centre(h))), stroke: INK.road, "stroke-width": 3, fill: "none", "stroke-linejoin": "round" }, features);
  for (const r of m.rails ?? []) el("path", { d: pathOf(r.hexes.map((h) => g.centre(h))), stroke: INK.rail, "stroke-width": 2.5, fill: "none", "stroke-dasharray": "6 3" }, features);
  for (const b of m.river_bridges ?? []) { const [x, y] = g.centre(b.hex); el("rect", { x: x - 5, y: y - 9, width: 10, height: 18, fill: INK.bridge, rx: 2 }, features); }
  for (const b of m.stream_bridges ?? []) el("path", { d: pathOf(g.side(b.side, E.neighbour)), stroke: INK.bridge, "stroke-width": 7, "data-bridge": b.id }, features);
  for (const d of m.dams ?? []) {
    const [x, y] = g.centre(d.hex);
    el("rect", { x: x - 14, y: y - 4, width: 28, height: 8, fill: INK.dam }, features);
    svgText(features, x, y + 14, "DAM", { class: "dam-label" });
  }
  for (const t of m.towns ?? []) {
    if (!t.hexes?.length || !t.name) continue;
    const c = t.hexes.map((h) => g.centre(h));
    svgText(features, c.reduce((a, p) => a + p[0], 0) / c.length, c.reduce((a, p) => a + p[1], 0) / c.length, t.name, { class: "town-name" });
  }
  if (hexes.length <= LABELS_UP_TO) {
    const labels = layer("labels");
    for (const h of hexes) { const [x, y] = g.centre(h); svgText(labels, x, y - R * 0.58, s.label(h), { class: "hex-label" }); }
  }
  drawCounters(layer("units"), doc, (h) => g.centre(h));
  const marks = layer("marks"); // the preview's highlights
  return { geometry: g, over, marks, hexes, pathOf };
}

/** Units as counters: a square of the side's colour with the type's initials, stacked when they share a hex. */
function drawCounters(group, doc, centre) {
  const sides = new Map((doc.sides ?? []).map((sd) => [sd.id, sd]));
  const stacks = new Map();
  for (const u of doc.units ?? []) {
    if (u.hex == null) continue;
    const k = u.hex.join(",");
    const n = stacks.get(k) ?? 0;
    stacks.set(k, n + 1);
    const [x, y] = centre(u.hex);
    const c = el("g", { class: "counter", "data-unit": u.id, transform: `translate(${x + n * 3} ${y + n * 3})` }, group);
    el("rect", { x: -11, y: -11, width: 22, height: 22, rx: 2, fill: sides.get(u.side)?.color ?? "#888", stroke: "#222", "stroke-width": 0.8 }, c);
    const type = doc.unit_types?.[u.type];
    const short = (type?.name ?? u.type ?? "?").split(/[\s-]+/).map((w) => w[0] ?? "").join("").slice(0, 3).toUpperCase();
    svgText(c, 0, 4, short, { class: "counter-text" });
    const title = el("title", {}, c);
    title.textContent = `${u.name || type?.name || u.type} (${u.id}, ${sides.get(u.side)?.name ?? u.side})`;
  }
}

/** A table map at scale: areas, waterway, rivers, roads, the six sectors (DBM tables), the sewer. */
function drawTableMap(svg, s, E) {
  const doc = s.doc, m = doc.map;
  const pad = Math.max(m.width, m.depth) * 0.02;
  svg.setAttribute("viewBox", `${-pad} ${-pad} ${m.width + 2 * pad} ${m.depth + 2 * pad}`);
  const u = Math.max(m.width, m.depth) / 100; // a stroke of 1% of the table
  const g = el("g", { id: "table" }, svg);
  el("rect", { x: 0, y: 0, width: m.width, height: m.depth, fill: "#f3eedb", stroke: "#606060", "stroke-width": u * 0.3 }, g);
  for (const a of m.areas ?? []) {
    el("path", { d: pathOf(a.polygon, true), fill: AREA_FILL[a.kind] ?? "#ddd", stroke: "#777", "stroke-width": u * 0.2 }, g);
    const c = a.polygon.reduce((acc, p) => [acc[0] + p[0] / a.polygon.length, acc[1] + p[1] / a.polygon.length], [0, 0]);
    svgText(g, c[0], c[1], a.name || a.kind, { class: "area-name", "font-size": u * 2 });
  }
  if (m.waterway) el("path", { d: pathOf(m.waterway.polygon, true), fill: "#9cc8ea", stroke: INK.river, "stroke-width": u * 0.2 }, g);
  for (const r of m.rivers ?? []) el("path", { d: pathOf(r.line), stroke: "#9cc8ea", "stroke-width": r.width, fill: "none" }, g);
  for (const r of m.roads ?? []) el("path", { d: pathOf(r.line), stroke: INK.road, "stroke-width": r.width ?? u * 0.5, fill: "none" }, g);
  if ((m.areas ?? []).length || m.sewer == null) drawSectors(g, m, u);
  if (m.sewer) drawSewer(g, s, m.sewer, u);
  const marks = el("g", { id: "marks" }, svg);
  return { marks, unit: u };
}

/** The six DBM sectors (editor/geometry/table.py sector_rects): thirds of the width, halves of the depth. */
function drawSectors(g, m, u) {
  const third = m.width / 3, half = m.depth / 2;
  for (let i = 0; i < 6; i++) {
    const x = (i % 3) * third, y = i < 3 ? 0 : half, h = i < 3 ? half : m.depth - half;
    el("rect", { x, y, width: third, height: h, fill: "none", stroke: "#7060a0", "stroke-width": u * 0.15, "stroke-dasharray": `${u} ${u}` }, g);
    svgText(g, x + third * 0.04, y + h * 0.08, String(i + 1), { class: "sector", "font-size": u * 3, "text-anchor": "start" });
  }
}

function drawSewer(g, s, sewer, u) {
  for (const c of sewer.corridors) {
    el("path", { d: pathOf(c.line), stroke: "#b8b0a0", "stroke-width": c.width, fill: "none", "stroke-linejoin": "round" }, g);
    el("path", { d: pathOf(c.line), stroke: "#6a6050", "stroke-width": u * 0.1, fill: "none" }, g);
    if (c.name) svgText(g, c.line[0][0], c.line[0][1] - c.width / 2 - u * 0.6, c.name, { class: "corridor-name", "font-size": u * 1.6, "text-anchor": "start" });
  }
  for (const gt of sewer.gantries ?? []) el("path", { d: pathOf(gt.polygon, true), fill: "#a0a0a0", stroke: "#404040", "stroke-width": u * 0.15 }, g);
  const dot = (p, fill, label) => { el("circle", { cx: p[0], cy: p[1], r: u * 0.9, fill, stroke: "#222", "stroke-width": u * 0.1 }, g); svgText(g, p[0] + u * 1.2, p[1] + u * 0.5, label, { class: "sewer-thing", "font-size": u * 1.4, "text-anchor": "start" }); };
  for (const x of sewer.grates ?? []) dot(x.point, "#606060", "grate");
  for (const x of sewer.sluice_gates ?? []) dot(x.point, "#4070a0", "sluice");
  for (const x of sewer.cave_ins ?? []) dot(x.point, "#8a5a2b", "cave-in");
  if (sewer.flood_origin) dot(sewer.flood_origin, INK.flood, "flood origin");
  const sides = new Map((s.doc.sides ?? []).map((sd) => [sd.id, sd]));
  const models = el("g", { id: "models" }, g);
  for (const md of sewer.models ?? []) {
    const p = s.pointAlong(md.corridor, md.position);
    const c = el("circle", { cx: p[0], cy: p[1], r: u * 0.8, fill: sides.get(md.side)?.color ?? "#888", stroke: "#fff", "stroke-width": u * 0.15, "data-model": md.id }, models);
    el("title", {}, c).textContent = `${md.name || md.id} (${sides.get(md.side)?.name ?? md.side}, strength ${md.strength})`;
    // the name beside the counter, readable without hover (a phone has none)
    svgText(models, p[0] + u * 1.1, p[1] - u * 0.9, md.name || md.id, { class: "model-name", "font-size": u * 1.3, "text-anchor": "start", "data-model-name": md.id });
  }
}

/** Pan and zoom by mouse (drag, wheel), touch (one finger drags, two pinch) and keyboard (arrows, + - 0). */
function panZoom(viewport, svg) {
  let z = 1, tx = 0, ty = 0;
  const apply = () => { svg.style.transform = `translate(${tx}px, ${ty}px) scale(${z})`; };
  const zoomAt = (f, cx, cy) => {
    const nz = Math.min(40, Math.max(0.2, z * f));
    tx = cx - (cx - tx) * (nz / z); ty = cy - (cy - ty) * (nz / z); z = nz; apply();
  };
  const pointers = new Map();
  let pinch = null;
  const reset = () => { z = 1; tx = 0; ty = 0; apply(); };
  // the hint says how once: it fades at the first pan or zoom, leaving the map's bottom rows in sight
  const hint = document.getElementById("hint");
  const used = () => { if (hint && !hint.classList.contains("used")) { hint.classList.add("used"); setTimeout(() => { hint.hidden = true; }, 1500); } };
  const resetButton = document.getElementById("reset-view");
  if (resetButton) {
    resetButton.addEventListener("pointerdown", (e) => e.stopPropagation()); // a press, not a drag
    resetButton.addEventListener("click", reset);
  }
  viewport.addEventListener("pointerdown", (e) => { used(); viewport.setPointerCapture?.(e.pointerId); pointers.set(e.pointerId, [e.clientX, e.clientY]); });
  viewport.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    const [px, py] = pointers.get(e.pointerId);
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 1) { tx += e.clientX - px; ty += e.clientY - py; apply(); return; }
    const [a, b] = [...pointers.values()];
    const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
    const rect = viewport.getBoundingClientRect();
    if (pinch) zoomAt(d / pinch, (a[0] + b[0]) / 2 - rect.left, (a[1] + b[1]) / 2 - rect.top);
    pinch = d;
  });
  const up = (e) => { pointers.delete(e.pointerId); pinch = null; };
  viewport.addEventListener("pointerup", up);
  viewport.addEventListener("pointercancel", up);
  viewport.addEventListener("wheel", (e) => {
    e.preventDefault();
    used();
    const rect = viewport.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY / 400), e.clientX - rect.left, e.clientY - rect.top);
  }, { passive: false });
  viewport.addEventListener("keydown", (e) => {
    const step = 60, w = viewport.clientWidth / 2, h = viewport.clientHeight / 2;
    const act = { ArrowLeft: () => { tx += step; }, ArrowRight: () => { tx -= step; }, ArrowUp: () => { ty += step; },
                  ArrowDown: () => { ty -= step; }, "+": () => zoomAt(1.25, w, h), "=": () => zoomAt(1.25, w, h),
                  "-": () => zoomAt(0.8, w, h), "0": () => { z = 1; tx = 0; ty = 0; } }[e.key];
    if (!act || e.target !== viewport) return;
    e.preventDefault(); used(); act(); apply();
  });
  apply();
  /** Pans so that ``node`` (drawn on the map) is in the middle of the view when it is not in sight. */
  const bringIntoView = (node) => {
    const r = node.getBoundingClientRect(), v = viewport.getBoundingClientRect();
    if (!r.width && !r.height) return;
    if (r.left >= v.left && r.right <= v.right && r.top >= v.top && r.bottom <= v.bottom) return;
    tx += v.left + v.width / 2 - (r.left + r.width / 2); ty += v.top + v.height / 2 - (r.top + r.height / 2); apply();
  };
  return { panBy: (dx, dy) => { tx += dx; ty += dy; apply(); }, zoomAt, reset, bringIntoView };
}

self.DambusterMap = { drawHexMap, drawTableMap, panZoom, el, svgText, INK, TERRAIN_FILL, AREA_FILL, R };
