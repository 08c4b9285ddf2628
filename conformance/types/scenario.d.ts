/* Generated from schema/scenario.schema.json by json-schema-to-typescript (conformance/types/generate.mjs).
 * Do not edit: change the schema and run `npm run types` in conformance/types. */

/**
 * A hexside [q, r, d]: the side of hex (q, r) facing direction d, with d in 0..2 only (directions 3..5 are written from the neighbouring hex), so each hexside has exactly one spelling.
 *
 * @minItems 3
 * @maxItems 3
 */
export type Hexside = [number, number, number];
/**
 * A stable identifier, unique within the scenario.
 */
export type Id = string;
/**
 * A hex in axial coordinates [q, r] (see the format reference for the offset layouts).
 *
 * @minItems 2
 * @maxItems 2
 */
export type Hex = [number, number];
/**
 * A list of hexes.
 *
 * @maxItems 100000
 */
export type Hexes = Hex[];
/**
 * A human-readable name (may be empty).
 */
export type Name = string;
/**
 * A table point [x, y] in the table's unit; x runs along the width, y along the depth, from the corner (0, 0).
 *
 * @minItems 2
 * @maxItems 2
 */
export type Point = [number, number];
/**
 * A simple polygon as its ring of points, not repeating the first point at the end; at least 3 points. At most 10,000 points: enough for a traced outline; the overlap and sector checks grow with the points.
 *
 * @minItems 3
 * @maxItems 10000
 */
export type Polygon = Point[];
/**
 * Who placed the feature in DBM terrain choosing: invader, defender, or null when not recorded.
 */
export type PlacedBy = ("invader" | "defender") | null;
/**
 * A polyline as its ordered points. At most 10,000 points: a hand-drawn or traced table line needs a few hundred, and the geometry checks (a river's curvature, roads meeting roads) grow with the points.
 *
 * @minItems 2
 * @maxItems 10000
 */
export type Polyline = Point[];

/**
 * A wargame scenario: a hex map (Ogre) or a table (DBM, skirmish), its forces and the parameters of its rules. Version 1.
 */
export interface DambusterScenario {
  /**
   * Optional: the schema this file follows, for editors that offer completion and checking (VS Code and others read a top-level "$schema"). Any URI or path is accepted; dambuster writes this schema's $id.
   */
  $schema?: string;
  /**
   * MAJOR.MINOR version of this format; readers refuse a major version they do not know.
   */
  format_version: string;
  /**
   * The program (and version) that wrote the file.
   */
  generator: string;
  /**
   * Descriptive information.
   */
  meta: Meta;
  /**
   * The map: a hex grid (kind hex) or a table (kind table).
   */
  map: HexMap | TableMap;
  /**
   * The unit catalog: type key -> stats.
   */
  unit_types: {
    [k: string]: UnitType | undefined;
  };
  /**
   * Sides.
   *
   * @minItems 0
   * @maxItems 16
   */
  sides?: Side[];
  /**
   * Units. At most 10,000: the largest Ogre scenarios field a few hundred units.
   *
   * @minItems 0
   * @maxItems 10000
   */
  units?: Unit[];
  /**
   * Setup zones.
   *
   * @minItems 0
   * @maxItems 1000
   */
  setup_zones?: SetupZone[];
  /**
   * Force budgets, one per side at most.
   *
   * @minItems 0
   * @maxItems 16
   */
  budgets?: Budget[];
  /**
   * Victory levels.
   *
   * @minItems 0
   * @maxItems 100
   */
  victory?: VictoryLevel[];
  /**
   * Last turn of play, or null for none.
   */
  turn_limit?: number | null;
  /**
   * Rule parameters.
   */
  parameters?: Parameters;
}
/**
 * Descriptive information about the scenario.
 */
export interface Meta {
  /**
   * Title of the scenario.
   */
  title: string;
  /**
   * Author or authors.
   */
  author?: string;
  /**
   * Free text describing the scenario.
   */
  description?: string;
  /**
   * License of the scenario, ideally an SPDX identifier.
   */
  license?: string;
  /**
   * Free keywords for search.
   *
   * @minItems 0
   * @maxItems 64
   *
   * Items: A keyword.
   */
  tags?: string[];
  /**
   * When the scenario was created (RFC 3339), or null.
   */
  created?: string | null;
  /**
   * When the scenario was last modified (RFC 3339), or null.
   */
  modified?: string | null;
  /**
   * Rule profiles the scenario follows; they select the rule checks.
   *
   * @minItems 0
   * @maxItems 16
   *
   * Items: A rule profile.
   */
  profiles: ("ogre-dambusters" | "ogre-engineers" | "ogre-basic" | "dbm-terrain" | "flash-flood")[];
}
/**
 * A hex-grid map in the manner of Ogre.
 */
export interface HexMap {
  /**
   * Map kind.
   */
  kind: "hex";
  /**
   * flat: flat-topped hexes in columns; pointy: pointy-topped hexes in rows.
   */
  orientation: "flat" | "pointy";
  /**
   * Offset layout: odd-q or even-q for flat maps, odd-r or even-r for pointy maps.
   */
  offset: "odd-q" | "even-q" | "odd-r" | "even-r";
  /**
   * Number of columns.
   */
  columns: number;
  /**
   * Number of rows.
   */
  rows: number;
  /**
   * Terrain per hex.
   */
  terrain: Terrain;
  /**
   * Hexside features. At most 200,000: streams and ridges along a fifth of the hexes of the largest map; each entry is checked one by one while loading.
   *
   * @minItems 0
   * @maxItems 200000
   */
  hexsides?: HexsideFeature[];
  /**
   * Rivers. At most 200: even a 1000x1000 map has a few dozen rivers and tributaries.
   *
   * @minItems 0
   * @maxItems 200
   */
  rivers?: River[];
  /**
   * Roads. At most 1,000: a 1000x1000 map has a few dozen.
   *
   * @minItems 0
   * @maxItems 1000
   */
  roads?: Route[];
  /**
   * Rail lines. At most 1,000: a 1000x1000 map has a few dozen.
   *
   * @minItems 0
   * @maxItems 1000
   */
  rails?: Route[];
  /**
   * Dams. At most 100: a Dambusters map has one to three dams; the surge checks follow the river network below every dam.
   *
   * @minItems 0
   * @maxItems 100
   */
  dams?: Dam[];
  /**
   * River bridges. At most 1,000: one per road crossing a river.
   *
   * @minItems 0
   * @maxItems 1000
   */
  river_bridges?: RiverBridge[];
  /**
   * Stream bridges. At most 1,000: one per road crossing a stream.
   *
   * @minItems 0
   * @maxItems 1000
   */
  stream_bridges?: StreamBridge[];
  /**
   * Towns. At most 1,000: a 1000x1000 map has a few hundred.
   *
   * @minItems 0
   * @maxItems 1000
   */
  towns?: Town[];
  /**
   * Floodplain.
   */
  floodplain?: Floodplain;
  /**
   * Engineering markers.
   */
  markers?: Markers;
}
/**
 * Terrain of every hex.
 */
export interface Terrain {
  /**
   * One string per offset row, top to bottom; one letter per hex, left to right: c clear, f forest, s swamp, w water, t town, r rubble, x crater, b building (impassable), F flooded town, d water with debris.
   *
   * @minItems 1
   * @maxItems 1000
   *
   * Items: One row of terrain letters.
   */
  rows: string[];
}
/**
 * A feature on a hexside.
 */
export interface HexsideFeature {
  /**
   * The hexside.
   */
  side: Hexside;
  /**
   * What lies on the hexside.
   */
  kind: "stream" | "ridge" | "trees" | "cleared-ridge";
}
/**
 * A river: a chain of adjacent water hexes, listed from upstream to downstream.
 */
export interface River {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * The river's hexes, upstream first. At most 10,000 hexes: ten times the height of the largest map.
   *
   * @minItems 1
   * @maxItems 10000
   */
  hexes: Hexes & unknown[];
  /**
   * Name of the river.
   */
  name?: Name;
  /**
   * The river this one flows into after its last hex (a confluence), or null.
   */
  joins?: Id | null;
}
/**
 * A road or rail line: an ordered chain of hexes.
 */
export interface Route {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * The route's hexes in order. At most 10,000 hexes: ten times the width of the largest map.
   *
   * @minItems 1
   * @maxItems 10000
   */
  hexes: Hexes & unknown[];
  /**
   * Name of the route.
   */
  name?: Name;
}
/**
 * A dam: a structure on a river hex that holds back a reservoir.
 */
export interface Dam {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * The dam's hex (a river hex).
   */
  hex: Hex;
  /**
   * The river the dam sits on.
   */
  river: Id;
  /**
   * Structure points when intact.
   */
  sp: number;
  /**
   * Structure points already lost.
   */
  damage?: number;
  /**
   * Sides that know the dam's SP.
   *
   * @minItems 0
   * @maxItems 64
   */
  sp_known_to?: Id[];
  /**
   * Buildings stacked on the dam.
   *
   * @minItems 0
   * @maxItems 64
   */
  buildings?: Building[];
  /**
   * The water hexes the dam holds back. At most 10,000 hexes: a lake of a hundred by a hundred hexes.
   *
   * @maxItems 10000
   */
  reservoir?: Hexes & unknown[];
  /**
   * Marked hidden (the dambusters rules forbid it; kept so the rule check can report it).
   */
  hidden?: boolean;
  /**
   * Name of the dam.
   */
  name?: Name;
}
/**
 * A building stacked on a dam.
 */
export interface Building {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * What the building is.
   */
  kind?: string;
  /**
   * Structure points.
   */
  sp?: number;
  /**
   * Structure points already lost; the building is destroyed when this reaches its SP (a breach of its dam destroys it: damage = SP).
   */
  damage?: number;
}
/**
 * A bridge carrying a road over a river hex.
 */
export interface RiverBridge {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * The bridged river hex.
   */
  hex: Hex;
  /**
   * The road it carries.
   */
  road: Id;
  /**
   * The river it crosses.
   */
  river: Id;
}
/**
 * A bridge carrying a road across a stream hexside.
 */
export interface StreamBridge {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * The bridged stream hexside.
   */
  side: Hexside;
  /**
   * The road it carries.
   */
  road: Id;
}
/**
 * A named town covering one or more hexes.
 */
export interface Town {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Name of the town.
   */
  name: Name;
  /**
   * The town's hexes. At most 1,000 hexes: a city on the largest map.
   *
   * @minItems 1
   * @maxItems 1000
   */
  hexes: Hexes & unknown[];
}
/**
 * Floodplain hexes that may flood when a dam breaks.
 */
export interface Floodplain {
  /**
   * predetermined: the listed hexes flood when the surge is adjacent; random: each clear, forest (and town) hex along the river rolls once.
   */
  mode: "predetermined" | "random";
  /**
   * The predetermined floodplain hexes.
   */
  hexes: Hexes;
}
/**
 * Markers from the combat engineering rules.
 */
export interface Markers {
  /**
   * Entrenchments, one entry per hex. At most 10,000: a scenario places a few dozen markers.
   *
   * @minItems 0
   * @maxItems 10000
   *
   * Items: Entrenchments in a hex.
   */
  entrenchments: {
    /**
     * The hex.
     */
    hex: Hex;
    /**
     * How many entrenchments.
     */
    count: number;
  }[];
  /**
   * Revetments. At most 10,000: a scenario places a few dozen markers.
   *
   * @minItems 0
   * @maxItems 10000
   *
   * Items: A revetment.
   */
  revetments: {
    /**
     * Identifier.
     */
    id: Id;
    /**
     * The hex.
     */
    hex: Hex;
    /**
     * small (protects size 3) or large (size 5).
     */
    size: "small" | "large";
  }[];
  /**
   * Mines. At most 10,000: a scenario places a few dozen markers.
   *
   * @minItems 0
   * @maxItems 10000
   *
   * Items: A mine.
   */
  mines: {
    /**
     * Identifier.
     */
    id: Id;
    /**
     * The mined hex.
     */
    hex: Hex;
    /**
     * The side that laid it.
     */
    owner: Id;
    /**
     * Hidden from the other sides.
     */
    hidden: boolean;
    /**
     * Laid on the road or rail in the hex.
     */
    on_road: boolean;
  }[];
  /**
   * Road cut markers. At most 10,000: a scenario places a few dozen markers.
   *
   * @minItems 0
   * @maxItems 10000
   *
   * Items: A cut road or rail.
   */
  road_cuts: {
    /**
     * The hex.
     */
    hex: Hex;
    /**
     * The road or rail cut, or null for every route in the hex.
     */
    route: Id | null;
  }[];
  /**
   * Bridge out markers. At most 10,000: a scenario places a few dozen markers.
   *
   * @minItems 0
   * @maxItems 10000
   *
   * Items: A bridge that is out.
   */
  bridges_out: {
    /**
     * The river or stream bridge.
     */
    bridge: Id;
  }[];
  /**
   * Ridges graded by sappers. At most 10,000: a scenario places a few dozen markers.
   *
   * @minItems 0
   * @maxItems 10000
   */
  graded_ridges: Hexside[];
}
/**
 * A tabletop playing area measured in a named unit.
 */
export interface TableMap {
  /**
   * Map kind.
   */
  kind: "table";
  /**
   * Width (the long edges' length).
   */
  width: number;
  /**
   * Depth (the short edges' length).
   */
  depth: number;
  /**
   * Unit of every table measure.
   */
  unit: "paces" | "inches" | "mm";
  /**
   * The figures the table is played with; DBM's ground scale (the length of a pace) and an element's frontage follow from them, as the format documentation's Ground scale section gives.
   */
  figures?: "2mm" | "6mm" | "15mm" | "25mm";
  /**
   * DBM's reduction of its distances in paces to 5/8, for 25mm games on a 1.8 m x 1.2 m table; allowed only with 25mm figures on a table in mm or inches.
   */
  reduced?: boolean;
  /**
   * Area features. At most 200: a DBM table has about ten to thirty area features; the overlap check compares every pair that touches.
   *
   * @minItems 0
   * @maxItems 200
   */
  areas?: Area[];
  /**
   * The waterway, or null.
   */
  waterway?: Waterway | null;
  /**
   * Rivers. At most 20: a DBM table has one or two rivers.
   *
   * @minItems 0
   * @maxItems 20
   */
  rivers?: TableRiver[];
  /**
   * Roads. At most 50: a DBM table has one to four roads; the road check measures each road against the ones before it.
   *
   * @minItems 0
   * @maxItems 50
   */
  roads?: TableRoad[];
  /**
   * The sewer network, or null.
   */
  sewer?: Sewer | null;
}
/**
 * An area terrain feature on a table.
 */
export interface Area {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Kind of area.
   */
  kind:
    | "hill-gentle"
    | "hill-steep"
    | "hill-wooded"
    | "hill-rocky"
    | "wood"
    | "marsh"
    | "rocky"
    | "dunes"
    | "fields-open"
    | "fields-enclosed"
    | "bua";
  /**
   * Outline.
   */
  polygon: Polygon;
  /**
   * The sector (1-6) diced for the feature, or null.
   */
  sector?: number | null;
  /**
   * Who placed it.
   */
  placed_by?: PlacedBy;
  /**
   * Name.
   */
  name?: Name;
}
/**
 * The waterway (sea, lake or great river) along a short table edge.
 */
export interface Waterway {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Outline of the water.
   */
  polygon: Polygon;
  /**
   * The short table edge it extends from: left (x = 0) or right (x = width).
   */
  edge: "left" | "right";
  /**
   * Who placed it.
   */
  placed_by?: PlacedBy;
}
/**
 * A river on a table: its mid-stream line, upstream first.
 */
export interface TableRiver {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Mid-stream line, in the direction of flow.
   */
  line: Polyline;
  /**
   * Width in table units.
   */
  width: number;
  /**
   * The river or waterway it flows into, or null when it runs to a table edge.
   */
  flows_into?: Id | null;
  /**
   * Who placed it.
   */
  placed_by?: PlacedBy;
  /**
   * Name.
   */
  name?: Name;
}
/**
 * A road on a table.
 */
export interface TableRoad {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Centre line.
   */
  line: Polyline;
  /**
   * Who placed it.
   */
  placed_by?: PlacedBy;
  /**
   * Name.
   */
  name?: Name;
}
/**
 * A sewer network for the flash flood.
 */
export interface Sewer {
  /**
   * Corridors. At most 1,000: a sewer board has a few dozen; the flood checks look each one up on the corridors.
   *
   * @minItems 0
   * @maxItems 1000
   */
  corridors: Corridor[];
  /**
   * Junction nodes. At most 1,000: a sewer board has a few dozen; the flood checks look each one up on the corridors.
   *
   * @minItems 0
   * @maxItems 1000
   */
  nodes: SewerPoint[];
  /**
   * Grates (impassable during the flood). At most 1,000: a sewer board has a few dozen; the flood checks look each one up on the corridors.
   *
   * @minItems 0
   * @maxItems 1000
   */
  grates: SewerPoint[];
  /**
   * Sluice gates (impassable during the flood). At most 1,000: a sewer board has a few dozen; the flood checks look each one up on the corridors.
   *
   * @minItems 0
   * @maxItems 1000
   */
  sluice_gates: SewerPoint[];
  /**
   * Cave-ins (impassable during the flood). At most 1,000: a sewer board has a few dozen; the flood checks look each one up on the corridors.
   *
   * @minItems 0
   * @maxItems 1000
   */
  cave_ins: SewerPoint[];
  /**
   * Places out of the flood's reach. At most 1,000: a sewer board has a few dozen; the flood checks look each one up on the corridors.
   *
   * @minItems 0
   * @maxItems 1000
   */
  gantries: Gantry[];
  /**
   * Where the flood starts, or null.
   */
  flood_origin: Point | null;
  /**
   * Models in the sewer. At most 1,000: a sewer board has a few dozen; the flood checks look each one up on the corridors.
   *
   * @minItems 0
   * @maxItems 1000
   */
  models: Model[];
}
/**
 * A sewer corridor: its centre line and width.
 */
export interface Corridor {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Centre line.
   */
  line: Polyline;
  /**
   * Width in table units.
   */
  width: number;
  /**
   * Name.
   */
  name?: Name;
}
/**
 * A point feature of a sewer.
 */
export interface SewerPoint {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Where it is.
   */
  point: Point;
}
/**
 * A gantry or other place out of the flood's reach.
 */
export interface Gantry {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Its outline.
   */
  polygon: Polygon;
}
/**
 * A miniature in the sewer, placed at a distance along a corridor.
 */
export interface Model {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Its side.
   */
  side: Id;
  /**
   * Strength characteristic.
   */
  strength: number;
  /**
   * The corridor it stands in.
   */
  corridor: Id;
  /**
   * Distance from the corridor's first point, in table units.
   */
  position: number;
  /**
   * Name.
   */
  name?: Name;
}
/**
 * Stats of a unit type.
 */
export interface UnitType {
  /**
   * Display name.
   */
  name: string;
  /**
   * Category.
   */
  category: "ogre" | "armor" | "infantry" | "structure" | "vehicle";
  /**
   * How it moves over terrain.
   */
  movement_class: "ogre" | "armor" | "gev" | "infantry" | "superheavy" | "immobile";
  /**
   * Attack strength (per squad for infantry).
   */
  attack: number;
  /**
   * Range in hexes.
   */
  range: number;
  /**
   * Defense strength (per squad for infantry).
   */
  defense: number;
  /**
   * Movement points.
   */
  movement: number;
  /**
   * Size, as in the size table of the rules.
   */
  size: number;
  /**
   * How many armor units it counts as in a force budget.
   */
  armor_weight?: number;
  /**
   * Tread (leg) units, for Ogres.
   */
  treads?: number;
  /**
   * Movement points in the second movement phase.
   */
  second_move?: number;
}
/**
 * A side (player).
 */
export interface Side {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * Name.
   */
  name: string;
  /**
   * Role.
   */
  role?: "attacker" | "defender" | "invader" | "neutral";
  /**
   * Counter colour as #rrggbb.
   */
  color?: string;
}
/**
 * A unit (counter).
 */
export interface Unit {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * A key of unit_types.
   */
  type: string;
  /**
   * Its side.
   */
  side: Id;
  /**
   * Where it stands, or null when off the map (entering later).
   */
  hex?: Hex | null;
  /**
   * Squads, for infantry (1-3).
   */
  squads?: number;
  /**
   * Condition.
   */
  status?: "ready" | "disabled" | "stuck" | "destroyed";
  /**
   * Name.
   */
  name?: Name;
}
/**
 * Where a side may set up.
 */
export interface SetupZone {
  /**
   * Identifier.
   */
  id: Id;
  /**
   * The side.
   */
  side: Id;
  /**
   * Hexes of the zone (hex maps).
   */
  hexes?: Hexes;
  /**
   * Outline of the zone (tables), or null.
   */
  polygon?: Polygon | null;
  /**
   * At most this much attack strength may set up here, or null.
   */
  max_attack?: number | null;
  /**
   * Name.
   */
  name?: Name;
}
/**
 * The forces a side is given.
 */
export interface Budget {
  /**
   * The side.
   */
  side: Id;
  /**
   * Attack strength of infantry, or null for no budget.
   */
  infantry_attack?: number | null;
  /**
   * Armor units (counted with each type's armor_weight), or null.
   */
  armor_units?: number | null;
  /**
   * Exact count of each other unit type, by type key.
   */
  units?: {
    /**
     * A count.
     */
    [k: string]: number | undefined;
  };
}
/**
 * A victory level.
 */
export interface VictoryLevel {
  /**
   * The side that wins it.
   */
  side: Id;
  /**
   * 1 is the best level.
   */
  rank: number;
  /**
   * Name of the level.
   */
  name: string;
  /**
   * What must happen.
   */
  condition: string;
}
/**
 * Parameters of the rules, with the rule texts' values as defaults.
 */
export interface Parameters {
  /**
   * The debris surge.
   */
  surge?: {
    /**
     * Hexes the swell covers.
     */
    length: number;
    /**
     * Hexes it advances before each player turn.
     */
    speed: number;
  };
  /**
   * Stream bridges within this many hexsides of the swell wash out.
   */
  washout_radius?: number;
  /**
   * In random mode a floodplain hex floods when one die shows this or less.
   */
  floodplain_floods_on?: number;
  /**
   * In random floodplain mode, town hexes along the river roll too.
   */
  random_towns_roll?: boolean;
  /**
   * Roads and rails through flooded hexes are cut.
   */
  flooding_cuts_routes?: boolean;
  /**
   * Collapse thresholds of a damaged dam.
   *
   * @minItems 0
   * @maxItems 10
   *
   * Items: A threshold.
   */
  collapse?: {
    /**
     * Fraction of SP lost.
     */
    loss_fraction: number;
    /**
     * Collapses when one die shows this or less.
     */
    collapses_on: number;
  }[];
  /**
   * The combat results table.
   */
  crt?: {
    /**
     * Odds columns, worst first, as a:d.
     *
     * @minItems 1
     * @maxItems 20
     *
     * Items: Odds.
     */
    columns: string[];
    /**
     * One row per column: results for die 1..6.
     *
     * @minItems 1
     * @maxItems 20
     */
    results: ("NE" | "D" | "X")[][];
    /**
     * Result for odds better than the last column.
     */
    above: "NE" | "D" | "X";
    /**
     * Result for odds worse than the first column.
     */
    below: "NE" | "D" | "X";
  };
  /**
   * The sewer flash flood.
   */
  flash_flood?: {
    /**
     * On each turn, the flood comes on this die roll or more.
     *
     * @minItems 0
     * @maxItems 20
     *
     * Items: A turn.
     */
    turns: {
      /**
       * Turn.
       */
      turn: number;
      /**
       * Die roll needed.
       */
      on: number;
    }[];
    /**
     * Strength of the hit a carried model takes.
     */
    hit_strength: number;
    /**
     * Each full step carried adds 1 to that strength, in inches whatever the table's unit.
     */
    hit_step: number;
    /**
     * Strength of the extra hit when stopped by impassable terrain.
     */
    impassable_hit: number;
    /**
     * A bumped model is knocked off on this die roll or more.
     */
    bump_on: number;
  };
  /**
   * Overrides of rule-check thresholds: rule code -> parameter -> value.
   */
  rules?: {
    /**
     * Parameters of one rule.
     */
    [k: string]:
      | {
          /**
           * A value.
           */
          [k: string]: number | undefined;
        }
      | undefined;
  };
}
