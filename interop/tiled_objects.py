"""Tiled objects -> scenario features: one small handler per object class (see docs/tiled.md).

Each handler reads the object's position (which decides its hex or hexside) and its properties, and
appends to the scenario under construction; the importer then checks the whole scenario once.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from ..escape import visible
from ..model import scenario as sc
from ..model.codec import _build
from ..model.hexgrid import Hex, Layout
from .hexpixels import HexPixels

MAX_POINTS = 100_000  # in one polyline
MAX_QUOTED = 40  # characters of an object's id or class quoted in a message


class TiledImportError(ValueError):
    """The map cannot become a scenario; the message is one sentence."""



def properties_of(node: dict) -> dict[str, Any]:
    props = node.get("properties") or []
    if isinstance(props, dict):  # maps written before Tiled 1.2
        return dict(props)
    return {p.get("name"): p.get("value") for p in props if isinstance(p, dict)}


class Context:
    """What the handlers share: the layout, its pixel geometry, and the warnings of a lenient import."""

    def __init__(self, layout: Layout, px: HexPixels, lenient: bool):
        self.layout, self.px, self.lenient = layout, px, lenient
        self.warnings: list[str] = []

    def problem(self, msg: str) -> None:
        if not self.lenient:
            raise TiledImportError(msg)
        self.warnings.append(msg)

    def labels(self, text: Any, what: str) -> list[Hex]:
        if not isinstance(text, str):
            raise TiledImportError(f"{what}: the hexes property must be text (hex labels)")
        try:
            return [self.layout.from_label(t) for t in text.split()]
        except ValueError as e:
            raise TiledImportError(f"{what}: {e}") from None


def describe(o: dict, cls: Any, layer: dict) -> str:
    """How messages name an object. Its id and class are the map author's text: cut short and made
    visible, so that a message stays one line that cannot carry a terminal or CI command."""
    def quoted(value: Any) -> str:
        text = str(value)
        return visible(text[:MAX_QUOTED] + ("..." if len(text) > MAX_QUOTED else ""))

    return f"object {quoted(o.get('id'))} ({quoted(cls) if cls else 'no class'}) in layer {layer.get('name')!r}"


def _where(o: dict) -> tuple[float, float]:
    x, y = float(o.get("x", 0)), float(o.get("y", 0))
    w, h = float(o.get("width", 0) or 0), float(o.get("height", 0) or 0)
    if o.get("point") or "polyline" in o or "polygon" in o:
        return x, y
    if "gid" in o:  # a tile object hangs from its bottom-left corner
        return x + w / 2, y - h / 2
    return x + w / 2, y + h / 2


# ------------------------------------------------------------------------------- objects
Handler = Callable[[dict, dict, Context, sc.Scenario], None]


def _need(p: dict, key: str, what: str, kind: type = str):
    v = p.get(key)
    if v is None:
        raise TiledImportError(f"{what} has no {key!r} property")
    if kind is int and isinstance(v, float) and v.is_integer():
        v = int(v)
    if kind is float and isinstance(v, int) and not isinstance(v, bool):
        v = float(v)
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise TiledImportError(f"{what}: property {key!r} should be {kind.__name__}, not {str(v)[:30]!r}")
    return v


def _opt(p: dict, key: str, what: str, default, kind: type = str):
    return default if p.get(key) is None else _need(p, key, what, kind)


def _json(p: dict, key: str, what: str, default):
    text = p.get(key)
    if text is None:
        return default
    try:
        return json.loads(text) if isinstance(text, str) else None
    except ValueError:
        raise TiledImportError(f"{what}: property {key!r} is not JSON") from None


def _line(o: dict, ctx: Context, what: str) -> list[Hex]:
    pts = o.get("polyline") or o.get("polygon")
    x0, y0 = float(o.get("x", 0)), float(o.get("y", 0))
    if not pts:
        return [ctx.px.hex_at(*_where(o))]
    if len(pts) > MAX_POINTS:
        raise TiledImportError(f"{what} has more than {MAX_POINTS} points")
    hexes = []
    for pt in pts:
        h = ctx.px.hex_at(x0 + float(pt.get("x", 0)), y0 + float(pt.get("y", 0)))
        if not hexes or hexes[-1] != h:
            hexes.append(h)
    return hexes


def _hexside(o, p, ctx, s):
    s.map.hexsides.append(sc.HexsideFeature(ctx.px.side_at(*_where(o)), o["_class"]))


def _route(key: str):
    def handle(o, p, ctx, s):
        what = f"{o['_what']}"
        rid = _need(p, "id", what)
        hexes = _line(o, ctx, what)
        if key == "rivers":
            s.map.rivers.append(sc.River(rid, hexes, _opt(p, "name", what, ""), _opt(p, "joins", what, None)))
        else:
            getattr(s.map, key).append(sc.Route(rid, hexes, _opt(p, "name", what, "")))
    return handle


def _dam(o, p, ctx, s):
    w = o["_what"]
    buildings = [_build(sc.Building, b) for b in _json(p, "buildings", w, [])]
    s.map.dams.append(sc.Dam(_need(p, "id", w), ctx.px.hex_at(*_where(o)), _need(p, "river", w),
                             _opt(p, "sp", w, 50, int), _opt(p, "damage", w, 0, int), _json(p, "sp_known_to", w, []),
                             buildings, ctx.labels(p.get("reservoir", ""), w), _opt(p, "hidden", w, False, bool),
                             _opt(p, "name", w, "")))


def _river_bridge(o, p, ctx, s):
    w = o["_what"]
    s.map.river_bridges.append(sc.RiverBridge(_need(p, "id", w), ctx.px.hex_at(*_where(o)), _need(p, "road", w),
                                              _need(p, "river", w)))


def _stream_bridge(o, p, ctx, s):
    w = o["_what"]
    s.map.stream_bridges.append(sc.StreamBridge(_need(p, "id", w), ctx.px.side_at(*_where(o)), _need(p, "road", w)))


def _town(o, p, ctx, s):
    w = o["_what"]
    hexes = ctx.labels(p["hexes"], w) if "hexes" in p else [ctx.px.hex_at(*_where(o))]
    s.map.towns.append(sc.Town(_need(p, "id", w), _opt(p, "name", w, o.get("name", "")), hexes))


def _floodplain(o, p, ctx, s):
    w = o["_what"]
    s.map.floodplain = sc.Floodplain(_opt(p, "mode", w, "predetermined"), ctx.labels(p.get("hexes", ""), w))


def _entrenchment(o, p, ctx, s):
    s.map.markers.entrenchments.append(sc.Entrenchment(ctx.px.hex_at(*_where(o)), _opt(p, "count", o["_what"], 1, int)))


def _revetment(o, p, ctx, s):
    w = o["_what"]
    s.map.markers.revetments.append(sc.Revetment(_need(p, "id", w), ctx.px.hex_at(*_where(o)), _opt(p, "size", w, "small")))


def _mine(o, p, ctx, s):
    w = o["_what"]
    s.map.markers.mines.append(sc.Mine(_need(p, "id", w), ctx.px.hex_at(*_where(o)), _need(p, "owner", w),
                                       _opt(p, "hidden", w, True, bool), _opt(p, "on_road", w, False, bool)))


def _road_cut(o, p, ctx, s):
    s.map.markers.road_cuts.append(sc.RoadCut(ctx.px.hex_at(*_where(o)), _opt(p, "route", o["_what"], None)))


def _bridge_out(o, p, ctx, s):
    s.map.markers.bridges_out.append(sc.BridgeOut(_need(p, "bridge", o["_what"])))


def _graded_ridge(o, p, ctx, s):
    s.map.markers.graded_ridges.append(ctx.px.side_at(*_where(o)))


def _setup_zone(o, p, ctx, s):
    w = o["_what"]
    hexes = ctx.labels(p["hexes"], w) if "hexes" in p else [ctx.px.hex_at(*_where(o))]
    s.setup_zones.append(sc.SetupZone(_need(p, "id", w), _need(p, "side", w), hexes, None,
                                      _opt(p, "max_attack", w, None, int), _opt(p, "name", w, "")))


def _unit(o, p, ctx, s):
    w = o["_what"]
    where = None if _opt(p, "reserve", w, False, bool) else ctx.px.hex_at(*_where(o))
    s.units.append(sc.Unit(_need(p, "id", w), _need(p, "unit_type", w), _need(p, "side", w), where,
                           _opt(p, "squads", w, 1, int), _opt(p, "status", w, "ready"), _opt(p, "name", w, "")))


HANDLERS: dict[str, Handler] = {
    **{k: _hexside for k in ("stream", "ridge", "trees", "cleared-ridge")},
    "river": _route("rivers"), "road": _route("roads"), "rail": _route("rails"),
    "dam": _dam, "river-bridge": _river_bridge, "stream-bridge": _stream_bridge, "bridge-out": _bridge_out,
    "town": _town, "floodplain": _floodplain, "entrenchment": _entrenchment, "revetment": _revetment,
    "mine": _mine, "road-cut": _road_cut, "graded-ridge": _graded_ridge, "setup-zone": _setup_zone, "unit": _unit,
}

