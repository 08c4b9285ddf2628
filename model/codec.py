"""Model <-> JSON-ready dict, driven by the dataclasses' type hints.

``to_dict`` writes every field in declaration order (the canonical form); ``from_dict`` expects a
document that the schema has already accepted.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from functools import cache
from typing import Any, Union, cast

from .hexgrid import Layout
from .scenario import HexMap, Scenario, TableMap
from .terrain import Terrain

_NONE = type(None)


def to_dict(obj: Any) -> Any:
    if isinstance(obj, Terrain):
        return {"rows": obj.to_rows()}
    if isinstance(obj, (HexMap, TableMap)):  # the map's kind comes first, then its fields
        out: dict[str, Any] = {"kind": obj.kind}
        out.update(
            (name, to_dict(_as_declared(tp, getattr(obj, name))))
            for name, tp in _hints(type(obj))
            if name != "kind"
        )
        return out
    if dataclasses.is_dataclass(obj):
        return {name: to_dict(_as_declared(tp, getattr(obj, name))) for name, tp in _hints(type(obj))}
    if isinstance(obj, (list, tuple)):
        # a model's list or tuple, of any field's type
        return [to_dict(v) for v in cast("Iterable[Any]", obj)]
    if isinstance(obj, dict):
        return {k: to_dict(v) for k, v in cast("dict[Any, Any]", obj).items()}
    return obj


@cache
def _hints(cls: type[Any]) -> list[tuple[str, Any]]:
    hints = typing.get_type_hints(cls)
    return [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]


@cache
def _has_float(tp: Any) -> bool:
    return tp is float or any(_has_float(a) for a in typing.get_args(tp))


def _as_declared(tp: Any, value: Any) -> Any:
    """An int held where the model declares float is written as a float (48 -> 48.0), exactly as it
    reads back, so that saving twice gives the same bytes."""
    if value is None or not _has_float(tp):
        return value
    if tp is float:
        return float(value) if type(value) is int else value
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not _NONE]
        return _as_declared(inner[0], value) if len(inner) == 1 else value
    if origin is tuple:
        return tuple(_as_declared(args[min(i, len(args) - 1)], v) for i, v in enumerate(value))
    if origin is list:
        return [_as_declared(args[0], v) for v in value]
    if origin is dict:
        return {k: _as_declared(args[1], v) for k, v in value.items()}
    return value


def build(tp: Any, value: Any) -> Any:
    """A value of type ``tp`` (a model dataclass, a list of them, ...) from its schema-valid JSON form."""
    return _decoder(tp)(value)


_build = build  # the name interop/tiled/objects.py imports


def _same(value: Any) -> Any:
    return value


@cache
def _decoder(tp: Any) -> typing.Callable[[Any], Any]:
    """The function that builds a value of type ``tp`` from its JSON form, made once per type: the type
    hints are read here, not for every value (reading them per value was half the cost of a load)."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not _NONE]
        if len(args) == 1:
            inner = _decoder(args[0])
            return lambda value: None if value is None else inner(value)
        if set(args) == {HexMap, TableMap}:
            hexes, table = _decoder(HexMap), _decoder(TableMap)
            return lambda value: (
                None if value is None else (hexes if value["kind"] == "hex" else table)(value)
            )
        raise TypeError(f"cannot decode union {tp}")
    if origin is list:
        (item,) = typing.get_args(tp)
        if item in (int, float, str, bool):
            return lambda value: None if value is None else list(value)
        if typing.get_origin(item) is tuple and set(typing.get_args(item)) <= {int, Ellipsis}:  # hexes
            return lambda value: None if value is None else [tuple(map(int, v)) for v in value]
        each = _decoder(item)
        return lambda value: None if value is None else [each(v) for v in value]
    if origin is tuple:
        args = typing.get_args(tp)
        if args and args[0] is float:
            return lambda value: None if value is None else tuple(map(float, value))
        if args and args[0] is int:  # JSON Schema lets 2.0 through as an integer
            return lambda value: None if value is None else tuple(map(int, value))
        return lambda value: None if value is None else tuple(value)
    if origin is dict:
        _, vt = typing.get_args(tp)
        each = _decoder(vt)
        return lambda value: None if value is None else {k: each(v) for k, v in value.items()}
    if tp is float:
        return lambda value: None if value is None else float(value)
    if tp is int:  # 3.0 is an integer to JSON Schema
        return lambda value: int(value) if isinstance(value, float) else value
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return lambda value: None if value is None else _build_dataclass(tp, value)
    return _same


@cache
def _field_decoders(cls: type[Any]) -> list[tuple[str, typing.Callable[[Any], Any]]]:
    return [(name, _decoder(tp)) for name, tp in _hints(cls)]


def _build_dataclass(cls: type[Any], data: dict[str, Any]) -> Any:
    if cls is HexMap:
        return _build_hexmap(data)
    return cls(**{name: decode(data[name]) for name, decode in _field_decoders(cls) if name in data})


def _build_hexmap(data: dict[str, Any]) -> HexMap:
    layout = Layout(data["orientation"], data["offset"], int(data["columns"]), int(data["rows"]))
    kwargs: dict[str, Any] = {
        name: decode(data[name])
        for name, decode in _field_decoders(HexMap)
        if name in data and name != "terrain"
    }
    kwargs["terrain"] = Terrain.from_rows(layout, data["terrain"]["rows"])
    return HexMap(**kwargs)


def from_dict(data: dict[str, Any]) -> Scenario:
    """Build a Scenario from a schema-valid document (format_version, generator and $schema dropped)."""
    body = {k: v for k, v in data.items() if k not in ("format_version", "generator", "$schema")}
    return _build_dataclass(Scenario, body)
