// Dice typed at the table: the engine's own Dice (conformance/js/mt19937.mjs) draws each die from the
// values typed so far instead of its generator, in the documented draw order; when they run out the
// run stops with the die it needs (its purpose and sides), and the page asks for it.
"use strict";

class NeedDie extends Error {
  constructor(purpose, sides, choice) { super(`need a die: ${purpose}`); Object.assign(this, { purpose, sides, choice }); }
}

/** Runs ``work`` with the engine's dice taking ``values`` (d6: 1-6; a choice among n: 1-n) in order. */
function withTypedDice(E, values, work) {
  const proto = E.Dice.prototype;
  const { d6, choice } = proto;
  let next = 0;
  // randrange(n) as the generator would answer it: a d6 value less one, a choice's 0-based pick
  const source = (purpose, sides, choice) => ({
    randrange: () => {
      if (next >= values.length) throw new NeedDie(purpose, sides, choice);
      return values[next++] - 1;
    },
  });
  proto.d6 = function (purpose) { this.rng = source(purpose, 6, false); return d6.call(this, purpose); };
  proto.choice = function (n, purpose) { this.rng = source(purpose, n, true); return choice.call(this, n, purpose); };
  try {
    return { result: work(), used: next };
  } finally {
    proto.d6 = d6;
    proto.choice = choice;
  }
}

self.DambusterDice = { NeedDie, withTypedDice };
