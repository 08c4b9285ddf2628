// Writes the TypeScript declarations of the published schemas (schema/*.schema.json) with
// json-schema-to-typescript: `npm run types` (or `node generate.mjs [OUT_DIR]`, default this folder).
// The output depends only on the schemas and the pinned package versions (package-lock.json).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, "..", "..", "schema");
/** The schemas engines read or receive, by declaration file. */
export const SCHEMAS = {
  "scenario.d.ts": "scenario.schema.json",
  "validation-report.d.ts": "validation-report.schema.json",
  "simulation-output.d.ts": "simulation-output.schema.json",
  "semantic-diff.d.ts": "semantic-diff.schema.json",
};

/**
 * The schema in the words json-schema-to-typescript reads (draft-07), without changing what it accepts
 * for the cases below: a 2020-12 tuple (`prefixItems`, `items: false`) becomes `items: [...]`; an
 * if/then/else choosing between two whole definitions (`then` and `else` both a `$ref`, as the
 * scenario's `map`) becomes their union (`anyOf`); other if/then/else (cross-field checks, which
 * TypeScript types cannot say) are left out.
 */
function draft07(node) {
  if (Array.isArray(node)) return node.map(draft07);
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) out[k] = draft07(v);
  if (typeof out.$ref === "string" && Object.keys(out).length > 1) {
    // A $ref beside its own description: the generator would declare a copy of the type per use.
    const { $ref, ...rest } = out;
    return { ...rest, allOf: [{ $ref }] };
  }
  if (Array.isArray(out.prefixItems)) {
    out.items = out.prefixItems;
    out.additionalItems = node.items ?? true;
    delete out.prefixItems;
  }
  if ("if" in out) {
    const choice = out.then?.$ref && out.else?.$ref;
    const union = choice ? { description: out.description, anyOf: [out.then, out.else] } : null;
    delete out.if; delete out.then; delete out.else;
    if (union) return union;
  }
  if (Array.isArray(out.allOf)) {
    out.allOf = out.allOf.filter((s) => Object.keys(s).length > 0);
    if (out.allOf.length === 0) delete out.allOf;
  }
  return out;
}

const outDir = process.argv[2] ?? here;
for (const [out, file] of Object.entries(SCHEMAS)) {
  const schema = draft07(JSON.parse(readFileSync(join(schemaDir, file), "utf8")));
  const banner = `/* Generated from schema/${file} by json-schema-to-typescript (conformance/types/generate.mjs).\n` +
    ` * Do not edit: change the schema and run \`npm run types\` in conformance/types. */`;
  const ts = await compile(schema, schema.title ?? "Root", {
    bannerComment: banner,
    cwd: schemaDir,
    format: true,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: false,
  });
  writeFileSync(join(outDir, out), ts);
}
