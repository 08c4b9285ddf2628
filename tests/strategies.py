"""Hypothesis strategies that build *valid* scenarios through the model (no JSON in between).

Every scenario these strategies make loads and saves cleanly: ids are unique, every reference
resolves, every hex lies on the map, every polygon is simple (rectangles, convex polygons) and
consecutive points of a line are at least 0.001 apart. Rivers and roads on hex maps are chains of
adjacent hexes without repeats; a river joins only an earlier river (no cycles); dams sit on their
river; a stream bridge spans a stream hexside; sewer points lie on a corridor and models within their
corridor's length. Rule and simulation tests reuse them:

    from strategies import hex_scenarios, table_scenarios, scenarios

``hex_scenarios(max_columns=8, max_rows=8)`` and ``table_scenarios()`` take a few size knobs; the
building blocks (``hex_chains``, ``convex_polygons``, ``polylines``, ...) are exported too.

The generators are hand-written (hypothesis-jsonschema does not work with our hypothesis) and stay
inside the schema's bounds: ids match ``^[A-Za-z0-9][A-Za-z0-9_.:-]*$`` and are at most 64
characters, free text is any unicode except lone surrogates (which UTF-8 cannot carry), within each
field's length limit.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta, timezone
from functools import cache

from hypothesis import strategies as st
from shapely.geometry import LineString

from dambuster.model.catalog import default_unit_types
from dambuster.model.hexgrid import OFFSETS_BY_ORIENTATION, Hex, Layout, canonical_hexside, neighbor
from dambuster.model.scenario import (
    PROFILES,
    Area,
    BridgeOut,
    Budget,
    Building,
    CollapseThreshold,
    CombatResults,
    Corridor,
    Dam,
    Entrenchment,
    FlashFloodParameters,
    Floodplain,
    FloodTurn,
    Gantry,
    HexMap,
    HexsideFeature,
    Markers,
    Meta,
    Mine,
    Model,
    Parameters,
    Revetment,
    River,
    RiverBridge,
    RoadCut,
    Route,
    Scenario,
    SetupZone,
    Sewer,
    SewerPoint,
    Side,
    StreamBridge,
    SurgeParameters,
    TableMap,
    TableRiver,
    TableRoad,
    Town,
    Unit,
    UnitType,
    VictoryLevel,
    Waterway,
)
from dambuster.model.terrain import TERRAIN_KINDS, Terrain

__all__ = [
    "IdPool",
    "convex_polygons",
    "hex_chains",
    "hex_maps",
    "hex_scenarios",
    "ids",
    "layouts",
    "metas",
    "names",
    "parameters",
    "polylines",
    "rectangles",
    "rich_hex_scenario",
    "rich_table_scenario",
    "scenarios",
    "sewers",
    "sides_lists",
    "simple_polygons",
    "table_maps",
    "table_scenarios",
    "terrains",
    "texts",
    "unit_type_catalogs",
]

# ------------------------------------------------------------------------------------- text
#: Any unicode scalar value: lone surrogates cannot be written as UTF-8, so no file holds them.
_CHARS = st.characters(blacklist_categories=("Cs",))


@cache
def texts(max_size: int = 200, min_size: int = 0) -> st.SearchStrategy[str]:
    """Free text: names, titles, conditions. Unicode, control characters and all."""
    return st.text(_CHARS, min_size=min_size, max_size=max_size)


@cache
def names() -> st.SearchStrategy[str]:
    """An optional display name (the schema's ``name``: at most 200 characters)."""
    return st.one_of(st.just(""), texts(40))


_ID_FIRST = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_ID_REST = _ID_FIRST + "_.:-"


@cache
def ids() -> st.SearchStrategy[str]:
    """One id as the schema's pattern allows (ASCII only, 1..21 characters)."""
    return st.builds(lambda a, b: a + b, st.sampled_from(_ID_FIRST), st.text(_ID_REST, max_size=20))


class IdPool:
    """Hands out ids that are unique across the whole scenario (a clash gets a numbered suffix)."""

    def __init__(self, draw):
        self.draw = draw
        self.used: set[str] = set()

    def new(self) -> str:
        ident = self.draw(ids())
        if ident in self.used:
            ident = f"{ident}-{len(self.used)}"
        self.used.add(ident)
        return ident


def _subset(draw, items, max_size=None):
    items = list(items)
    if not items:
        return []
    picked = draw(st.lists(st.integers(0, len(items) - 1), unique=True, max_size=max_size or len(items)))
    return [items[i] for i in picked]


# ------------------------------------------------------------------------------------- meta
_ZONES = [
    UTC,
    timezone(timedelta(hours=2)),
    timezone(timedelta(hours=-5, minutes=-30)),
    timezone(timedelta(hours=13, minutes=45)),
]


@st.composite
def _date_times(draw):
    dt = draw(
        st.datetimes(
            min_value=datetime(1900, 1, 1),
            max_value=datetime(2200, 12, 31),
            timezones=st.sampled_from(_ZONES),
        )
    )
    text = dt.isoformat()
    return text.replace("+00:00", "Z") if draw(st.booleans()) else text


@st.composite
def metas(draw) -> Meta:
    return Meta(
        title=draw(texts(200, min_size=1)),
        author=draw(texts(60)),
        description=draw(texts(300)),
        license=draw(st.sampled_from(["", "CC-BY-4.0", "MIT", "tous droits réservés"])),
        tags=draw(st.lists(texts(64), max_size=4)),
        created=draw(st.none() | _date_times()),
        modified=draw(st.none() | _date_times()),
        profiles=draw(st.lists(st.sampled_from(PROFILES), unique=True)),
    )


# ------------------------------------------------------------------------------- forces
_COLORS = st.builds(
    lambda n, upper: f"#{n:06X}" if upper else f"#{n:06x}", st.integers(0, 0xFFFFFF), st.booleans()
)


@st.composite
def sides_lists(draw, pool: IdPool, min_size: int = 1, max_size: int = 3) -> list[Side]:
    n = draw(st.integers(min_size, max_size))
    return [
        Side(
            pool.new(),
            draw(texts(40, min_size=1)),
            draw(st.sampled_from(["attacker", "defender", "invader", "neutral"])),
            draw(_COLORS),
        )
        for _ in range(n)
    ]


@st.composite
def unit_type_catalogs(draw) -> dict[str, UnitType]:
    """The default catalog, some stats changed, maybe a house-rule type added or one dropped."""
    cat = default_unit_types()
    for key in _subset(draw, sorted(cat), max_size=3):
        t = cat[key]
        t.attack = draw(st.integers(0, 1000))
        t.movement = draw(st.integers(0, 100))
        t.name = draw(texts(200))
    if draw(st.booleans()):
        key = draw(st.from_regex(r"[a-z0-9-]{1,20}", fullmatch=True))
        cat[key] = UnitType(
            draw(texts(40)),
            draw(st.sampled_from(["ogre", "armor", "infantry", "structure", "vehicle"])),
            draw(st.sampled_from(["ogre", "armor", "gev", "infantry", "superheavy", "immobile"])),
            *(draw(st.integers(0, 1000)) for _ in range(3)),
            draw(st.integers(0, 100)),
            draw(st.integers(0, 100)),
            armor_weight=draw(st.integers(0, 100)),
            treads=draw(st.integers(0, 10000)),
            second_move=draw(st.integers(0, 100)),
        )
    if draw(st.booleans()):
        cat.pop(draw(st.sampled_from(sorted(cat))))
    return cat


def _unit(
    draw, pool: IdPool, types: dict[str, UnitType], sides: list[Side], hex_choices: list | None
) -> Unit:
    key = draw(st.sampled_from(sorted(types)))
    squads = draw(st.integers(1, 3)) if types[key].category == "infantry" else 1
    h = None
    if hex_choices and draw(st.booleans()):
        h = draw(st.sampled_from(hex_choices))
    return Unit(
        pool.new(),
        key,
        draw(st.sampled_from(sides)).id,
        h,
        squads,
        draw(st.sampled_from(["ready", "disabled", "stuck", "destroyed"])),
        draw(names()),
    )


def _budgets(draw, sides: list[Side], types: dict[str, UnitType]) -> list[Budget]:
    out = []
    for side in _subset(draw, sides):
        units = {k: draw(st.integers(0, 10000)) for k in _subset(draw, sorted(types), max_size=4)}
        out.append(
            Budget(
                side.id,
                draw(st.none() | st.integers(0, 100000)),
                draw(st.none() | st.integers(0, 100000)),
                units,
            )
        )
    return out


def _victory(draw, sides: list[Side]) -> list[VictoryLevel]:
    n = draw(st.integers(0, 3))
    return [
        VictoryLevel(
            draw(st.sampled_from(sides)).id,
            draw(st.integers(1, 20)),
            draw(texts(40, min_size=1)),
            draw(texts(200)),
        )
        for _ in range(n)
    ]


# -------------------------------------------------------------------------------- parameters
@st.composite
def parameters(draw) -> Parameters:
    """Rule parameters: the defaults, or every value changed within the schema's bounds."""
    if draw(st.booleans()):
        return Parameters()
    n_cols = draw(st.integers(1, 8))
    columns = draw(
        st.lists(
            st.builds(lambda a, b: f"{a}:{b}", st.integers(0, 99), st.integers(0, 99)),
            min_size=n_cols,
            max_size=n_cols,
        )
    )
    result = st.sampled_from(["NE", "D", "X"])
    rules = draw(
        st.dictionaries(
            st.from_regex(r"[A-Z][A-Z0-9-]{0,11}", fullmatch=True),
            st.dictionaries(
                st.from_regex(r"[a-z_][a-z0-9_]{0,11}", fullmatch=True),
                st.floats(-1e9, 1e9, allow_nan=False),
                max_size=3,
            ),
            max_size=3,
        )
    )
    return Parameters(
        surge=SurgeParameters(draw(st.integers(1, 100)), draw(st.integers(1, 100))),
        washout_radius=draw(st.integers(0, 100)),
        floodplain_floods_on=draw(st.integers(0, 6)),
        random_towns_roll=draw(st.booleans()),
        flooding_cuts_routes=draw(st.booleans()),
        collapse=draw(st.lists(st.builds(CollapseThreshold, st.floats(0, 1), st.integers(0, 6)), max_size=4)),
        crt=CombatResults(
            columns,
            [draw(st.lists(result, min_size=6, max_size=6)) for _ in columns],
            draw(result),
            draw(result),
        ),
        flash_flood=FlashFloodParameters(
            draw(st.lists(st.builds(FloodTurn, st.integers(1, 100), st.integers(1, 7)), max_size=5)),
            draw(st.integers(0, 10)),
            draw(st.floats(0.001, 1000.0)),
            draw(st.integers(0, 10)),
            draw(st.integers(1, 7)),
        ),
        rules=rules,
    )


# ---------------------------------------------------------------------------------- hex maps
@st.composite
def layouts(draw, max_columns: int = 8, max_rows: int = 8) -> Layout:
    """Both orientations, all four offsets, small sizes (1x1 included)."""
    orientation = draw(st.sampled_from(sorted(OFFSETS_BY_ORIENTATION)))
    offset = draw(st.sampled_from(OFFSETS_BY_ORIENTATION[orientation]))
    return Layout(orientation, offset, draw(st.integers(1, max_columns)), draw(st.integers(1, max_rows)))


@st.composite
def terrains(draw, layout: Layout) -> Terrain:
    n = layout.columns * layout.rows
    cells = draw(
        st.binary(min_size=n, max_size=n).map(lambda b: bytearray(x % len(TERRAIN_KINDS) for x in b))
    )
    return Terrain(layout, cells)


@st.composite
def hex_chains(draw, layout: Layout, min_size: int = 1, max_size: int = 8) -> list[Hex]:
    """A chain of adjacent on-map hexes without repeats (a random walk that stops when stuck)."""
    chain = [draw(st.sampled_from(list(layout.hexes())))]
    length = draw(st.integers(min_size, max_size))
    while len(chain) < length:
        options = [n for d in range(6) if layout.contains(n := neighbor(chain[-1], d)) and n not in chain]
        if not options:
            break
        chain.append(draw(st.sampled_from(options)))
    return chain


def _hexes(draw, all_hexes: list[Hex], max_size: int = 6) -> list[Hex]:
    return draw(st.lists(st.sampled_from(all_hexes), unique=True, max_size=max_size))


def _hexside(draw, all_hexes: list[Hex]):
    return canonical_hexside(draw(st.sampled_from(all_hexes)), draw(st.integers(0, 5)))


@st.composite
def hex_maps(draw, pool: IdPool, sides: list[Side], max_columns: int = 8, max_rows: int = 8) -> HexMap:
    layout = draw(layouts(max_columns, max_rows))
    cells = list(layout.hexes())
    hexsides, seen = [], set()
    for _ in range(draw(st.integers(0, 6))):
        f = HexsideFeature(
            _hexside(draw, cells), draw(st.sampled_from(["stream", "ridge", "trees", "cleared-ridge"]))
        )
        if (f.side, f.kind) not in seen:
            seen.add((f.side, f.kind))
            hexsides.append(f)
    rivers: list[River] = []
    for _i in range(draw(st.integers(0, 3))):
        joins = draw(st.none() | st.sampled_from([r.id for r in rivers])) if rivers else None  # acyclic
        rivers.append(River(pool.new(), draw(hex_chains(layout)), draw(names()), joins))
    roads = [
        Route(pool.new(), draw(hex_chains(layout)), draw(names())) for _ in range(draw(st.integers(0, 2)))
    ]
    rails = [
        Route(pool.new(), draw(hex_chains(layout)), draw(names())) for _ in range(draw(st.integers(0, 1)))
    ]
    dams = []
    for r in _subset(draw, rivers, max_size=2):
        sp = draw(st.integers(1, 100))
        dams.append(
            Dam(
                pool.new(),
                draw(st.sampled_from(r.hexes)),
                r.id,
                sp,
                draw(st.integers(0, sp)),
                [s.id for s in _subset(draw, sides)],
                [
                    Building(
                        pool.new(),
                        draw(st.sampled_from(["building", "power plant", "pumphouse"])),
                        draw(st.integers(0, 100)),
                    )
                    for _ in range(draw(st.integers(0, 2)))
                ],
                _hexes(draw, cells),
                draw(st.booleans()),
                draw(names()),
            )
        )
    routes = roads + rails
    river_bridges, stream_bridges = [], []
    if routes and rivers:
        for _ in range(draw(st.integers(0, 2))):
            r = draw(st.sampled_from(rivers))
            river_bridges.append(
                RiverBridge(
                    pool.new(), draw(st.sampled_from(r.hexes)), draw(st.sampled_from(routes)).id, r.id
                )
            )
    streams = [f.side for f in hexsides if f.kind == "stream"]
    if routes and streams:
        for side in _subset(draw, streams, max_size=2):
            stream_bridges.append(StreamBridge(pool.new(), side, draw(st.sampled_from(routes)).id))
    towns = [
        Town(pool.new(), draw(texts(40)), draw(hex_chains(layout, max_size=4)))
        for _ in range(draw(st.integers(0, 2)))
    ]
    floodplain = Floodplain(draw(st.sampled_from(["predetermined", "random"])), _hexes(draw, cells))
    markers = Markers(
        entrenchments=[Entrenchment(h, draw(st.integers(1, 3))) for h in _hexes(draw, cells, 3)],
        revetments=[
            Revetment(pool.new(), draw(st.sampled_from(cells)), draw(st.sampled_from(["small", "large"])))
            for _ in range(draw(st.integers(0, 2)))
        ],
        mines=[
            Mine(
                pool.new(),
                draw(st.sampled_from(cells)),
                draw(st.sampled_from(sides)).id,
                draw(st.booleans()),
                draw(st.booleans()),
            )
            for _ in range(draw(st.integers(0, 2)))
        ],
        road_cuts=[
            RoadCut(
                draw(st.sampled_from(cells)),
                draw(st.none() | st.sampled_from([r.id for r in routes])) if routes else None,
            )
            for _ in range(draw(st.integers(0, 2)))
        ],
        bridges_out=[BridgeOut(b.id) for b in _subset(draw, river_bridges + stream_bridges)],
        graded_ridges=list(dict.fromkeys(_hexside(draw, cells) for _ in range(draw(st.integers(0, 2))))),
    )
    return HexMap(
        layout.orientation,
        layout.offset,
        layout.columns,
        layout.rows,
        draw(terrains(layout)),
        hexsides,
        rivers,
        roads,
        rails,
        dams,
        river_bridges,
        stream_bridges,
        towns,
        floodplain,
        markers,
    )


@st.composite
def hex_scenarios(draw, max_columns: int = 8, max_rows: int = 8) -> Scenario:
    """A valid scenario on a hex map of at most max_columns x max_rows hexes."""
    pool = IdPool(draw)
    sides = draw(sides_lists(pool))
    m = draw(hex_maps(pool, sides, max_columns, max_rows))
    cells = list(m.layout.hexes())
    types = draw(unit_type_catalogs())
    units = [_unit(draw, pool, types, sides, cells) for _ in range(draw(st.integers(0, 5)))]
    zones = [
        SetupZone(
            pool.new(),
            draw(st.sampled_from(sides)).id,
            _hexes(draw, cells),
            None,
            draw(st.none() | st.integers(0, 100000)),
            draw(names()),
        )
        for _ in range(draw(st.integers(0, 2)))
    ]
    return Scenario(
        draw(metas()),
        m,
        types,
        sides,
        units,
        zones,
        _budgets(draw, sides, types),
        _victory(draw, sides),
        draw(st.none() | st.integers(1, 1000)),
        draw(parameters()),
    )


# -------------------------------------------------------------------------------- table maps
def _coord(lo: float, hi: float) -> st.SearchStrategy[float]:
    return st.floats(lo, hi, allow_nan=False, allow_infinity=False)


@st.composite
def rectangles(draw, width: float, depth: float) -> list[tuple[float, float]]:
    """An axis-aligned rectangle inside the table (at least 1% of each side), counter-clockwise."""
    w = draw(_coord(width * 0.01, width))
    d = draw(_coord(depth * 0.01, depth))
    x = draw(_coord(0.0, width - w))
    y = draw(_coord(0.0, depth - d))
    return [(x, y), (x + w, y), (x + w, y + d), (x, y + d)]


@st.composite
def convex_polygons(draw, width: float, depth: float, max_vertices: int = 8) -> list[tuple[float, float]]:
    """A convex polygon inside the table: vertices on a circle, at least 0.2 rad apart."""
    n = draw(st.integers(3, max_vertices))
    gaps = [0.2 + g for g in draw(st.lists(_coord(0.0, 1.0), min_size=n, max_size=n))]
    scale = 2 * math.pi / sum(gaps)
    angles, a = [], draw(_coord(0.0, 2 * math.pi))
    for g in gaps:
        angles.append(a)
        a += g * scale
    radius = draw(_coord(min(width, depth) * 0.02, min(width, depth) * 0.5))
    cx = draw(_coord(radius, width - radius))
    cy = draw(_coord(radius, depth - radius))
    return [(cx + radius * math.cos(t), cy + radius * math.sin(t)) for t in angles]


def simple_polygons(width: float, depth: float) -> st.SearchStrategy[list[tuple[float, float]]]:
    return st.one_of(rectangles(width, depth), convex_polygons(width, depth))


@st.composite
def polylines(
    draw, width: float, depth: float, min_points: int = 2, max_points: int = 6
) -> list[tuple[float, float]]:
    """A line on the table whose consecutive points are at least 0.001 apart."""
    pt = st.tuples(_coord(0.0, width), _coord(0.0, depth))
    points = [draw(pt)]
    for _ in range(draw(st.integers(min_points, max_points)) - 1):
        p = draw(pt)
        if math.dist(p, points[-1]) < 1e-3:  # distinct is not enough: 1e-225 apart is a zero-length line
            p = ((p[0] + width / 2) % width, p[1])
        points.append(p)
    return points


def _on_line(draw, line: list[tuple[float, float]]) -> tuple[float, float]:
    p = LineString(line).interpolate(draw(_coord(0.0, 1.0)), normalized=True)
    return (float(p.x), float(p.y))


@st.composite
def sewers(draw, pool: IdPool, sides: list[Side], width: float, depth: float) -> Sewer:
    corridors = [
        Corridor(pool.new(), draw(polylines(width, depth)), draw(_coord(0.5, 50.0)), draw(names()))
        for _ in range(draw(st.integers(1, 3)))
    ]
    lines = [c.line for c in corridors]

    def points():
        return [
            SewerPoint(pool.new(), _on_line(draw, draw(st.sampled_from(lines))))
            for _ in range(draw(st.integers(0, 2)))
        ]

    nodes, grates, sluices, cave_ins = points(), points(), points(), points()
    gantries = [Gantry(pool.new(), draw(rectangles(width, depth))) for _ in range(draw(st.integers(0, 1)))]
    origin = draw(st.none() | st.just(_on_line(draw, lines[0])))
    models = []
    for _ in range(draw(st.integers(0, 4))):
        c = draw(st.sampled_from(corridors))
        length = LineString(c.line).length
        models.append(
            Model(
                pool.new(),
                draw(st.sampled_from(sides)).id,
                draw(st.integers(1, 10)),
                c.id,
                min(length, draw(_coord(0.0, 1.0)) * length),
                draw(names()),
            )
        )
    return Sewer(corridors, nodes, grates, sluices, cave_ins, gantries, origin, models)


_AREA_KINDS = [
    "hill-gentle",
    "hill-steep",
    "hill-wooded",
    "hill-rocky",
    "wood",
    "marsh",
    "rocky",
    "dunes",
    "fields-open",
    "fields-enclosed",
    "bua",
]


@st.composite
def table_maps(draw, pool: IdPool, sides: list[Side]) -> TableMap:
    width = draw(_coord(100.0, 5000.0))
    depth = draw(_coord(100.0, 5000.0))
    placed_by = st.sampled_from([None, "invader", "defender"])
    areas = [
        Area(
            pool.new(),
            draw(st.sampled_from(_AREA_KINDS)),
            draw(simple_polygons(width, depth)),
            draw(st.none() | st.integers(1, 6)),
            draw(placed_by),
            draw(names()),
        )
        for _ in range(draw(st.integers(0, 4)))
    ]
    waterway = None
    if draw(st.booleans()):
        waterway = Waterway(
            pool.new(),
            draw(simple_polygons(width, depth)),
            draw(st.sampled_from(["left", "right"])),
            draw(placed_by),
        )
    rivers: list[TableRiver] = []
    for _ in range(draw(st.integers(0, 2))):
        targets = [r.id for r in rivers] + ([waterway.id] if waterway else [])
        flows_into = draw(st.none() | st.sampled_from(targets)) if targets else None
        rivers.append(
            TableRiver(
                pool.new(),
                draw(polylines(width, depth)),
                draw(_coord(0.5, 200.0)),
                flows_into,
                draw(placed_by),
                draw(names()),
            )
        )
    roads = [
        TableRoad(pool.new(), draw(polylines(width, depth)), draw(placed_by), draw(names()))
        for _ in range(draw(st.integers(0, 2)))
    ]
    sewer = draw(st.none() | sewers(pool, sides, width, depth))
    return TableMap(
        width, depth, draw(st.sampled_from(["paces", "inches", "mm"])), areas, waterway, rivers, roads, sewer
    )


@st.composite
def table_scenarios(draw) -> Scenario:
    """A valid scenario on a table map: areas, waterway, rivers, roads, maybe a sewer with models."""
    pool = IdPool(draw)
    sides = draw(sides_lists(pool))
    m = draw(table_maps(pool, sides))
    types = draw(unit_type_catalogs())
    units = [_unit(draw, pool, types, sides, None) for _ in range(draw(st.integers(0, 3)))]
    zones = [
        SetupZone(
            pool.new(),
            draw(st.sampled_from(sides)).id,
            [],
            draw(st.none() | simple_polygons(m.width, m.depth)),
            draw(st.none() | st.integers(0, 100000)),
            draw(names()),
        )
        for _ in range(draw(st.integers(0, 2)))
    ]
    return Scenario(
        draw(metas()),
        m,
        types,
        sides,
        units,
        zones,
        _budgets(draw, sides, types),
        _victory(draw, sides),
        draw(st.none() | st.integers(1, 1000)),
        draw(parameters()),
    )


def scenarios() -> st.SearchStrategy[Scenario]:
    """Any valid scenario, hex or table."""
    return st.one_of(hex_scenarios(), table_scenarios())


# ------------------------------------------------------------------- fixed, feature-complete examples
def rich_hex_scenario() -> Scenario:
    """One hand-made hex scenario that uses every hex-map feature (for mutation and CLI tests)."""
    layout = Layout("flat", "odd-q", 6, 5)
    terrain = Terrain(layout)
    for h, kind in (((0, 0), "forest"), ((1, 0), "water"), ((2, 1), "town"), ((3, 1), "swamp")):
        terrain[h] = kind
    m = HexMap(
        "flat",
        "odd-q",
        6,
        5,
        terrain,
        hexsides=[HexsideFeature((2, 2, 0), "stream"), HexsideFeature((4, 0, 1), "ridge")],
        rivers=[
            River("rhine", [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)], "Rhein", None),
            River("ruhr", [(3, 3), (3, 2)], "Ruhr", "rhine"),
        ],
        roads=[Route("r1", [(2, 0), (2, 1), (2, 2), (2, 3)], "Chaussée")],
        rails=[Route("rail-1", [(0, 3), (1, 3)])],
        dams=[
            Dam(
                "moehne",
                (1, 1),
                "rhine",
                50,
                10,
                ["blue"],
                [Building("b-1", "power plant", 12)],
                [(0, 1), (0, 2)],
                True,
                "Möhne",
            )
        ],
        river_bridges=[RiverBridge("br-1", (2, 1), "r1", "rhine")],
        stream_bridges=[StreamBridge("sb-1", (2, 2, 0), "r1")],
        towns=[Town("t-1", "Neheim-Hüsten", [(2, 1), (2, 0)])],
        floodplain=Floodplain("random", [(3, 0), (4, 0)]),
        markers=Markers(
            [Entrenchment((5, 0), 2)],
            [Revetment("rev-1", (1, 2), "large")],
            [Mine("mine-1", (4, 2), "red", True, False)],
            [RoadCut((2, 3), "r1"), RoadCut((1, 3), None)],
            [BridgeOut("sb-1")],
            [(4, 0, 1)],
        ),
    )
    sides = [
        Side("red", "Roter Ogre", "attacker", "#c03030"),
        Side("blue", "Défenseurs", "defender", "#3060c0"),
    ]
    units = [
        Unit("u-ogre", "ogre-mk3", "red", None),
        Unit("u-inf", "infantry", "blue", (2, 1), 3, "ready", "1st"),
        Unit("u-tank", "heavy-tank", "blue", (3, 2), 1, "disabled"),
    ]
    return Scenario(
        Meta(
            "Möhne raid ⚓",
            "A. Designer",
            "Breach the dam.\nThen run.",
            "CC-BY-4.0",
            ["ww2", "水"],
            "2025-05-16T21:30:00Z",
            "2025-05-17T01:00:00+02:00",
            ["ogre-dambusters"],
        ),
        m,
        default_unit_types(),
        sides,
        units,
        [SetupZone("z-blue", "blue", [(2, 2), (3, 2)], None, 20, "east bank")],
        [Budget("blue", 12, 4, {"heavy-tank": 2})],
        [
            VictoryLevel("red", 1, "Marginal", "dam damaged"),
            VictoryLevel("red", 2, "Complete", "dam breached"),
        ],
        12,
        Parameters(
            SurgeParameters(4, 2),
            5,
            2,
            False,
            True,
            [CollapseThreshold(0.75, 2)],
            rules={"OGRE-DAM-01": {"max_hexes": 7.0}},
        ),
    )


def rich_table_scenario() -> Scenario:
    """One hand-made table scenario with areas, a waterway, rivers, roads and a full sewer."""
    sewer = Sewer(
        corridors=[
            Corridor("c-1", [(0.0, 100.0), (300.0, 100.0)], 6.0, "main"),
            Corridor("c-2", [(150.0, 100.0), (150.0, 250.0)], 4.0),
        ],
        nodes=[SewerPoint("n-1", (150.0, 100.0))],
        grates=[SewerPoint("g-1", (50.0, 100.0))],
        sluice_gates=[SewerPoint("s-1", (250.0, 100.0))],
        cave_ins=[SewerPoint("ci-1", (150.0, 200.0))],
        gantries=[Gantry("gt-1", [(100.0, 90.0), (120.0, 90.0), (120.0, 110.0), (100.0, 110.0)])],
        flood_origin=(0.0, 100.0),
        models=[Model("m-1", "red", 3, "c-1", 25.5, "Sgt. Ørsted"), Model("m-2", "blue", 2, "c-2", 150.0)],
    )
    m = TableMap(
        1200.0,
        800.0,
        "paces",
        areas=[
            Area(
                "hill-1",
                "hill-gentle",
                [(100.0, 100.0), (300.0, 100.0), (200.0, 250.0)],
                2,
                "defender",
                "Butte",
            ),
            Area("wood-1", "wood", [(500.0, 500.0), (700.0, 500.0), (700.0, 650.0), (500.0, 650.0)]),
        ],
        waterway=Waterway("ww", [(0.0, 0.0), (150.0, 0.0), (150.0, 800.0), (0.0, 800.0)], "left", None),
        rivers=[
            TableRiver("river-1", [(1200.0, 400.0), (600.0, 420.0), (150.0, 400.0)], 40.0, "ww", None, "Aa")
        ],
        roads=[TableRoad("road-1", [(600.0, 0.0), (600.0, 800.0)], "invader", "Route nationale")],
        sewer=sewer,
    )
    sides = [Side("red", "Invader", "invader", "#aa2222"), Side("blue", "Defender", "defender", "#2222aa")]
    return Scenario(
        Meta("Table — flash flood", profiles=["dbm-terrain", "flash-flood"]),
        m,
        default_unit_types(),
        sides,
        [Unit("u-1", "infantry", "red")],
        [SetupZone("z-1", "red", [], [(900.0, 0.0), (1200.0, 0.0), (1200.0, 300.0)], None)],
        victory=[VictoryLevel("blue", 1, "Hold", "keep the sluice")],
    )
