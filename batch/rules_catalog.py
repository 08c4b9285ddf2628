"""The rules catalog: every code a report may hold, in the order docs/rules.md lists them -- the stages
of loading and checking a file (load_codes), then the rules of the profiles asked for, each as its
``@rule`` declares it (dambuster.validators.catalog_doc).

SARIF's rule descriptors read it for the profiles that ran (``profiles_that_ran``), so a run loads only
those rule modules; docs/rules.md and docs/audit.md (dambuster.cli.docs) read all of it. ``FIXED`` and
``NOT_FIXED`` say which codes the editor's quick fixes cover and why the others have none.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from dambuster.validators import engine
from dambuster.validators.catalog_doc import RuleInfo, rule_infos

from .load_codes import load_infos

if TYPE_CHECKING:
    from .file_report import FileReport


def entries(profiles: Iterable[str] | None = None) -> list[RuleInfo]:
    """The load stages, then the rules of ``profiles`` (None: every profile's) by profile and code."""
    return load_infos() + rule_infos(profiles)


def profiles_that_ran(reports: Iterable[FileReport]) -> set[str]:
    """The profiles with a rule that ran on one of the files. A report names the profiles its file was
    checked against, whose rule modules are loaded here to know their codes; a report from the cache
    names none, and every rule module is loaded then."""
    reports = list(reports)
    engine.load({p for r in reports for p in r.profiles})
    ran = {code for r in reports for code in r.checked}
    if not ran <= engine.REGISTRY.keys():
        engine.load()
    return {engine.REGISTRY[code].profile for code in ran if code in engine.REGISTRY}


class _QuickFixes(Mapping[str, str]):
    """code -> the edit the editor's quick fix makes (``fixed``), or why it offers none, for every code of
    the catalog; read from the declarations each time it is asked (loading every rule module)."""

    def __init__(self, fixed: bool):
        self.fixed = fixed

    def _table(self) -> dict[str, str]:
        said = ((i.code, i.fix if self.fixed else i.no_fix) for i in entries())
        return {code: text for code, text in said if text}

    def __getitem__(self, code: str) -> str:
        return self._table()[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


#: code -> the edit the editor's quick fix makes (editor/validation/quick_fix.py PLANS, and SCHEMA's repairs)
FIXED: Mapping[str, str] = _QuickFixes(fixed=True)
#: code -> why the editor offers no quick fix
NOT_FIXED: Mapping[str, str] = _QuickFixes(fixed=False)
