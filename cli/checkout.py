"""Where the source checkout is, when dambuster runs from one (an editable install or the repository).

The doc generators (``python -m dambuster.schema.docs``, ``python -m dambuster.validators.catalog_doc``)
write into the checkout's ``docs/`` by default; run from an installed wheel they have no checkout, so
they print to standard output unless told a file with ``--output``. Nothing ever writes into the install.
"""
from __future__ import annotations

import re
from pathlib import Path

_NAME = re.compile(r'^name\s*=\s*"dambuster"\s*$', re.M)


def checkout_root() -> Path | None:
    """The repository folder holding this package's source and its pyproject.toml, or None."""
    root = Path(__file__).resolve().parent.parent
    try:
        project = (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return None
    return root if _NAME.search(project) and (root / "docs").is_dir() else None


def checkout_doc(name: str) -> Path | None:
    """``docs/NAME`` of the checkout, or None when dambuster runs from an install."""
    root = checkout_root()
    return root / "docs" / name if root else None
