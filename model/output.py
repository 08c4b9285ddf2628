"""How the commands write: documents as UTF-8 bytes, report and error lines that stay lines.

- :func:`write_document` writes a JSON, SARIF or XML document as UTF-8 bytes on standard output, whatever
  the locale says (those formats are UTF-8 by definition; ``PYTHONIOENCODING=ascii`` or ``LANG=C`` must
  not turn a report into an encoding error and exit 2).
  :func:`write_json` also escapes what a terminal or the CI runner would act on (values unchanged).
- :func:`tolerate_narrow_stdout` makes text written to standard output (the text and github formats,
  the simulation's event lines) show what the encoding cannot carry as ``\\xe9`` instead of failing.
- :func:`print_line` prints one line of text for people (the text format, the simulation's event
  lines, summaries) and :func:`error_line` one line on standard error, each through
  :func:`dambuster.model.escape.text_line`: everything made visible, and the line never starts with ``::``
  after blanks, so a path or a map's text cannot add a line or a CI command. Every command prints
  its lines through these two.
- :func:`drawn_scenario` is the scenario a drawing shows (render's PNG, SVG and PDF, diff's images):
  every string of it through :func:`dambuster.model.escape.text_line`, so the text a PDF or SVG carries
  (which ``pdftotext`` or a log may print) is as safe as a printed line.
- :func:`xml_bytes` passes an XML document (an SVG's bytes) through :func:`dambuster.model.escape.xml_document`:
  what XML 1.0 forbids never reaches the file. :func:`dambuster.model.escape.markdown_cell` is the writer
  for Markdown table cells (the Action's job summary).
- :func:`json_text` is ``json.dumps`` for documents read by people and CI logs as well as programs.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, TextIO, cast

from .escape import json_escapes, text_line, xml_document

if TYPE_CHECKING:
    from .scenario import Scenario


def tolerate_narrow_stdout() -> None:
    """Characters the stdout encoding cannot carry are written as backslash escapes, never an error."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError):  # a closed or detached stream: nothing will be written anyway
            pass


def write_document(text: str) -> None:
    """``text`` as UTF-8 bytes on standard output (a stream without bytes underneath gets the text)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    sys.stdout.flush()  # anything already written as text goes first
    buffer.write(text.encode("utf-8", "backslashreplace"))
    buffer.flush()


def write_json(text: str) -> None:
    """A JSON document (such as a scenario) on standard output, with the characters a terminal or a CI
    runner would act on written as JSON escapes: the parsed values are unchanged."""
    write_document(json_escapes(text))


def json_text(obj: object, indent: int | None = 2) -> str:
    """JSON with non-ASCII text as UTF-8, and the characters a terminal or a CI runner would act on
    written as escapes (the parsed values are unchanged; see :func:`dambuster.model.escape.json_escapes`)."""
    return json_escapes(json.dumps(obj, indent=indent, ensure_ascii=False)) + "\n"


def print_line(text: object = "", file: TextIO | None = None) -> None:
    """One line on standard output (or ``file``): made visible, never starting with ``::`` after blanks."""
    print(text_line(text), file=file)


def error_line(text: str) -> None:
    """One line on standard error, with control, bidi and undecodable characters made visible. Standard
    error closed or full loses the line, never the run: the report and the exit status still come."""
    if sys.stderr is None:  # started with fd 2 closed: print(file=None) would write into the report
        return
    try:
        print_line(text, file=sys.stderr)
    except (OSError, ValueError):
        pass


def xml_bytes(data: bytes) -> bytes:
    """An XML document's UTF-8 bytes with what XML 1.0 forbids or a reader acts on made visible."""
    return xml_document(data.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")


def _text_lines(value: object) -> object:
    """``value`` with every string (not keys) through text_line; the same object when nothing changes."""
    if isinstance(value, str):
        return text_line(value)
    if isinstance(value, list):
        values = cast(list[object], value)
        items = [_text_lines(v) for v in values]
        return values if all(a is b for a, b in zip(items, values)) else items
    if isinstance(value, dict):
        pairs = cast(dict[object, object], value)
        mapped = {k: _text_lines(v) for k, v in pairs.items()}
        return pairs if all(mapped[k] is v for k, v in pairs.items()) else mapped
    return value


def drawn_scenario(scenario: Scenario) -> Scenario:
    """The scenario as a drawing shows it: every text of it made visible, none starting with ``::``.
    Ids and enumerations are plain by the schema's patterns, so only a stranger's text changes."""
    from .io import document_to_scenario, to_document

    document = to_document(scenario)
    shown = _text_lines(document)
    return scenario if shown is document else document_to_scenario(shown)


__all__ = [
    "drawn_scenario",
    "error_line",
    "json_text",
    "print_line",
    "tolerate_narrow_stdout",
    "write_document",
    "write_json",
    "xml_bytes",
]
