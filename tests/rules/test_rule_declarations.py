"""Every rule of the product declares what the catalog says about it (``@rule``: source, decision, audit
verdict, quick fix or why none, the parameters it reads), and the generated docs are current. Qt-free and
quick: a rule added without one of these fails here, in the quick loop."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from dambuster.batch.load_codes import load_infos
from dambuster.model.errors import ScenarioError
from dambuster.model.io import load
from dambuster.model.scenario import Scenario
from dambuster.validators import engine
from dambuster.validators.catalog_doc import rule_info

ROOT = Path(__file__).resolve().parents[2]


def product_rules() -> list[engine.Rule]:
    """Every rule of dambuster.validators (tests register rules of their own, in their own modules)."""
    engine.load()
    return [r for r in engine.REGISTRY.values() if r.fn.__module__.startswith("dambuster.validators.")]


def test_there_are_rules_of_every_profile():
    assert {r.profile for r in product_rules()} == {p for _, of in engine.RULE_MODULES for p in of}


def test_every_rule_module_is_loaded_by_its_profile():
    """A module of rules missing from engine.RULE_MODULES would register them only when imported by name."""
    loaded = {r.code for r in product_rules()}
    package = importlib.import_module("dambuster.validators")
    for module in pkgutil.walk_packages(package.__path__, "dambuster.validators."):
        importlib.import_module(module.name)
    assert {r.code for r in product_rules()} == loaded


@pytest.mark.parametrize("rule", product_rules(), ids=lambda r: r.code)
def test_every_rule_declares_its_text_decision_verdict_and_quick_fix(rule: engine.Rule):
    info = rule_info(rule)
    assert info.checks, f"{rule.code}: its function's docstring says what it checks"
    assert rule.source, f"{rule.code}: source= the rule text and section"
    assert rule.decision, f"{rule.code}: decision= what we decided where the text leaves it open"
    assert engine.VERDICT.match(rule.verdict), (
        f"{rule.code}: verdict= 'the text says|is silent|is ambiguous...'"
    )
    assert bool(rule.fix) != bool(rule.no_fix), (
        f"{rule.code}: fix= the editor's quick fix, or no_fix= why none"
    )
    assert rule.severity in ("error", "warning")


def test_every_load_stage_says_whether_the_editor_fixes_it():
    for info in load_infos():
        assert bool(info.fix) != bool(info.no_fix), info.code


def test_the_audit_names_the_file_and_function_of_each_rule():
    for rule in product_rules():
        info = rule_info(rule)
        assert (ROOT / info.module).is_file(), info.module
        assert getattr(importlib.import_module(rule.fn.__module__), info.function) is rule.fn


def test_a_declaration_refuses_both_a_fix_and_a_reason_for_none_and_a_verdict_of_another_form():
    with pytest.raises(ValueError, match="not both"):
        engine.rule("ZZDECL-1", "ogre-basic", "error", "x", fix="a", no_fix="b")
    with pytest.raises(ValueError, match="verdict"):
        engine.rule("ZZDECL-2", "ogre-basic", "error", "x", verdict="we think so")
    assert "ZZDECL-1" not in engine.REGISTRY and "ZZDECL-2" not in engine.REGISTRY


# ------------------------------------------------------------------------------ parameters
class _ReadNames(dict[str, float]):
    """One code's overrides as a scenario holds them (none), recording each name a rule reads."""

    def __init__(self, code: str, reads: set[tuple[str, str]]):
        super().__init__()
        self.code, self.reads = code, reads

    def get(self, name: str, default: float | None = None) -> float | None:  # pyright: ignore[reportIncompatibleMethodOverride]
        self.reads.add((self.code, name))
        return default


class _ReadRules(dict[str, dict[str, float]]):
    """``parameters.rules`` with no override, recording which (code, name) the rules read."""

    def __init__(self):
        super().__init__()
        self.reads: set[tuple[str, str]] = set()

    def get(self, code: str, default: object = None) -> _ReadNames:  # pyright: ignore[reportIncompatibleMethodOverride]
        return _ReadNames(code, self.reads)


def samples() -> Iterator[Scenario]:
    folder = ROOT / "samples"
    for path in sorted([*folder.glob("*.json"), *folder.glob("*/*.json")]):
        if not path.name.endswith(".expected.json"):
            try:
                yield load(path)
            except ScenarioError:
                pass  # a sample of a broken file: no rule runs on it


@pytest.fixture(scope="module")
def reads() -> dict[str, set[tuple[str, str]]]:
    """rule code -> every (code, name) it read, over every sample (each rule run on every map)."""
    out: dict[str, set[tuple[str, str]]] = {r.code: set() for r in product_rules()}
    for scenario in samples():
        for rule in product_rules():
            scenario.parameters.rules = recorded = _ReadRules()
            list(rule.fn(scenario))  # an undeclared name raises LookupError here
            out[rule.code] |= recorded.reads
    return out


def test_each_rule_declares_exactly_the_parameters_it_reads(reads):
    for rule in product_rules():
        own = {name for code, name in reads[rule.code] if code == rule.code}
        assert own == set(rule.params), f"{rule.code} reads {sorted(own)}, declares {sorted(rule.params)}"


def test_a_parameter_read_under_another_code_is_declared_there(reads):
    for rule in product_rules():
        for code, name in reads[rule.code]:
            assert name in engine.declared_params(code), (rule.code, code, name)


def test_every_shared_setting_is_read_by_some_rule(reads):
    read = set().union(*reads.values())
    assert engine.SETTINGS
    for code, names in engine.SETTINGS.items():
        assert {(code, n) for n in names} <= read, code


def test_a_name_a_rule_does_not_declare_is_an_error_not_a_silent_default():
    scenario = next(samples())
    with pytest.raises(LookupError, match="declares no parameter 'min_spp'"):
        engine.param(scenario, "DAM-SP-MIN", "min_spp")
    with pytest.raises(LookupError, match="no loaded rule"):
        engine.param(scenario, "NO-SUCH-RULE", "x")
