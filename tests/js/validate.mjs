// Independent check of the scenario schema with Ajv (JSON Schema draft 2020-12, strict mode).
//
//   node tests/js/validate.mjs                 every sample under samples/ except samples/invalid/
//   node tests/js/validate.mjs PATH...         the given files, or the *.json under the given folders
//   node tests/js/validate.mjs --json PATH...  one JSON object {path: {valid, errors}} on stdout
//
// Files named *.expected.json are skipped. Prints one line per file ("ok PATH" or
// "FAIL PATH: POINTER KEYWORD MESSAGE") and exits 1 when any file fails, 2 when the schema itself
// does not compile in strict mode or a file cannot be read as JSON.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const schema = JSON.parse(readFileSync(join(root, "schema", "scenario.schema.json"), "utf8"));

let validate;
try {
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  addFormats(ajv);
  validate = ajv.compile(schema);
} catch (e) {
  console.error(`schema does not compile in strict mode: ${e.message}`);
  process.exit(2);
}

function collect(path, skip) {
  const st = statSync(path);
  if (!st.isDirectory()) return [path];
  const out = [];
  for (const name of readdirSync(path).sort()) {
    const full = join(path, name);
    if (skip.some((s) => resolve(full) === s) || name.startsWith(".") || name === "node_modules") continue;
    if (statSync(full).isDirectory()) out.push(...collect(full, skip));
    else if (name.endsWith(".json") && !name.endsWith(".expected.json")) out.push(full);
  }
  return out;
}

const args = process.argv.slice(2);
const asJson = args[0] === "--json";
const paths = asJson ? args.slice(1) : args;
const files = paths.length
  ? paths.flatMap((p) => collect(p, []))
  : collect(join(root, "samples"), [join(root, "samples", "invalid")]);

let failed = 0;
let unreadable = 0;
const report = {};
for (const file of files) {
  const name = paths.length ? file : relative(root, file);
  let doc;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    unreadable++;
    report[name] = { valid: false, errors: [{ instancePath: "", keyword: "json", message: e.message }] };
    if (!asJson) console.log(`FAIL ${name}: not JSON: ${e.message}`);
    continue;
  }
  const ok = validate(doc);
  const errors = ok ? [] : validate.errors.map(({ instancePath, keyword, message }) => ({ instancePath, keyword, message }));
  report[name] = { valid: ok, errors };
  if (!ok) failed++;
  if (!asJson) {
    console.log(ok ? `ok ${name}` : `FAIL ${name}: ${errors[0].instancePath || "/"} ${errors[0].keyword} ${errors[0].message}`);
  }
}
if (asJson) console.log(JSON.stringify(report));
else console.log(`${files.length} file(s) checked, ${failed + unreadable} failed`);
process.exit(unreadable ? 2 : failed ? 1 : 0);
