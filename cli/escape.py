"""Text from a map made safe for a terminal or a CI log: nothing a file holds can start a line, steer
the reader or speak to the CI runner.

:func:`visible` shows every control character (C0, DEL, C1: newlines, ESC...), every bidirectional
control (the right-to-left overrides and isolates, the marks) and the line and paragraph separators as
a visible escape (``\\n``, ``\\x1b``, ``\\u202e``), and a byte of a file name that was not UTF-8
(Python's surrogate escape) as ``\\xff``. So a report line is one line, it is valid UTF-8, and it reads
in the order it is written. A backslash itself is left alone (Windows paths stay readable).
It also breaks up ``##[``, the GitHub runner's legacy command prefix, which it obeys *anywhere* in a
line (``##[add-mask]``, ``##[stop-commands]``), as ``#\\x23[``. The result is stable: ``visible``
of a visible text is the same text.

:func:`visible_path` also keeps a path from starting with ``:``, even after leading blanks (the runner
strips them before it looks for ``::``, its workflow-command prefix).

:func:`json_escapes` does the same for JSON text, which must stay exact data: the same characters are
written as JSON ``\\uXXXX`` escapes, so the parsed strings are unchanged. Only lone surrogates, which
no portable JSON parser accepts, become the visible ``\\xff`` text.
"""

from __future__ import annotations

import re
import unicodedata

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# C0 and DEL, C1, ALM, bidi marks/embeddings/overrides/isolates, line/paragraph separators, lone surrogates
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]|##\\[")
# The same in JSON text, where json.dumps has already escaped C0, quotes and backslashes
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]|##\\[")
LEGACY_COMMAND = "##["  # GitHub's runner: `##[name]data` anywhere in a line is a command


def _escape(m: re.Match) -> str:
    ch = m.group()
    if ch == LEGACY_COMMAND:
        return "#\\x23["
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: object) -> str:
    """``str(text)`` with control, bidi and undecodable characters as visible escapes, ``##[`` broken."""
    s = text if isinstance(text, str) else str(text)
    return _UNSAFE.sub(_escape, s)


def _blank(ch: str) -> bool:
    """Whitespace or an invisible format character: what a reader (or the runner's TrimStart) skips."""
    return ch.isspace() or unicodedata.category(ch) in ("Cf", "Zs")


def visible_path(path: object) -> str:
    """A file name for a report line: visible, and never starting with ``:`` (``./::x`` instead)."""
    s = visible(path)
    first = next((ch for ch in s if not _blank(ch)), "")
    return "./" + s if first == ":" else s


def _json_escape(m: re.Match) -> str:
    ch = m.group()
    if ch == LEGACY_COMMAND:
        return "##\\u005b"
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:  # visible text, backslash escaped for JSON
        return "\\" + _escape(m)
    return f"\\u{code:04x}"


def json_escapes(json_text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with C1, DEL, bidi controls, line
    separators and ``##[`` written as ``\\uXXXX`` escapes (the parsed values are unchanged) and lone
    surrogates as the visible text ``\\xff``. Such characters only occur inside strings, where an escape
    is always allowed, so the text stays the same JSON."""
    return _JSON_UNSAFE.sub(_json_escape, json_text)


__all__ = ["LEGACY_COMMAND", "json_escapes", "visible", "visible_path"]
