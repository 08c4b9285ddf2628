"""What the start page offers besides recent files (Qt-free): the templates, each a new scenario made
by the model's factory functions (`dambuster.model.factory`), and the bundled samples.

The samples are not installed with the wheel; they are found only in a checkout (or an sdist), in
``samples/`` beside the package folders, and the start page hides its Samples section otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dambuster.model import Scenario, new_hex_scenario, new_table_scenario


@dataclass(frozen=True)
class Template:
    key: str
    title: str  # the start page's entry
    description: str  # one line under it
    icon: str  # one of the editor's icons (editor/resources/icons/)
    make: Callable[[], Scenario]


TEMPLATES: tuple[Template, ...] = (
    Template(
        "ogre-map",
        "Ogre map",
        "15 x 22 flat-top hexes, the basic Ogre rules",
        "hexside",
        lambda: new_hex_scenario(15, 22, "flat", "odd-q", "Ogre map", ["ogre-basic"]),
    ),
    Template(
        "dambusters-valley",
        "Dambusters valley",
        "22 x 30 hexes with the Dambusters, combat engineers and Ogre rules",
        "dam",
        lambda: new_hex_scenario(
            22, 30, "flat", "odd-q", "Dambusters valley", ["ogre-dambusters", "ogre-engineers", "ogre-basic"]
        ),
    ),
    Template(
        "dbm-table",
        "DBM table",
        "1800 x 1200 mm for 15mm figures, DBM terrain rules",
        "area",
        lambda: new_table_scenario(1800, 1200, "mm", "DBM table", ["dbm-terrain"], "15mm"),
    ),
    Template(
        "sewer",
        "Sewer",
        "48 x 48 inches of galleries for the flash-flood special event",
        "corridor",
        lambda: new_table_scenario(48, 48, "inches", "Sewer", ["flash-flood"], "15mm"),
    ),
)


def checkout_samples_dir() -> Path | None:
    """``samples/`` of the checkout this package runs from, or None when installed from a wheel
    (nothing beside the package folders but other packages)."""
    root = Path(__file__).resolve().parents[2]  # editor/files/templates.py -> the repository root
    samples = root / "samples"
    if (root / "pyproject.toml").is_file() and samples.is_dir():
        return samples
    return None


@dataclass(frozen=True)
class Sample:
    path: Path
    title: str  # the scenario's own title, or the file name when it cannot be read
    icon: str  # as the template of its kind: a dam, a hex map, a sewer or a table (else a file)


def samples_in(folder: Path | None) -> list[Sample]:
    """The scenarios of ``folder`` (not its subfolders: the invalid-file corpus lives there), by name."""
    if folder is None or not folder.is_dir():
        return []
    return [glance(path) for path in sorted(folder.glob("*.json"))]


#: files larger than this are not read for their title (a 1000x1000 map would hold up the page)
GLANCE_BYTES = 2_000_000


def glance(path: Path) -> Sample:
    """A quick look (plain JSON, not the strict load: nothing is opened yet) for the title and kind;
    the file name and a plain file icon when the file is large, gone or not a scenario."""
    title, kind_icon = None, "std:SP_FileIcon"
    try:
        if path.stat().st_size <= GLANCE_BYTES:
            with path.open(encoding="utf-8") as f:
                data = json.load(f)
            title, the_map = data.get("meta", {}).get("title"), data.get("map", {})
            if the_map.get("kind") == "hex":
                kind_icon = "dam" if the_map.get("dams") else "hexside"
            elif the_map.get("kind") == "table":
                kind_icon = "corridor" if the_map.get("sewer") else "area"
    except (OSError, ValueError, AttributeError):
        pass
    return Sample(path, title if isinstance(title, str) and title.strip() else path.stem, kind_icon)
