// The breach generator of docs/simulation.md ("The random generator"): Mersenne Twister MT19937
// seeded from a non-negative integer through init_by_array of the seed's 32-bit words (least
// significant word first; the seed 0 is the one word [0]), getrandbits(k) for k <= 32 as the top k
// bits of one 32-bit output, and randrange(n) by rejection: getrandbits(bit length of n) again while
// the value is >= n. No npm dependencies.

const N = 624;
const M = 397;

export class MT19937 {
  /** @param {number | bigint} seed a non-negative integer */
  constructor(seed) {
    this.mt = new Uint32Array(N);
    this.index = N;
    let s = BigInt(seed);
    if (s < 0n) throw new Error("the seed must be 0 or more");
    const key = [];
    do {
      key.push(Number(s & 0xffffffffn));
      s >>= 32n;
    } while (s > 0n);
    this.#initByArray(key);
  }

  #initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  #initByArray(key) {
    const mt = this.mt;
    this.#initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++; j++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000;
  }

  #twist() {
    const mt = this.mt;
    for (let i = 0; i < N; i++) {
      const y = (mt[i] & 0x80000000) | (mt[(i + 1) % N] & 0x7fffffff);
      mt[i] = mt[(i + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    }
    this.index = 0;
  }

  /** One 32-bit output (genrand_uint32). */
  uint32() {
    if (this.index >= N) this.#twist();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** k random bits, 0 <= k <= 32. */
  getrandbits(k) {
    if (k === 0) return 0;
    return this.uint32() >>> (32 - k);
  }

  /** An integer in 0..n-1, 1 <= n < 2**32. */
  randrange(n) {
    const k = 32 - Math.clz32(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }
}

// The draws as the event logs record them (docs/simulation.md): a d6 is randrange(6) + 1; a choice among
// n is randrange(n), 0-based, and a choice among one takes no draw and is not listed. take() hands over
// the rolls made since the last call, for the event they belong to.
export class Dice {
  constructor(seed) { this.rng = new MT19937(seed); this.log = []; }
  d6(purpose) { const v = this.rng.randrange(6) + 1; this.log.push({ for: purpose, sides: 6, value: v }); return v; }
  choice(n, purpose) {
    if (n === 1) return 0;
    const v = this.rng.randrange(n);
    this.log.push({ for: purpose, sides: n, value: v });
    return v;
  }
  take() { const out = this.log; this.log = []; return out; }
}
