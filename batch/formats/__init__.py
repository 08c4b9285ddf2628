"""Report formats, one small module each: ``render(reports) -> str``.

FORMATS maps the ``--format`` name to its renderer; a new format is a module plus one line in _MODULES.
A format's module is imported when its renderer is first asked for, so a run in the text format never
loads the XML or SARIF writers (a single-file ``validate``'s start-up is what a pre-commit hook waits for).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dambuster.batch.file_report import FileReport

#: ``--format`` name -> the module (in this package) whose ``render`` writes it
_MODULES = {"text": "text", "json": "json_report", "sarif": "sarif", "junit": "junit", "github": "github"}


class _Renderers(Mapping[str, Callable[[list["FileReport"]], str]]):
    """The renderers by format name, each module imported on first use."""

    def __getitem__(self, name: str) -> Callable[[list[FileReport]], str]:
        return importlib.import_module(f"{__name__}.{_MODULES[name]}").render

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


FORMATS: Mapping[str, Callable[[list[FileReport]], str]] = _Renderers()

#: Formats that are UTF-8 by definition: written as UTF-8 bytes whatever the locale (dambuster.model.output).
UTF8_DOCUMENTS = frozenset({"json", "sarif", "junit"})

__all__ = ["FORMATS", "UTF8_DOCUMENTS"]
