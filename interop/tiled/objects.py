"""Tiled objects -> scenario features: one small handler per object class (see docs/tiled.md).

Each handler reads the object's position (which decides its hex or hexside) and its properties, and
appends to the scenario under construction; the importer then checks the whole scenario once.
"""

from __future__ import annotations

from typing import Any

from dambuster.interop.hexpixels import HexPixels
from dambuster.model import scenario as sc
from dambuster.model.codec import build
from dambuster.model.hexgrid import Hex, Hexside, Layout

from .read import Handler, Lenience, TiledImportError, json_property, need, opt, vertices, where


class Context(Lenience):
    """What the handlers share: the layout, its pixel geometry, and the warnings of a lenient import."""

    def __init__(self, layout: Layout, px: HexPixels, lenient: bool):
        super().__init__(lenient)
        self.layout, self.px = layout, px

    def labels(self, text: Any, what: str) -> list[Hex]:
        if not isinstance(text, str):
            raise TiledImportError(f"{what}: the hexes property must be text (hex labels)")
        try:
            return [self.layout.from_label(t) for t in text.split()]
        except ValueError as e:
            raise TiledImportError(f"{what}: {e}") from None


# ------------------------------------------------------------------------------- objects
def _hex_map(s: sc.Scenario) -> sc.HexMap:
    """The map the hex import builds (these handlers serve only it)."""
    assert isinstance(s.map, sc.HexMap)
    return s.map


def _line(o: dict[str, Any], ctx: Context, what: str) -> list[Hex]:
    hexes: list[Hex] = []
    for xy in vertices(o, what):
        h = ctx.px.hex_at(*xy)
        if not hexes or hexes[-1] != h:
            hexes.append(h)
    return hexes


def _sides(o: dict[str, Any], ctx: Context) -> list[Hexside]:
    """The hexsides an object marks: each segment of a polyline lies along one (its middle is nearest
    that hexside's middle); a point (as earlier exports wrote) is at the middle of one."""
    pts = vertices(o, o["_what"])
    if len(pts) == 1:
        return [ctx.px.side_at(*pts[0])]
    sides = {ctx.px.side_at((ax + bx) / 2, (ay + by) / 2): None for (ax, ay), (bx, by) in zip(pts, pts[1:])}
    return list(sides)  # each once, in the order drawn


def _hexside(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    _hex_map(s).hexsides.extend(sc.HexsideFeature(side, o["_class"]) for side in _sides(o, ctx))


def _route(key: str) -> Handler[Context]:
    def handle(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
        what = f"{o['_what']}"
        rid = need(p, "id", what)
        hexes = _line(o, ctx, what)
        if key == "rivers":
            _hex_map(s).rivers.append(
                sc.River(rid, hexes, opt(p, "name", what, ""), opt(p, "joins", what, None))
            )
        else:
            getattr(s.map, key).append(sc.Route(rid, hexes, opt(p, "name", what, "")))

    return handle


def _dam(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    buildings = [build(sc.Building, b) for b in json_property(p, "buildings", w, [])]
    _hex_map(s).dams.append(
        sc.Dam(
            need(p, "id", w),
            ctx.px.hex_at(*where(o)),
            need(p, "river", w),
            opt(p, "sp", w, 50, int),
            opt(p, "damage", w, 0, int),
            json_property(p, "sp_known_to", w, []),
            buildings,
            ctx.labels(p.get("reservoir", ""), w),
            opt(p, "hidden", w, False, bool),
            opt(p, "name", w, ""),
        )
    )


def _river_bridge(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    _hex_map(s).river_bridges.append(
        sc.RiverBridge(need(p, "id", w), ctx.px.hex_at(*where(o)), need(p, "road", w), need(p, "river", w))
    )


def _stream_bridge(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    _hex_map(s).stream_bridges.append(
        sc.StreamBridge(need(p, "id", w), ctx.px.side_at(*where(o)), need(p, "road", w))
    )


def _town(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    hexes = ctx.labels(p["hexes"], w) if "hexes" in p else [ctx.px.hex_at(*where(o))]
    _hex_map(s).towns.append(sc.Town(need(p, "id", w), opt(p, "name", w, o.get("name", "")), hexes))


def _floodplain(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    _hex_map(s).floodplain = sc.Floodplain(
        opt(p, "mode", w, "predetermined"), ctx.labels(p.get("hexes", ""), w)
    )


def _entrenchment(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    _hex_map(s).markers.entrenchments.append(
        sc.Entrenchment(ctx.px.hex_at(*where(o)), opt(p, "count", o["_what"], 1, int))
    )


def _revetment(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    _hex_map(s).markers.revetments.append(
        sc.Revetment(need(p, "id", w), ctx.px.hex_at(*where(o)), opt(p, "size", w, "small"))
    )


def _mine(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    _hex_map(s).markers.mines.append(
        sc.Mine(
            need(p, "id", w),
            ctx.px.hex_at(*where(o)),
            need(p, "owner", w),
            opt(p, "hidden", w, True, bool),
            opt(p, "on_road", w, False, bool),
        )
    )


def _road_cut(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    _hex_map(s).markers.road_cuts.append(
        sc.RoadCut(ctx.px.hex_at(*where(o)), opt(p, "route", o["_what"], None))
    )


def _bridge_out(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    _hex_map(s).markers.bridges_out.append(sc.BridgeOut(need(p, "bridge", o["_what"])))


def _graded_ridge(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    _hex_map(s).markers.graded_ridges.extend(_sides(o, ctx))


def _setup_zone(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    hexes = ctx.labels(p["hexes"], w) if "hexes" in p else [ctx.px.hex_at(*where(o))]
    s.setup_zones.append(
        sc.SetupZone(
            need(p, "id", w),
            need(p, "side", w),
            hexes,
            None,
            opt(p, "max_attack", w, None, int),
            opt(p, "name", w, ""),
        )
    )


def _unit(o: dict[str, Any], p: dict[str, Any], ctx: Context, s: sc.Scenario) -> None:
    w = o["_what"]
    spot = None if opt(p, "reserve", w, False, bool) else ctx.px.hex_at(*where(o))
    s.units.append(
        sc.Unit(
            need(p, "id", w),
            need(p, "unit_type", w),
            need(p, "side", w),
            spot,
            opt(p, "squads", w, 1, int),
            opt(p, "status", w, "ready"),
            opt(p, "name", w, ""),
        )
    )


HANDLERS: dict[str, Handler[Context]] = {
    **dict.fromkeys(("stream", "ridge", "trees", "cleared-ridge"), _hexside),
    "river": _route("rivers"),
    "road": _route("roads"),
    "rail": _route("rails"),
    "dam": _dam,
    "river-bridge": _river_bridge,
    "stream-bridge": _stream_bridge,
    "bridge-out": _bridge_out,
    "town": _town,
    "floodplain": _floodplain,
    "entrenchment": _entrenchment,
    "revetment": _revetment,
    "mine": _mine,
    "road-cut": _road_cut,
    "graded-ridge": _graded_ridge,
    "setup-zone": _setup_zone,
    "unit": _unit,
}
