"""The rules catalog: every rule with its severity, profile, summary, what it checks, source, decisions,
audit verdict, parameters and quick fix, as the rule declares them (``@rule``, dambuster.validators.engine).

``rule_infos(profiles)`` reads the registry, loading the rule modules of those profiles (None: every
profile's); the shared settings and the profile notes are the engine's too. Nothing here reads source
files: a build without them has the same catalog. Reports (SARIF) and docs/rules.md, docs/audit.md
(``python -m dambuster.cli.docs``) read it; the stages of loading a file, which any report may name too,
are dambuster.batch.load_codes'.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from . import engine
from .engine import ByProfile, Default, Rule


@dataclass(frozen=True)
class RuleInfo:
    code: str
    severity: str
    profile: str | None
    summary: str
    checks: str = ""
    source: str = ""
    decisions: str = ""
    parameters: Mapping[str, Default] = field(default_factory=dict[str, Default])
    is_load_stage: bool = False
    verdict: str = ""
    fix: str = ""  # the edit the editor's quick fix makes
    no_fix: str = ""  # why the editor offers none
    module: str = ""  # where the rule is: validators/ogre/dambusters.py
    function: str = ""  # ... and its function there: dam_sp_min

    @property
    def quick_fix(self) -> str | None:
        """What docs/rules.md says of the editor's quick fix: the fix, or "none" and why (None: undecided)."""
        if self.fix:
            return self.fix
        return f"none: {self.no_fix}" if self.no_fix else None


def _module_path(module: str) -> str:
    """The file of a module of the package, from the checkout's root: dambuster.validators.sewer ->
    validators/sewer.py (each part of the namespace is a top-level folder, pyproject.toml's package-dir)."""
    return module.removeprefix("dambuster.").replace(".", "/") + ".py"


def rule_info(rule: Rule) -> RuleInfo:
    return RuleInfo(
        code=rule.code,
        severity=rule.severity,
        profile=rule.profile,
        summary=rule.summary,
        checks=" ".join((inspect.getdoc(rule.fn) or "").split()),
        source=rule.source,
        decisions=rule.decision,
        parameters=rule.params,
        verdict=rule.verdict,
        fix=rule.fix,
        no_fix=rule.no_fix,
        module=_module_path(rule.fn.__module__),
        function=rule.fn.__qualname__,
    )


def rule_infos(profiles: Iterable[str] | None = None) -> list[RuleInfo]:
    """The rules of ``profiles`` (None: every profile's), sorted by profile and code."""
    wanted = None if profiles is None else set(profiles)
    engine.load(wanted)
    rules = [r for r in engine.REGISTRY.values() if wanted is None or r.profile in wanted]
    return [rule_info(r) for r in sorted(rules, key=lambda r: (r.profile, r.code))]


def shared_settings() -> dict[str, Mapping[str, Default]]:
    """Parameters read under a code that is not a rule (settings shared by a profile's rules), by code."""
    engine.load()
    return dict(sorted(engine.SETTINGS.items()))


def profile_notes() -> dict[str, str]:
    """profile -> the paragraph said once for all of its rules."""
    engine.load()
    return dict(engine.PROFILE_NOTES)


# ------------------------------------------------------------------------------- markdown
def show(value: object) -> str:
    """A default as a reader wants it: 4/3 as 1.33333, not 1.3333333333333333; a default that depends on
    the profiles as "1 (3 when the scenario declares ogre-engineers)"."""
    if isinstance(value, ByProfile):
        return f"{show(value.default)} ({show(value.value)} when the scenario declares {value.profile})"
    return f"{value:g}" if isinstance(value, float) else str(value)
