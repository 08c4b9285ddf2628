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

:func:`text_line` is :func:`visible` for a whole line, which also keeps the line from starting with
``::`` after blanks (the first colon is shown as ``\\x3a``): a name printed after an indent cannot
become a workflow command. Every line a command prints goes through it (``dambuster.model.output``).

:func:`xml_document` makes a whole XML document (an SVG drawn by Qt) safe: characters XML 1.0 forbids
(C0 but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF), raw or as character references, become
visible text, as do C1, bidi controls and line separators; ``##[`` is broken as in :func:`visible`
and a line that would start with ``::`` gets its first colon as the reference ``&#x3a;`` (the same
text once parsed). With ``exact`` (data such as TMX), C1, bidi controls, separators and the ``[`` of
``##[`` are character references instead: inert in the file, the same text once parsed.

:func:`markdown_cell` is :func:`visible` for a cell of a Markdown table (GitHub's job summary):
backticks, pipes and the characters HTML acts on (``<``, ``>``, ``&``) are written as character
references, so a cell stays one cell, shows as text and opens no code span or tag; so are ``[ ] !``
(no link or image: a name such as ``![x](https://...)`` would load a picture) and ``* _ ~`` (no emphasis).
What GitHub would turn into a link (``www.x.com``, ``https://x``, ``a@b.co``), a mention (``@user``) or
an issue reference (``#12``) is parted by an empty ``<wbr>`` tag (``@<wbr>user``): no character, so the
name reads and copies as it is written.
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


def _escape(m: re.Match[str]) -> str:
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


def _line_start_colon(text: str) -> int:
    """The index of a ``::`` that starts ``text`` after blanks (what the runner's TrimStart skips), or -1."""
    i = 0
    while i < len(text) and _blank(text[i]):
        i += 1
    return i if text.startswith("::", i) else -1


def text_line(text: object) -> str:
    """:func:`visible`, and never a line that starts with ``::`` after blanks (its first ``:`` as ``\\x3a``)."""
    s = visible(text)
    i = _line_start_colon(s)
    return s if i < 0 else s[:i] + "\\x3a" + s[i + 1 :]


# Characters XML 1.0 forbids (raw), tab and CR (a CI runner splits lines at a CR; neither Qt's SVG
# markup nor ElementTree's holds one), C1, bidi controls and separators, ``##[``, numeric references
_XML_UNSAFE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
    "\ud800-\udfff\ufffe\uffff]|##\\[|&#(x[0-9a-fA-F]{1,8}|[0-9]{1,10});"
)


def _xml_allowed(code: int) -> bool:
    """Whether XML 1.0 allows the character and it is not one a reader acts on (C1, bidi, separators)."""
    if code in (0x9, 0xA, 0xD) or 0x20 <= code < 0x7F or 0xA0 <= code <= 0xD7FF:
        return _UNSAFE.match(chr(code)) is None
    return 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF


def _xml_forbids(code: int) -> bool:
    return not (
        code in (0x9, 0xA, 0xD) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or code > 0xFFFF
    )


def _xml_escape(m: re.Match[str], exact: bool = False) -> str:
    ref = m.group(1)
    if ref is None:
        if exact and m.group() == LEGACY_COMMAND:
            return "##&#x5b;"
        if exact and not _xml_forbids(ord(m.group())):
            return f"&#x{ord(m.group()):x};"
        return _escape(m)
    code = int(ref[1:], 16) if ref[0] == "x" else int(ref)
    if _xml_allowed(code) or (exact and not _xml_forbids(code)):
        return m.group()
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def xml_document(text: str, exact: bool = False) -> str:
    """An XML document with what XML 1.0 forbids, or a reader acts on, made visible (see the module).
    ``exact`` (a data file such as TMX): what XML allows is written as a character reference instead,
    so the parsed text is unchanged; only what XML cannot carry at all is made visible."""
    s = _XML_UNSAFE.sub(lambda m: _xml_escape(m, exact), text)
    if "::" not in s:
        return s
    lines = s.split("\n")
    for n, line in enumerate(lines):
        i = _line_start_colon(line)
        if i >= 0:
            lines[n] = line[:i] + "&#x3a;" + line[i + 1 :]
    return "\n".join(lines)


_MARKDOWN = {"`": "&#96;", "|": "&#124;", "<": "&lt;", ">": "&gt;", "&": "&amp;", "\\": "&#92;"}
# links and images (a map named ![x](https://...) would load a picture in the summary), emphasis
_MARKDOWN.update({c: f"&#{ord(c)};" for c in "[]!*_~"})
# GitHub links what looks like an address (www.x, https://x, a@b.x) and names people (@user) and
# issues (#12): an empty <wbr> tag (allowed in a summary) parts the text, so none starts and copying
# the name gives it back unchanged
_MARKDOWN_LINK = {"@": "@<wbr>", "#": "#<wbr>", "://": "<wbr>://"}
_MARKDOWN_UNSAFE = re.compile("[`|<>&\\\\\\[\\]!*_~@]|#(?=[0-9])|://|(?<=[wW]{3})\\.")


def _markdown_escape(m: re.Match[str]) -> str:
    found = m.group()
    return _MARKDOWN.get(found) or _MARKDOWN_LINK.get(found) or "<wbr>."


def markdown_cell(text: object) -> str:
    """Text for a cell of a Markdown table (a job summary): one line, shown as it is written, no code
    span, tag, link, entity or column break started by it: the Action's job summary
    (action/review.py) and every Markdown table dambuster writes use it."""
    s = _MARKDOWN_UNSAFE.sub(_markdown_escape, visible(text))
    return text_line(s)


def _json_escape(m: re.Match[str]) -> str:
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


__all__ = [
    "LEGACY_COMMAND",
    "json_escapes",
    "markdown_cell",
    "text_line",
    "visible",
    "visible_path",
    "xml_document",
]
