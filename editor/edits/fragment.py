"""A copied fragment as JSON (no Qt): what Copy puts on the system clipboard, so another window of the
editor (or a text editor) gets it. The document is an object with ``"dambuster-fragment": 1``, the
anchor hex (a table point when ``"kind"`` is ``"table"``) and the clip's parts; model objects are
written as ``{"$type": class name, field: value}`` and hexes and hexsides as lists, so a paste
rebuilds the same dataclasses. ``copy_objects`` makes a clip of selected point features (no terrain;
table features: ``edits.table_group``)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from dambuster.model import scenario as model

from .clipboard import Clip

MIME = "application/x-dambuster-fragment+json"
KEY = "dambuster-fragment"
#: where a selected object's kind is kept in a clip
LISTS = {
    "Unit": "units",
    "Dam": "map.dams",
    "RiverBridge": "map.river_bridges",
    "Town": "map.towns",
    "Entrenchment": "markers.entrenchments",
    "Revetment": "markers.revetments",
    "Mine": "markers.mines",
    "RoadCut": "markers.road_cuts",
    "StreamBridge": "map.stream_bridges",
}


def _out(v: Any) -> Any:
    if dataclasses.is_dataclass(v):
        return {
            "$type": type(v).__name__,
            **{f.name: _out(getattr(v, f.name)) for f in dataclasses.fields(v)},
        }
    if isinstance(v, tuple):
        return {"$tuple": [_out(x) for x in v]}
    if isinstance(v, list):
        return [_out(x) for x in v]
    return v


def _in(v: Any) -> Any:
    if isinstance(v, dict) and "$tuple" in v:
        return tuple(_in(x) for x in v["$tuple"])
    if isinstance(v, dict) and "$type" in v:
        cls = getattr(model, v["$type"], None)
        if not isinstance(cls, type) or not dataclasses.is_dataclass(cls):  # (a class of the model)
            raise ValueError(f"unknown type {v['$type']!r}")
        return cls(**{k: _in(x) for k, x in v.items() if k != "$type"})
    if isinstance(v, list):
        return [_in(x) for x in v]
    return v


def dumps_clip(clip: Clip) -> str:
    return json.dumps(
        {
            KEY: 1,
            "kind": clip.kind,
            "anchor": list(clip.anchor),
            "terrain": [[q, r, k] for (q, r), k in clip.terrain.items()],
            "hexsides": _out(clip.hexsides),
            "lists": {k: _out(v) for k, v in clip.lists.items()},
            "floodplain": [list(h) for h in clip.floodplain],
        },
        indent=1,
    )


def loads_clip(text: str) -> Clip | None:
    """The clip in ``text``, or None when it is not a fragment of ours (or is damaged)."""
    try:
        d = json.loads(text)
        if not isinstance(d, dict) or d.get(KEY) != 1:
            return None
        kind = d.get("kind", "hex")
        if kind not in ("hex", "table"):
            return None
        return Clip(
            tuple(d["anchor"]),
            {(q, r): k for q, r, k in d["terrain"]},
            _in(d["hexsides"]),
            {k: _in(v) for k, v in d["lists"].items()},
            [tuple(h) for h in d["floodplain"]],
            kind,
        )
    except (ValueError, KeyError, TypeError):
        return None


def copy_objects(objs: list) -> Clip | None:
    """A clip of selected point features (anchored at the first one's hex), None when none can be copied."""
    objs = [o for o in objs if type(o).__name__ in LISTS and _hex(o) is not None]
    anchor = _hex(objs[0]) if objs else None  # (not None: only features with a hex were kept)
    if anchor is None:
        return None
    clip = Clip(anchor)
    for o in objs:
        clip.lists.setdefault(LISTS[type(o).__name__], []).append(dataclasses.replace(o))
    return clip


def _hex(o: Any):
    if isinstance(o, model.StreamBridge):
        return (o.side[0], o.side[1])
    return o.hexes[0] if isinstance(o, model.Town) and o.hexes else getattr(o, "hex", None)


def checked(s, changes: list, left_out: list[str] | None = None) -> tuple[list, int]:
    """The changes of an objects paste with each pasted point feature the format would refuse where it
    lands left out (a dam off its river or on another dam, a second marker in a hex, overlapping towns:
    ``edits.move``'s rules, the sentence why added to ``left_out`` if given); returns (changes, how many
    were left out)."""
    from .clipboard import object_name
    from .move import _name, anchor, moved

    out, dropped = [], 0
    for owner, name, items in changes:
        old = getattr(owner, name, None)
        if not isinstance(old, list) or name == "sides":
            out.append((owner, name, items))
            continue
        keep = []
        for o in items:
            new = not any(o is x for x in old)
            a = anchor(o) if new else None
            why = moved(s, o, a, a)[3] if a is not None else ""
            if why:
                dropped += 1
                if left_out is not None:
                    left_out.append(why.replace(_name(o), object_name(o), 1))
                continue
            keep.append(o)
        if keep != old:
            out.append((owner, name, keep))
    return out, dropped
