"""The rule engine: a registry of small rule functions, grouped by profile, run over a scenario.

A rule module registers its rules when it is imported. ``load(profiles)`` imports only the modules of
the profiles asked for (RULE_MODULES), so checking a hex map never imports shapely and a DBM table never
imports networkx; ``load()``, or reading ``dambuster.validators.REGISTRY``, loads them all.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from dambuster.model.scenario import Scenario

from .violation import Violation

RuleFn = Callable[[Scenario], Iterable[Violation]]


@dataclass(frozen=True)
class Rule:
    code: str
    profile: str
    severity: str
    summary: str
    fn: RuleFn


REGISTRY: dict[str, Rule] = {}

#: The modules whose import registers each profile's rules, in the order the rules run (and are reported)
#: whichever was imported first. A profile's rules may come from several modules.
RULE_MODULES: tuple[tuple[str, frozenset[str]], ...] = (
    ("ogre.dambusters", frozenset({"ogre-dambusters"})),
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


def rule(code: str, profile: str, severity: str, summary: str):
    """Registers a rule function under a stable code."""

    def deco(fn: RuleFn) -> RuleFn:
        if code in REGISTRY:
            raise ValueError(f"rule code {code} registered twice")
        REGISTRY[code] = Rule(code, profile, severity, summary, fn)
        return fn

    return deco


def param(scenario: Scenario, code: str, name: str, default: float) -> float:
    """A rule threshold: the scenario's override (parameters.rules[code][name]) or the rule text's value."""
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
