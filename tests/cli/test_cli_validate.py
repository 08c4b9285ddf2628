"""`dambuster validate` as a map maintainer runs it in batch: exit codes, --jobs, --select/--ignore,
--profile, the progress bar, the pre-commit hook and the generated rules catalog."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.batch.report import ProgressBar
from dambuster.cli import main
from dambuster.cli.docs import rules_md
from dambuster.model import new_hex_scenario, save
from dambuster.validators import REGISTRY, Violation, catalog_doc, param, rule

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = [sys.executable, "-m", "dambuster"]


def _towns_rule(scenario):
    if "bad" in scenario.meta.title and param(scenario, "ZZCLI-001", "min_towns") > len(scenario.map.towns):
        yield Violation("the map needs a town", location={"pointer": "/map/towns"})


def _note_rule(scenario):
    if "bad" in scenario.meta.title:
        yield Violation("a small warning", location={"pointer": "/meta"})


@pytest.fixture(scope="module", autouse=True)
def test_rules():
    rule(
        "ZZCLI-001",
        "ogre-basic",
        "error",
        "Needs a town",
        params={"min_towns": 1},
        source="a test text, part 2",
        decision="a test decision",
    )(_towns_rule)
    rule("ZZCLI-002", "ogre-engineers", "warning", "A test warning")(_note_rule)
    yield
    REGISTRY.pop("ZZCLI-001", None)
    REGISTRY.pop("ZZCLI-002", None)


@pytest.fixture
def maps(tmp_path, monkeypatch):
    both = ["ogre-basic", "ogre-engineers"]
    save(new_hex_scenario(4, 4, title="fine"), tmp_path / "a_good.json")
    save(new_hex_scenario(4, 4, title="bad", profiles=both), tmp_path / "b_bad.json")
    save(new_hex_scenario(4, 4, title="bad but undeclared"), tmp_path / "c_undeclared.json")
    save(new_hex_scenario(4, 4, title="only warned", profiles=["ogre-engineers"]), tmp_path / "d_warned.json")
    (tmp_path / "e_bad.expected.json").write_text("not even json", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run_json(capsys, *args) -> tuple[int, dict, str]:
    rc = main(["validate", *args, "--format", "json"])
    out, err = capsys.readouterr()
    return rc, json.loads(out), err


def codes_by_file(report: dict) -> dict[str, list[str]]:
    return {Path(f["path"]).name: [v["code"] for v in f["violations"]] for f in report["files"]}


# ---------------------------------------------------------------------------------- exit codes
def test_a_clean_file_exits_0(maps, capsys):
    assert main(["validate", "a_good.json"]) == 0
    assert capsys.readouterr().out.startswith("a_good.json: ok")


def test_rule_errors_exit_1_and_warnings_alone_exit_0(maps, capsys):
    rc, report, err = run_json(capsys, "b_bad.json", "--select", "ZZCLI")
    assert rc == 1 and err == ""
    assert codes_by_file(report) == {"b_bad.json": ["ZZCLI-001", "ZZCLI-002"]}
    assert main(["validate", "b_bad.json", "--select", "ZZCLI-002"]) == 0


def test_unreadable_files_exit_2_with_one_line_each_on_stderr(maps, capsys):
    (maps / "x.json").write_text("{", encoding="utf-8")
    rc = main(["validate", "x.json", "missing.json", "a_good.json"])
    out, err = capsys.readouterr()
    assert rc == 2
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0] == "dambuster: missing.json: no such file or folder (JSON)"
    assert lines[1].startswith("dambuster: x.json: line 1 column 2: not valid JSON")
    assert "a_good.json: ok" in out


def test_a_parameter_in_the_file_changes_the_verdict(maps, capsys):
    sc = new_hex_scenario(4, 4, title="bad", profiles=["ogre-basic"])
    sc.parameters.rules["ZZCLI-001"] = {"min_towns": 0}
    save(sc, maps / "relaxed.json")
    assert main(["validate", "relaxed.json", "--select", "ZZCLI"]) == 0


# ------------------------------------------------------------------------- select / ignore / profile
def test_select_and_ignore_take_codes_and_prefixes(maps, capsys):
    _, report, _ = run_json(capsys, "b_bad.json", "--select", "ZZCLI-001")
    assert codes_by_file(report)["b_bad.json"] == ["ZZCLI-001"]
    _, report, _ = run_json(capsys, "b_bad.json", "--select", "ZZCLI", "--ignore", "ZZCLI-001")
    assert codes_by_file(report)["b_bad.json"] == ["ZZCLI-002"]
    rc, report, _ = run_json(capsys, "b_bad.json", "--select", "ZZCLI-002,ZZCLI-001")
    assert rc == 1 and sorted(codes_by_file(report)["b_bad.json"]) == ["ZZCLI-001", "ZZCLI-002"]


def test_load_errors_are_never_filtered_out(maps, capsys):
    (maps / "x.json").write_text("[]", encoding="utf-8")
    rc, report, _ = run_json(capsys, "x.json", "--select", "ZZCLI", "--ignore", "SCHEMA")
    assert rc == 2 and codes_by_file(report) == {"x.json": ["SCHEMA"]}


def test_an_unknown_code_is_refused_rather_than_silently_matching_nothing(maps, capsys):
    assert main(["validate", "a_good.json", "--select", "ZZCLI,NOPE-9"]) == 2
    assert "unknown rule code or prefix: NOPE-9" in capsys.readouterr().err


def test_profile_replaces_the_declared_profiles(maps, capsys):
    rc, report, _ = run_json(capsys, "c_undeclared.json", "--select", "ZZCLI")
    assert rc == 0 and codes_by_file(report) == {"c_undeclared.json": []}
    rc, report, _ = run_json(
        capsys, "c_undeclared.json", "b_bad.json", "--select", "ZZCLI", "--profile", "ogre-engineers"
    )
    assert rc == 0
    assert codes_by_file(report) == {"c_undeclared.json": ["ZZCLI-002"], "b_bad.json": ["ZZCLI-002"]}
    rc, report, _ = run_json(
        capsys,
        "c_undeclared.json",
        "--select",
        "ZZCLI",
        "--profile",
        "ogre-engineers",
        "--profile",
        "ogre-basic",
    )
    assert rc == 1 and sorted(codes_by_file(report)["c_undeclared.json"]) == ["ZZCLI-001", "ZZCLI-002"]


# --------------------------------------------------------------------------------- batch, --jobs
def test_jobs_gives_the_same_report_in_input_order(maps, capsys):
    for i in range(6):
        save(
            new_hex_scenario(4, 4, title="bad" if i % 2 else "fine", profiles=["ogre-basic"]),
            maps / f"m{i}.json",
        )
    (maps / "m3.json").write_text("{oops", encoding="utf-8")
    rc1, one, err1 = run_json(capsys, ".", "--select", "ZZCLI")
    rc2, two, err2 = run_json(capsys, ".", "--select", "ZZCLI", "--jobs", "2")
    assert (rc1, one, err1) == (rc2, two, err2)
    assert rc1 == 2
    names = [Path(f["path"]).name for f in two["files"]]
    assert names == sorted(names) and "e_bad.expected.json" not in names
    assert codes_by_file(two)["m3.json"] == ["JSON"] and codes_by_file(two)["m5.json"] == ["ZZCLI-001"]


def test_a_nested_test_corpus_is_skipped_with_a_note_but_checked_when_named(maps, capsys):
    corpus = maps / "invalid"
    corpus.mkdir()
    (corpus / "broken.json").write_text("{", encoding="utf-8")
    (corpus / "broken.expected.json").write_text("{}", encoding="utf-8")
    rc, report, err = run_json(capsys, ".", "--select", "ZZCLI")
    assert rc == 1 and "broken.json" not in codes_by_file(report)  # b_bad.json's rule error, no exit 2
    assert (
        err
        == "dambuster: skipped ./invalid: a test corpus (it holds *.expected.json reports); name it to check it\n"
    )
    rc, report, _ = run_json(capsys, "invalid")
    assert rc == 2 and codes_by_file(report) == {"broken.json": ["JSON"]}


def test_a_rule_that_crashes_is_reported_as_engine_with_exit_2_not_a_traceback(maps, capsys):
    def crash(scenario):
        raise ZeroDivisionError("oops")

    rule("ZZCLI-CRASH", "ogre-basic", "error", "Crashes")(crash)
    try:
        rc, report, err = run_json(capsys, "b_bad.json", "a_good.json", "--select", "ZZCLI")
    finally:
        REGISTRY.pop("ZZCLI-CRASH")
    assert rc == 2
    assert codes_by_file(report) == {"b_bad.json": ["ENGINE"], "a_good.json": []}
    assert err == "dambuster: b_bad.json: the rule checks failed: ZeroDivisionError: oops (ENGINE)\n"


def test_a_worker_that_dies_does_not_lose_the_other_files(maps, capsys):
    def die(scenario):
        if scenario.meta.title == "die":
            os._exit(3)
        return ()

    rule("ZZCLI-DIE", "ogre-basic", "error", "Kills its worker")(die)
    try:
        save(new_hex_scenario(4, 4, title="die", profiles=["ogre-basic"]), maps / "c_die.json")
        rc, report, err = run_json(capsys, ".", "--jobs", "2", "--select", "ZZCLI")
    finally:
        REGISTRY.pop("ZZCLI-DIE")
    names = [Path(f["path"]).name for f in report["files"]]
    assert rc == 2 and names == sorted(names) and len(names) == 5
    died = next(f for f in report["files"] if f["path"].endswith("c_die.json"))
    assert (
        died["violations"][0]["code"] == "ENGINE"
        and "worker process stopped" in died["violations"][0]["message"]
    )
    assert "c_die.json" in err and "Traceback" not in err


def test_jobs_must_be_positive(maps, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["validate", ".", "--jobs", "0"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--jobs" in err and "out of range" in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_no_progress_bar_when_stderr_is_not_a_terminal(maps):
    proc = subprocess.run(
        DAMBUSTER + ["validate", ".", "--jobs", "2"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and "\r" not in proc.stdout


def test_progress_bar_on_a_terminal_goes_to_stderr_only(maps):
    leader, follower = pty.openpty()
    try:
        proc = subprocess.run(
            DAMBUSTER + ["validate", "."], stdout=subprocess.PIPE, stderr=follower, timeout=120
        )
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
    assert proc.returncode == 0
    assert b"] 4/4 files" in seen
    assert b"files" not in proc.stdout.replace(b"file(s)", b"")


def test_progress_bar_draws_and_clears_its_line():
    class Sink(list):
        def write(self, s):
            self.append(s)

        def flush(self):
            pass

    sink = Sink()
    bar = ProgressBar(sink, width=10)
    bar(1, 4)
    bar(4, 4)
    bar.close()
    assert sink[0] == "\r[##........] 1/4 files" and sink[1] == "\r[##########] 4/4 files"
    assert sink[-1] == "\r\033[K"


# --------------------------------------------------------------------------- pre-commit hook
def test_pre_commit_hook_runs_validate_on_json_but_not_expected_reports():
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    fields = dict(re.findall(r"^\s*-?\s*(id|entry|language|files|exclude):\s*(.+)$", text, re.M))
    assert fields["id"] == "dambuster-validate" and fields["language"] == "python"
    assert fields["entry"] == "dambuster validate --scenarios-only --"  # staged names after --: never options
    files, exclude = re.compile(fields["files"]), re.compile(fields["exclude"])

    def hooked(path):
        return bool(files.search(path)) and not exclude.search(path)

    assert hooked("maps/valley.json") and hooked("package.json.d/x.json")
    assert not hooked("samples/invalid/dam.expected.json") and not hooked("README.md")
    assert not hooked("package.json") and not hooked("web/package-lock.json")


def test_the_hook_entry_point_is_the_installed_command():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dambuster = "dambuster.cli:main"' in text


# ------------------------------------------------------------------------------ rules catalog
def test_catalog_reads_source_decisions_and_parameters_of_a_rule_from_its_declaration():
    info = catalog_doc.rule_info(REGISTRY["ZZCLI-001"])
    assert (info.severity, info.profile, info.summary) == ("error", "ogre-basic", "Needs a town")
    assert info.source == "a test text, part 2" and info.decisions == "a test decision"
    assert info.parameters == {"min_towns": 1}
    assert "ZZCLI-001" not in catalog_doc.shared_settings()
    md = rules_md.render_markdown([info])
    assert "### ZZCLI-001" in md and "`min_towns` (default `1`)" in md and "a test decision" in md


def test_docs_rules_md_lists_every_rule():
    """docs/rules.md is current (tests/test_format_docs.py runs `python -m dambuster.cli.docs --check`)."""
    current = rules_md.DOC_PATH.read_text(encoding="utf-8")
    for code in REGISTRY:
        if not code.startswith("ZZ"):
            assert f"### {code}" in current


# ------------------------------------------------------------- schema engines agree (jsonschema-rs)
def _corpus(tmp_path) -> list[Path]:
    folder = ROOT / "samples"
    if not (folder / "invalid").is_dir():
        folder = tmp_path / "samples"
        subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "make_samples.py"), "--invalid", "--out", str(folder)],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return sorted(folder.glob("*.json")) + sorted(
        p for p in (folder / "invalid").glob("*.json") if not p.name.endswith(".expected.json")
    )


def _edge_cases(doc: dict) -> list[dict]:
    import copy

    cases = []
    for value in [
        "2026-02-30T00:00:00Z",
        "2026-02-28T23:59:60Z",
        "2026-02-28 23:59:59Z",
        "2026-02-28T23:59:59Z\n",
        "2026-02-28T23:59:59+01:00",
        "\u0662026-01-01T00:00:00Z",
        "2026-01-01T00:00:00.5z",
    ]:
        d = copy.deepcopy(doc)
        d["meta"]["created"] = value
        cases.append(d)
    for title in ["a\n", "", "x" * 100_000]:
        d = copy.deepcopy(doc)
        d["meta"]["title"] = title
        cases.append(d)
    for profiles in [["ogre-basic\n"], ["ogre-basic", "ogre-basic"], ["OGRE-BASIC"]]:
        d = copy.deepcopy(doc)
        d["meta"]["profiles"] = profiles
        cases.append(d)
    d = copy.deepcopy(doc)
    d["format_version"] = "1.0\n"
    cases.append(d)
    d = copy.deepcopy(doc)
    d["map"]["columns"] = 4.0
    cases.append(d)
    d = copy.deepcopy(doc)
    d["map"]["columns"] = True
    cases.append(d)
    return cases


def test_jsonschema_rs_and_python_jsonschema_give_the_same_verdicts(tmp_path):
    pytest.importorskip("jsonschema_rs", reason="jsonschema-rs is not installed")
    from dambuster.model import migrations, schema_check
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import read_document

    fast = schema_check.fast_validator()
    assert fast is not None, "jsonschema-rs is installed but cannot compile our schema"
    docs = []
    for path in _corpus(tmp_path):
        try:
            docs.append((path.name, migrations.upgrade(read_document(path))))
        except ScenarioError:  # not JSON, or a version the schema never sees
            continue
    assert len(docs) >= 4
    good = next(d for n, d in docs if n == "ogre-dambusters-valley.json")
    docs += [(f"edge case {i}", d) for i, d in enumerate(_edge_cases(good))]
    disagree = [
        name
        for name, doc in docs
        if fast.is_valid(doc) != (next(schema_check.validator().iter_errors(doc), None) is None)
    ]
    assert disagree == []
    verdicts = {fast.is_valid(d) for _, d in docs}
    assert verdicts == {True, False}  # the corpus exercises both answers


def test_every_command_of_the_table_is_listed_and_built_from_its_module():
    """cli/commands/__init__.py's table is the one list of commands: --help lists exactly its names, and
    the parser of one command (what a run builds) holds that command."""
    import argparse

    from dambuster.cli.commands import COMMANDS
    from dambuster.cli.main import build_parser

    def names(parser: argparse.ArgumentParser) -> list[str]:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return list(sub.choices)

    assert names(build_parser()) == list(COMMANDS)
    for name in COMMANDS:
        assert name in names(build_parser(name)), name


@pytest.mark.slow
def test_jsonschema_rs_never_accepts_a_mutated_document_python_jsonschema_refuses(tmp_path):
    """Seeded mutations of the samples (wrong types, missing and extra members, odd strings)."""
    pytest.importorskip("jsonschema_rs", reason="jsonschema-rs is not installed")
    import copy
    import random

    from dambuster.model import migrations, schema_check
    from dambuster.model.io import read_document

    fast, reference = schema_check.fast_validator(), schema_check.validator()
    folder = (
        ROOT / "samples" if (ROOT / "samples" / "ogre-basic.json").exists() else _corpus(tmp_path)[0].parent
    )
    docs = [
        migrations.upgrade(read_document(folder / f"{n}.json"))
        for n in ("ogre-dambusters-valley", "ogre-basic", "dbm-table", "sewer-flash-flood")
    ]
    values = [
        None,
        True,
        0,
        -1,
        1.5,
        10**17,
        1e300,
        "",
        "a\n",
        "\u0663",
        "2026-13-01T00:00:00Z",
        [],
        [[0, 0]],
        {},
        {"x": 1},
        "#FFFFFG",
        "1.0\n",
        3.0,
        "ogre-basic",
        -0.0,
    ]
    rng = random.Random(20261122)

    def containers(node, path=()):
        if isinstance(node, (dict, list)) and path:
            yield path
        items = (
            node.items() if isinstance(node, dict) else enumerate(node[:4]) if isinstance(node, list) else ()
        )
        for k, v in items:
            yield from containers(v, path + (k,))

    laxer, refused = [], 0
    for _ in range(150):
        doc = copy.deepcopy(rng.choice(docs))
        path = rng.choice(list(containers(doc)))
        parent = doc
        for p in path[:-1]:
            parent = parent[p]
        roll = rng.random()
        if roll < 0.6 or not isinstance(parent, dict):
            parent[path[-1]] = copy.deepcopy(rng.choice(values))
        elif roll < 0.8:
            del parent[path[-1]]
        else:
            parent["zz_extra"] = 1
        ok = next(reference.iter_errors(doc), None) is None
        refused += not ok
        if fast.is_valid(doc) and not ok:
            laxer.append(path)
    assert laxer == []
    assert refused > 100  # the mutations mostly break the schema, so the comparison means something
