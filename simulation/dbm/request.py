"""What the players bring to the DBM terrain-choosing procedure: the table and the features.

A :class:`SetupRequest` is the table (size, unit, figures, the 5/8 reduction), the invader's optional
feature and the defender's list, each a :class:`FeatureRequest`: a kind, compulsory or chosen, and a
size in paces (``across``, the largest size; ``breadth``, the narrowest) or an outline in table units
(its position does not matter: the procedure places it). ``request_from_dict`` reads the JSON form of
docs/dbm-setup.md and ``feature_from_option`` the command line's ``KIND[:SIZE]``. Everything the text
forbids outright is refused here, with one sentence (:class:`RequestError`); what the dice decide is
left to the procedure (simulation/dbm/setup.py).

Sizes are paces, like the text ("600" or "600p"), unless written with a unit ("300mm", "12in").
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import cast

from shapely.geometry import Polygon

from dambuster.model.ground_scale import FIGURES, GroundScale, reduction_problem
from dambuster.model.scenario import Point
from dambuster.validators.dbm.areas import GOING, diameter, min_width
from dambuster.validators.shapes import polygon

from .shapes import MIN_BREADTH

AREA_KINDS = tuple(GOING)
LINEAR_KINDS = ("waterway", "river", "road")
KINDS = LINEAR_KINDS + AREA_KINDS
FIELDS = ("fields-open", "fields-enclosed")
#: Decision: the invader's one optional feature is linear (our copy of the text lists none).
INVADER_KINDS = LINEAR_KINDS

#: The text's bounds, in paces.
MIN_ACROSS, MAX_ACROSS = 100, 1000
MAX_RIVER_WIDTH = 200
MIN_EXTENT, MAX_EXTENT = 300, 900
MAX_ROADS = 2
MAX_SAME = 3  # features of the same equivalence and going per player

MAX_FEATURES = 40  # far beyond a real list (a defender brings 2-3 feature equivalents)
MAX_OUTLINE_POINTS = 200


class RequestError(ValueError):
    """A feature list the procedure cannot take; ``str(e)`` is one sentence."""


@dataclass(frozen=True)
class FeatureRequest:
    kind: str
    player: str = "defender"  # invader | defender
    compulsory: bool = False
    across: float | None = None  # paces: the largest size (area), the width (river), the extent (waterway)
    breadth: float | None = None  # paces: the narrowest size of a generated area outline
    outline: tuple[Point, ...] | None = None  # table units, anywhere: the procedure moves it
    edge: str | None = None  # a waterway's short edge: left | right (else the procedure chooses)
    name: str = ""

    @property
    def is_area(self) -> bool:
        return self.kind in AREA_KINDS

    def describe(self) -> str:
        return f"{'compulsory ' if self.compulsory else ''}{self.kind}" + (
            f" {self.name!r}" if self.name else ""
        )


@dataclass(frozen=True)
class SetupRequest:
    width: float
    depth: float
    unit: str = "mm"
    figures: str = "15mm"
    reduced: bool = False
    invader: FeatureRequest | None = None
    defender: tuple[FeatureRequest, ...] = ()
    title: str = "DBM table"

    @property
    def scale(self) -> GroundScale:
        return GroundScale(self.unit, self.figures, self.reduced)

    @property
    def features(self) -> tuple[FeatureRequest, ...]:
        return ((self.invader,) if self.invader else ()) + self.defender


# ------------------------------------------------------------------------------------ sizes
_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*(p|paces?|mm|in|inch|inches)?\s*$")


def paces_of(value: object, table: SetupRequest, what: str) -> float:
    """A size as paces: a number or "600p" are paces; "300mm" and "12in" are lengths on the table."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise RequestError(f'{what}: a size is a number of paces or a text such as "300mm" or "12in"')
    m = _LENGTH.match(str(value))
    if not m or not math.isfinite(float(m.group(1))):
        raise RequestError(f"{what}: {str(value)[:40]!r} is not a size (say 600, 600p, 300mm or 12in)")
    number, unit = float(m.group(1)), (m.group(2) or "p")
    if unit.startswith("p"):
        return number
    unit = "mm" if unit == "mm" else "inches"
    reduced = table.reduced and reduction_problem(unit, table.figures, True) is None
    return GroundScale(unit, table.figures, reduced).paces(number)


# ------------------------------------------------------------------------------- requests
def feature_from_dict(value: object, player: str, table: SetupRequest, where: str) -> FeatureRequest:
    if not isinstance(value, dict):
        raise RequestError(f'{where}: a feature is an object with a "kind"')
    d = cast(dict[str, object], value)  # a JSON object: its keys are texts
    unknown = set(d) - {
        "kind",
        "compulsory",
        "across",
        "breadth",
        "width",
        "extent",
        "outline",
        "edge",
        "name",
    }
    if unknown:
        raise RequestError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    kind = d.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise RequestError(f"{where}: kind {str(kind)[:40]!r} is none of {', '.join(KINDS)}")
    size = d.get("across", d.get("width", d.get("extent")))
    points = d.get("outline")
    outline = None if points is None else _outline(points, where)
    edge = d.get("edge")
    if edge is not None and edge not in ("left", "right"):
        raise RequestError(f"{where}: a waterway's edge is left or right, not {str(edge)[:20]!r}")
    name = d.get("name", "")
    if not isinstance(name, str) or len(name) > 200:
        raise RequestError(f"{where}: a name is a text of at most 200 characters")
    return FeatureRequest(
        kind,
        player,
        d.get("compulsory") is True,
        None if size is None else paces_of(size, table, where),
        None if d.get("breadth") is None else paces_of(d["breadth"], table, where),
        outline,
        edge if isinstance(edge, str) else None,  # left or right
        name,
    )


def _outline(points: object, where: str) -> tuple[Point, ...]:
    items = cast(list[object], points) if isinstance(points, list) else []
    found = [_point(p) for p in items] if 3 <= len(items) <= MAX_OUTLINE_POINTS else []
    outline = tuple(p for p in found if p is not None)
    if not outline or len(outline) < len(found):
        raise RequestError(f"{where}: an outline is 3 to {MAX_OUTLINE_POINTS} points [x, y] in table units")
    return outline


def _point(value: object) -> Point | None:
    """A JSON point [x, y] of finite numbers; None for anything else."""
    xy = cast(list[object], value) if isinstance(value, list) else []
    if len(xy) != 2:
        return None
    x, y = _number(xy[0]), _number(xy[1])
    return None if x is None or y is None else (x, y)


def _number(value: object) -> float | None:
    """A finite JSON number (not true or false); None for anything else."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def feature_from_option(
    text: str, player: str, table: SetupRequest, compulsory: bool = False
) -> FeatureRequest:
    """``KIND`` or ``KIND:SIZE`` from the command line (SIZE as in ``paces_of``)."""
    kind, _, size = text.partition(":")
    d: dict[str, object] = {"kind": kind.strip(), "compulsory": compulsory}
    if size:
        d["across"] = size
    return feature_from_dict(d, player, table, f"{player} feature {text[:40]!r}")


def request_from_dict(value: object, **table_overrides: object) -> SetupRequest:
    """The JSON form (docs/dbm-setup.md); ``table_overrides`` (width, depth, unit, figures, reduced,
    title) replace the file's values when not None."""
    if not isinstance(value, dict):
        raise RequestError('a feature list is a JSON object with "table", "invader" and "defender"')
    doc = cast(dict[str, object], value)  # a JSON object: its keys are texts
    unknown = set(doc) - {"table", "invader", "defender", "title"}
    if unknown:
        raise RequestError(f"unknown key {sorted(unknown)[0]!r} (expected table, invader, defender, title)")
    given: object = doc.get("table") or {}
    if not isinstance(given, dict):
        raise RequestError('"table" is an object: width, depth, unit, figures, reduced')
    t = dict(cast(dict[str, object], given))
    t.update({k: v for k, v in table_overrides.items() if v is not None})
    title = t.pop("title", doc.get("title", "DBM table"))
    table = _table(t, title)
    invader = doc.get("invader")
    defender: object = doc.get("defender") or []
    if not isinstance(defender, list):
        raise RequestError('"defender" is a list of features')
    defender = cast(list[object], defender)
    inv = None if invader is None else feature_from_dict(invader, "invader", table, "invader")
    dfd = tuple(
        feature_from_dict(f, "defender", table, f"defender feature {i + 1}") for i, f in enumerate(defender)
    )
    return check(
        SetupRequest(
            table.width, table.depth, table.unit, table.figures, table.reduced, inv, dfd, table.title
        )
    )


def _table(t: dict[str, object], title: object) -> SetupRequest:
    unknown = set(t) - {"width", "depth", "unit", "figures", "reduced"}
    if unknown:
        raise RequestError(f"table: unknown key {sorted(unknown)[0]!r}")
    size: dict[str, float] = {}
    for key in ("width", "depth"):
        v = t.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v <= 1e6:
            raise RequestError(f"table: {key} must be a number above 0 (at most 1,000,000)")
        size[key] = v
    unit, figures, reduced = t.get("unit", "mm"), t.get("figures", "15mm"), t.get("reduced", False)
    if not isinstance(unit, str) or unit not in ("paces", "inches", "mm"):
        raise RequestError(f"table: unit is paces, inches or mm, not {str(unit)[:20]!r}")
    if not isinstance(figures, str) or figures not in FIGURES:
        raise RequestError(f"table: figures are {', '.join(FIGURES)}, not {str(figures)[:20]!r}")
    if not isinstance(reduced, bool):
        raise RequestError("table: reduced is true or false")
    problem = reduction_problem(unit, figures, reduced)
    if problem:
        raise RequestError(f"table: {problem}")
    if size["depth"] > size["width"]:
        raise RequestError(
            "table: its width is its long side (the waterway's left and right edges are the short ones); "
            "give the larger size as the width"
        )
    if not isinstance(title, str) or len(title) > 200:
        raise RequestError("title: a text of at most 200 characters")
    return SetupRequest(float(size["width"]), float(size["depth"]), unit, figures, reduced, title=title)


# ------------------------------------------------------------------------------ the checks
def equivalence_of(across: float) -> float:
    """Feature equivalents of an area feature this many paces across (its diameter)."""
    return 0.5 if across <= 500 else 1.5 if across > 750 else 1.0


def chosen_equivalents(req: SetupRequest) -> float:
    """Feature equivalents of the defender's chosen (not compulsory) features. Decision: a waterway or a
    river counts 1, a road 1/2, an area feature by its size."""
    total = 0.0
    for f in req.defender:
        if f.compulsory:
            continue
        if f.kind in ("waterway", "river"):
            total += 1
        elif f.kind == "road":
            total += 0.5
        else:
            total += equivalence_of(_across(f, req))
    return total


def outline_paces(f: FeatureRequest, table: SetupRequest) -> tuple[float, float]:
    """(diameter, narrowest width) of a feature's outline, in paces."""
    poly = polygon(list(f.outline or ()))
    return table.scale.paces(diameter(poly)[0]), table.scale.paces(min_width(poly)[0])


def check(req: SetupRequest) -> SetupRequest:
    """Refuses, with one sentence, a list the text forbids whatever the dice say."""
    feats = req.features
    if len(feats) > MAX_FEATURES:
        raise RequestError(f"{len(feats)} features; at most {MAX_FEATURES}")
    if req.invader and req.invader.kind not in INVADER_KINDS:
        raise RequestError(
            f"the invader may bring one {', '.join(INVADER_KINDS[:-1])} or {INVADER_KINDS[-1]}, "
            f"not a {req.invader.kind}"
        )
    for f in feats:
        _check_size(f, req)
    counts = Counter(f.kind for f in req.defender)
    for kind, most in (("waterway", 1), ("river", 1), ("bua", 1), ("road", MAX_ROADS)):
        if counts[kind] > most:
            raise RequestError(
                f"the defender may use only {most} {kind}{'s' if most > 1 else ''}; the list has {counts[kind]}"
            )
    if req.invader and req.invader.kind == "waterway" and counts["waterway"]:
        raise RequestError("only one waterway: the invader brings one, so the defender may not")
    if any(f.kind in FIELDS for f in req.defender) and not counts["bua"]:
        raise RequestError("fields must touch a BUA: add a bua to the defender's list")
    same = Counter((f.player, equivalence_of(_across(f, req)), GOING[f.kind]) for f in feats if f.is_area)
    for (player, eq, going), n in same.items():
        if n > MAX_SAME:
            raise RequestError(
                f"the {player} brings {n} {going}-going features of {eq:g} feature equivalent each; "
                f"at most {MAX_SAME}"
            )
    return req


def _across(f: FeatureRequest, req: SetupRequest) -> float:
    if f.outline is not None:
        return outline_paces(f, req)[0]
    return f.across if f.across is not None else default_across(f.kind)


def default_across(kind: str) -> float:
    """Decision: the size of an area feature given without one, in paces."""
    return {"bua": 300.0, "fields-open": 300.0, "fields-enclosed": 300.0}.get(kind, 600.0)


def _check_size(f: FeatureRequest, req: SetupRequest) -> None:
    what = f"{f.player}'s {f.kind}"
    if not f.is_area and f.outline is not None:
        raise RequestError(f"{what}: only area features take an outline")
    if f.is_area and f.outline is not None:
        poly = polygon(list(f.outline))
        if not Polygon(f.outline).is_valid or poly.area <= 0:
            raise RequestError(f"{what}: its outline is not a simple polygon")
        big, small = outline_paces(f, req)
        if big > MAX_ACROSS or small < MIN_ACROSS:
            raise RequestError(
                f"{what}: its outline is {big:,.4g} paces across and {small:,.4g} at its narrowest; an "
                f"area feature is {MIN_ACROSS} to {MAX_ACROSS:,} paces across in every direction"
            )
    elif f.is_area:
        big = f.across if f.across is not None else default_across(f.kind)
        if big > MAX_ACROSS:
            raise RequestError(
                f"{what}: {big:,.4g} paces across; an area feature is at most {MAX_ACROSS:,} paces across"
            )
        if min(big, f.breadth if f.breadth is not None else big) < MIN_BREADTH:
            raise RequestError(
                f"{what}: a feature drawn from its size needs {MIN_BREADTH:g} paces or more each way to stay "
                f"{MIN_ACROSS} paces across everywhere; give an outline for a smaller one"
            )
        if f.breadth is not None and f.breadth > big:
            raise RequestError(
                f"{what}: its breadth ({f.breadth:,.4g} paces) is more than its size across ({big:,.4g})"
            )
    elif f.kind == "river" and f.across is not None and not 0 < f.across <= MAX_RIVER_WIDTH:
        raise RequestError(
            f"{what}: {f.across:,.4g} paces wide; a river is at most {MAX_RIVER_WIDTH} paces wide"
        )
    elif f.kind == "waterway" and f.across is not None and not MIN_EXTENT <= f.across <= MAX_EXTENT:
        raise RequestError(
            f"{what}: {f.across:,.4g} paces inward; a waterway extends {MIN_EXTENT} to {MAX_EXTENT} paces"
        )
    elif f.kind == "road" and f.across is not None:
        raise RequestError(f"{what}: a road takes no size; the procedure draws it")
