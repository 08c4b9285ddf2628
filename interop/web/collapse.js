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
    // an empty box is the command line's default: the file's damage, 20 player turns
    const field = (id, empty) => (byId(id).value.trim() === "" ? empty : Number(byId(id).value));
    const damage = field("collapse-damage", dam.damage ?? 0), turns = field("collapse-turns", 20);
    const status = byId("collapse-status"), list = byId("collapse-log");
    list.replaceChildren();
    setText(byId("collapse-json"), "");
    if (!Number.isInteger(damage) || damage < 0 || damage > 100000) return setText(status, "SP lost: a whole number of SP from 0 to 100,000.");
    if (damage > dam.sp) return setText(status, `SP lost: at most the dam's ${dam.sp} SP.`);
    if (!Number.isInteger(turns) || turns < 1 || turns > 10000) return setText(status, "Player turns: a whole number from 1 to 10,000.");
    const words = byId("collapse-dice").value.split(/[\s,]+/).filter(Boolean);
    // dice typed into this box are the table's, whatever the breach's dice choice says
    const typed = byId("dice-typed").checked || words.length > 0;
    const seed = DambusterPreview.readSeed();
    const thrown = words.map((w) => (/^\d+$/.test(w) ? Number(w) : NaN));
    const bad = words.findIndex((w, i) => !Number.isInteger(thrown[i]));
    if (typed && bad >= 0) return setText(status, `Dice: roll ${bad + 1} (${words[bad]}) is not a whole number; type the dice as they lie, comma-separated.`);
    if (!typed && seed === null) return setText(status, DambusterPreview.SEED_RULE);
    let doc, need = null;
    try {
      doc = typed ? this.typedRun(dam, damage, turns, thrown) : this.E.collapseLog(this.s, dam.id, damage, seed, turns);
    } catch (e) {
      if (!(e instanceof DambusterDice.BadDie)) throw e;
      return setText(status, `Dice: ${e.message}.`);
    }
    if (typed) ({ doc, need } = doc);
    const on = doc.collapses_on, atMost = (n) => (n <= 1 ? "a 1" : n === 2 ? "1 or 2" : `1–${n}`);
    const chance = on === 0 ? "it cannot collapse from this damage" : `it collapses on ${atMost(on)} at the start of each player turn (${on} in 6)`;
    const { plural } = DambusterNarrate;
    const fate = doc.collapse_turn !== null ? `It falls in player turn ${doc.collapse_turn}.`
      : need ? `It stands after ${plural(doc.rolls.length, "player turn", "player turns")} so far.` : `It stands after ${plural(turns, "player turn", "player turns")}.`;
    const ask = need ? ` Next, ${need.choice ? "choose for" : "roll a die for"}: ${need.purpose} (1 to ${need.sides}): add it to the dice and roll again.` : "";
    setText(status, `${DambusterNarrate.damName(this.s, dam)} has lost ${damage} of ${doc.sp} SP: ${chance}. ${fate}${ask}`);
    for (const r of doc.rolls) {
      const v = r.rolls?.[0]?.value;
      add(list, "li", r.kind === "collapse" ? `Turn 0: all ${r.detail.sp} SP lost; the dam falls outright.` : `Player turn ${r.step}: roll ${v}: ${r.detail.collapses ? "the dam collapses" : `the dam holds (it falls on ${atMost(r.detail.needed)})`}.`);
    }
    for (const [text] of DambusterNarrate.breachLines(this.s, this.E, doc.breach?.events ?? [])) add(list, "li", text);
    setText(byId("collapse-json"), JSON.stringify(doc, null, 2) + "\n");
  }

  /** The dice thrown at the table, as `collapse --dice` takes them: {doc, need}; when they run out, what
   *  they decide (the rolls so far; the breach's whole turns so far) and the die needed next. */
  typedRun(dam, damage, turns, thrown) {
    const { E, s } = this;
    const typed = (t, breachTurns) => DambusterDice.withTypedDice(E, thrown, () => E.collapseLog(s, dam.id, damage, 0, t), breachTurns).result;
    const tag = (doc, need) => {
      const out = { ...doc, seed: null, dice: thrown };
      if (need) out.next_roll = { for: need.purpose, sides: need.sides };
      return { doc: out, need };
    };
    let need;
    try {
      const { result, used } = DambusterDice.withTypedDice(E, thrown, () => E.collapseLog(s, dam.id, damage, 0, turns));
      if (used < thrown.length) throw new DambusterDice.BadDie(null, null, null, null, null, `${DambusterNarrate.plural(thrown.length - used, "more roll", "more rolls")} given than the run needs`);
      return tag(result, null);
    } catch (e) {
      if (!(e instanceof DambusterDice.NeedDie)) throw e;
      need = e;
    }
    let known = null;
    for (let k = 0; k <= 10000; k++) {
      try { known = typed(turns, k); } catch (e) { if (!(e instanceof DambusterDice.NeedDie)) throw e; break; }
    }
    // the dice ran out among the collapse rolls: one die per player turn, as many turns as dice
    if (!known) known = typed(Math.min(turns, thrown.length), 0);
    return tag(known, need);
  }
}

self.DambusterCollapse = { CollapsePreview };
