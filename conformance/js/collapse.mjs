// A replay of `dambuster collapse FILE --dam ID --damage N --seed S --turns T --format json`, written from
// docs/simulation.md ("The referee's collapse rolls"): one die per player turn from the dam's thresholds,
// then the breach (breach.mjs) with the same generator.
import { Breach } from "./breach.mjs";
import { Dice } from "./mt19937.mjs";

/** A decimal as written (the shortest that reads back, as Python's repr) -> [numerator, denominator]. */
function exact(x) {
  const [whole, frac = ""] = String(x).split(".");
  if (/e/i.test(String(x))) throw new Error(`threshold ${x}: exponent form is not handled here`);
  return [BigInt(whole + frac), 10n ** BigInt(frac.length)];
}

/** The roll (or less) on which the dam collapses this player turn; 0 when it cannot. */
export function collapsesOn(sp, damage, thresholds) {
  if (sp <= 0) return 6;
  let best = 0;
  let reached = -1;
  for (const t of thresholds) {
    const [n, d] = exact(t.loss_fraction);
    if (BigInt(damage) * d >= n * BigInt(sp) && t.loss_fraction >= reached) {
      reached = t.loss_fraction;
      best = t.collapses_on;
    }
  }
  return Math.max(0, Math.min(6, best));
}

export function collapseLog(s, damId, damage, seed, turns) {
  const dam = (s.doc.map.dams ?? []).find((d) => d.id === damId);
  const thresholds = s.doc.parameters?.collapse ?? [{ loss_fraction: 0.8, collapses_on: 1 }, { loss_fraction: 0.9, collapses_on: 3 }];
  const dice = new Dice(seed);
  const rolls = [];
  let turn = null;
  const outright = damage >= dam.sp;
  const on = outright ? 6 : collapsesOn(dam.sp, damage, thresholds);
  if (outright) {
    turn = 0;
    rolls.push({ step: 0, kind: "collapse", where: dam.id, detail: { damage, sp: dam.sp, outright: true } });
  } else if (on > 0) {
    for (let t = 1; t <= turns; t++) {
      const v = dice.d6(`collapse of ${dam.id}, player turn ${t}`);
      const falls = v <= on;
      rolls.push({ step: t, kind: "collapse-roll", where: dam.id, detail: { needed: on, collapses: falls }, rolls: dice.take() });
      if (falls) { turn = t; break; }
    }
  }
  let breach = null;
  if (turn !== null) {
    const { steps, left_map, events } = new Breach(s, damId).run(seed, null, dice);
    breach = { steps, left_map, events };
  }
  return { dam: dam.id, sp: dam.sp, damage, collapses_on: on, seed, dice: null, collapse_turn: turn, rolls, breach };
}
