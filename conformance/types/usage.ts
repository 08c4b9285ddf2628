// How an engine written in TypeScript uses the declarations: `npx tsc -p .` type-checks this file
// against them (tests/test_types.py does), so they compile and say what the documents hold.
import type { DambusterScenario, Hex } from "./scenario.js";
import type { ValidationReport } from "./validation-report.js";
import type { BreachEvent, SimulationOutput } from "./simulation-output.js";
import type { SemanticDiff } from "./semantic-diff.js";

/** Hexes on a hex map; a table has none. `map` is a union told apart by `kind`. */
export function hexCount(scenario: DambusterScenario): number {
  return scenario.map.kind === "hex" ? scenario.map.columns * scenario.map.rows : 0;
}

export function damHexes(scenario: DambusterScenario): Hex[] {
  return scenario.map.kind === "hex" ? (scenario.map.dams ?? []).map((dam) => dam.hex) : [];
}

/** "path: CODE message" for each error of a `dambuster validate --format json` report. */
export function errorLines(report: ValidationReport): string[] {
  return report.files.flatMap((file) =>
    file.violations.filter((v) => v.severity === "error").map((v) => `${file.path}: ${v.code} ${v.message}`));
}

/** The labels of the hexes a breach flooded, in order; events are a union told apart by `kind`. */
export function floodedLabels(output: SimulationOutput): string[] {
  if (!("left_map" in output)) return [];
  const events: BreachEvent[] = output.events;
  return events.flatMap((event) => (event.kind === "flood" ? [event.label] : []));
}

/** The dice of a flash flood's carries, when the flood came. */
export function carryDice(output: SimulationOutput): number[] {
  if (!("turn" in output) || output.turn === null) return [];
  return output.events.flatMap((event) => (event.kind === "carried" ? event.detail.dice : []));
}

export function changedPaths(diff: SemanticDiff): string[] {
  return diff.equal ? [] : diff.changes.map((change) => `${change.change} ${change.path}`);
}
