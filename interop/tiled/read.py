"""What the hex and table imports of a Tiled map share: objects in the order of their ids, one handler
per class, the scenario's meta and rules from map properties, and the final check through the model.

Objects are read in the order of their object ids (the order they were made in), whatever layer holds
them: an export puts each side's units in a layer of its own, and they come back in their order.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, cast, overload

from dambuster.model import scenario as sc
from dambuster.model.codec import from_dict
from dambuster.model.errors import ScenarioError
from dambuster.model.escape import visible
from dambuster.model.io import document_to_scenario, to_document

from .doc import RULE_FIELDS
from .properties import map_property, ours, properties_of, read_ours

MAX_OBJECTS = 200_000
MAX_LAYER_DEPTH = 16
MAX_POINTS = 100_000  # in one polyline or polygon
MAX_QUOTED = 40  # characters of an object's id or class quoted in a message
#: how a message names the kind of value a property should have (as Tiled's property types say it)
T = TypeVar("T")
D = TypeVar("D")
KIND_WORDS: dict[type, str] = {
    str: "text (a string)",
    int: "a whole number (int)",
    float: "a number (float)",
    bool: "true or false (bool)",
}


class TiledImportError(ValueError):
    """The map cannot become a scenario; the message is one sentence."""


class Lenience:
    """Problems of an import: errors, or with ``lenient`` warnings that let the import go on."""

    def __init__(self, lenient: bool):
        self.lenient = lenient
        self.warnings: list[str] = []

    def problem(self, msg: str) -> None:
        if not self.lenient:
            raise TiledImportError(msg)
        self.warnings.append(msg)


def describe(o: dict[str, Any], cls: Any, layer: dict[str, Any]) -> str:
    """How messages name an object. Its id and class are the map author's text: cut short and made
    visible, so that a message stays one line that cannot carry a terminal or CI command."""

    def quoted(value: Any) -> str:
        text = str(value)
        return visible(text[:MAX_QUOTED] + ("..." if len(text) > MAX_QUOTED else ""))

    return (
        f"object {quoted(o.get('id'))} ({quoted(cls) if cls else 'no class'}) in layer {layer.get('name')!r}"
    )


def _items(value: object, refusal: str) -> list[object]:
    """The items of a JSON array (none for an empty or missing one); TiledImportError with ``refusal``
    for a value that is no array (its first item would not be an object)."""
    if not value:
        return []
    if not isinstance(value, list):
        raise TiledImportError(refusal)
    return cast("list[object]", value)


def _object(item: object, refusal: str) -> dict[str, Any]:
    """A JSON object (a stranger's: each member is checked where it is read); TiledImportError otherwise."""
    if not isinstance(item, dict):
        raise TiledImportError(refusal)
    return cast("dict[str, Any]", item)


def layers(nodes: object, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Every layer, also inside groups (at most MAX_LAYER_DEPTH deep)."""
    if depth > MAX_LAYER_DEPTH:
        raise TiledImportError(f"layer groups nest more than {MAX_LAYER_DEPTH} deep")
    for item in _items(nodes, "a layer is not an object"):
        layer = _object(item, "a layer is not an object")
        if layer.get("type") == "group":
            yield from layers(layer.get("layers"), depth + 1)
        else:
            yield layer


def _objects_by_id(doc: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    found: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for layer in layers(doc.get("layers")):
        if layer.get("type") != "objectgroup":
            continue
        refusal = f"layer {layer.get('name')!r}: an object is not an object"
        for item in _items(layer.get("objects"), refusal):
            if len(found) >= MAX_OBJECTS:
                raise TiledImportError(f"the map has more than {MAX_OBJECTS} objects")
            found.append((layer, _object(item, refusal)))
    numbered = [
        (o.get("id") if type(o.get("id")) is int else float("inf"), i) for i, (_, o) in enumerate(found)
    ]
    return [found[i] for _, i in sorted(numbered)]


# ------------------------------------------------------------------------------- one object
def where(o: dict[str, Any]) -> tuple[float, float]:
    """The one pixel that places an object: a point where it is, a shape's anchor, a box's centre."""
    x, y = float(o.get("x", 0)), float(o.get("y", 0))
    w, h = float(o.get("width", 0) or 0), float(o.get("height", 0) or 0)
    if o.get("point") or "polyline" in o or "polygon" in o:
        return x, y
    if "gid" in o:  # a tile object hangs from its bottom-left corner
        return x + w / 2, y - h / 2
    return x + w / 2, y + h / 2


@overload
def need(p: dict[str, Any], key: str, what: str) -> str: ...
@overload
def need(p: dict[str, Any], key: str, what: str, kind: type[T]) -> T: ...
def need(p: dict[str, Any], key: str, what: str, kind: type[Any] = str) -> Any:
    """A property the object must have, of ``kind`` (an int may stand for a float, 2.0 for an int)."""
    v = p.get(key)
    if v is None:
        raise TiledImportError(f"{what} has no {ours(key)!r} property")
    if kind is int and isinstance(v, float) and v.is_integer():
        v = int(v)
    if kind is float and isinstance(v, int) and not isinstance(v, bool):
        v = float(v)
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        shown = json.dumps(v, ensure_ascii=False, default=str)
        shown = shown if len(shown) <= 30 else shown[:30] + "..."
        raise TiledImportError(
            f"{what}: property {ours(key)!r} should be {KIND_WORDS[kind]}, not {visible(shown)}"
        )
    return v


@overload
def opt(p: dict[str, Any], key: str, what: str, default: D) -> str | D: ...
@overload
def opt(p: dict[str, Any], key: str, what: str, default: D, kind: type[T]) -> T | D: ...
def opt(p: dict[str, Any], key: str, what: str, default: Any, kind: type[Any] = str) -> Any:
    return default if p.get(key) is None else need(p, key, what, kind)


def json_property(p: dict[str, Any], key: str, what: str, default: Any) -> Any:
    """The JSON value a text property holds (any JSON), ``default`` when there is none."""
    text = p.get(key)
    if text is None:
        return default
    try:
        return json.loads(text) if isinstance(text, str) else None
    except ValueError:
        raise TiledImportError(f"{what}: property {ours(key)!r} is not JSON") from None


def vertices(o: dict[str, Any], what: str) -> list[tuple[float, float]]:
    """A polyline's or polygon's points in map pixels; a point, rectangle or tile object is one point."""
    pts = o.get("polyline") or o.get("polygon")
    if not pts:
        return [where(o)]
    if len(pts) > MAX_POINTS:
        raise TiledImportError(f"{what} has more than {MAX_POINTS} points")
    x0, y0 = float(o.get("x", 0)), float(o.get("y", 0))
    return [(x0 + float(pt.get("x", 0)), y0 + float(pt.get("y", 0))) for pt in pts]


C = TypeVar("C", bound=Lenience)
#: a handler of one object class: (the object, its properties by bare name, the import's context, the scenario)
Handler = Callable[[dict[str, Any], dict[str, Any], C, sc.Scenario], None]


def place_objects(doc: dict[str, Any], handlers: dict[str, Handler[C]], ctx: C, s: sc.Scenario) -> None:
    """Hands every object to the handler of its class (``o["_class"]``, ``o["_what"]`` set for it)."""
    for layer, o in _objects_by_id(doc):
        cls = o.get("type") or o.get("class") or ""
        o["_class"] = cls
        o["_what"] = describe(o, cls, layer)
        handler = handlers.get(cls) if isinstance(cls, str) else None
        if handler is None:
            why = "has no class" if not cls else "has a class dambuster does not know"
            ctx.problem(
                f"{o['_what']} {why}"
                + (" (skipped)" if ctx.lenient else f"; use one of {', '.join(handlers)}")
            )
            continue
        try:
            handler(o, read_ours(o), ctx, s)
        except TiledImportError:
            raise
        except (
            TypeError,
            ValueError,
            KeyError,
            AttributeError,
            OverflowError,
            IndexError,
            ZeroDivisionError,
        ):
            raise TiledImportError(
                f"{o['_what']} is malformed (a position, point or property of the wrong kind)"
            ) from None


def meta(doc: dict[str, Any]) -> sc.Meta:
    props = read_ours(doc)
    m = sc.Meta()
    for k in ("title", "author", "description", "license", "created", "modified"):
        if props.get(k) is not None:
            setattr(m, k, str(props[k]))
    for k in ("tags", "profiles"):
        if props.get(k) is not None:
            try:
                value = json.loads(props[k])
            except (TypeError, ValueError):
                raise TiledImportError(f"map property {k!r} is not a JSON list") from None
            setattr(m, k, value)
    return m


def _rules(text: Any, s: sc.Scenario) -> None:
    try:
        rules = json.loads(text)
    except (TypeError, ValueError):
        raise TiledImportError("map property 'dambuster:rules' is not JSON") from None
    if not isinstance(rules, dict):
        raise TiledImportError("map property 'dambuster:rules' is not a JSON object")
    parsed = cast("dict[str, Any]", rules)  # a parsed JSON object
    body = {k: parsed[k] for k in RULE_FIELDS if k in parsed}
    try:
        rebuilt = from_dict({"meta": {}, "map": {"kind": "table", "width": 1, "depth": 1}, **body})
    except (KeyError, TypeError, ValueError, AttributeError):
        raise TiledImportError("map property 'dambuster:rules' does not hold dambuster rules") from None
    for k in body:
        setattr(s, k, getattr(rebuilt, k))


def finish(doc: dict[str, Any], s: sc.Scenario, side_names: Iterable[Any]) -> sc.Scenario:
    """The rules from the map's properties (or, for a map drawn in Tiled, one side for each side name
    its pieces mention), then the same schema and semantic checks as a scenario file."""
    raw = properties_of(doc)
    rules = map_property(raw, "rules")
    if rules is not None:
        _rules(rules, s)
    else:
        named = {u.side for u in s.units} | {z.side for z in s.setup_zones} | set(side_names)
        s.sides = [sc.Side(n, n) for n in sorted(x for x in named if isinstance(x, str))]
    version = map_property(raw, "format")
    if version is not None and not isinstance(version, (int, str)):
        raise TiledImportError("map property 'dambuster:format' is not a version")
    try:
        return document_to_scenario(json.loads(json.dumps(to_document(s))))
    except ScenarioError as e:
        raise TiledImportError(f"the imported map is not a valid scenario: {e}") from None
