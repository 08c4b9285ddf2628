"""Text from a map made safe for a terminal or a CI log: nothing a file holds can start a line or
steer the reader.

:func:`visible` shows every control character (C0, DEL, C1: newlines, ESC...), every bidirectional
control (the right-to-left overrides and isolates, the marks) and the line and paragraph separators as
a visible escape (``\\n``, ``\\x1b``, ``\\u202e``), and a byte of a file name that was not UTF-8
(Python's surrogate escape) as ``\\xff``. So a report line is one line, it is valid UTF-8, and it reads
in the order it is written. A backslash itself is left alone (Windows paths stay readable).

:func:`visible_path` also keeps a path from starting with ``::`` (GitHub's workflow-command prefix).
"""
from __future__ import annotations

import re

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# C0 and DEL, C1, ALM, bidi marks/embeddings/overrides/isolates, line/paragraph separators, lone surrogates
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(m: re.Match) -> str:
    ch = m.group()
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: object) -> str:
    """``str(text)`` with control, bidi and undecodable characters as visible escapes."""
    s = text if isinstance(text, str) else str(text)
    return _UNSAFE.sub(_escape, s)


def visible_path(path: object) -> str:
    """A file name for a report line: visible, and never starting with ``:`` (``./::x`` instead)."""
    s = visible(path)
    return "./" + s if s.startswith(":") else s


__all__ = ["visible", "visible_path"]
