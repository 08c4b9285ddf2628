"""Report formats as a CI system or a code-scanning service reads them: text, json, sarif, junit, github.

The folder under test holds a valid file, a file with rule violations (from two temporary rules
registered here and removed afterwards) and a file that is not JSON.
"""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dambuster.batch.collect import collect_files
from dambuster.batch.formats import FORMATS
from dambuster.batch.formats.github import command, escape_data, escape_property
from dambuster.batch.report import LOAD_CODES, FileReport, validate_files
from dambuster.cli import main
from dambuster.model import new_hex_scenario, save
from dambuster.validators import REGISTRY, Violation, param, rule

ROOT = Path(__file__).resolve().parent.parent
SARIF_TOOL = ROOT / "tests" / "sarif" / "node_modules" / ".bin" / "sarif-multitool"
TRICKY = '50% of the dam: broken, <gone> & "lost"\nsecond line\x01'


def _dam_rule(scenario):
    limit = param(scenario, "ZZTEST-001", "max_dams")
    if "bad" in scenario.meta.title and limit < 1:
        yield Violation(
            TRICKY,
            location={"pointer": "/map/dams/0", "hex": [1, 1], "hex_label": "0202"},
            witness={"hexes": [[1, 1]]},
        )
        yield Violation("another one", location={"pointer": "/map/dams/1"})


def _warn_rule(scenario):
    if "bad" in scenario.meta.title:
        yield Violation("only a warning, with a comma", location={"pointer": "/meta/title"})


@pytest.fixture(scope="module")
def test_rules():
    rule(
        "ZZTEST-001",
        "ogre-basic",
        "error",
        "A test dam rule",
        params={"max_dams": 0},
        source="test rules, section 1",
        decision="decided for the test",
    )(_dam_rule)
    rule("ZZTEST-002", "ogre-basic", "warning", "A test warning rule")(_warn_rule)
    yield
    REGISTRY.pop("ZZTEST-001", None)
    REGISTRY.pop("ZZTEST-002", None)


@pytest.fixture(scope="module")
def folder(tmp_path_factory, test_rules):
    d = tmp_path_factory.mktemp("maps")
    save(new_hex_scenario(5, 5, title="fine"), d / "good.json")
    save(new_hex_scenario(5, 5, title="bad map", profiles=["ogre-basic"]), d / "bad.json")
    (d / "broken.json").write_text('{"format_version": 1,\n  oops', encoding="utf-8")
    return d


@pytest.fixture(scope="module")
def reports(folder, monkeypatch_module) -> list[FileReport]:
    monkeypatch_module.chdir(folder.parent)
    files, _ = collect_files([folder.name])
    from dambuster.batch.report import CodeFilter

    return validate_files(files, codes=CodeFilter(select=("ZZTEST",)))


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def by_name(reports, name):
    return next(r for r in reports if r.path.endswith(name))


# ------------------------------------------------------------------------------ text, json
def test_text_report_has_one_line_per_finding_and_a_summary(reports):
    out = FORMATS["text"](reports)
    assert "good.json: ok" in out
    assert re.search(r"bad\.json:\d+:\d+: error ZZTEST-001: 50% of the dam.*\(hex 0202\)$", out, re.M)
    assert "warning ZZTEST-002" in out
    assert re.search(r"broken\.json:2:3: error JSON: ", out)
    assert out.splitlines()[-1] == "3 file(s) checked, 2 with errors"


def test_json_report_keeps_the_public_shape(reports):
    data = json.loads(FORMATS["json"](reports))
    files = {Path(f["path"]).name: f for f in data["files"]}
    assert set(files) == {"good.json", "bad.json", "broken.json"}
    assert files["good.json"] == {"path": files["good.json"]["path"], "valid": True, "violations": []}
    first = files["bad.json"]["violations"][0]
    assert {"code", "severity", "message", "location"} <= set(first)
    assert (
        first["code"] == "ZZTEST-001"
        and first["profile"] == "ogre-basic"
        and first["witness"] == {"hexes": [[1, 1]]}
    )
    assert files["broken.json"]["valid"] is False and files["broken.json"]["violations"][0]["code"] == "JSON"


# ------------------------------------------------------------------------------------ sarif
def test_sarif_lists_the_rules_of_the_profiles_that_ran_and_points_results_at_them(reports, folder):
    log = json.loads(FORMATS["sarif"](reports))
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert (
        driver["name"] == "dambuster"
        and driver["version"]
        and driver["informationUri"].startswith("https://")
    )
    ids = [r["id"] for r in driver["rules"]]
    # the stages of loading a file, then the rules of the profiles that ran: bad.json's ogre-basic
    basic = {code for code, r in REGISTRY.items() if r.profile == "ogre-basic"}
    assert set(ids) == set(LOAD_CODES) | basic and "ZZTEST-001" in basic
    for r in driver["rules"]:
        assert r["shortDescription"]["text"] and r["fullDescription"]["text"]
        assert r["help"]["text"] and r["help"]["markdown"]
        assert r["defaultConfiguration"]["level"] in ("error", "warning", "note")
        assert "profile" in r["properties"] and "source" in r["properties"]
    rule = driver["rules"][ids.index("ZZTEST-001")]
    assert rule["properties"] == {
        "profile": "ogre-basic",
        "source": "test rules, section 1",
        "tags": ["ogre-basic"],
    }
    assert "decided for the test" in rule["help"]["text"] and "max_dams" in rule["help"]["text"]
    for res in run["results"]:
        assert ids[res["ruleIndex"]] == res["ruleId"]
    uris = [a["location"]["uri"] for a in run["artifacts"]]
    assert uris == [f"{folder.name}/{n}" for n in ("bad.json", "broken.json", "good.json")]
    assert {a["location"]["uriBaseId"] for a in run["artifacts"]} == {"SRCROOT"}
    assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == folder.parent.resolve().as_uri() + "/"


def test_sarif_results_carry_level_region_pointer_and_map_location(reports, folder):
    run = json.loads(FORMATS["sarif"](reports))["runs"][0]
    results = {}
    for r in run["results"]:
        results.setdefault((r["ruleId"], r["level"]), r)
    assert len(run["results"]) == 4
    assert set(results) == {("ZZTEST-001", "error"), ("ZZTEST-002", "warning"), ("JSON", "error")}
    dam = results[("ZZTEST-001", "error")]
    assert dam["message"]["text"].startswith("50% of the dam")
    assert dam["properties"]["pointer"] == "/map/dams/0"
    assert dam["properties"]["mapLocation"] == {"hex": [1, 1], "hex_label": "0202"}
    assert dam["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == "/map/dams/0"
    prints = [r["partialFingerprints"]["dambusterFinding/v1"] for r in run["results"]]
    assert len(set(prints)) == len(prints)  # distinct findings, distinct fingerprints
    # the map has no dams: the region is the line of "dams": [] (the pointer's nearest existing parent)
    line, col = dam["locations"][0]["physicalLocation"]["region"].values()
    text_line = (folder / "bad.json").read_text(encoding="utf-8").splitlines()[line - 1]
    assert text_line.strip().startswith('"dams": []') and text_line[col - 1 : col + 1] == "[]"
    broken = results[("JSON", "error")]["locations"][0]["physicalLocation"]
    assert broken["artifactLocation"]["uri"].endswith("broken.json")
    assert broken["region"] == {"startLine": 2, "startColumn": 3}


@pytest.mark.skipif(
    not SARIF_TOOL.exists(),
    reason="Microsoft's SARIF validator is not installed: "
    "run `npm ci` in tests/sarif (scripts/setup.sh does)",
)
@pytest.mark.slow
def test_sarif_passes_microsofts_validator(reports, tmp_path):
    report = tmp_path / "report.sarif"
    report.write_text(FORMATS["sarif"](reports), encoding="utf-8")
    check = tmp_path / "check.sarif"
    proc = subprocess.run(
        [str(SARIF_TOOL), "validate", str(report), "-o", str(check)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.exists(), proc.stdout + proc.stderr
    results = json.loads(check.read_text(encoding="utf-8"))["runs"][0].get("results", [])
    errors = [(r["ruleId"], r["message"]) for r in results if r.get("level", "warning") == "error"]
    assert errors == []


# ------------------------------------------------------------------------------------ junit
def test_junit_is_valid_xml_with_a_suite_per_file_and_a_case_per_code(reports):
    root = ET.fromstring(FORMATS["junit"](reports).encode("utf-8"))
    assert root.tag == "testsuites"
    suites = {Path(s.get("name")).name: s for s in root.findall("testsuite")}
    assert set(suites) == {"good.json", "bad.json", "broken.json"}

    assert [c.get("name") for c in suites["good.json"]] == ["SCHEMA"]
    assert suites["good.json"].get("failures") == "0" and suites["good.json"].find(".//failure") is None

    bad = {c.get("name"): c for c in suites["bad.json"]}
    assert set(bad) == {"SCHEMA", "ZZTEST-001", "ZZTEST-002"}
    failure = bad["ZZTEST-001"].find("failure")
    assert failure.get("type") == "ZZTEST-001"
    assert "50% of the dam" in failure.get("message") and "(and 1 more)" in failure.get("message")
    assert "\\x01" in failure.text and '<gone> & "lost"' in failure.text
    assert bad["ZZTEST-002"].find("failure") is None
    assert "only a warning" in bad["ZZTEST-002"].find("system-out").text
    assert suites["bad.json"].get("tests") == "3" and suites["bad.json"].get("failures") == "1"

    (case,) = suites["broken.json"]
    assert case.get("name") == "JSON" and case.find("error") is not None
    assert root.get("failures") == "1" and root.get("errors") == "1"


# ----------------------------------------------------------------------------------- github
def test_github_escapes_percent_newline_colon_and_comma():
    assert escape_data("100% a\r\nb: c, d") == "100%25 a%0D%0Ab: c, d"
    assert escape_property("maps/a:b,c%\n.json") == "maps/a%3Ab%2Cc%25%0A.json"
    assert (
        command("error", "50%\nsure: yes, no", file="x,y.json", line=3, col=None, title="DB-1")
        == "::error file=x%2Cy.json,line=3,title=DB-1::50%25%0Asure: yes, no"
    )


def test_github_annotations_for_errors_and_warnings(reports, folder):
    lines = FORMATS["github"](reports).splitlines()
    errors = [ln for ln in lines if ln.startswith("::error ")]
    warnings = [ln for ln in lines if ln.startswith("::warning ")]
    assert len(errors) == 3 and len(warnings) == 1
    dam = next(ln for ln in errors if "title=ZZTEST-001" in ln and "50%25" in ln)
    assert re.match(
        rf"::error file={folder.name}/bad\.json,line=\d+,col=\d+,title=ZZTEST-001::"
        r"hex 0202: 50%25 of the dam: broken, ",
        dam,
    )
    assert "\n" not in dam and "\\nsecond line\\x01" in dam  # made visible first (dambuster.model.escape)
    broken = next(ln for ln in errors if "broken.json" in ln)
    assert ",line=2,col=3,title=JSON::" in broken
    assert "title=ZZTEST-002::" in warnings[0]


# ---------------------------------------------------------------------------- through the CLI
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_through_the_command_exits_2_for_the_broken_file(fmt, folder, capsys, monkeypatch):
    monkeypatch.chdir(folder)
    rc = main(["validate", ".", "--format", fmt, "--select", "ZZTEST"])
    out, err = capsys.readouterr()
    assert rc == 2
    assert "broken.json" in err and "Traceback" not in err
    assert "(JSON)" in err
    if fmt == "text":  # said once: on stderr, not again in the report
        assert "broken.json" not in out and out.splitlines()[-1].endswith("with errors")
    assert out.strip()
    if fmt == "json" or fmt == "sarif":
        json.loads(out)
    if fmt == "junit":
        ET.fromstring(out.encode("utf-8"))


def test_sarif_from_a_folder_without_problems_is_still_complete(tmp_path, monkeypatch, capsys):
    save(new_hex_scenario(3, 3), tmp_path / "one.json")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "one.json", "--format", "sarif"]) == 0
    run = json.loads(capsys.readouterr().out)["runs"][0]
    assert run["results"] == [] and run["artifacts"][0]["location"] == {
        "uri": "one.json",
        "uriBaseId": "SRCROOT",
    }
    assert run["artifacts"][0]["length"] == (tmp_path / "one.json").stat().st_size


def test_sarif_tool_is_pinned_in_its_own_package_json():
    pkg = json.loads((ROOT / "tests" / "sarif" / "package.json").read_text(encoding="utf-8"))
    assert re.fullmatch(r"\d+\.\d+\.\d+", pkg["devDependencies"]["@microsoft/sarif-multitool"])
    assert (ROOT / "tests" / "sarif" / "package-lock.json").exists()


# ------------------------------------------------------------------------- lines of pointers
def test_pointers_are_placed_on_their_line_even_without_one_from_the_loader(tmp_path):
    from dambuster.batch.formats._lines import locate

    doc = {"a": [1, {"b~/c": [[], [2, 3]], "d": {}}], "e": 'x,"y":[', "f": {"g": []}}
    text = json.dumps(doc, indent=2)
    path = tmp_path / "doc.json"
    path.write_text(text, encoding="utf-8")
    lines = text.split("\n")

    def at(ptr):
        line, col = locate(str(path), [ptr])[ptr]
        return lines[line - 1][col - 1 :]

    assert at("") == "{" and at("/a").startswith("[") and at("/a/0") == "1,"
    assert at("/a/1/b~0~1c/1/1") == "3" and at("/a/1/d") == "{}"
    assert at("/e").startswith('"x,') and at("/f/g") == "[]"
    assert at("/f/missing") == at("/f") == "{"  # a missing member: its parent
    assert at("/a/1/b~0~1c/0") == "[],"
    assert locate(str(tmp_path / "nope.json"), ["/a"]) == {}
