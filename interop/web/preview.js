// The breach preview: pick a dam, step the breach forward and back with seeded dice or dice typed at the
// table, the plain-language log (a click on a line shows its hexes), the summary, and the JSON log that
// equals `dambuster surge FILE --dam ID --seed S --format json`. On sewer tables, the flash flood.
"use strict";

function byId(id) { return document.getElementById(id); }
function setText(node, text) { node.textContent = text; return node; }
function add(parent, tag, text = null, attrs = {}) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text != null) n.textContent = text;
  parent.appendChild(n);
  return n;
}

const SEED_RULE = "The seed is a whole number from 0 to 4,294,967,295 (the command line's default is 0).";
/** The seed typed (digits only: no sign, exponent or fraction), or null when it is empty or not a seed. */
function readSeed(id = "seed") {
  const text = byId(id).value.trim();
  return /^\d{1,10}$/.test(text) && Number(text) <= 4294967295 ? Number(text) : null;
}

class BreachPreview {
  constructor(s, E, drawn) {
    this.s = s; this.E = E; this.drawn = drawn;
    this.dams = s.doc.map.dams ?? [];
    this.step = -1; // -1: not breached yet
    this.typed = [];
    this.log = null; // the run's document so far
    const select = byId("dam");
    for (const d of this.dams) add(select, "option", `${d.id} (${s.label(d.hex)})`, { value: d.id });
    byId("breach-start").addEventListener("click", () => this.restart());
    byId("step-back").addEventListener("click", () => { this.go(this.step - 1); this.showStep(); });
    byId("step-forward").addEventListener("click", () => { this.go(this.step + 1); this.showStep(); });
    byId("step-end").addEventListener("click", () => { this.go(Infinity); this.showStep(); });
    this.listKeys(byId("log"));
    byId("die-form").addEventListener("submit", (ev) => { ev.preventDefault(); this.enterDie(); });
    for (const r of document.querySelectorAll("input[name=dice]")) r.addEventListener("change", () => this.restart());
    byId("seed").addEventListener("change", () => {
      if (this.step < 0) return;
      this.restart();
      this.say("The seed changed: the breach starts again. Press Forward a turn.");
    });
    this.restart();
  }

  get typedMode() { return byId("dice-typed").checked; }
  get damId() { return byId("dam").value; }

  restart() {
    this.step = -1; this.typed = []; this.full = null;
    byId("seed-row").hidden = this.typedMode;
    this.log = null;
    this.render();
  }

  /** The run up to ``turns`` (null: to the end); with typed dice, null when a die is still needed. */
  runTo(turns) {
    const { E, s } = this;
    if (!this.typedMode) {
      const seed = readSeed();
      if (seed === null) { this.say(SEED_RULE); return null; }
      if (!this.full || this.full.seed !== seed || this.full.dam !== this.damId) this.full = E.surgeLog(s, this.damId, seed, null);
      return this.full;
    }
    try {
      // the dice typed stay when stepping back: going forward again draws them in the same order
      const { result } = DambusterDice.withTypedDice(E, this.typed, () => E.surgeLog(s, this.damId, 0, turns));
      byId("die-form").hidden = true;
      return result;
    } catch (e) {
      if (!(e instanceof DambusterDice.NeedDie)) throw e;
      this.askDie(e);
      return null;
    }
  }

  go(step) {
    if (step < -1) return;
    if (step === -1) { this.restart(); return; }
    if (this.typedMode) {
      const target = step === Infinity ? null : step;
      const log = this.runTo(target);
      if (!log) { this.pending = step; return; }
      this.log = log;
      this.step = Math.min(step, log.steps);
    } else {
      const log = this.runTo(null);
      if (!log) return;
      this.log = log;
      this.step = Math.min(step, log.steps);
    }
    this.pending = null;
    this.render();
  }

  askDie(need) {
    const form = byId("die-form");
    form.hidden = false;
    const input = byId("die");
    input.max = String(need.sides);
    setText(byId("die-purpose"), !need.choice ? `Roll a die for: ${need.purpose} (1 to 6)` : `Choose for: ${need.purpose} (1 to ${need.sides})`);
    this.needSides = need.sides;
    input.value = "";
    input.focus();
  }

  enterDie() {
    const v = Number(byId("die").value);
    if (!Number.isInteger(v) || v < 1 || v > this.needSides) { this.say(`Type a whole number from 1 to ${this.needSides}.`); return; }
    this.typed.push(v);
    this.go(this.pending ?? this.step + 1);
  }

  say(text) { setText(byId("status"), text); }

  /** On a phone (the map stuck at the top), the buttons, the status and the newest line under the map. */
  showStep() {
    if (!matchMedia("(max-width: 899px)").matches) return;
    const row = byId("step-row").getBoundingClientRect(), map = byId("viewport").getBoundingClientRect();
    const log = byId("log").getBoundingClientRect();
    if (row.top < map.bottom || log.bottom > innerHeight) byId("step-row").scrollIntoView({ block: "start" });
  }

  events() { return (this.log?.events ?? []).filter((e) => e.step <= this.step); }

  render() {
    const events = this.events();
    // a typed run stops at the turn asked for (left_map false): only a run that saw the swell leave ends
    const done = !!this.log?.left_map && this.step >= this.log.steps;
    const of = done || !this.typedMode ? ` of ${this.log?.steps}` : "";
    this.say(this.step < 0 ? "Not breached yet: press Forward a turn." : `Turn ${this.step}${of}${done ? " (the end)" : ""}.`);
    byId("step-back").disabled = this.step < 0;
    byId("step-forward").disabled = !!done;
    byId("step-end").disabled = !!done;
    const list = byId("log");
    list.replaceChildren();
    this.lineHexes = new Map();
    for (const [text, hexes] of DambusterNarrate.breachLines(this.s, this.E, events)) {
      const li = add(list, "li", text, { role: "option", class: "log-line", tabindex: -1, "aria-selected": "false" });
      this.lineHexes.set(li, hexes);
    }
    if (list.lastElementChild) list.lastElementChild.tabIndex = 0; // one tab stop: the newest line
    list.scrollTop = list.scrollHeight; // the newest turn in sight
    const summary = byId("summary");
    summary.replaceChildren();
    for (const line of DambusterNarrate.breachSummary(this.s, events)) add(summary, "li", line);
    const doc = this.log && done ? this.log : this.log ? { ...this.log, steps: this.step, left_map: false, events } : null;
    setText(byId("json-log"), doc ? JSON.stringify(doc, null, 2) + "\n" : "");
    this.drawChanges(events);
  }

  drawChanges(events) {
    const { over, geometry: g, pathOf } = this.drawn;
    over.replaceChildren();
    const fill = (h, colour, cls) => DambusterMap.el("path", { d: pathOf(g.corners(h), true), fill: colour, class: cls }, over);
    for (const e of events) {
      if (e.kind === "flood" || e.kind === "reservoir" || e.kind === "debris") fill(e.where, DambusterMap.TERRAIN_FILL[e.detail.becomes], "changed");
    }
    const swell = [...events].reverse().find((e) => e.kind === "swell");
    if (swell && swell.step === this.step) for (const h of swell.detail.hexes) fill(h, "rgba(42,111,196,0.55)", "swell");
    for (const e of events.filter((x) => x.kind === "stream")) {
      for (const sd of e.detail.hexsides) DambusterMap.el("path", { d: pathOf(g.side(sd, this.E.neighbour)), stroke: DambusterMap.INK.stream, "stroke-width": 3 }, over);
    }
    // as the editor's preview draws them (red: a road cut "/", a bridge washed out "✕", the bridge faded)
    const CUT = "#c8102e";
    for (const b of document.querySelectorAll("#map [data-bridge]")) b.removeAttribute("opacity");
    for (const e of events.filter((x) => x.kind === "bridge-out")) {
      document.querySelector(`#map [data-bridge="${CSS.escape(e.where)}"]`)?.setAttribute("opacity", "0.25");
      const [[ax, ay], [bx, by]] = g.side(e.detail.side, this.E.neighbour), mx = (ax + bx) / 2, my = (ay + by) / 2, k = 5;
      DambusterMap.el("path", { d: `M${mx - k},${my - k}L${mx + k},${my + k}M${mx - k},${my + k}L${mx + k},${my - k}`, stroke: CUT, "stroke-width": 2.5, class: "bridge-out", "data-bridge-out": e.where }, over);
    }
    for (const e of events.filter((x) => x.kind === "road-cut")) {
      const [x, y] = g.centre(e.where), k = 7;
      DambusterMap.el("path", { d: `M${x - k * 0.6},${y + k}L${x + k * 0.6},${y - k}`, stroke: CUT, "stroke-width": 3, class: "road-cut", "data-road-cut": `${e.label} ${e.detail.route}` }, over);
    }
    this.mark([]);
  }

  /** The log as a listbox with a roving tab stop: Tab reaches it once, the arrows, Home and End move
   *  among its lines, Enter, Space or a press outlines a line's hexes. */
  listKeys(list) {
    const lines = () => [...list.querySelectorAll(".log-line")];
    const pick = (li) => this.mark(this.lineHexes.get(li) ?? [], li);
    const moveTo = (li) => {
      for (const x of lines()) x.tabIndex = -1;
      li.tabIndex = 0;
      li.focus();
    };
    list.addEventListener("click", (e) => {
      const li = e.target.closest?.(".log-line");
      if (li) { moveTo(li); pick(li); }
    });
    list.addEventListener("keydown", (e) => {
      const all = lines(), at = all.indexOf(document.activeElement);
      if (at < 0) return;
      const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1, PageDown: at + 5, PageUp: at - 5 }[e.key];
      if (to !== undefined) { e.preventDefault(); moveTo(all[Math.max(0, Math.min(all.length - 1, to))]); return; }
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(all[at]); }
    });
  }

  mark(hexes, button = null) {
    const { marks, geometry: g, pathOf } = this.drawn;
    marks.replaceChildren();
    for (const h of hexes) DambusterMap.el("path", { d: pathOf(g.corners(h), true), fill: "none", stroke: DambusterMap.INK.highlight, "stroke-width": 3 }, marks);
    for (const b of document.querySelectorAll(".log-line[aria-selected=true]")) b.setAttribute("aria-selected", "false");
    if (button) button.setAttribute("aria-selected", "true");
    if (hexes.length) setText(byId("marked"), `Marked on the map: ${hexes.map((h) => this.s.label(h)).join(", ")}.`);
    // the map is always in sight (beside the panel, or stuck at the top on a phone): pan to the outline
    if (hexes.length && button) self.dambusterPage?.view?.bringIntoView(marks);
  }
}

/** The sewer flash flood: seeded, its log and where each model ends. */
class FloodPreview {
  constructor(s, E) {
    this.s = s; this.E = E;
    byId("flood-run").addEventListener("click", () => this.run());
    byId("flood-reset").addEventListener("click", () => this.reset());
    this.reset(); // the models where the file puts them: the flood runs only when asked
  }

  /** Moves each model's counter and name to a point along its corridor. */
  place(id, corridor, position) {
    const p = this.s.pointAlong(corridor, position);
    const c = document.querySelector(`circle[data-model="${CSS.escape(id)}"]`);
    const t = document.querySelector(`text[data-model-name="${CSS.escape(id)}"]`);
    if (!p) return;
    const dx = t && c ? Number(t.getAttribute("x")) - Number(c.getAttribute("cx")) : 0;
    const dy = t && c ? Number(t.getAttribute("y")) - Number(c.getAttribute("cy")) : 0;
    if (c) { c.setAttribute("cx", p[0]); c.setAttribute("cy", p[1]); }
    if (t) { t.setAttribute("x", p[0] + dx); t.setAttribute("y", p[1] + dy); }
  }

  reset() {
    for (const m of this.s.doc.map.sewer?.models ?? []) this.place(m.id, m.corridor, m.position);
    byId("flood-log").replaceChildren();
    setText(byId("flood-json"), "");
    setText(byId("flood-status"), "The models stand where the scenario puts them. Type a seed and press Run the flood.");
  }

  run() {
    const seed = readSeed("flood-seed");
    if (seed === null) { setText(byId("flood-status"), SEED_RULE); return; }
    const doc = this.E.floodLog(this.s.doc, seed);
    const difficult = doc.difficult?.length ? ` Difficult terrain from now on: ${doc.difficult.join(", ")}.` : "";
    setText(byId("flood-status"), doc.turn === null ? "The flood never comes." : `The flood comes on turn ${doc.turn}.${difficult}`);
    const list = byId("flood-log");
    list.replaceChildren();
    for (const e of doc.events) add(list, "li", DambusterNarrate.floodLine(this.s.doc, e));
    setText(byId("flood-json"), this.E.pyJson(doc) + "\n");
    for (const [id, m] of Object.entries(doc.models ?? {})) this.place(id, m.corridor, Number(m.position?.value ?? m.position));
  }
}

self.DambusterPreview = { BreachPreview, FloodPreview, add, setText, byId, readSeed, SEED_RULE };
