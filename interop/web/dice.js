// Dice typed at the table: the engine's own Dice (conformance/js/mt19937.mjs) draws each die from the
// values typed so far instead of its generator, in the documented draw order; when they run out the
// run stops with the die it needs (its purpose and sides), and the page asks for it.
"use strict";

class NeedDie extends Error {
  constructor(purpose, sides, choice) { super(`need a die: ${purpose}`); Object.assign(this, { purpose, sides, choice }); }
}

/** A value typed at the table that the die asked for cannot show: the command line's sentence. */
class BadDie extends Error {
  constructor(index, purpose, value, sides, choice, text = null) {
    super(text ?? `roll ${index + 1} (${purpose}): ${value} is not a roll here: ${choice ? `pick 1 to ${sides}` : "a die shows 1 to 6"}`);
  }
}

/** Runs ``work`` with the engine's dice taking ``values`` (d6: 1-6; a choice among n: 1-n) in order.
 *  ``breachTurns``: a breach started inside ``work`` (a collapse's) stops after that many turns. */
function withTypedDice(E, values, work, breachTurns = undefined) {
  const proto = E.Dice.prototype, breach = E.Breach.prototype;
  const { d6, choice } = proto, { run } = breach;
  let next = 0;
  // randrange(n) as the generator would answer it: a d6 value less one, a choice's 0-based pick
  const source = (purpose, sides, choice) => ({
    randrange: () => {
      if (next >= values.length) throw new NeedDie(purpose, sides, choice);
      const v = values[next];
      if (!Number.isInteger(v) || v < 1 || v > sides) throw new BadDie(next, purpose, v, sides, choice);
      next++;
      return v - 1;
    },
  });
  proto.d6 = function (purpose) { this.rng = source(purpose, 6, false); return d6.call(this, purpose); };
  proto.choice = function (n, purpose) { this.rng = source(purpose, n, true); return choice.call(this, n, purpose); };
  if (breachTurns !== undefined) breach.run = function (seed, turns, given) { return run.call(this, seed, breachTurns, given); };
  try {
    return { result: work(), used: next };
  } finally {
    proto.d6 = d6;
    proto.choice = choice;
    breach.run = run;
  }
}

self.DambusterDice = { NeedDie, BadDie, withTypedDice };
