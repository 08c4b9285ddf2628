"""A single-file `dambuster validate` imports only what the file needs (issue 11, item 6).

The commands run for real with ``python -X importtime``, which lists every module imported, in the
command and in the worker process it forks to check the file. A hex map needs no geometry (shapely,
numpy), nor networkx unless its rivers run in a circle, and a valid file never needs python-jsonschema
(jsonschema-rs passes it); the time these save is measured by scripts/bench_cold_start.py, not here.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dambuster.model import json_prescan
from dambuster.model.scenario import PROFILES
from dambuster.model.schema_check import load_schema
from dambuster.validators.engine import RULE_MODULES

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
HEAVY = {"shapely", "numpy", "networkx", "jsonschema", "PySide6"}
#: The modules of the other commands, which a run of `validate` does not need to build its parser.
OTHER_COMMANDS = {
    "dambuster.simulation",
    "dambuster.interop",
    "dambuster.cli.commands.completion",
    "dambuster.cli.commands.render",
    "dambuster.cli.commands.fmt",
}


def imports_of(*args: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Runs ``dambuster ARGS`` with -X importtime: (the run, the top-level names of what it imported)."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "dambuster", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    names = set()
    for line in run.stderr.splitlines():
        found = re.match(r"import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", line)
        if found:
            module = found.group(1)
            names.add(module.split(".")[0])
            names.add(".".join(module.split(".")[:2]))
    return run, names


def test_a_basic_ogre_map_is_checked_without_geometry_graphs_or_the_other_commands():
    run, names = imports_of("validate", str(SAMPLES / "ogre-basic.json"))
    assert run.returncode == 0 and "ok" in run.stdout
    assert not names & HEAVY, names & HEAVY
    assert not names & OTHER_COMMANDS, names & OTHER_COMMANDS


def test_a_pre_commit_run_over_several_hex_maps_imports_no_geometry():
    """One worker checks them all, loading the rules of their profiles only (-j 2 loads every rule once,
    before forking, so that the workers share them)."""
    maps = [str(SAMPLES / "ogre-basic.json"), str(SAMPLES / "ogre-dambusters-valley.json")]
    run, names = imports_of("validate", "--scenarios-only", *maps)
    assert run.returncode == 0 and not names & {"shapely", "numpy"}


def test_a_map_with_dams_follows_its_rivers_without_networkx_or_geometry():
    """The dam rules walk and order the river network with model/digraph.py (graphlib): networkx's
    import alone was half of this cold start."""
    run, names = imports_of("validate", str(SAMPLES / "ogre-dambusters-valley.json"))
    assert run.returncode == 0
    assert not names & {"networkx", "shapely", "numpy", "jsonschema"}


def test_a_river_flowing_in_a_circle_is_traced_by_networkx(tmp_path):
    """A broken network is the one case that loads networkx: it finds the cycle the error names."""
    scenario = json.loads((SAMPLES / "ogre-dambusters-valley.json").read_text(encoding="utf-8"))
    river = scenario["map"]["rivers"][0]
    river["hexes"].append(river["hexes"][1])  # back upstream: water runs round for ever
    path = tmp_path / "circle.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    run, names = imports_of("validate", str(path))
    assert run.returncode == 1 and "networkx" in names
    assert "RIVER-CYCLE: river water flows in a circle through 31 hexes" in run.stdout


def test_a_table_imports_shapely_for_its_geometry_rules_but_no_graphs():
    run, names = imports_of("validate", str(SAMPLES / "dbm-table.json"))
    assert run.returncode == 0
    assert "shapely" in names and "networkx" not in names


def test_a_schema_error_is_still_worded_by_python_jsonschema():
    run, names = imports_of("validate", str(SAMPLES / "invalid" / "bad-date.json"))
    assert run.returncode == 2 and "jsonschema" in names
    assert "RFC 3339 date-time" in run.stdout + run.stderr


def test_codes_given_to_select_are_still_checked_against_every_rule():
    """The basic Ogre map loads no DBM rule to be checked, yet DBM-OVER is known (a prefix of DBM-OVERLAP)."""
    run, _ = imports_of("validate", "--select", "DBM-OVER,NOPE", str(SAMPLES / "ogre-basic.json"))
    assert run.returncode == 2 and run.stderr.endswith(
        "dambuster validate: unknown rule code or prefix: NOPE\n"
    )


def test_help_and_a_mistyped_command_still_name_every_command():
    run = subprocess.run(
        [sys.executable, "-m", "dambuster", "--help"], capture_output=True, text=True, timeout=120
    )
    for command in ("validate", "schema", "new", "surge", "render", "diff", "fmt", "completion"):
        assert command in run.stdout
    run = subprocess.run(
        [sys.executable, "-m", "dambuster", "validat", "x.json"], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 2 and "invalid choice: 'validat'" in run.stderr and "surge" in run.stderr


RULE_CODES = r"""
import json, sys
from dambuster.validators import engine
engine.load(sys.argv[1:])
print(json.dumps(list(engine.REGISTRY)))
"""


def registered_after_loading(*profiles: str) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", RULE_CODES, *profiles], capture_output=True, text=True, timeout=120, check=True
    )
    return json.loads(run.stdout)


@pytest.mark.slow
def test_each_profile_loads_all_its_rules_and_the_order_never_depends_on_what_loaded_first():
    from dambuster.validators import REGISTRY

    every = list(REGISTRY)
    assert {p for _, of in RULE_MODULES for p in of} == set(PROFILES)
    for profile in PROFILES:
        codes = registered_after_loading(profile)
        assert {c for c in codes if REGISTRY[c].profile == profile} == {
            c for c in every if REGISTRY[c].profile == profile
        }
    loaded_backwards = registered_after_loading("flash-flood", "ogre-basic", "dbm-terrain", "ogre-dambusters")
    assert loaded_backwards == every


def test_the_schema_meets_its_meta_schema():
    """Checked here rather than on every start of the command (0.1 s)."""
    jsonschema.Draft202012Validator.check_schema(load_schema())


# --------------------------------------------------------------- the pre-scan without numpy
JSONISH = st.text(alphabet=st.sampled_from(list('[]{},:"\\ \n\tae0123456789E.-tfnul\u00e9')), max_size=200)


def _json_texts():
    values = st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(10**30), 10**30)
        | st.floats(allow_nan=False, allow_infinity=False)
        | JSONISH,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(JSONISH, inner, max_size=4),
        max_leaves=30,
    )
    return values.map(json.dumps)


NEAR_THE_DEPTH_CAP = st.builds(
    lambda n, inner, cut: ("[" * n + inner + "]" * n)[:cut], st.integers(60, 70), JSONISH, st.integers(0, 400)
)


@given(st.one_of(_json_texts(), JSONISH, NEAR_THE_DEPTH_CAP))
def test_a_small_file_is_measured_without_numpy_exactly_as_with_it(text):
    data = text.encode("utf-8")
    assert json_prescan._measure_small(data) == json_prescan._measure(data)


@pytest.mark.parametrize("levels", [json_prescan.MAX_DEPTH, json_prescan.MAX_DEPTH + 1])
def test_a_small_file_nested_too_deep_is_refused_at_the_same_place(levels):
    data = ('{"a": "[[[", "b":' + "[" * levels + "]" * levels + "}").encode()
    small, deep = json_prescan._measure_small(data)
    assert (small, deep) == json_prescan._measure(data)
    assert deep == (levels + 1 > json_prescan.MAX_DEPTH)


def _large(tmp_path, tail: str) -> Path:
    """A file over SMALL bytes (padding), ending in ``tail`` instead of its closing brace."""
    pad = json.dumps({"meta": {"title": "big"}, "pad": ["y" * 100] * 12000})
    path = tmp_path / "large.json"
    path.write_text(pad[:-1] + tail)
    assert path.stat().st_size > json_prescan.SMALL
    return path


@pytest.mark.parametrize(
    ("tail", "said"),
    [
        (', "deep": ' + "[" * 70 + "]" * 70 + "}", "line 1 column 1248108: nesting deeper than 64 levels"),
        (', "cut": [[[', "(JSON)"),  # cut short: the parser refuses it where it ends
    ],
)
def test_a_large_file_read_without_numpy_is_refused_at_the_same_place(tmp_path, tail, said):
    """A well-formed file of a few MB is measured without importing numpy; one nested too deep or cut
    short is still refused with its place, in one line and exit 2."""
    path = _large(tmp_path, tail)
    run = subprocess.run(
        [sys.executable, "-m", "dambuster", "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2 and said in run.stderr, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_a_large_well_formed_file_is_read_without_numpy(tmp_path):
    path = _large(tmp_path, "}")
    run, modules = imports_of("validate", str(path))
    assert "numpy" not in modules and "Traceback" not in run.stderr
