"""The rule engine: a registry of small rule functions, each declared with every fact about it, grouped
by profile, run over a scenario.

A rule is a function decorated with ``@rule(code, profile, severity, summary, ...)``; the keywords are
what the catalog says about it (docs/rules.md, docs/audit.md, SARIF's rule descriptors):

* ``params``: its thresholds and their defaults, ``{"min_sp": 50}``; the rule reads them with
  ``param(scenario, code, name)`` (a scenario overrides them under ``parameters.rules.<code>.<name>``).
  A default that changes with the scenario's profiles is a ``ByProfile``.
* ``source``: the rule text and section; ``decision``: what we decided where the text leaves it open;
  ``verdict``: the audit against the text, starting "the text says", "the text is silent" or "the text
  is ambiguous".
* ``fix``: the edit the editor's quick fix makes, or ``no_fix``: why it offers none (one of the two).

What it checks is the function's docstring. Settings that several rules read (under a code that is no
rule, e.g. ``DBM``) are declared once with ``settings``; a paragraph said once for all of a profile's
rules with ``profile_note``.

A rule module registers its rules when it is imported. ``load(profiles)`` imports only the modules of
the profiles asked for (RULE_MODULES), so checking a hex map never imports shapely and a DBM table never
imports networkx; ``load()``, or reading ``dambuster.validators.REGISTRY``, loads them all.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from dambuster.model.scenario import Scenario

from .violation import Violation

RuleFn = Callable[[Scenario], Iterable[Violation]]


@dataclass(frozen=True)
class ByProfile:
    """A parameter's default that is ``value`` when the scenario declares ``profile``, else ``default``."""

    default: float
    profile: str
    value: float

    def under(self, profiles: Collection[str]) -> float:
        return self.value if self.profile in profiles else self.default


#: A parameter's default as a rule declares it.
Default = float | ByProfile

#: How an audit verdict starts (docs/audit.md explains the three).
VERDICT = re.compile(r"the text (says|is silent|is ambiguous)")


@dataclass(frozen=True, eq=False)
class Rule:
    code: str
    profile: str
    severity: str
    summary: str
    fn: RuleFn
    params: Mapping[str, Default] = field(default_factory=dict[str, Default])
    source: str = ""
    decision: str = ""
    verdict: str = ""
    fix: str = ""
    no_fix: str = ""


REGISTRY: dict[str, Rule] = {}
#: Shared settings: code (no rule's) -> its parameters' defaults.
SETTINGS: dict[str, Mapping[str, Default]] = {}
#: profile -> a paragraph said once for all of its rules.
PROFILE_NOTES: dict[str, str] = {}

#: The modules whose import registers each profile's rules, in the order the rules run (and are reported)
#: whichever was imported first. A profile's rules may come from several modules.
RULE_MODULES: tuple[tuple[str, frozenset[str]], ...] = (
    ("ogre.dambusters", frozenset({"ogre-dambusters"})),
    ("ogre.rivers", frozenset({"ogre-dambusters"})),
    ("ogre.downriver", frozenset({"ogre-dambusters"})),
    ("dbm.rules", frozenset({"dbm-terrain"})),
    ("ogre.rules", frozenset({"ogre-basic", "ogre-engineers"})),
    ("sewer", frozenset({"flash-flood"})),
)
_RANK = {profile: i for i, (_, of) in enumerate(RULE_MODULES) for profile in of}


def load(profiles: Iterable[str] | None = None) -> None:
    """Imports the rule modules of ``profiles`` (None: every profile's), then puts REGISTRY in the order
    of RULE_MODULES (a stable sort: registration order within a module is kept)."""
    wanted = None if profiles is None else set(profiles)
    for name, of in RULE_MODULES:
        if wanted is None or of & wanted:
            importlib.import_module(f"{__package__}.{name}")
    ordered = sorted(REGISTRY.items(), key=lambda kv: _RANK.get(kv[1].profile, len(RULE_MODULES)))
    if list(REGISTRY) != [code for code, _ in ordered]:
        REGISTRY.clear()
        REGISTRY.update(ordered)


def rule(
    code: str,
    profile: str,
    severity: str,
    summary: str,
    *,
    params: Mapping[str, Default] | None = None,
    source: str = "",
    decision: str = "",
    verdict: str = "",
    fix: str = "",
    no_fix: str = "",
) -> Callable[[RuleFn], RuleFn]:
    """Registers a rule function under a stable code, with what the catalog says about it (the module
    docstring). A rule of the product declares them all (tests/rules/test_rule_declarations.py)."""
    if fix and no_fix:
        raise ValueError(f"rule {code}: a quick fix or the reason for none, not both")
    if verdict and not VERDICT.match(verdict):
        raise ValueError(f"rule {code}: a verdict starts 'the text says|is silent|is ambiguous'")
    if code in SETTINGS:
        raise ValueError(f"rule code {code} is a shared setting's")

    def deco(fn: RuleFn) -> RuleFn:
        if code in REGISTRY:
            raise ValueError(f"rule code {code} registered twice")
        declared = dict(params or {})
        REGISTRY[code] = Rule(
            code, profile, severity, summary, fn, declared, source, decision, verdict, fix, no_fix
        )
        return fn

    return deco


def settings(code: str, defaults: Mapping[str, Default]) -> str:
    """Declares parameters that several rules read under ``code``, which is no rule's (a scenario sets
    them under ``parameters.rules.<code>.<name>`` like a rule's); returns ``code``."""
    if code in SETTINGS or code in REGISTRY:
        raise ValueError(f"{code} declared twice")
    SETTINGS[code] = dict(defaults)
    return code


def profile_note(profile: str, text: str) -> None:
    """A paragraph said once for all of ``profile``'s rules (docs/rules.md prints it under its heading)."""
    if profile in PROFILE_NOTES:
        raise ValueError(f"profile {profile} has a note already")
    PROFILE_NOTES[profile] = text


def declared_params(code: str) -> Mapping[str, Default]:
    """The parameters ``code`` declares: a loaded rule's ``params``, or a shared setting's."""
    if code in REGISTRY:
        return REGISTRY[code].params
    if code in SETTINGS:
        return SETTINGS[code]
    raise LookupError(f"{code} is no loaded rule and no shared setting")


def param(scenario: Scenario, code: str, name: str) -> float:
    """A rule threshold: the scenario's override (parameters.rules[code][name]) or the default ``code``
    declares. A name it does not declare is a programming error (LookupError), never a silent default."""
    declared = declared_params(code)
    if name not in declared:
        raise LookupError(f"{code} declares no parameter {name!r}")
    default = declared[name]
    if isinstance(default, ByProfile):
        default = default.under(scenario.meta.profiles)
    return scenario.parameters.rules.get(code, {}).get(name, default)


def rules_for(profiles: Iterable[str]) -> list[Rule]:
    wanted = set(profiles)
    load(wanted)
    return [r for r in REGISTRY.values() if r.profile in wanted]


def iter_violations(scenario: Scenario, profiles: Iterable[str] | None = None) -> Iterator[Violation]:
    for r in rules_for(scenario.meta.profiles if profiles is None else profiles):
        yield from run_rule(r, scenario)


def run_rule(r: Rule, scenario: Scenario, check: Callable[[], None] | None = None) -> Iterator[Violation]:
    """One rule's findings with their code, severity and profile filled in. ``check()``, when given, is
    called after each finding and may stop the rule by raising (a file's budget, dambuster.batch.budget)."""
    for v in r.fn(scenario):
        v.code = v.code or r.code
        v.severity = v.severity or r.severity
        v.profile = r.profile
        if check is not None:
            check()
        yield v


def check_scenario(scenario: Scenario, profiles: Iterable[str] | None = None) -> list[Violation]:
    return list(iter_violations(scenario, profiles))
