"""Line and column of JSON pointers in a file, so annotations land on the line a finding is about.

A small scanner walks the file's tokens keeping the path to the current value and records where each
wanted value starts. A pointer to a member that does not exist (a missing property) falls back to its
nearest existing parent. Used by the SARIF and GitHub formats for findings that carry no line.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dambuster.model.files import InputError, read_input

if TYPE_CHECKING:
    from dambuster.batch.file_report import FileReport

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\],:]|[^\s{}\[\],:"]+')
MAX_BYTES = 32 * 1024 * 1024


def parse_pointer(ptr: str) -> tuple[str, ...]:
    if not ptr:
        return ()
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in ptr.split("/")[1:])


def _unquote(tok: str) -> str:
    import json

    try:
        return json.loads(tok)
    except ValueError:
        return tok[1:-1]


@dataclass(slots=True)
class _Open:
    """An open container: its kind (``o``/``a``), the current key or index, and what comes next."""

    kind: str
    at: str | int | None
    state: str


def find_offsets(text: str, wanted: set[tuple[str, ...]]) -> dict[tuple[str, ...], int]:
    """Character offset where each wanted path's value starts (only paths that exist)."""
    found: dict[tuple[str, ...], int] = {}
    stack: list[_Open] = []
    for m in _TOKEN.finditer(text):
        tok = m.group()
        top = stack[-1] if stack else None
        if top is not None and top.state != "value":
            state = top.state
            if tok in ("}", "]"):
                stack.pop()
                if stack:
                    stack[-1].state = "comma"
            elif state == "key" and tok[0] == '"':
                top.at, top.state = _unquote(tok), "colon"
            elif state == "colon" and tok == ":":
                top.state = "value"
            elif state == "comma" and tok == ",":
                if top.kind == "a" and isinstance(top.at, int):  # an array is at an index
                    top.at += 1
                    top.state = "value"
                else:
                    top.state = "key"
            continue
        if tok == "]" and top is not None and top.kind == "a":  # an empty array
            stack.pop()
            if stack:
                stack[-1].state = "comma"
            continue
        here = tuple(str(f.at) for f in stack)
        if here in wanted and here not in found:
            found[here] = m.start()
            if len(found) == len(wanted):
                break
        if tok == "{":
            stack.append(_Open("o", None, "key"))
        elif tok == "[":
            stack.append(_Open("a", 0, "value"))
        elif top is not None:
            top.state = "comma"
    return found


def locate(path: str, pointers: list[str]) -> dict[str, tuple[int, int]]:
    """(line, column), both from 1, for each pointer, or of its nearest existing parent; {} if unreadable."""
    try:
        text = read_input(path, MAX_BYTES).decode("utf-8")
    except (InputError, UnicodeDecodeError):
        return {}
    wanted = {parse_pointer(ptr) for ptr in pointers}
    wanted |= {w[:i] for w in wanted for i in range(len(w))}
    try:
        offsets = find_offsets(text, wanted)
    except (IndexError, AttributeError, TypeError):  # a file the strict loader refused: no lines
        return {}
    newlines = [m.start() for m in re.finditer("\n", text)]
    out: dict[str, tuple[int, int]] = {}
    for ptr in pointers:
        parts = parse_pointer(ptr)
        for i in range(len(parts), -1, -1):
            off = offsets.get(parts[:i])
            if off is not None:
                line = bisect_right(newlines, off - 1)
                start = newlines[line - 1] + 1 if line else 0
                out[ptr] = (line + 1, off - start + 1)
                break
    return out


def positions(report: FileReport) -> list[tuple[int, int | None] | None]:
    """(line, column) for each violation of a report: its own, else where its pointer is in the file."""
    own: list[tuple[int, int | None] | None] = []
    for v in report.violations:
        loc = v.location or {}
        line = loc.get("line")
        own.append((line, loc.get("column")) if isinstance(line, int) and line >= 1 else None)
    pointers: list[object] = [(v.location or {}).get("pointer") for v in report.violations]
    missing = [p for p, o in zip(pointers, own) if o is None and isinstance(p, str)]
    found = locate(report.source or report.path, missing) if missing else {}
    return [o if o is not None or not isinstance(p, str) else found.get(p) for p, o in zip(pointers, own)]
