"""Strict loading and safe saving of scenario files.

Loading runs in stages, each refusing with one ScenarioError (JSON pointer + plain sentence):
a regular file of at most the size cap (model.files) -> strict UTF-8 -> at most MAX_VALUES values and
MAX_DEPTH levels (model.json_prescan, before anything is built) -> strict JSON (no NaN/Infinity, no
duplicate keys, bounded numbers) -> version and migrations -> size of every array -> JSON Schema ->
model -> semantic checks. Saving writes canonical bytes atomically (model.atomic_write).
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from dambuster.model.escape import json_escapes

from . import json_prescan, migrations
from .atomic_write import Original, write_atomic
from .codec import from_dict, to_dict
from .errors import Problem, ScenarioError, pointer
from .files import STDIN, InputError, check_regular, read_input
from .json_prescan import MAX_DEPTH, MAX_INT_DIGITS, MAX_VALUES
from .scenario import Scenario

MAX_FILE_BYTES = 32 * 1024 * 1024
GENERATOR = "dambuster"

# a \uD800-\uDFFF escape: JSON may spell half a surrogate pair, which no UTF-8 file (ours included) can hold
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


# ------------------------------------------------------------------------------ strict parse
class _Bad:
    """Stands in for a value the strict parser refuses; found again with its path later."""

    __slots__ = ("why",)

    def __init__(self, why: str):
        self.why = why


class _DupDict(dict[str, Any]):
    """A JSON object; ``duplicate`` is set (to the first key seen twice) only where a key repeats."""

    __slots__ = ("duplicate",)
    duplicate: str


class _Strict:
    """json.loads hooks that mark refused values instead of raising, so their path can be found."""

    def __init__(self) -> None:
        self.suspect = False

    def pairs(self, pairs: list[tuple[str, Any]]) -> _DupDict:
        d = _DupDict(pairs)
        if len(d) != len(pairs):
            seen: set[str] = set()
            d.duplicate = next(k for k, _ in pairs if k in seen or seen.add(k))
            self.suspect = True
        return d

    def parse_int(self, text: str) -> int | _Bad:
        digits = len(text.lstrip("-"))
        if digits > MAX_INT_DIGITS:
            self.suspect = True
            return _Bad(f"an integer of {digits} digits is too large (at most {MAX_INT_DIGITS} digits)")
        return int(text)

    def parse_float(self, text: str) -> float | _Bad:
        value = float(text)
        if math.isinf(value):
            self.suspect = True
            return _Bad(f"the number {text[:40]} is out of range")
        return value

    def parse_constant(self, name: str) -> _Bad:
        self.suspect = True
        return _Bad(f"{name} is not a valid JSON number")


_PLAIN = frozenset({int, float, bool, type(None)})  # never refused once parsed


def _has_surrogate(text: str) -> bool:
    """Whether the text holds a lone surrogate: the one thing UTF-8 cannot encode."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _refused_here(value: Any, surrogates: bool) -> str | None:
    """Why this one value (not its contents) is refused, or None."""
    if isinstance(value, _Bad):
        return value.why
    if isinstance(value, str):
        if surrogates and _has_surrogate(value):
            return "the text holds an unpaired surrogate escape (\\ud800-\\udfff), which is not a character"
    elif isinstance(value, _DupDict):  # every object of the tree (json.loads' object_pairs_hook)
        if hasattr(value, "duplicate"):
            return f"duplicate key {value.duplicate!r}"
        if surrogates and any(_has_surrogate(k) for k in value):
            return "a key holds an unpaired surrogate escape (\\ud800-\\udfff), which is not a character"
    return None


def _find_refused(node: Any, surrogates: bool) -> None:
    """Walks the tree in file order to the first refused value, duplicate key or (when ``surrogates``)
    unpaired surrogate, and raises with its path. The path is the stack of open containers' keys, not a
    tuple built for every value: 4 million values are walked in about a second."""
    plain = _PLAIN if surrogates else _PLAIN | {str}
    keys: list[str | int | None] = []  # the key of each open container (the first is the root's, None)
    # each open container's (key, value) pairs still to walk
    todo: list[Iterator[tuple[str | int | None, Any]]] = [iter(((None, node),))]
    while todo:
        for key, value in todo[-1]:
            if type(value) in plain:
                continue
            why = _refused_here(value, surrogates)
            if why is not None:
                path = [k for k in (*keys[1:], *((key,) if keys else ())) if k is not None]  # None: the root
                raise ScenarioError.at("JSON", pointer(path), why)
            if isinstance(value, _DupDict):
                keys.append(key)
                todo.append(iter(value.items()))
                break
            if isinstance(value, list):
                keys.append(key)
                todo.append(iter(enumerate(cast("list[Any]", value))))
                break
        else:
            todo.pop()
            if keys:
                keys.pop()


def parse_bytes(data: bytes) -> Any:
    """Strict JSON: UTF-8 without BOM, bounded size and depth, no NaN/Infinity, no duplicate keys."""
    if not data.strip():
        raise ScenarioError.at("JSON", "", "the file is empty")
    if data.startswith(b"\xef\xbb\xbf"):
        raise ScenarioError.at(
            "JSON", "", "the file starts with a byte-order mark; save it as UTF-8 without BOM"
        )
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise ScenarioError.at("JSON", "", "the file is UTF-16; save it as UTF-8")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - data.rfind(b"\n", 0, e.start)
        raise ScenarioError.at(
            "JSON",
            "",
            f"not UTF-8 text: byte 0x{data[e.start]:02x} at offset {e.start} is not UTF-8; save the file as UTF-8",
            line,
            column,
        ) from None
    measure = json_prescan.check(data)
    hooks = _Strict()
    # a Python call per number costs more than the rest of the parse: only where a number may be refused
    try:
        if measure.plain_numbers:
            tree = json.loads(text, object_pairs_hook=hooks.pairs, parse_constant=hooks.parse_constant)
        else:
            tree = json.loads(
                text,
                object_pairs_hook=hooks.pairs,
                parse_constant=hooks.parse_constant,
                parse_int=hooks.parse_int,
                parse_float=hooks.parse_float,
            )
    except json.JSONDecodeError as e:
        raise ScenarioError.at("JSON", "", _json_error_message(e), e.lineno, e.colno) from None
    except (RecursionError, ValueError) as e:  # belt and braces: limits of the json module
        raise ScenarioError.at("JSON", "", f"not valid JSON: {str(e)[:80]}") from None
    surrogates = _SURROGATE_ESCAPE.search(data) is not None
    if hooks.suspect or surrogates:
        _find_refused(tree, surrogates)
    return tree


def _json_error_message(e: json.JSONDecodeError) -> str:
    """The json module's message as a sentence; says so when the text ends early (a cut-short file)."""
    msg = e.msg[:1].lower() + e.msg[1:]
    if msg.startswith("unterminated string"):
        return f"not valid JSON: the file ends inside a string that starts at line {e.lineno} column {e.colno}; is it cut short?"
    if not e.doc[e.pos :].strip():
        return f"not valid JSON: the file ends early ({msg}); is it cut short?"
    return f"not valid JSON: {msg}"


def read_document(path: str | os.PathLike[str]) -> Any:
    """Reads a file into a strict JSON tree (any JSON value; a scenario's is an object): a regular file only (nothing else is opened), at most
    MAX_FILE_BYTES bytes read."""
    return parse_bytes(read_scenario_bytes(path))


def read_scenario_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a scenario file (``-``: standard input): a regular file only, at most MAX_FILE_BYTES."""
    try:
        size = 0 if os.fspath(path) == STDIN else check_regular(path).st_size
        if size > MAX_FILE_BYTES:  # says how big; the read below is bounded by the bytes it gets anyway
            raise ScenarioError.at(
                "JSON",
                "",
                f"the file is {size / 1e6:.0f} MB, more than the {MAX_FILE_BYTES // 2**20} MB limit",
            )
        return read_input(path, MAX_FILE_BYTES)
    except InputError as e:
        raise ScenarioError.at("JSON", "", str(e)) from None


# --------------------------------------------------------------------------------- load
def document_to_scenario(tree: Any) -> Scenario:
    from . import schema_check, semantic

    if not isinstance(tree, dict):
        raise ScenarioError.at("SCHEMA", "", f"the top level must be an object, not {_kind(tree)}")
    tree = migrations.upgrade(cast("migrations.Document", tree))  # a JSON object: its keys are text
    schema_check.validate(tree)
    semantic.check_document(tree)
    scenario = from_dict(tree)
    semantic.check(scenario)
    return scenario


def loads(data: bytes | str) -> Scenario:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return document_to_scenario(parse_bytes(data))


def load(path: str | os.PathLike[str]) -> Scenario:
    return document_to_scenario(read_document(path))


def load_for_update(path: str | os.PathLike[str]) -> tuple[Scenario, Original | None]:
    """The scenario and the :class:`Original` to pass to the saver when the command may write over
    ``path`` (None for standard input): a save made meanwhile by someone else is then never lost."""
    data = read_scenario_bytes(path)
    original = None if os.fspath(path) == STDIN else Original.of(path, data)
    return document_to_scenario(parse_bytes(data)), original


_KINDS: dict[type[object], str] = {
    dict: "an object",
    list: "an array",
    str: "a string",
    bool: "a boolean",
    type(None): "null",
}


def _kind(v: object) -> str:
    return _KINDS.get(type(v), "a number")


# --------------------------------------------------------------------------------- save
def to_document(scenario: Scenario) -> dict[str, Any]:
    from dambuster import __version__
    from dambuster.schema import schema_id

    doc = {
        "$schema": schema_id(),
        "format_version": migrations.CURRENT,
        "generator": f"{GENERATOR} {__version__}",
    }
    doc.update(to_dict(scenario))
    return doc


def _is_flat(v: object) -> bool:
    """Is this a list holding no list or object?"""
    return isinstance(v, list) and all(not isinstance(x, (list, dict)) for x in cast("list[object]", v))


def _write(v: Any, indent: int, out: list[str]) -> None:
    pad = "  " * indent
    if isinstance(v, dict):
        v = cast("dict[str, Any]", v)  # to_dict's JSON: an object's keys are text
        if not v:
            out.append("{}")
            return
        out.append("{\n")
        items = list(v.items())
        for i, (k, val) in enumerate(items):
            out.append(f"{pad}  {json.dumps(k, ensure_ascii=False)}: ")
            _write(val, indent + 1, out)
            out.append(",\n" if i < len(items) - 1 else "\n")
        out.append(pad + "}")
    elif isinstance(v, list):
        v = cast("list[Any]", v)
        if not v:
            out.append("[]")
        elif _is_flat(v) and (len(v) <= 8 or all(isinstance(x, (int, float)) for x in v)):
            out.append(json.dumps(v, ensure_ascii=False, separators=(", ", ": ")))
        elif all(_is_flat(x) for x in v):
            # lists of pairs/points: several per line keeps files short and diffs readable
            parts = [json.dumps(x, separators=(", ", ": ")) for x in v]
            lines: list[str] = []
            line = ""
            for p in parts:
                if line and len(line) + len(p) > 96:
                    lines.append(line)
                    line = ""
                line = f"{line}, {p}" if line else p
            lines.append(line)
            out.append("[\n" + ",\n".join(f"{pad}  {ln}" for ln in lines) + f"\n{pad}]")
        else:
            out.append("[\n")
            for i, item in enumerate(v):
                out.append(pad + "  ")
                _write(item, indent + 1, out)
                out.append(",\n" if i < len(v) - 1 else "\n")
            out.append(pad + "]")
    else:
        out.append(json.dumps(v, ensure_ascii=False, allow_nan=False))


def dumps(scenario: Scenario) -> str:
    """Canonical text: the same scenario always gives the same bytes. The characters a terminal or a CI
    runner would act on (C1, bidi controls, separators, ``##[``) are JSON escapes (dambuster.model.escape):
    a map shown with ``cat`` or in a log is inert, and every string parses the same."""
    out: list[str] = []
    _write(to_document(scenario), 0, out)
    out.append("\n")
    return json_escapes("".join(out))


def save(scenario: Scenario, path: str | os.PathLike[str], expected: Original | None = None) -> Original:
    """Atomic save: temp file in the same folder, flush, fsync, replace; the old file survives any failure.
    ``expected`` (from :func:`load_for_update`): refused with ChangedSinceRead if someone else saved the
    file since it was read, so their save is kept. Returns the :class:`Original` of the file written,
    the ``expected`` of the next save over it."""
    target = Path(path)
    data = dumps(scenario).encode("utf-8")
    write_atomic(target, data, expected)
    return Original.of(target, data)


__all__ = [
    "MAX_DEPTH",
    "MAX_VALUES",
    "Problem",
    "ScenarioError",
    "dumps",
    "load",
    "load_for_update",
    "loads",
    "parse_bytes",
    "read_document",
    "save",
    "write_atomic",
]
