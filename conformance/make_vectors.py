#!/usr/bin/env python3
"""Builds the conformance vectors from dambuster's own Python model and command line.

    .venv/bin/python conformance/make_vectors.py            # rewrites conformance/scenarios/, vectors/ and rules/
    .venv/bin/python conformance/make_vectors.py --out DIR  # writes DIR/scenarios/, DIR/vectors/ and DIR/rules/ instead

One vector per scenario: every samples/*.json and the small focused files in conformance/scenarios/
(one per orientation and offset layout, a map with three-digit labels, a sewer table), which this script also
writes. A vector lists the facts a reader must derive from its scenario (docs/engines.md): terrain and
axial <-> offset <-> label for a set of hexes, hexes off the map, the six neighbours of some hexes with
their hexside keys and features, distances, river flow (downstream sets, confluences), units per hex,
and on tables the length of each sewer corridor and the point of each model along its corridor; for
scenarios with dams, breach replays (the JSON event log of `dambuster surge` for given dams and seeds;
the focused breach scenarios come from breach_scenarios.py). The vectors follow
conformance/vector.schema.json. Beside them, one rule-code vector per scenario and per broken sample
(rule_vectors.py, conformance/rules.schema.json). Rerunning gives byte-identical files
(tests/test_conformance.py checks it).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
from pathlib import Path

from shapely.geometry import LineString

from dambuster.interop.geojson import along
from dambuster.model import dumps, load, loads
from dambuster.model.hexgrid import Layout, canonical_hexside, distance, neighbor
from dambuster.model.rivers import OFF_MAP, confluence, downstream, flow_graph
from dambuster.model.scenario import HexMap, Scenario

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import cap_scenario  # noqa: E402
from breach_scenarios import BREACHES  # noqa: E402  (the focused breach scenarios, beside this file)
from flood_scenarios import FLOODS  # noqa: E402
from replays import breach_replays, collapse_replays, flood_replays, replay_text  # noqa: E402
from rule_vectors import rule_sources, rules_vector  # noqa: E402

#: Breach replays of the samples: file stem -> (dam, [(seed, turns)]).
SAMPLE_BREACHES = {
    "ogre-dambusters-valley": ("dam-aller", [(0, None), (1, None), (2, None), (7, 2)]),
    "big-200x200": ("dam-1", [(0, None), (1, None)]),
}
#: Collapse replays of the samples (`dambuster collapse`): file stem -> (dam, [(damage, seed, turns)]):
#: below 80% lost (no roll), 80% and 90% (the text's thresholds), all SP lost, and one still standing.
SAMPLE_COLLAPSES = {
    "ogre-dambusters-valley": ("dam-aller", [(47, 0, 20), (48, 1, 20), (54, 3, 20), (60, 0, 20), (50, 2, 2)]),
}
#: Flash-flood replays of the samples: file stem -> seeds.
SAMPLE_FLOODS = {"sewer-flash-flood": [0, 1, 2, 3, 5]}  # 5: a model held at grate-2 when bumped
VECTOR_FORMAT = 1
LETTERS = "cfswtrxbFd"

#: The focused scenarios: name -> (orientation, offset, columns, rows).
FOCUSED = {
    "flat-odd-q": ("flat", "odd-q", 9, 7),
    "flat-even-q": ("flat", "even-q", 9, 7),
    "pointy-odd-r": ("pointy", "odd-r", 9, 7),
    "pointy-even-r": ("pointy", "even-r", 9, 7),
    "flat-odd-q-wide": ("flat", "odd-q", 120, 8),
}


# ------------------------------------------------------------------------------ focused scenarios
def focused_document(name: str) -> dict:
    """A small valid scenario in one layout: varied terrain, a main river from the top edge to the
    bottom edge, a tributary from the left edge that joins it, a creek that ends inside the map,
    hexside features (one on the map's edge, one side with two kinds), stacked and unplaced units."""
    orientation, offset, columns, rows = FOCUSED[name]
    lay = Layout(orientation, offset, columns, rows)
    ax = lay.to_axial
    terrain = [
        "".join(LETTERS[(3 * c + 5 * r + c * r) % len(LETTERS)] for c in range(columns)) for r in range(rows)
    ]
    for c, r in ((1, 1), (columns - 1, rows - 1)):  # the units stand on clear ground
        terrain[r] = terrain[r][:c] + "c" + terrain[r][c + 1 :]
    mid = columns // 2
    main = [ax(mid, r) for r in range(rows)]
    tributary = [ax(c, 2) for c in range(mid)]
    creek = [ax(mid + 2, 3), ax(mid + 2, 4)]
    sides = [
        (canonical_hexside(ax(1, 1), 5), "stream"),
        (canonical_hexside(ax(1, 1), 4), "stream"),
        (canonical_hexside(ax(2, 4), 0), "ridge"),
        (canonical_hexside(ax(2, 4), 0), "trees"),
        (canonical_hexside(ax(mid + 1, 5), 3), "trees"),
        (canonical_hexside(ax(0, 0), 2), "ridge"),  # along the top edge: one hex off the map
    ]

    def hx(h):
        return [h[0], h[1]]

    return {
        "format_version": "1.2",
        "generator": "conformance/make_vectors.py",
        "meta": {"title": f"Conformance: {name}", "profiles": ["ogre-basic", "ogre-engineers"]},
        "map": {
            "kind": "hex",
            "orientation": orientation,
            "offset": offset,
            "columns": columns,
            "rows": rows,
            "terrain": {"rows": terrain},
            "hexsides": [{"side": list(s), "kind": k} for s, k in sides],
            "rivers": [
                {"id": "main", "hexes": [hx(h) for h in main]},
                {"id": "tributary", "hexes": [hx(h) for h in tributary], "joins": "main"},
                {"id": "creek", "hexes": [hx(h) for h in creek]},
            ],
        },
        "unit_types": {
            "infantry": {
                "name": "Infantry",
                "category": "infantry",
                "movement_class": "infantry",
                "attack": 1,
                "range": 1,
                "defense": 1,
                "movement": 2,
                "size": 1,
            },
            "truck": {
                "name": "Truck",
                "category": "vehicle",
                "movement_class": "armor",
                "attack": 0,
                "range": 0,
                "defense": 1,
                "movement": 3,
                "size": 2,
            },
        },
        "sides": [
            {"id": "blue", "name": "Blue", "role": "defender"},
            {"id": "red", "name": "Red", "role": "attacker"},
        ],
        "units": [
            {"id": "u-inf", "type": "infantry", "side": "blue", "hex": hx(ax(1, 1)), "squads": 3},
            {"id": "u-truck", "type": "truck", "side": "blue", "hex": hx(ax(1, 1))},
            {"id": "u-corner", "type": "infantry", "side": "red", "hex": hx(ax(columns - 1, rows - 1))},
            {"id": "u-reserve", "type": "truck", "side": "red"},
        ],
    }


def sewer_document() -> dict:
    """A small sewer table in mm whose corridors bend at odd angles, with models between their
    corners, at their very start and at their very end (6.3: positions along a corridor)."""
    bent = [[10.0, 10.0], [40.0, 50.0], [40.0, 90.0], [100.0, 170.0]]  # segments 50, 40 and 100 long
    slant = [[100.0, 170.0], [160.5, 89.75], [270.25, 50.0]]  # starts where bent ends
    models = [
        ("m-start", "bent", 0.0),
        ("m-first", "bent", 12.5),
        ("m-corner", "bent", 50.0),
        ("m-second", "bent", 77.75),
        ("m-third", "bent", 131.0),
        ("m-end", "bent", 190.0),
        ("m-slant", "slant", 100.0),
        ("m-slant-2", "slant", 140.125),
    ]
    return {
        "format_version": "1.2",
        "generator": "conformance/make_vectors.py",
        "meta": {"title": "Conformance: table-sewer", "profiles": ["flash-flood"]},
        "map": {
            "kind": "table",
            "width": 400,
            "depth": 200,
            "unit": "mm",
            "sewer": {
                "corridors": [
                    {"id": "bent", "line": bent, "width": 20},
                    {"id": "slant", "line": slant, "width": 15},
                ],
                "nodes": [],
                "grates": [],
                "sluice_gates": [],
                "cave_ins": [],
                "gantries": [],
                "flood_origin": [10.0, 10.0],
                "models": [
                    {
                        "id": i,
                        "side": "blue" if n < 4 else "red",
                        "strength": 2,
                        "corridor": c,
                        "position": pos,
                    }
                    for n, (i, c, pos) in enumerate(models)
                ],
            },
        },
        "unit_types": {},
        "sides": [
            {"id": "blue", "name": "Blue", "role": "attacker"},
            {"id": "red", "name": "Red", "role": "defender"},
        ],
    }


# ------------------------------------------------------------------------------------- vectors
def _hx(h) -> list[int]:
    return [h[0], h[1]]


def _key(h):
    return (h[0], h[1])


def _pick(n: int, k: int = 12) -> list[int]:
    """About k evenly spread indices of range(n), always the first and the last."""
    if n <= k:
        return list(range(n))
    return sorted({i * (n - 1) // (k - 1) for i in range(k)})


def hex_vector(s: Scenario) -> dict:
    m: HexMap = s.map
    lay: Layout = m.layout
    cols = list(range(m.columns)) if m.columns * m.rows <= 400 else _pick(m.columns)
    rows = list(range(m.rows)) if m.columns * m.rows <= 400 else _pick(m.rows)
    chosen = {lay.to_axial(c, r) for r in rows for c in cols}
    chosen |= {u.hex for u in s.units if u.hex is not None}
    chosen |= {d.hex for d in m.dams}
    for r in m.rivers:
        chosen |= {r.hexes[i] for i in _pick(len(r.hexes), 4)}
    hexes = [
        {"label": lay.label(h), "col_row": list(lay.to_offset(h)), "axial": _hx(h), "terrain": m.terrain[h]}
        for h in sorted(chosen, key=lambda h: lay.to_offset(h)[::-1])
    ]

    corners = [
        lay.to_axial(c, r)
        for c, r in ((0, 0), (m.columns - 1, 0), (0, m.rows - 1), (m.columns - 1, m.rows - 1))
    ]
    off = sorted({n for h in corners for n in (neighbor(h, d) for d in range(6)) if not lay.contains(n)})
    off_map = [{"axial": _hx(h), "col_row": list(lay.to_offset(h))} for h in off]

    features: dict[tuple, list[str]] = {}
    for f in m.hexsides:
        features.setdefault(tuple(f.side), []).append(f.kind)
    probe = list(
        dict.fromkeys(
            corners
            + [lay.to_axial(m.columns // 2, m.rows // 2)]
            + [f.side[:2] for f in m.hexsides[:6]]
            + [r.hexes[0] for r in m.rivers]
        )
    )
    neighbours = []
    for h in probe:
        sides = []
        for d in range(6):
            n = neighbor(h, d)
            key = canonical_hexside(h, d)
            sides.append(
                {
                    "d": d,
                    "hex": _hx(n),
                    "on_map": lay.contains(n),
                    "hexside": list(key),
                    "features": sorted(features.get(key, [])),
                }
            )
        neighbours.append({"hex": _hx(tuple(h)), "sides": sides})
    distances = [
        {"from": _hx(a), "to": _hx(b), "distance": distance(a, b)}
        for a, b in zip(probe, probe[1:] + probe[:1])
        if a != b
    ]

    g = flow_graph(m)
    by_id = {r.id: r for r in m.rivers}
    queries = []
    for r in m.rivers:
        queries += [r.hexes[i] for i in _pick(len(r.hexes), 3)]
    queries += [d.hex for d in m.dams]
    down = []
    for h in dict.fromkeys(queries):
        reach = downstream(g, h)
        down.append(
            {
                "hex": _hx(h),
                "off_map": OFF_MAP in reach,
                "hexes": [_hx(x) for x in sorted(x for x in reach if x != OFF_MAP)],
            }
        )
    confluences = []
    for r in m.rivers:
        if r.joins is not None:
            c = confluence(r, by_id[r.joins])
            confluences.append({"river": r.id, "joins": r.joins, "hex": None if c is None else _hx(c)})

    per_hex: dict[tuple, list[str]] = {}
    for u in s.units:
        if u.hex is not None:
            per_hex.setdefault(tuple(u.hex), []).append(u.id)
    units = [
        {"label": lay.label(h), "hex": _hx(h), "units": sorted(ids)}
        for h, ids in sorted(per_hex.items(), key=lambda kv: lay.to_offset(kv[0])[::-1])
    ]
    return {
        "map": {
            "kind": "hex",
            "orientation": m.orientation,
            "offset": m.offset,
            "columns": m.columns,
            "rows": m.rows,
            "label_width": lay.label_width,
        },
        "hexes": hexes,
        "off_map": off_map,
        "neighbours": neighbours,
        "distances": distances,
        "downstream": down,
        "confluences": confluences,
        "units": units,
        "units_not_on_map": sorted(u.id for u in s.units if u.hex is None),
    }


def _r(x: float) -> float:
    return round(float(x), 6) + 0.0  # + 0.0: no "-0.0"


def table_vector(s: Scenario) -> dict:
    m = s.map
    out = {"map": {"kind": "table", "width": m.width, "depth": m.depth, "unit": m.unit}}
    if m.sewer is not None:
        lines = {c.id: c.line for c in m.sewer.corridors}
        out["corridors"] = [{"id": c.id, "length": _r(LineString(c.line).length)} for c in m.sewer.corridors]
        out["models"] = [
            {
                "id": md.id,
                "corridor": md.corridor,
                "position": md.position,
                "point": [_r(v) for v in along(lines[md.corridor], md.position)],
            }
            for md in m.sewer.models
        ]
    return {**out, "units": [], "units_not_on_map": sorted(u.id for u in s.units if u.hex is None)}


def vector_for(path: Path, name: str, description: str, breaches=None, floods=False) -> dict:
    """``name``: the scenario's path as written in the vector, relative to conformance/vectors/;
    ``breaches``: (dam, [(seed, turns)]) to replay, or None; ``floods``: seeds of flash floods to
    replay (None: picked), or False."""
    s = load(path)
    body = hex_vector(s) if isinstance(s.map, HexMap) else table_vector(s)
    v = {"vector_format": VECTOR_FORMAT, "scenario": name, "description": description, **body}
    if breaches is not None:
        v["breaches"] = breach_replays(path, *breaches)
    if floods is not False:
        v["floods"] = flood_replays(path, floods)
    if path.stem in SAMPLE_COLLAPSES:
        v["collapses"] = collapse_replays(path, *SAMPLE_COLLAPSES[path.stem])
    return v


# ------------------------------------------------------------------------------------- writing
def _text(v) -> str:
    """Top-level keys one per line; each item of a top-level list on its own line."""

    def one(x):
        return json.dumps(x, ensure_ascii=False, separators=(", ", ": "))

    parts = []
    for k, val in v.items():
        if k in ("breaches", "floods", "collapses"):
            parts.append(f"  {one(k)}: [\n" + ",\n".join(replay_text(x, one) for x in val) + "\n  ]")
        elif isinstance(val, list) and val:  # also a rule vector's violations
            parts.append(f"  {one(k)}: [\n" + ",\n".join(f"    {one(x)}" for x in val) + "\n  ]")
        else:
            parts.append(f"  {one(k)}: {one(val)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def build(out: Path) -> list[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        return _build(out, Path(tmp))


def _build(out: Path, tmp: Path) -> list[Path]:
    scen_dir, vec_dir = out / "scenarios", out / "vectors"
    scen_dir.mkdir(parents=True, exist_ok=True)
    vec_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in FOCUSED:
        text = dumps(loads(json.dumps(focused_document(name))))
        (scen_dir / f"{name}.json").write_text(text, encoding="utf-8")
    (scen_dir / "table-sewer.json").write_text(dumps(loads(json.dumps(sewer_document()))), encoding="utf-8")
    for name, (document, _, _, _) in BREACHES.items():
        (scen_dir / f"{name}.json").write_text(dumps(loads(json.dumps(document()))), encoding="utf-8")
    sources = [
        (p, f"../../samples/{p.name}", f"sample {p.name}") for p in sorted((ROOT / "samples").glob("*.json"))
    ]
    sources += [
        (
            scen_dir / f"{n}.json",
            f"../scenarios/{n}.json",
            f"focused: {' '.join(FOCUSED[n][:2])} {FOCUSED[n][2]} x {FOCUSED[n][3]}",
        )
        for n in FOCUSED
    ]
    sources.append(
        (
            scen_dir / "table-sewer.json",
            "../scenarios/table-sewer.json",
            "focused: a table in mm with bent sewer corridors and models along them",
        )
    )
    sources += [(scen_dir / f"{n}.json", f"../scenarios/{n}.json", d) for n, (_, d, _, _) in BREACHES.items()]
    # the map at the size cap ships gzip-compressed; the vectors are made from its plain text
    cap_text = dumps(loads(json.dumps(cap_scenario.document()))).encode("utf-8")
    for name, (document, _, _) in FLOODS.items():
        (scen_dir / f"{name}.json").write_text(dumps(loads(json.dumps(document()))), encoding="utf-8")
    sources += [(scen_dir / f"{n}.json", f"../scenarios/{n}.json", d) for n, (_, d, _) in FLOODS.items()]
    (scen_dir / f"{cap_scenario.NAME}.json.gz").write_bytes(gzip.compress(cap_text, compresslevel=9, mtime=0))
    (tmp / f"{cap_scenario.NAME}.json").write_bytes(cap_text)
    sources.append(
        (
            tmp / f"{cap_scenario.NAME}.json",
            f"../scenarios/{cap_scenario.NAME}.json.gz",
            cap_scenario.DESCRIPTION,
        )
    )
    replays = {
        **SAMPLE_BREACHES,
        **{n: (dam, runs) for n, (_, _, dam, runs) in BREACHES.items()},
        cap_scenario.NAME: (cap_scenario.DAM, cap_scenario.RUNS),
    }
    floods = {**SAMPLE_FLOODS, **{n: seeds for n, (_, _, seeds) in FLOODS.items()}}
    for path, name, description in sources:
        target = vec_dir / f"{path.stem}.vector.json"
        v = vector_for(path, name, description, replays.get(path.stem), floods.get(path.stem, False))
        target.write_text(_text(v), encoding="utf-8")
        written.append(target)
    rules_dir = out / "rules"
    rules_dir.mkdir(parents=True, exist_ok=True)
    for path, name, description in sources + rule_sources(ROOT):
        target = rules_dir / f"{path.stem}.rules.json"
        target.write_text(_text(rules_vector(path, name, description)), encoding="utf-8")
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--out", type=Path, default=HERE, help="folder for scenarios/ and vectors/ (default: conformance/)"
    )
    args = ap.parse_args(argv)
    for p in build(args.out):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
