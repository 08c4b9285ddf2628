/* Generated from schema/semantic-diff.schema.json by json-schema-to-typescript (conformance/types/generate.mjs).
 * Do not edit: change the schema and run `npm run types` in conformance/types. */

/**
 * Any JSON value.
 */
export type Value =
  | null
  | boolean
  | number
  | string
  | unknown[]
  | {
      [k: string]: unknown | undefined;
    };
/**
 * A hex label: column then row, zero-padded (a negative part for a hex off the map).
 */
export type Label = string;

/**
 * The output of `dambuster diff OLD NEW --format json`: what changed between two scenarios as loaded, terrain by hex label, features by id and field (docs/batch.md).
 */
export interface SemanticDiff {
  /**
   * The file before, as named (- for standard input).
   */
  old: string;
  /**
   * The file after, as named (- for standard input).
   */
  new: string;
  /**
   * true when there is no change (the exit status is 0 then, 1 otherwise).
   */
  equal: boolean;
  /**
   * Every difference, in the order of the scenario's fields.
   */
  changes: Change[];
}
/**
 * One difference. `old` and `new` hold the values as the files hold them (any JSON value, null included): `added` has only `new`, `removed` only `old`, the others both.
 */
export interface Change {
  /**
   * Where, in the words of the model: fields by name, features by id (map.dams[dam-aller].sp, map.terrain, units[u1]).
   */
  path: string;
  /**
   * added, removed, changed (a value, or the hexes of a list of hexes), order (the same items in another order) or terrain (a run of hexes down a column whose kind changed the same way).
   */
  change: "added" | "removed" | "changed" | "order" | "terrain";
  /**
   * The value before.
   */
  old?: Value;
  /**
   * The value after.
   */
  new?: Value;
  /**
   * A list of hexes that changed: the labels of the hexes added.
   */
  added?: Label[];
  /**
   * A list of hexes that changed: the labels of the hexes removed.
   */
  removed?: Label[];
  /**
   * A terrain run: the labels of its first and last hex (the same for one hex).
   *
   * @minItems 2
   * @maxItems 2
   */
  hexes?: [Label, Label];
  /**
   * A terrain run: how many hexes.
   */
  count?: number;
}
