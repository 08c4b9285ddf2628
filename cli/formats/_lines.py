"""Line and column of JSON pointers in a file, so annotations land on the line a finding is about.

A small scanner walks the file's tokens keeping the path to the current value and records where each
wanted value starts. A pointer to a member that does not exist (a missing property) falls back to its
nearest existing parent. Used by the SARIF and GitHub formats for findings that carry no line.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ..model.files import InputError, read_input

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


def find_offsets(text: str, wanted: set[tuple[str, ...]]) -> dict[tuple[str, ...], int]:
    """Character offset where each wanted path's value starts (only paths that exist)."""
    found: dict[tuple[str, ...], int] = {}
    stack: list[list] = []  # open containers: [kind "o"/"a", current key or index, state]
    for m in _TOKEN.finditer(text):
        tok = m.group()
        top = stack[-1] if stack else None
        if top is not None and top[2] != "value":
            state = top[2]
            if tok in ("}", "]"):
                stack.pop()
                if stack:
                    stack[-1][2] = "comma"
            elif state == "key" and tok[0] == '"':
                top[1], top[2] = _unquote(tok), "colon"
            elif state == "colon" and tok == ":":
                top[2] = "value"
            elif state == "comma" and tok == ",":
                if top[0] == "a":
                    top[1] += 1
                    top[2] = "value"
                else:
                    top[2] = "key"
            continue
        if tok == "]" and top is not None and top[0] == "a":  # an empty array
            stack.pop()
            if stack:
                stack[-1][2] = "comma"
            continue
        here = tuple(str(f[1]) for f in stack)
        if here in wanted and here not in found:
            found[here] = m.start()
            if len(found) == len(wanted):
                break
        if tok == "{":
            stack.append(["o", None, "key"])
        elif tok == "[":
            stack.append(["a", 0, "value"])
        elif top is not None:
            top[2] = "comma"
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
    out = {}
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


def positions(report) -> list[tuple[int, int | None] | None]:
    """(line, column) for each violation of a report: its own, else where its pointer is in the file."""
    own = []
    for v in report.violations:
        loc = v.location or {}
        line = loc.get("line")
        own.append((line, loc.get("column")) if isinstance(line, int) and line >= 1 else None)
    missing = [
        v.location.get("pointer")
        for v, o in zip(report.violations, own)
        if o is None and isinstance((v.location or {}).get("pointer"), str)
    ]
    found = locate(getattr(report, "source", None) or report.path, missing) if missing else {}
    return [
        o if o is not None else found.get((v.location or {}).get("pointer"))
        for v, o in zip(report.violations, own)
    ]
