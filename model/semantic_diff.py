"""What changed between two scenarios, in the words of the map: hexes by label, features by id.

:func:`compare` walks the two models' dataclasses field by field, generically, so a feature added to
``model/scenario.py`` is compared without a line here. Decisions:

* two files are compared as loaded scenarios: layout, key order, the generator and an older
  ``format_version`` never count (two files ``dambuster fmt`` makes identical are equal);
* terrain is compared hex by hex *by label* (column and row), over the hexes both maps have; a
  resized map says so through ``map.columns`` / ``map.rows``. Changed hexes are grouped into runs down a
  column with the same old and new kind: ``0101–0104 clear -> forest``;
* a list whose items all have a unique ``id`` (dams, rivers, towns, units, areas...) is compared by id:
  added, removed, changed field by field, and ``order`` when only the order differs;
* a list of items without ids (hexsides, entrenchments, victory levels) is compared as a bag: items
  added and removed;
* a list of hexes (a town, a reservoir, a river's course) lists the hexes added and removed, or says
  the order changed; other lists and values are shown old -> new;
* values are reported as the file holds them (JSON), and in the text as labels where they are hexes.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard, cast

from .codec import to_dict
from .hexgrid import Hex, Hexside, Layout, hexside_hexes
from .scenario import HexMap, Scenario
from .terrain import TERRAIN_KINDS, Terrain

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

MAX_VALUE_TEXT = 160  # characters of a value shown in a text line; the JSON report has it whole


@dataclass
class Change:
    """One difference. ``path``: where (``map.dams[dam-aller].sp``); ``change``: added, removed,
    changed, order or terrain; ``old``/``new``: the values as the file holds them; ``text``: the line."""

    path: str
    change: str
    text: str
    old: Any = None
    new: Any = None
    extra: dict[str, Any] = dataclasses.field(default_factory=dict[str, Any])

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "change": self.change}
        out.update(self.extra)
        if self.change in ("removed", "changed", "terrain", "order"):
            out["old"] = self.old
        if self.change in ("added", "changed", "terrain", "order"):
            out["new"] = self.new
        return out


class _Labels:
    """Shows a value for a text line: hexes as labels (on a hex map), the rest as compact JSON."""

    def __init__(self, layout: Layout | None):
        self.layout = layout

    def is_hex(self, v: object) -> bool:
        return self.layout is not None and _is_hex(v)

    def show(self, v: Any) -> str:
        layout = self.layout
        if layout is not None and _is_hex(v):
            return layout.label(v)
        if layout is not None and _is_hexside(v):
            a, b = hexside_hexes(v)
            return f"{layout.label(a)}/{layout.label(b)}"
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            inner = ", ".join(f"{f.name}: {self.show(getattr(v, f.name))}" for f in dataclasses.fields(v))
            return "{" + inner + "}"
        if _is_sequence(v) and (not v or not all(isinstance(x, (int, float)) for x in v)):
            return "[" + ", ".join(self.show(x) for x in v) + "]"
        if _is_mapping(v):
            return "{" + ", ".join(f"{k}: {self.show(x)}" for k, x in v.items()) + "}"
        if isinstance(v, Terrain):
            return repr(v)
        return json.dumps(to_dict(v), ensure_ascii=False)

    def short(self, v: Any) -> str:
        text = self.show(v)
        return text if len(text) <= MAX_VALUE_TEXT else text[: MAX_VALUE_TEXT - 1] + "…"


def _layout(sc: Scenario) -> Layout | None:
    return sc.map.layout if isinstance(sc.map, HexMap) else None


def compare(old: Scenario, new: Scenario) -> list[Change]:
    """Every difference from ``old`` to ``new``, in the order of the scenario's fields."""
    walker = _Walker(_Labels(_layout(old)), _Labels(_layout(new)))
    walker.value(old, new, "")
    return walker.changes


class _Walker:
    def __init__(self, old_labels: _Labels, new_labels: _Labels):
        self.o, self.n = old_labels, new_labels
        self.changes: list[Change] = []

    def add(self, path: str, change: str, text: str, old: Any = None, new: Any = None, **extra: Any) -> None:
        self.changes.append(Change(path, change, text, old, new, extra))

    def changed(self, path: str, old: Any, new: Any) -> None:
        self.add(
            path,
            "changed",
            f"changed {path}: {self.o.short(old)} -> {self.n.short(new)}",
            to_dict(old),
            to_dict(new),
        )

    # -------------------------------------------------------------------------------- values
    def value(self, old: Any, new: Any, path: str) -> None:
        if isinstance(old, Terrain) and isinstance(new, Terrain):
            if old != new:
                self.terrain(old, new, path)
            return
        if _same(old, new):
            return
        if _is_record(old) and type(old) is type(new):
            for f in dataclasses.fields(old):
                self.value(getattr(old, f.name), getattr(new, f.name), _join(path, f.name))
        elif _is_mapping(old) and _is_mapping(new):
            self.mapping(old, new, path)
        elif _is_list(old) and _is_list(new):
            self.sequence(old, new, path)
        elif _has_kind(old) and _has_kind(new):
            where = _join(
                path, "kind"
            )  # a hex map replaced by a table map: said by its kind, not field by field
            self.add(
                where, "changed", f"changed {where}: {old.kind} -> {new.kind}", to_dict(old), to_dict(new)
            )
        else:
            self.changed(path, old, new)

    def mapping(self, old: dict[Any, Any], new: dict[Any, Any], path: str) -> None:
        for key in old:
            if key not in new:
                self.add(f"{path}[{key}]", "removed", f"removed {path}[{key}]", old=to_dict(old[key]))
            else:
                self.value(old[key], new[key], f"{path}[{key}]")
        for key in new:
            if key not in old:
                self.add(
                    f"{path}[{key}]",
                    "added",
                    f"added {path}[{key}]: {self.n.short(new[key])}",
                    new=to_dict(new[key]),
                )

    def sequence(self, old: list[Any], new: list[Any], path: str) -> None:
        if _ids(old) is not None and _ids(new) is not None:
            self.by_id(old, new, path)
        elif all(self.o.is_hex(h) for h in old) and all(self.n.is_hex(h) for h in new) and (old or new):
            self.hexes(old, new, path)
        elif all(_is_record(x) for x in old + new):
            self.bag(old, new, path)
        else:
            self.changed(path, old, new)

    def by_id(self, old: list[Any], new: list[Any], path: str) -> None:
        old_by_id, new_by_id = {x.id: x for x in old}, {x.id: x for x in new}
        for item in old:
            where = f"{path}[{item.id}]"
            if item.id not in new_by_id:
                self.add(where, "removed", f"removed {where}", old=to_dict(item))
            else:
                self.value(item, new_by_id[item.id], where)
        for item in new:
            if item.id not in old_by_id:
                where = f"{path}[{item.id}]"
                self.add(where, "added", f"added {where}: {self.n.short(item)}", new=to_dict(item))
        common_old = [x.id for x in old if x.id in new_by_id]
        common_new = [x.id for x in new if x.id in old_by_id]
        if common_old != common_new:
            self.add(
                path,
                "order",
                f"order of {path}: {', '.join(common_old)} -> {', '.join(common_new)}",
                common_old,
                common_new,
            )

    def bag(self, old: list[Any], new: list[Any], path: str) -> None:
        old_keys = [_key(x) for x in old]
        new_keys = [_key(x) for x in new]
        unmatched = list(new_keys)
        for item, key in zip(old, old_keys):
            if key in unmatched:
                unmatched.remove(key)
            else:
                self.add(path, "removed", f"removed from {path}: {self.o.short(item)}", old=to_dict(item))
        leftover = list(old_keys)
        for item, key in zip(new, new_keys):
            if key in leftover:
                leftover.remove(key)
            else:
                self.add(path, "added", f"added to {path}: {self.n.short(item)}", new=to_dict(item))
        if sorted(old_keys) == sorted(new_keys):
            self.add(path, "order", f"order of {path} changed", to_dict(old), to_dict(new))

    def hexes(self, old: list[Any], new: list[Any], path: str) -> None:
        gone = [h for h in old if h not in set(new)]
        came = [h for h in new if h not in set(old)]
        if not gone and not came:
            self.add(
                path,
                "order",
                f"order of {path}: {self.o.short(old)} -> {self.n.short(new)}",
                to_dict(old),
                to_dict(new),
            )
            return
        parts = ([f"added {', '.join(self.n.show(h) for h in came)}"] if came else []) + (
            [f"removed {', '.join(self.o.show(h) for h in gone)}"] if gone else []
        )
        self.add(
            path,
            "changed",
            f"changed {path}: {'; '.join(parts)}",
            to_dict(old),
            to_dict(new),
            added=[self.n.show(h) for h in came],
            removed=[self.o.show(h) for h in gone],
        )

    # ------------------------------------------------------------------------------- terrain
    def terrain(self, old: Terrain, new: Terrain, path: str) -> None:
        """Runs of hexes down a column whose kind changed the same way, compared by label."""
        columns = min(old.layout.columns, new.layout.columns)
        rows = min(old.layout.rows, new.layout.rows)
        changed: list[tuple[int, int]] = []  # (col, row)
        for row in range(rows):
            a = old.cells[row * old.layout.columns : row * old.layout.columns + columns]
            b = new.cells[row * new.layout.columns : row * new.layout.columns + columns]
            if a != b:
                changed += [(col, row) for col in range(columns) if a[col] != b[col]]
        changed.sort()
        run: list[tuple[int, int]] = []
        for col, row in changed + [(-1, -1)]:
            if run:
                last_col, last_row = run[-1]
                if (col, row) == (last_col, last_row + 1) and self._kinds(old, new, col, row) == self._kinds(
                    old, new, *run[0]
                ):
                    run.append((col, row))
                    continue
                self._terrain_run(old, new, run, path)
            run = [(col, row)]

    @staticmethod
    def _kinds(old: Terrain, new: Terrain, col: int, row: int) -> tuple[str, str]:
        return (
            TERRAIN_KINDS[old.cells[row * old.layout.columns + col]],
            TERRAIN_KINDS[new.cells[row * new.layout.columns + col]],
        )

    def _terrain_run(self, old: Terrain, new: Terrain, run: list[tuple[int, int]], path: str) -> None:
        first, last = _offset_label(new.layout, *run[0]), _offset_label(new.layout, *run[-1])
        was, now = self._kinds(old, new, *run[0])
        hexes = first if len(run) == 1 else f"{first}–{last}"
        self.add(
            path, "terrain", f"terrain {hexes}: {was} -> {now}", was, now, hexes=[first, last], count=len(run)
        )


def _offset_label(layout: Layout, col: int, row: int) -> str:
    return layout.label(layout.to_axial(col, row))


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _ints(v: object, n: int) -> bool:
    """A tuple of ``n`` integers (not booleans): a hex (2) or a hexside (3) as the model holds them."""
    if not isinstance(v, tuple):
        return False
    items = cast(tuple[object, ...], v)
    return len(items) == n and all(isinstance(x, int) and not isinstance(x, bool) for x in items)


def _is_hex(v: object) -> TypeGuard[Hex]:
    return _ints(v, 2)


def _is_hexside(v: object) -> TypeGuard[Hexside]:
    return _ints(v, 3)


def _is_list(v: object) -> TypeGuard[list[Any]]:
    """A list of the model (its items are whatever the field holds)."""
    return isinstance(v, list)


def _is_sequence(v: object) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    return isinstance(v, (list, tuple))


def _is_mapping(v: object) -> TypeGuard[dict[Any, Any]]:
    """A dict of the model (rules, parameters by name)."""
    return isinstance(v, dict)


def _is_record(v: object) -> TypeGuard[DataclassInstance]:
    """A dataclass of the model (an instance, not the class)."""
    return dataclasses.is_dataclass(v) and not isinstance(v, type)


class _Kinded(Protocol):
    kind: object


def _has_kind(v: object) -> TypeGuard[_Kinded]:
    """A record with a ``kind`` (a map: hex or table)."""
    return _is_record(v) and hasattr(v, "kind")


def _same(a: Any, b: Any) -> bool:
    """Equal as the file would hold them (so 48 and 48.0 are the same number, True and 1 are not)."""
    if type(a) is not type(b) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        return False
    if isinstance(a, (int, float)) and (isinstance(a, bool) or isinstance(b, bool)):
        return a is b
    return a == b


def _ids(items: list[Any]) -> list[str] | None:
    """The items' ids when every item is a record with a unique string ``id``, else None."""
    found: list[object] = [getattr(x, "id", None) if _is_record(x) else None for x in items]
    ids = [i for i in found if isinstance(i, str)]
    if len(ids) != len(found) or len(set(ids)) != len(ids):
        return None
    return ids


def _key(item: Any) -> str:
    return json.dumps(to_dict(item), sort_keys=True)


__all__ = ["Change", "compare"]
