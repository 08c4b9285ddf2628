// The collapse roll from damage: the chance per player turn from the dam's damage and the scenario's
// thresholds, a die each player turn until it falls (seeded, or the dice thrown at the table), then its
// breach: the document `dambuster collapse FILE --dam ID --damage N --seed S --format json` prints.
"use strict";

class CollapsePreview {
  constructor(s, E) {
    this.s = s; this.E = E;
    const { byId } = DambusterPreview;
    byId("dam").addEventListener("change", () => this.fillDamage());
    byId("collapse-run").addEventListener("click", () => this.run());
    this.fillDamage();
  }

  dam() { return (this.s.doc.map.dams ?? []).find((d) => d.id === DambusterPreview.byId("dam").value); }

  fillDamage() { DambusterPreview.byId("collapse-damage").value = String(this.dam()?.damage ?? 0); }

  run() {
    const { byId, setText, add } = DambusterPreview;
    const dam = this.dam();
    const damage = Number(byId("collapse-damage").value), turns = Number(byId("collapse-turns").value);
    const seed = Number(byId("seed").value);
    const status = byId("collapse-status"), list = byId("collapse-log");
    list.replaceChildren();
    setText(byId("collapse-json"), "");
    if (!Number.isInteger(damage) || damage < 0 || damage > 100000) return setText(status, "Damage: a whole number of SP from 0 to 100,000.");
    if (damage > dam.sp) return setText(status, `Damage: at most the dam's ${dam.sp} SP.`);
    if (!Number.isInteger(turns) || turns < 1 || turns > 10000) return setText(status, "Turns: a whole number from 1 to 10,000.");
    const typed = byId("dice-typed").checked;
    const thrown = byId("collapse-dice").value.split(/[\s,]+/).filter(Boolean).map(Number);
    if (typed && thrown.some((v) => !Number.isInteger(v) || v < 1)) return setText(status, "Dice: whole numbers from 1, separated by commas.");
    if (!typed && (!Number.isInteger(seed) || seed < 0 || seed > 4294967295)) return setText(status, "The seed is a whole number from 0 to 4,294,967,295.");
    let doc;
    try {
      doc = typed ? DambusterDice.withTypedDice(this.E, thrown, () => this.E.collapseLog(this.s, dam.id, damage, 0, turns)).result
        : this.E.collapseLog(this.s, dam.id, damage, seed, turns);
    } catch (e) {
      if (!(e instanceof DambusterDice.NeedDie)) throw e;
      return setText(status, `${e.choice ? "Choose" : "Roll a die"} for: ${e.purpose} (1 to ${e.sides}), add it to the dice and roll again.`);
    }
    const chance = doc.collapses_on === 0 ? "it cannot collapse from this damage" : `it collapses on a roll of ${doc.collapses_on} or less each player turn`;
    setText(status, `${dam.id} has lost ${damage} of ${doc.sp} SP: ${chance}. ${doc.collapse_turn === null ? `It stands after ${turns} player turn(s).` : `It falls in player turn ${doc.collapse_turn}.`}`);
    for (const r of doc.rolls) {
      const v = r.rolls?.[0]?.value;
      add(list, "li", r.kind === "collapse" ? `Turn 0: all ${r.detail.sp} SP lost; the dam falls outright.` : `Player turn ${r.step}: roll ${v}, ${r.detail.collapses ? "the dam collapses" : "it holds"}.`);
    }
    for (const e of doc.breach?.events ?? []) add(list, "li", DambusterNarrate.breachLine(this.s, this.E, e)[0]);
    if (!typed) setText(byId("collapse-json"), JSON.stringify(doc, null, 2) + "\n");
  }
}

self.DambusterCollapse = { CollapsePreview };
