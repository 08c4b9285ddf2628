// JSON text exactly as the dambuster command line writes it (docs/simulation.md, "Replaying a breach"
// and "Floats"): two-space indentation, "key": value, and decimal numbers as Python writes a float.
// A decimal number is marked by wrapping it: new PyFloat(x); every plain number is an integer.

export class PyFloat {
  constructor(value) { this.value = value; }
  toJSON() { return this.value; } // JSON.stringify of a document holding PyFloats gives plain numbers
}

/** A double as Python's repr writes it: shortest round trip, "3.0" for integral values, exponent
 *  form below 1e-4 or from 1e16 (at least two exponent digits). */
export function pyFloat(x) {
  if (!Number.isFinite(x)) throw new Error(`not a JSON number: ${x}`);
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = x.toExponential().split("e");
  const e = Number(exp);
  if (e < -4 || e >= 16) {
    return `${mantissa}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  const s = String(x);
  return s.includes(".") ? s : `${s}.0`;
}

/** Python's round(x, n): to the nearest multiple of 10^-n of x's exact value, an exact half to even. */
export function pyRound(x, n) {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return x;
  const neg = x < 0;
  const [int, frac] = Math.abs(x).toFixed(100).split(".");
  let digits = BigInt(int + frac.slice(0, n));
  const rest = frac.slice(n);
  const half = "5" + "0".repeat(rest.length - 1);
  if (rest > half || (rest === half && digits % 2n === 1n)) digits += 1n;
  const s = digits.toString().padStart(n + 1, "0");
  const v = Number(`${s.slice(0, s.length - n)}.${s.slice(s.length - n)}`);
  return neg ? -v : v;
}

/** The document as `json.dumps(doc, indent=2, ensure_ascii=False)` writes it (no final newline). */
export function pyJson(v, indent = "") {
  if (v instanceof PyFloat) return pyFloat(v.value);
  if (v === null || typeof v === "boolean" || typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") {
    if (!Number.isInteger(v)) throw new Error(`a decimal number not marked as a float: ${v}`);
    return String(v);
  }
  const inner = indent + "  ";
  if (Array.isArray(v)) {
    if (!v.length) return "[]";
    return `[\n${v.map((x) => inner + pyJson(x, inner)).join(",\n")}\n${indent}]`;
  }
  const keys = Object.keys(v);
  if (!keys.length) return "{}";
  return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${pyJson(v[k], inner)}`).join(",\n")}\n${indent}}`;
}
