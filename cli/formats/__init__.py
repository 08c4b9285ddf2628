"""Report formats, one small module each: ``render(reports) -> str``.

FORMATS maps the ``--format`` name to its renderer; a new format is a module plus one line here.
"""

from __future__ import annotations

from collections.abc import Callable

from . import github, json_report, junit, sarif, text

FORMATS: dict[str, Callable[[list], str]] = {
    "text": text.render,
    "json": json_report.render,
    "sarif": sarif.render,
    "junit": junit.render,
    "github": github.render,
}

#: Formats that are UTF-8 by definition: written as UTF-8 bytes whatever the locale (dambuster.output).
UTF8_DOCUMENTS = frozenset({"json", "sarif", "junit"})

__all__ = ["FORMATS", "UTF8_DOCUMENTS"]
