"""Words and names the window shows, Qt-free: ``plural`` ("1 warning", "2 warnings") and
``suggested_name``, the file name Save As offers for an unsaved scenario: its title made safe for
every file system (lower-case letters, digits and hyphens, at most 60), in the folder of the Tiled map
it was imported from or of the file opened last, "untitled.json" for a scenario with no usable title; ``zoom_text``, the status bar's zoom (on a
table, where a scene unit is a millimetre, an inch or a pace, 100 % is the whole table in view, as
after Zoom to Fit: "1489%" of a pixel per millimetre said nothing)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (for its type only: this module stays Qt-free)
    from dambuster.editor.document import Document

MAX_STEM = 60


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def file_stem(title: str) -> str:
    """A title as a file name's stem: "Dambusters: the Aller valley" -> "dambusters-the-aller-valley"."""
    ascii_title = unicodedata.normalize("NFKD", title or "").encode("ascii", "ignore").decode()
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")[:MAX_STEM].strip("-")
    return stem or "untitled"


def suggested_name(doc: Document, recent: list[str]) -> str:
    """The path Save As starts from for the unsaved document ``doc``: its title as a file name, in the
    folder of the foreign map it was imported from (``doc.imported_from``), else of the file opened last."""
    name = f"{file_stem(doc.scenario.meta.title)}.json"
    came = [str(doc.imported_from)] if doc.imported_from else []
    folder = Path((came + recent)[0]).parent if came + recent else None
    return str(folder / name) if folder is not None and folder.is_dir() else name


def zoom_text(zoom: float, fit_zoom: float | None) -> str:
    """The zoom as the status bar shows it: of a hex map's own size, or (``fit_zoom`` given, on
    tables) of the zoom that shows the whole table."""
    if fit_zoom:
        return f"zoom {zoom / fit_zoom * 100:.0f}% of the table"
    return f"zoom {zoom * 100:.0f}%"


def preset_name(key: str) -> str:
    """A preset's key as a list shows it: paper sizes "a4" -> "A4", "letter" -> "Letter"; hex sizes
    "hexon" -> "Hexon" ("3/4in" as it is). The parsers read either (they ignore case)."""
    if re.fullmatch(r"[a-c]\d+", key):
        return key.upper()
    return key[:1].upper() + key[1:] if key[:1].isalpha() else key
