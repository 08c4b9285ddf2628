"""The migration chain: pure dict -> dict steps that bring an older file to the current version.

Each step is registered under the MAJOR.MINOR it reads and returns a document of the version it
names. ``upgrade`` runs them in order before schema validation. A major version newer than ours,
or one no step reads, is refused with a clear message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

from .errors import ScenarioError

CURRENT = "1.3"

#: A document as parsed, before the schema has seen it: any JSON under its keys.
Document = dict[str, Any]
Step = Callable[[Document], Document]

#: from-version -> (to-version, step)
STEPS: dict[str, tuple[str, Step]] = {}

_VERSION = re.compile(r"^(\d{1,3})\.(\d{1,3})$")


def register(from_version: str, to_version: str) -> Callable[[Step], Step]:
    def deco(fn: Step) -> Step:
        STEPS[from_version] = (to_version, fn)
        return fn

    return deco


def parse_version(v: object) -> tuple[int, int]:
    if not isinstance(v, str):
        raise ScenarioError.at("SCHEMA", "/format_version", 'format_version must be a string such as "1.0"')
    m = _VERSION.match(v)
    if not m:
        raise ScenarioError.at("SCHEMA", "/format_version", f"format_version {v[:20]!r} is not MAJOR.MINOR")
    return int(m.group(1)), int(m.group(2))


def upgrade(doc: Document) -> Document:
    if "format_version" not in doc:
        raise ScenarioError.at(
            "SCHEMA",
            "",
            f'missing format_version: a dambuster scenario has "format_version": "{CURRENT}" at its top level; is this a scenario file?',
        )
    cur_major, cur_minor = parse_version(CURRENT)
    seen: set[str] = set()
    while True:
        version: object = doc.get("format_version")
        major, minor = parse_version(version)
        if (major, minor) == (cur_major, cur_minor):
            return doc
        if major > cur_major or (major == cur_major and minor > cur_minor):
            raise ScenarioError.at(
                "SCHEMA",
                "/format_version",
                f"format version {version} is newer than this dambuster reads ({CURRENT}); upgrade dambuster",
            )
        if not isinstance(version, str) or version not in STEPS or version in seen:
            raise ScenarioError.at(
                "SCHEMA",
                "/format_version",
                f"format version {version} is not supported (no migration to {CURRENT})",
            )
        seen.add(version)
        to_version, step = STEPS[version]
        doc = step(dict(doc))
        doc["format_version"] = to_version


def _object(value: object) -> dict[str, Any] | None:
    """A JSON object (its keys are text), or None for any other value."""
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


@register("1.0", "1.1")
def _add_schema_reference(doc: Document) -> Document:
    """1.1 allows a top-level ``"$schema"`` (for editors' completion); a 1.0 file means the same in 1.1."""
    return doc


#: Settings of the DBM checks that 1.2 replaces by the table's ground scale (model/ground_scale.py).
_OLD_DBM_SETTINGS = {"DBM": ("paces_per_inch", "scale"), "DBM-ISLAND": ("element_width",)}


@register("1.1", "1.2")
def _ground_scale_on_the_table(doc: Document) -> Document:
    """1.2 gives a table its figures and DBM's 5/8 reduction. A 1.1 table was judged with
    parameters.rules.DBM.paces_per_inch (default 100, documented as "DBM's 15mm ground scale") and
    scale (0.625 for the text's 5/8 reduction, which the text gives only for 25mm figures): it means
    15mm figures, or 25mm figures when its DBM scale was 0.625 (reduced too when the table is in mm or
    inches). Those two settings and DBM-ISLAND.element_width, which 1.2 derives from the figures, are
    dropped (an empty group with them)."""
    parameters: Any = doc.get("parameters") or {}
    rules: dict[str, Any] = dict(parameters.get("rules") or {})
    dbm: Any = rules.get("DBM") or {}
    scale = dbm.get("scale")
    m = _object(doc.get("map"))
    if m is not None and m.get("kind") == "table" and scale == 0.625:
        doc["map"] = {**m, "figures": "25mm", "reduced": m.get("unit") in ("mm", "inches")}
    changed = False
    for code, names in _OLD_DBM_SETTINGS.items():
        group = _object(rules.get(code))
        if group is not None and any(n in group for n in names):
            kept = {k: v for k, v in group.items() if k not in names}
            if kept:
                rules[code] = kept
            else:
                del rules[code]
            changed = True
    if changed:
        doc["parameters"] = {**doc["parameters"], "rules": rules}
    return doc


@register("1.2", "1.3")
def _buildings_take_damage(doc: Document) -> Document:
    """1.3 lets a building on a dam record the SP it has lost (``damage``, 0 when absent), so that a
    breached dam's buildings can be marked destroyed (Ogre Dambusters 11.05); a 1.2 file means the same."""
    return doc
