/* Generated from schema/simulation-output.schema.json by json-schema-to-typescript (conformance/types/generate.mjs).
 * Do not edit: change the schema and run `npm run types` in conformance/types. */

/**
 * The output of `dambuster surge --format json` (a breach's event log, or with --monte-carlo its chances; the same document as --out-json) of `dambuster flood --format json` (the flash flood's event log) and of `dambuster collapse --format json` (the referee's collapse rolls, then the breach). See docs/simulation.md.
 */
export type SimulationOutput = BreachLog | MonteCarloResult | FlashFloodLog | CollapseLog;
/**
 * An id from the scenario.
 */
export type Id = string;
/**
 * The seed of the dice.
 */
export type Seed = number;
/**
 * One event of a breach, by kind.
 */
export type BreachEvent =
  | DamBreaksEvent
  | BuildingDestroyedEvent
  | ReservoirEvent
  | DebrisEvent
  | RoadCutEvent
  | SwellEvent
  | LeftMapEvent
  | OnBridgeEvent
  | SurgeAttackEvent
  | StuckRollEvent
  | UnaffectedEvent
  | FloodRollEvent
  | FloodEvent
  | BridgeOutEvent
  | StreamEvent;
/**
 * A hex in axial coordinates [q, r].
 *
 * @minItems 2
 * @maxItems 2
 */
export type Hex = [number, number];
/**
 * A hex label: column then row, zero-padded.
 */
export type Label = string;
/**
 * 0: the breach; k: before the k-th player turn after it.
 */
export type Step = number;
/**
 * A combat result.
 */
export type Result = "NE" | "D" | "X";
/**
 * The unit's condition afterwards.
 */
export type Status = "ready" | "disabled" | "stuck" | "destroyed";
/**
 * The draws behind the event, in order: a die (value 1..6, sides 6) or a choice among `sides` things (value 0..sides-1).
 *
 * @minItems 1
 */
export type Draws = Draw[];
/**
 * A hexside [q, r, d], d in 0..2.
 *
 * @minItems 3
 * @maxItems 3
 */
export type Hexside = [number, number, number];
/**
 * `dambuster flood FILE --seed N --format json`: the flash flood.
 */
export type FlashFloodLog = FlashFloodComes | FlashFloodNever;
/**
 * One event of a flash flood, by kind.
 */
export type FlashFloodEvent =
  FloodComesEvent | NoFloodEvent | TieEvent | OutOfReachEvent | TestEvent | BumpEvent | CarriedEvent;
export type D6 = number;

/**
 * `dambuster surge FILE --dam ID --seed N --format json`: the breach, step by step.
 */
export interface BreachLog {
  /**
   * The dam breached.
   */
  dam: Id;
  seed: Seed;
  /**
   * The last step played.
   */
  steps: number;
  /**
   * true when the swell has left the map (the run is complete); false when --turns stopped it first.
   */
  left_map: boolean;
  /**
   * Every event in the order it happened (the draws in their order).
   *
   * @minItems 1
   */
  events: BreachEvent[];
}
/**
 * Step 0: the dam breaks.
 */
export interface DamBreaksEvent {
  step: 0;
  kind: "breach";
  /**
   * The dam's id.
   */
  where: Id;
  detail: {
    /**
     * The dam's hex.
     */
    hex: Hex;
  };
}
/**
 * Step 0: a building on the dam is destroyed with it (Ogre Dambusters 11.05).
 */
export interface BuildingDestroyedEvent {
  step: 0;
  kind: "building-destroyed";
  /**
   * The building's id.
   */
  where: Id;
  detail: {
    /**
     * The dam's id.
     */
    dam: Id;
    /**
     * What the building is.
     */
    kind: string;
  };
}
/**
 * Step 0: a reservoir hex on the edge dries out.
 */
export interface ReservoirEvent {
  step: 0;
  kind: "reservoir";
  /**
   * The hex [q, r].
   */
  where: Hex;
  /**
   * The hex's label.
   */
  label: Label;
  detail: {
    becomes: "clear" | "swamp";
  };
}
/**
 * Step 0: the river hex just below the dam fills with debris.
 */
export interface DebrisEvent {
  step: 0;
  kind: "debris";
  /**
   * The hex [q, r].
   */
  where: Hex;
  /**
   * The hex's label.
   */
  label: Label;
  detail: {
    becomes: "debris";
  };
}
/**
 * A road or rail is cut in a hex: at the dam's hex at the breach, or where a hex floods.
 */
export interface RoadCutEvent {
  step: Step;
  kind: "road-cut";
  /**
   * The hex [q, r].
   */
  where: Hex;
  /**
   * The hex's label.
   */
  label: Label;
  detail: {
    /**
     * The road's or rail's id.
     */
    route: Id;
    because: "dam breached" | "flooded";
  };
}
/**
 * Where the swell is at this step: the river hexes at distance from..to below the dam that are on the map.
 */
export interface SwellEvent {
  step: Step;
  kind: "swell";
  detail: {
    /**
     * @minItems 1
     */
    hexes: Hex[];
    from: number;
    to: number;
  };
}
/**
 * The swell has left the map: the last event of a full run.
 */
export interface LeftMapEvent {
  step: Step;
  kind: "left-map";
}
/**
 * A unit on a river bridge the swell passes under: untouched.
 */
export interface OnBridgeEvent {
  step: Step;
  kind: "on-bridge";
  /**
   * The unit's id.
   */
  where: Id;
  detail: {
    hex: Hex;
  };
}
/**
 * The swell attacks a unit: each squad of infantry, or a GEV.
 */
export interface SurgeAttackEvent {
  step: Step;
  kind: "surge-attack";
  /**
   * The unit's id.
   */
  where: Id;
  detail: {
    /**
     * The CRT column: a:d, above or below.
     */
    odds: string;
    /**
     * One result per die (per squad for infantry).
     *
     * @minItems 1
     */
    results: Result[];
    /**
     * Infantry only.
     */
    squads_left?: number;
    status: Status;
  };
  rolls: Draws;
}
export interface Draw {
  /**
   * What the draw decides.
   */
  for: string;
  sides: number;
  value: number;
}
/**
 * A superheavy unit caught by the swell, or armor in a hex flooded to swamp, rolls to be stuck.
 */
export interface StuckRollEvent {
  step: Step;
  kind: "stuck-roll";
  /**
   * The unit's id.
   */
  where: Id;
  detail: {
    stuck: boolean;
    status: Status;
  };
  rolls: Draws;
}
/**
 * A unit the swell reaches that no rule touches (Ogres, tanks, trucks).
 */
export interface UnaffectedEvent {
  step: Step;
  kind: "unaffected";
  /**
   * The unit's id.
   */
  where: Id;
  detail: {
    movement_class: "ogre" | "armor" | "gev" | "infantry" | "superheavy" | "immobile";
  };
}
/**
 * Random floodplain: a hex next to the swell rolls to flood.
 */
export interface FloodRollEvent {
  step: Step;
  kind: "flood-roll";
  /**
   * The hex [q, r].
   */
  where: Hex;
  /**
   * The hex's label.
   */
  label: Label;
  detail: {
    floods: boolean;
  };
  rolls: Draws;
}
/**
 * A floodplain hex floods.
 */
export interface FloodEvent {
  step: Step;
  kind: "flood";
  /**
   * The hex [q, r].
   */
  where: Hex;
  /**
   * The hex's label.
   */
  label: Label;
  detail: {
    was: "clear" | "forest" | "town";
    becomes: "swamp" | "flooded-town";
  };
}
/**
 * A stream bridge within the washout radius washes out.
 */
export interface BridgeOutEvent {
  step: Step;
  kind: "bridge-out";
  /**
   * The stream bridge's id.
   */
  where: Id;
  detail: {
    side: Hexside;
    /**
     * How far from the swell, in hexsides.
     */
    hexsides: number;
  };
}
/**
 * A new stream starts (steps 1 and later): its hexsides from the start.
 */
export interface StreamEvent {
  step: Step;
  kind: "stream";
  /**
   * The start hexside.
   */
  where: Hexside;
  detail: {
    /**
     * @minItems 1
     * @maxItems 6
     */
    hexsides: Hexside[];
  };
  rolls: Draws;
}
/**
 * `dambuster surge FILE --dam ID --monte-carlo N --format json` (and --out-json): chances over N runs.
 */
export interface MonteCarloResult {
  runs: number;
  seed: Seed;
  dam: Id;
  /**
   * The step at which the swell leaves the map.
   */
  steps: number;
  /**
   * Hexes with any chance, sorted by [q, r].
   */
  hexes: {
    hex: Hex;
    label: Label;
    flood: number;
    swamp: number;
    flooded_town: number;
    stream: number;
  }[];
  /**
   * Every stream bridge: its washout chance (0 or 1) and the step.
   */
  bridges: {
    id: Id;
    washout: number;
    /**
     * The step it washes out at, or null when it never does.
     */
    step: number | null;
  }[];
  /**
   * Every caught unit: the chance of each outcome.
   */
  units: {
    id: Id;
    outcomes: {
      [k: string]: number | undefined;
    };
  }[];
  /**
   * Each river hex below the dam and the step the swell arrives.
   */
  river: {
    hex: Hex;
    label: Label;
    arrival: number;
  }[];
  /**
   * Every building on the dam and the chance it is destroyed: buildings on a dam fall with it (Ogre Dambusters 11.05), so this is the chance of a breach (1 in every run of `surge`).
   */
  buildings: {
    id: Id;
    destroyed: number;
  }[];
}
/**
 * The flood comes: the events, where every model ends, the corridors now difficult.
 */
export interface FlashFloodComes {
  seed: Seed;
  /**
   * The turn the flood comes.
   */
  turn: number;
  /**
   * Every event in the order it happened: the turn rolls, then the flood.
   *
   * @minItems 1
   */
  events: FlashFloodEvent[];
  /**
   * Every model after the flood, by id.
   */
  models: {
    [k: string]: ModelAfterFlood | undefined;
  };
  /**
   * The corridors the water reached, now difficult terrain.
   */
  difficult: Id[];
}
/**
 * The flood comes this turn (no roll when the turn needs 1 or less).
 */
export interface FloodComesEvent {
  /**
   * The turn.
   */
  step: number;
  kind: "flood-comes";
  detail: {
    needed: number;
  };
  rolls?: Draws;
}
/**
 * The flood does not come this turn.
 */
export interface NoFloodEvent {
  /**
   * The turn.
   */
  step: number;
  kind: "no-flood";
  detail: {
    needed: number;
  };
  rolls: Draws;
}
/**
 * Models at the same distance from the origin put in order by draws.
 */
export interface TieEvent {
  step: 0;
  kind: "tie";
  detail: {
    /**
     * @minItems 2
     */
    order: Id[];
  };
  rolls: Draws;
}
/**
 * A model the flood cannot reach (on a gantry or an unconnected corridor).
 */
export interface OutOfReachEvent {
  step: 0;
  kind: "out-of-reach";
  /**
   * The model's id.
   */
  where: Id;
}
/**
 * A model's strength test.
 */
export interface TestEvent {
  step: 0;
  kind: "test";
  /**
   * The model's id.
   */
  where: Id;
  detail: {
    strength: number;
    fails: boolean;
  };
  rolls: Draws;
}
/**
 * A carried model touches another, which rolls to be knocked off.
 */
export interface BumpEvent {
  step: 0;
  kind: "bump";
  /**
   * The model's id.
   */
  where: Id;
  detail: {
    /**
     * The carried model.
     */
    by: Id;
    knocked_off: boolean;
  };
  rolls: Draws;
}
/**
 * A model is carried downstream.
 */
export interface CarriedEvent {
  step: 0;
  kind: "carried";
  /**
   * The model's id.
   */
  where: Id;
  detail: {
    inches: number;
    /**
     * The distance dice.
     *
     * @minItems 1
     */
    dice: D6[];
    /**
     * The corridors it went along, in order.
     *
     * @minItems 1
     */
    corridors: Id[];
    /**
     * What stopped it: '<kind> <id>' of an impassable point, 'dead end' or 'end of corridor'; null when the dice ran out.
     */
    stopped_by: string | null;
    /**
     * @minItems 1
     * @maxItems 2
     */
    hits: number[];
    /**
     * Where it ends: the corridor.
     */
    corridor: Id;
    /**
     * Where it ends: the distance along the corridor, table units.
     */
    position: number;
  };
  rolls: Draws;
}
/**
 * A model after the flood: where it is, the hits it took, how far it was carried.
 */
export interface ModelAfterFlood {
  corridor: Id;
  position: number;
  hits: number[];
  /**
   * Inches carried in all.
   */
  carried: number;
}
/**
 * The flood never comes: only the turn rolls.
 */
export interface FlashFloodNever {
  seed: Seed;
  /**
   * null: the flood never comes.
   */
  turn: null;
  /**
   * The turn rolls.
   */
  events: FlashFloodEvent[];
}
/**
 * `dambuster collapse FILE --dam ID --damage N --format json`: the rolls for a damaged dam at the start of each player turn, then its breach with the same dice.
 */
export interface CollapseLog {
  /**
   * The dam.
   */
  dam: Id;
  /**
   * Its structure points when intact.
   */
  sp: number;
  /**
   * Structure points lost.
   */
  damage: number;
  /**
   * It collapses when the die shows this or less (0: no roll, below every threshold; 6: destroyed outright).
   */
  collapses_on: number;
  /**
   * The seed of the dice, or null when the dice were typed.
   */
  seed: Seed | null;
  /**
   * The rolls typed (--dice), or null when seeded.
   */
  dice: number[] | null;
  /**
   * The player turn it collapses (0: destroyed outright), or null while it stands.
   */
  collapse_turn: number | null;
  /**
   * One event per roll, in player-turn order (or one `collapse` event when destroyed outright).
   */
  rolls: {
    /**
     * The player turn (0 for an outright collapse).
     */
    step: number;
    kind: "collapse-roll" | "collapse";
    where: Id;
    detail: {
      needed?: number;
      collapses?: boolean;
      damage?: number;
      sp?: number;
      outright?: boolean;
    };
    rolls?: Draws;
  }[];
  /**
   * The breach after the collapse (as `surge` prints it, less dam and seed), or null while the dam stands.
   */
  breach: {
    steps: number;
    left_map: boolean;
    events: BreachEvent[];
  } | null;
  /**
   * With typed dice that ran out: the roll still needed.
   */
  next_roll?: {
    for: string;
    sides: number;
  };
}
