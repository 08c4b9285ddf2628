/* Generated from schema/validation-report.schema.json by json-schema-to-typescript (conformance/types/generate.mjs).
 * Do not edit: change the schema and run `npm run types` in conformance/types. */

/**
 * A stable finding code: a rule's (docs/rules.md, e.g. RIVER-GAP, DBM-ISLAND) or one about the file or the run: JSON (not readable JSON), SCHEMA (fails the scenario schema), ENGINE (the checks failed), BUDGET (out of time or memory), TRUNCATED (more findings than a report lists).
 */
export type Code = string;

/**
 * The report of `dambuster validate --format json`: one entry per file checked, in the order the files were named (folders sorted). A public contract (docs/batch.md).
 */
export interface ValidationReport {
  /**
   * One report per file.
   */
  files: FileReport[];
}
/**
 * What the checks found in one file.
 */
export interface FileReport {
  /**
   * The file as the run named it (- for standard input).
   */
  path: string;
  /**
   * true when the file loaded and no finding is an error.
   */
  valid: boolean;
  /**
   * The findings, load errors first.
   */
  violations: Violation[];
}
/**
 * One finding.
 */
export interface Violation {
  code: Code;
  /**
   * An error makes the file invalid; a warning does not.
   */
  severity: "error" | "warning";
  /**
   * One plain sentence.
   */
  message: string;
  location: Location;
  /**
   * The rule profile the rule belongs to (absent for load errors).
   */
  profile?: string;
  /**
   * The measures behind a geometric finding (distances, limits, points); its keys are the rule's own (docs/rules.md).
   */
  witness?: {
    [k: string]: unknown | undefined;
  };
}
/**
 * Where the finding is: always a JSON pointer into the file, and where it helps the line and column, the hex, the feature or the table point.
 */
export interface Location {
  /**
   * RFC 6901 JSON pointer of the culprit (empty: the whole file).
   */
  pointer: string;
  /**
   * Line of a JSON syntax error, from 1.
   */
  line?: number;
  /**
   * Column of a JSON syntax error, from 1.
   */
  column?: number;
  /**
   * The hex in axial coordinates [q, r].
   *
   * @minItems 2
   * @maxItems 2
   */
  hex?: [number, number];
  /**
   * The hex's label (column and row digits) when it is on the map.
   */
  hex_label?: string;
  /**
   * Id of the feature (or side) at fault.
   */
  feature?: string;
  /**
   * A table point [x, y] in the table's unit.
   *
   * @minItems 2
   * @maxItems 2
   */
  point?: [number, number];
}
