// Runs the conformance vectors against the JavaScript reader (reader.mjs) and the breach and flash-flood
// replays (breach.mjs, flood.mjs).
//
//   node conformance/js/run.mjs                 every conformance/vectors/*.vector.json and rules/*.rules.json
//   node conformance/js/run.mjs PATH...         the given vector files, or the vectors in the given folders
//   node conformance/js/run.mjs -v PATH...      also one line per passed fact
//
// Each fact of a vector (docs/engines.md) is one check; a replay is one check per event, one for the
// rest of its document and one for the SHA-256 of the whole output's bytes. Rule-code vectors (*.rules.json) are for other validators:
// this reader implements no rule, so it only checks that each is well-formed and names a file that
// exists (one check per vector and per violation). A failed check prints one line,
// "FAIL VECTOR: FACT: expected ..., got ...". The last line is "N passed, M failed"; the exit code is 0
// when nothing failed, 1 on any mismatch, 2 when a vector or its scenario cannot be read.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { surgeLog } from "./breach.mjs";
import { collapseLog } from "./collapse.mjs";
import { floodLog } from "./flood.mjs";
import { pyJson } from "./pyjson.mjs";
import { distance, readScenario } from "./reader.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const verbose = args[0] === "-v" ? (args.shift(), true) : false;
const roots = args.length ? args : [join(here, "..", "vectors"), join(here, "..", "rules")];

function vectorFiles(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).filter((n) => n.endsWith(".vector.json") || n.endsWith(".rules.json")).sort()
    .map((n) => join(path, n));
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
// Table measures are rounded to 6 decimals in the vectors: a value within 1e-6 counts as the expected one.
const near = (expected, got) => (Math.abs(expected - got) <= 1e-6 ? expected : got);
let passed = 0;
let failed = 0;

function check(name, fact, expected, got) {
  if (same(expected, got)) {
    passed++;
    if (verbose) console.log(`ok ${name}: ${fact}`);
  } else {
    failed++;
    console.log(`FAIL ${name}: ${fact}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
  }
}

/** A rule-code vector (conformance/rules.schema.json): well-formed, and its file exists. */
function runRules(name, v, scenarioPath) {
  const keys = Object.keys(v).sort().join(" ");
  check(name, "rules vector keys", "description rules_format scenario valid violations", keys);
  check(name, "rules_format", 1, v.rules_format);
  check(name, "the file exists", true, statSync(scenarioPath, { throwIfNoEntry: false })?.isFile() ?? false);
  const violations = Array.isArray(v.violations) ? v.violations : [];
  check(name, "valid when no violation is an error", !violations.some((x) => x.severity === "error"), v.valid);
  violations.forEach((x, i) => {
    const loc = x.location ?? {};
    const wellFormed = typeof x.code === "string" && /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$/.test(x.code)
      && ["error", "warning"].includes(x.severity) && (x.profile === undefined || typeof x.profile === "string")
      && Object.keys(x).every((k) => ["code", "severity", "profile", "location"].includes(k))
      && typeof loc.pointer === "string" && /^(\/.*)?$/.test(loc.pointer)
      && (loc.hex === undefined || (Array.isArray(loc.hex) && loc.hex.length === 2 && loc.hex.every(Number.isInteger)));
    check(name, `violation ${i} (${x.code}) is well-formed`, true, wellFormed);
  });
}

function run(path) {
  const name = basename(path);
  const v = JSON.parse(readFileSync(path, "utf8"));
  const scenarioPath = isAbsolute(v.scenario) ? v.scenario : resolve(dirname(path), v.scenario);
  if (name.endsWith(".rules.json")) return runRules(name, v, scenarioPath);
  // a scenario named *.json.gz is gzip-compressed (the map at the size cap)
  const bytes = readFileSync(scenarioPath);
  const s = readScenario(JSON.parse((scenarioPath.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8")));
  const m = v.map;
  if (m.kind === "hex") {
    check(name, "map", m, { kind: "hex", orientation: s.orientation, offset: s.offset, columns: s.columns,
                            rows: s.rows, label_width: s.labelWidth });
    for (const h of v.hexes) {
      const at = `hex ${h.label}`;
      check(name, `${at}: label -> axial`, h.axial, s.fromLabel(h.label));
      check(name, `${at}: axial -> label`, h.label, s.label(h.axial));
      check(name, `${at}: axial -> offset`, h.col_row, s.toOffset(h.axial));
      check(name, `${at}: offset -> axial`, h.axial, s.toAxial(h.col_row));
      check(name, `${at}: on the map`, true, s.contains(h.axial));
      check(name, `${at}: terrain`, h.terrain, s.terrainAt(h.axial));
    }
    for (const h of v.off_map) {
      check(name, `off-map hex ${JSON.stringify(h.axial)}: axial -> offset`, h.col_row, s.toOffset(h.axial));
      check(name, `off-map hex ${JSON.stringify(h.axial)}: on the map`, false, s.contains(h.axial));
    }
    for (const n of v.neighbours) {
      check(name, `neighbours of ${JSON.stringify(n.hex)}`, n.sides, s.neighbours(n.hex));
    }
    for (const d of v.distances) {
      check(name, `distance ${JSON.stringify(d.from)} ${JSON.stringify(d.to)}`, d.distance,
            distance(d.from, d.to));
    }
    for (const d of v.downstream) {
      check(name, `downstream of ${JSON.stringify(d.hex)}`, { hexes: d.hexes, off_map: d.off_map }, s.downstream(d.hex));
    }
    const rivers = new Map(s.rivers.map((r) => [r.id, r]));
    for (const c of v.confluences) {
      const river = rivers.get(c.river);
      const joined = rivers.get(c.joins);
      check(name, `river ${c.river} joins`, c.joins, river?.joins ?? null);
      check(name, `confluence of ${c.river} in ${c.joins}`, c.hex, river && joined ? s.confluence(river, joined) : null);
    }
    const occupied = s.occupiedHexes().map((h) => ({ label: s.label(h), hex: h, units: s.unitsAt(h) }))
      .sort((a, b) => { const [ca, ra] = s.toOffset(a.hex); const [cb, rb] = s.toOffset(b.hex); return ra - rb || ca - cb; });
    check(name, "units per hex", v.units, occupied);
  } else {
    check(name, "map", m, { kind: "table", width: s.width, depth: s.depth, unit: s.unit });
    check(name, "units per hex", v.units, s.occupiedHexes());
    for (const c of v.corridors ?? []) {
      check(name, `length of corridor ${c.id}`, c.length, near(c.length, s.corridorLength(c.id)));
    }
    for (const md of v.models ?? []) {
      const got = s.pointAlong(md.corridor, md.position);
      check(name, `point of model ${md.id}`, md.point, md.point.map((x, i) => near(x, got[i])));
    }
  }
  check(name, "units not on the map", v.units_not_on_map, [...s.unitsNotOnMap].sort());
  for (const b of v.breaches ?? []) replay(name, s, b);
  for (const f of v.floods ?? []) replayFlood(name, s, f);
  for (const c of v.collapses ?? []) replayCollapse(name, s, c);
}

/** A collapse replay: the rolls, then the breach's events, then the bytes `dambuster collapse` prints. */
function replayCollapse(name, s, c) {
  const run = `collapse ${c.dam} damage ${c.damage} seed ${c.seed}`;
  const got = collapseLog(s, c.dam, c.damage, c.seed, c.turns);
  const { breach: wantBreach, ...want } = c.output;
  const { breach: gotBreach, ...rest } = got;
  checkReplay(name, `${run}: rolls`, { ...want, events: want.rolls }, { ...rest, events: rest.rolls }, "", null);
  if (wantBreach || gotBreach) checkReplay(name, `${run}: breach`, wantBreach ?? { events: [] }, gotBreach ?? { events: [] }, "", null);
  check(name, `${run}: sha256 of the output's bytes`, c.sha256,
        createHash("sha256").update(JSON.stringify(got, null, 2) + "\n", "utf8").digest("hex"));
}

/** The events (and the rest) of a replay, one check each, then the SHA-256 of the whole text. */
function checkReplay(name, run, want, got, text, sha256) {
  const { events: wantEvents, ...wantRest } = want;
  const { events: gotEvents, ...gotRest } = got;
  check(name, `${run}: everything but the events`, wantRest, JSON.parse(JSON.stringify(gotRest)));
  const n = Math.max(wantEvents.length, gotEvents.length);
  for (let i = 0; i < n; i++) check(name, `${run}: event ${i}`, wantEvents[i] ?? null, gotEvents[i] ?? null);
  if (sha256 !== null) check(name, `${run}: sha256 of the output's bytes`, sha256, createHash("sha256").update(text, "utf8").digest("hex"));
}

/** A flash-flood replay: the document `dambuster flood --format json` prints. */
function replayFlood(name, s, f) {
  const got = floodLog(s.doc, f.seed);
  checkReplay(name, `flood seed ${f.seed}`, f.output, got, pyJson(got) + "\n", f.sha256);
}

/** A breach replay: the document `dambuster surge --format json` prints, event by event, then its bytes. */
function replay(name, s, b) {
  const run = `breach ${b.dam} seed ${b.seed}${b.turns === null ? "" : ` turns ${b.turns}`}`;
  const got = surgeLog(s, b.dam, b.seed, b.turns);
  checkReplay(name, run, b.output, got, JSON.stringify(got, null, 2) + "\n", b.sha256);
}

let unreadable = false;
for (const root of roots) {
  for (const path of vectorFiles(root)) {
    try {
      run(path);
    } catch (e) {
      unreadable = true;
      console.log(`ERROR ${path}: ${e.message}`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(unreadable ? 2 : failed ? 1 : 0);
