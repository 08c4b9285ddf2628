"""The rule engine: a registry of small rule functions, grouped by profile, run over a scenario."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from ..model.scenario import Scenario
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
    return [r for r in REGISTRY.values() if r.profile in wanted]


def iter_violations(scenario: Scenario, profiles: Iterable[str] | None = None) -> Iterator[Violation]:
    for r in rules_for(scenario.meta.profiles if profiles is None else profiles):
        yield from run_rule(r, scenario)


def run_rule(r: Rule, scenario: Scenario, check: Callable[[], None] | None = None) -> Iterator[Violation]:
    """One rule's findings with their code, severity and profile filled in. ``check()``, when given, is
    called after each finding and may stop the rule by raising (a file's budget, dambuster.work)."""
    for v in r.fn(scenario):
        v.code = v.code or r.code
        v.severity = v.severity or r.severity
        v.profile = r.profile
        if check is not None:
            check()
        yield v


def check_scenario(scenario: Scenario, profiles: Iterable[str] | None = None) -> list[Violation]:
    return list(iter_violations(scenario, profiles))
