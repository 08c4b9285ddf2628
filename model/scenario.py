"""The scenario model: plain dataclasses, no Qt, no I/O.

Field names and order match the file format (schema/scenario.schema.json); the codec in
``codec.py`` turns these into JSON-ready dicts and back. References between objects are ids.
"""

from __future__ import annotations

from dataclasses import field

from .hexgrid import Hex, Hexside, Layout
from .record import record
from .terrain import Terrain

Point = tuple[float, float]

PROFILES = ("ogre-dambusters", "ogre-engineers", "ogre-basic", "dbm-terrain", "flash-flood")


# --------------------------------------------------------------------------------------- meta
@record
class Meta:
    title: str = "Untitled scenario"
    author: str = ""
    description: str = ""
    license: str = ""
    tags: list[str] = field(default_factory=list[str])
    created: str | None = None
    modified: str | None = None
    profiles: list[str] = field(default_factory=list[str])


# ---------------------------------------------------------------------------------- hex map
@record
class HexsideFeature:
    side: Hexside
    kind: str  # stream | ridge | trees | cleared-ridge


@record
class River:
    id: str
    hexes: list[Hex]  # upstream first
    name: str = ""
    joins: str | None = None  # the river this one flows into at its last hex


@record
class Route:
    """A road or a rail line: an ordered chain of hexes."""

    id: str
    hexes: list[Hex]
    name: str = ""


@record
class Building:
    id: str
    kind: str = "building"
    sp: int = 10
    damage: int = 0  # SP lost; destroyed when it reaches sp (11.05: with its dam, at the breach)


@record
class Dam:
    id: str
    hex: Hex
    river: str
    sp: int = 50
    damage: int = 0
    sp_known_to: list[str] = field(default_factory=list[str])
    buildings: list[Building] = field(default_factory=list[Building])
    reservoir: list[Hex] = field(default_factory=list[Hex])
    hidden: bool = False
    name: str = ""


@record
class RiverBridge:
    id: str
    hex: Hex
    road: str
    river: str


@record
class StreamBridge:
    id: str
    side: Hexside
    road: str


@record
class Town:
    id: str
    name: str
    hexes: list[Hex]


@record
class Floodplain:
    mode: str = "predetermined"  # predetermined | random
    hexes: list[Hex] = field(default_factory=list[Hex])


@record
class Entrenchment:
    hex: Hex
    count: int = 1


@record
class Revetment:
    id: str
    hex: Hex
    size: str = "small"  # small | large


@record
class Mine:
    id: str
    hex: Hex
    owner: str
    hidden: bool = True
    on_road: bool = False


@record
class RoadCut:
    hex: Hex
    route: str | None = None  # a road or rail id; None cuts every route in the hex


@record
class BridgeOut:
    bridge: str


@record
class Markers:
    entrenchments: list[Entrenchment] = field(default_factory=list[Entrenchment])
    revetments: list[Revetment] = field(default_factory=list[Revetment])
    mines: list[Mine] = field(default_factory=list[Mine])
    road_cuts: list[RoadCut] = field(default_factory=list[RoadCut])
    bridges_out: list[BridgeOut] = field(default_factory=list[BridgeOut])
    graded_ridges: list[Hexside] = field(default_factory=list[Hexside])


@record
class HexMap:
    orientation: str
    offset: str
    columns: int
    rows: int
    terrain: Terrain
    hexsides: list[HexsideFeature] = field(default_factory=list[HexsideFeature])
    rivers: list[River] = field(default_factory=list[River])
    roads: list[Route] = field(default_factory=list[Route])
    rails: list[Route] = field(default_factory=list[Route])
    dams: list[Dam] = field(default_factory=list[Dam])
    river_bridges: list[RiverBridge] = field(default_factory=list[RiverBridge])
    stream_bridges: list[StreamBridge] = field(default_factory=list[StreamBridge])
    towns: list[Town] = field(default_factory=list[Town])
    floodplain: Floodplain = field(default_factory=Floodplain)
    markers: Markers = field(default_factory=Markers)
    kind: str = "hex"

    @property
    def layout(self) -> Layout:
        return self.terrain.layout


# -------------------------------------------------------------------------------- table map
@record
class Area:
    id: str
    kind: str
    polygon: list[Point]
    sector: int | None = None
    placed_by: str | None = None  # invader | defender
    name: str = ""


@record
class Waterway:
    id: str
    polygon: list[Point]
    edge: str  # left | right: the short table edge it extends from
    placed_by: str | None = None


@record
class TableRiver:
    id: str
    line: list[Point]  # mid-stream line, upstream first
    width: float
    flows_into: str | None = None  # a river or waterway id, or None for a table edge
    placed_by: str | None = None
    name: str = ""


@record
class TableRoad:
    id: str
    line: list[Point]
    placed_by: str | None = None
    name: str = ""


@record
class Corridor:
    id: str
    line: list[Point]
    width: float
    name: str = ""


@record
class SewerPoint:
    """A junction node, grate, sluice gate or cave-in: a point that should lie on a corridor."""

    id: str
    point: Point


@record
class Gantry:
    id: str
    polygon: list[Point]


#: Sewer positions are written to this many decimals (table units) ...
POSITION_DECIMALS = 6
#: ... so two positions (or distances) this close are the same point, everywhere: on a grate, at a
#: corridor's end, in contact, tied for the flood's order; and no carry shorter than this is one.
POSITION_TOLERANCE = 1e-6


@record
class Model:
    """A miniature: its position is a distance along a corridor, in table units."""

    id: str
    side: str
    strength: int
    corridor: str
    position: float
    name: str = ""


@record
class Sewer:
    corridors: list[Corridor] = field(default_factory=list[Corridor])
    nodes: list[SewerPoint] = field(default_factory=list[SewerPoint])
    grates: list[SewerPoint] = field(default_factory=list[SewerPoint])
    sluice_gates: list[SewerPoint] = field(default_factory=list[SewerPoint])
    cave_ins: list[SewerPoint] = field(default_factory=list[SewerPoint])
    gantries: list[Gantry] = field(default_factory=list[Gantry])
    flood_origin: Point | None = None
    models: list[Model] = field(default_factory=list[Model])


@record
class TableMap:
    width: float
    depth: float
    unit: str = "paces"  # paces | inches | mm
    # The figures the table is played with and DBM's 5/8 reduction (model/ground_scale.py); keyword-only
    # so that the positional order (width, depth, unit, areas, ...) stays as it was before format 1.2.
    figures: str = field(default="15mm", kw_only=True)  # 2mm | 6mm | 15mm | 25mm
    reduced: bool = field(default=False, kw_only=True)
    areas: list[Area] = field(default_factory=list[Area])
    waterway: Waterway | None = None
    rivers: list[TableRiver] = field(default_factory=list[TableRiver])
    roads: list[TableRoad] = field(default_factory=list[TableRoad])
    sewer: Sewer | None = None
    kind: str = "table"


# ----------------------------------------------------------------------------- forces & rules
@record
class UnitType:
    name: str
    category: str  # ogre | armor | infantry | structure | vehicle
    movement_class: str  # ogre | armor | gev | infantry | superheavy | immobile
    attack: int
    range: int
    defense: int
    movement: int
    size: int
    armor_weight: int = 1  # how many armor units it counts as in a force budget
    treads: int = 0
    second_move: int = 0


@record
class Side:
    id: str
    name: str
    role: str = "defender"  # attacker | defender | invader | neutral
    color: str = "#3060c0"


@record
class Unit:
    id: str
    type: str
    side: str
    hex: Hex | None = None  # None: not yet placed (enters from an edge, reserve)
    squads: int = 1
    status: str = "ready"  # ready | disabled | stuck | destroyed
    name: str = ""


@record
class SetupZone:
    id: str
    side: str
    hexes: list[Hex] = field(default_factory=list[Hex])
    polygon: list[Point] | None = None
    max_attack: int | None = None  # cap on attack strength set up in this zone
    name: str = ""


@record
class Budget:
    side: str
    infantry_attack: int | None = None
    armor_units: int | None = None
    units: dict[str, int] = field(default_factory=dict[str, int])  # unit type -> exact count


@record
class VictoryLevel:
    side: str
    rank: int
    name: str
    condition: str


@record
class SurgeParameters:
    length: int = 3
    speed: int = 3


@record
class CollapseThreshold:
    loss_fraction: float
    collapses_on: int  # collapse when one die shows this or less


@record
class CombatResults:
    columns: list[str] = field(default_factory=lambda: ["1:2", "1:1", "2:1", "3:1", "4:1"])
    results: list[list[str]] = field(
        default_factory=lambda: [
            ["NE", "NE", "NE", "NE", "D", "X"],
            ["NE", "NE", "D", "D", "X", "X"],
            ["NE", "D", "D", "X", "X", "X"],
            ["D", "D", "X", "X", "X", "X"],
            ["D", "X", "X", "X", "X", "X"],
        ]
    )
    above: str = "X"  # the result for odds better than the last column
    below: str = "NE"  # the result for odds worse than the first column


@record
class FloodTurn:
    turn: int
    on: int  # the flood comes when one die shows this or more


def _default_flood_turns() -> list[FloodTurn]:
    return [FloodTurn(2, 6), FloodTurn(3, 4), FloodTurn(4, 2), FloodTurn(5, 1)]


@record
class FlashFloodParameters:
    turns: list[FloodTurn] = field(default_factory=_default_flood_turns)
    hit_strength: int = 1
    hit_step: float = 3.0  # +1 strength per full step carried, in inches (the text: per full 3")
    impassable_hit: int = 3
    bump_on: int = 4


def _default_collapse() -> list[CollapseThreshold]:
    return [CollapseThreshold(0.8, 1), CollapseThreshold(0.9, 3)]


@record
class Parameters:
    surge: SurgeParameters = field(default_factory=SurgeParameters)
    washout_radius: int = 6
    floodplain_floods_on: int = 1
    random_towns_roll: bool = True
    flooding_cuts_routes: bool = True
    collapse: list[CollapseThreshold] = field(default_factory=_default_collapse)
    crt: CombatResults = field(default_factory=CombatResults)
    flash_flood: FlashFloodParameters = field(default_factory=FlashFloodParameters)
    rules: dict[str, dict[str, float]] = field(default_factory=dict[str, dict[str, float]])


@record
class Scenario:
    meta: Meta
    map: HexMap | TableMap
    unit_types: dict[str, UnitType] = field(default_factory=dict[str, UnitType])
    sides: list[Side] = field(default_factory=list[Side])
    units: list[Unit] = field(default_factory=list[Unit])
    setup_zones: list[SetupZone] = field(default_factory=list[SetupZone])
    budgets: list[Budget] = field(default_factory=list[Budget])
    victory: list[VictoryLevel] = field(default_factory=list[VictoryLevel])
    turn_limit: int | None = None
    parameters: Parameters = field(default_factory=Parameters)
