"""The GitHub Action (action.yml) run locally as a runner would run it: a map collection's git
repository with a pull request that modifies one map, breaks another and adds a third; GitHub's
environment variables set (workspace, event payload, base ref, step summary, outputs, runner temp);
every `run:` step of the action in order with bash, its ``${{ ... }}`` expressions replaced as GitHub
would. Two kinds of step are not run: the install step (the dambuster under test, this checkout's
editable install, is already beside this Python, which comes first on PATH) and the `uses:` steps
(setup-python, the SARIF and artifact uploads), whose `with:` paths are checked instead.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytest.importorskip("PySide6")  # the renders; the no-Qt rerun leaves this module out
ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not shutil.which("git"), reason="needs git")]

ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
INPUTS = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}


def git(repo: Path, *args: str) -> str:
    env = dict(
        os.environ,
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.org",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.org",
    )
    return subprocess.run(
        ["git", *args], cwd=repo, check=True, capture_output=True, text=True, env=env
    ).stdout.strip()


def commit(repo: Path, files: dict[str, bytes], message: str) -> str:
    for name, data in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_bytes(data)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


@pytest.fixture(scope="module")
def pull_request(tmp_path_factory) -> tuple[Path, str]:
    """(the repository checked out at the pull request's head, the base commit)."""
    repo = tmp_path_factory.mktemp("collection")
    git(repo, "init", "-q", "-b", "main")
    valley = json.loads((SAMPLES / "ogre-basic.json").read_text(encoding="utf-8"))
    table = (SAMPLES / "dbm-table.json").read_text(encoding="utf-8")
    base = commit(
        repo,
        {
            "maps/valley.json": json.dumps(valley, indent=2).encode(),
            "maps/table.json": table.encode(),
            "package.json": b'{"name": "maps"}',
        },
        "base",
    )
    git(repo, "checkout", "-q", "-b", "pr")
    valley["map"]["terrain"]["rows"][0] = "f" * len(valley["map"]["terrain"]["rows"][0])
    broken = re.sub(r'"created": "[^"]*"', '"created": "22/11/2026"', table)
    commit(
        repo,
        {
            "maps/valley.json": json.dumps(valley, indent=2).encode(),
            "maps/table.json": broken.encode(),
            "maps/new.json": (SAMPLES / "sewer-flash-flood.json").read_bytes(),
            "package.json": b'{"name": "maps", "version": "2"}',
        },
        "change, break, add",
    )
    return repo, base


def expand(text: str, outputs: dict[str, dict[str, str]], inputs: dict[str, str]) -> str:
    """``${{ ... }}`` as GitHub replaces it, for the expressions action.yml uses."""

    def value(m: re.Match) -> str:
        expr = m.group(1)
        if expr.startswith("inputs."):
            return inputs[expr.removeprefix("inputs.")]
        if expr == "github.action_path":
            return str(ROOT)
        if expr.startswith("steps."):
            _, step, _, name = expr.split(".")
            return outputs.get(step, {}).get(name, "")
        raise AssertionError(f"an expression this test does not replace: {expr}")

    return re.sub(r"\$\{\{\s*(.+?)\s*\}\}", value, text)


def run_action(repo: Path, tmp: Path, event: dict, **given: str) -> dict:
    """Every step of the action; what each run step printed and its exit status, and the `with:` of each `uses:` step."""
    inputs = dict(INPUTS, **given)
    (tmp / "runner").mkdir()
    (tmp / "event.json").write_text(json.dumps(event), encoding="utf-8")
    env = dict(
        os.environ,
        GITHUB_ACTIONS="true",
        CI="true",
        GITHUB_WORKSPACE=str(repo),
        GITHUB_ACTION_PATH=str(ROOT),
        GITHUB_EVENT_PATH=str(tmp / "event.json"),
        GITHUB_STEP_SUMMARY=str(tmp / "summary.md"),
        RUNNER_TEMP=str(tmp / "runner"),
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    )
    env.pop("GITHUB_BASE_REF", None)
    if "pull_request" in event:
        env.update(
            GITHUB_EVENT_NAME="pull_request",
            GITHUB_BASE_REF=event["pull_request"]["base"]["ref"],
            GITHUB_HEAD_REF="pr",
        )
    else:
        env.update(GITHUB_EVENT_NAME="push", GITHUB_REF="refs/heads/main")
    outputs: dict[str, dict[str, str]] = {}
    ran = {"logs": {}, "status": {}, "uses": []}
    for i, step in enumerate(ACTION["runs"]["steps"]):
        if "uses" in step:
            ran["uses"].append(
                (step["uses"], {k: expand(str(v), outputs, inputs) for k, v in step.get("with", {}).items()})
            )
            continue
        assert step["shell"] == "bash" and len(step["run"].strip().splitlines()) == 1  # one-liners
        if "pip install" in step["run"]:  # dambuster is already installed (this checkout, editable)
            assert '"$GITHUB_ACTION_PATH[gui]"' in step["run"]
            continue
        assert step.get("if", "always()") == "always()"  # nothing else to evaluate for a run step
        output_file = tmp / f"output-{i}"
        output_file.touch()
        step_env = {k: expand(str(v), outputs, inputs) for k, v in step.get("env", {}).items()}
        script = tmp / f"step-{i}.sh"
        script.write_text(expand(step["run"], outputs, inputs), encoding="utf-8")
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=repo,
            env=dict(env, GITHUB_OUTPUT=str(output_file), **step_env),
            capture_output=True,
            text=True,
            timeout=600,
        )
        key = step.get("id", step.get("name"))
        ran["logs"][key], ran["status"][key] = done.stdout + done.stderr, done.returncode
        outputs[step.get("id", f"step{i}")] = dict(
            line.split("=", 1) for line in output_file.read_text().splitlines()
        )
    ran["summary"] = (tmp / "summary.md").read_text(encoding="utf-8")
    ran["outputs"] = outputs
    return ran


@pytest.fixture(scope="module")
def reviewed(pull_request, tmp_path_factory) -> dict:
    repo, base = pull_request
    event = {
        "pull_request": {
            "number": 7,
            "base": {"ref": "main", "sha": base},
            "head": {"ref": "pr", "sha": git(repo, "rev-parse", "HEAD")},
        }
    }
    return run_action(repo, tmp_path_factory.mktemp("runner"), event)


def test_the_pull_requests_maps_are_found_and_other_json_is_left_alone(reviewed):
    log = reviewed["logs"]["changed"]
    assert "3 map(s) changed since" in log
    assert re.search(r"modified\s+maps/valley.json", log) and re.search(r"added\s+maps/new.json", log)
    assert "package.json" not in log


def test_the_broken_map_gets_an_error_annotation_on_its_line(reviewed):
    log = reviewed["logs"]["validate"]
    assert reviewed["status"]["validate"] == 0  # the step reports; the verdict step fails the job
    [annotation] = [line for line in log.splitlines() if line.startswith("::error ")]
    assert re.match(
        r"::error file=maps/table\.json,line=\d+,col=\d+,title=SCHEMA::/meta/created: ", annotation
    )
    assert "RFC 3339" in annotation


def test_the_sarif_report_is_uploaded_with_the_broken_maps_result(reviewed):
    [(_uses, given)] = [u for u in reviewed["uses"] if u[0].startswith("github/codeql-action/upload-sarif")]
    sarif = json.loads(Path(given["sarif_file"]).read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results} == {
        "maps/table.json"
    }
    assert results[0]["ruleId"] == "SCHEMA" and results[0]["level"] == "error"


def test_the_artifact_holds_before_and_after_renders_and_the_diff_image(reviewed):
    [(_uses, given)] = [u for u in reviewed["uses"] if u[0].startswith("actions/upload-artifact")]
    assert given["name"] == "dambuster-review" and given["if-no-files-found"] == "ignore"
    folder = Path(given["path"])
    for name in (
        "valley/before.png",
        "valley/after.png",
        "valley/diff.png",
        "new/after.png",
        "table/before.png",
    ):
        assert (folder / "maps" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
    assert not (folder / "maps" / "new" / "before.png").exists()  # added: there is no before
    assert not (folder / "maps" / "table" / "after.png").exists()  # broken: it cannot be drawn, and says so
    assert "maps/table.json: no after image" in reviewed["logs"]["render"]
    assert "terrain 0101: clear -> forest" in (folder / "maps" / "valley" / "diff.txt").read_text(
        encoding="utf-8"
    )


def test_the_step_summary_gives_each_maps_verdict_and_its_diff(reviewed):
    summary = reviewed["summary"]
    assert "## dambuster: 3 map(s) checked" in summary
    rows = {
        m: line
        for line in summary.splitlines()
        for m in ("valley", "table", "new")
        if line.startswith(f"| <code>maps/{m}.json</code>")
    }
    assert "modified | ✅ valid" in rows["valley"] and "before, after, diff" in rows["valley"]
    assert "modified | ❌ 1 error(s)" in rows["table"]
    assert 'SCHEMA /meta/created: "22/11/2026" is not an RFC 3339 date-time' in rows["table"]
    assert "added | ✅ valid" in rows["new"]
    assert "<summary>maps/valley.json: " in summary and "terrain 0101: clear -&gt; forest" in summary
    assert "artifact **dambuster-review**" in summary


def test_an_error_fails_the_job(reviewed):
    assert reviewed["status"]["Verdict"] == 1
    assert "3 map(s) checked, 1 with errors" in reviewed["logs"]["Verdict"]
    assert reviewed["outputs"]["validate"]["status"] == "2"  # a schema error: validate's exit 2


def test_on_a_push_every_map_is_checked_and_fail_on_never_passes(pull_request, tmp_path):
    repo, _ = pull_request
    ran = run_action(repo, tmp_path, {"ref": "refs/heads/pr"}, render="false", **{"fail-on": "never"})
    assert "3 map(s) in the repository" in ran["logs"]["changed"]
    assert "present   maps/table.json" in ran["logs"]["changed"]
    assert ran["status"]["Verdict"] == 0 and "1 with errors" in ran["logs"]["Verdict"]
    assert ran["summary"].count("| present |") == 3 and "artifact" not in ran["summary"]


def test_outside_a_git_checkout_the_maps_step_fails_in_one_line(tmp_path):
    (tmp_path / "runner").mkdir()
    done = subprocess.run(
        [sys.executable, str(ROOT / "action" / "review.py"), "changed"],
        cwd=tmp_path,
        env=dict(os.environ, RUNNER_TEMP=str(tmp_path / "runner"), GITHUB_EVENT_PATH=str(tmp_path / "none")),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = (done.stdout + done.stderr).splitlines()
    assert line.startswith("dambuster: cannot list the maps of the checkout: ") and "git checkout" in line


def test_on_the_merge_commit_actions_checkout_makes_the_base_is_its_first_parent(pull_request, tmp_path):
    """actions/checkout checks out refs/pull/N/merge by default: the pull request merged into its base."""
    repo, base = pull_request
    clone = tmp_path / "merge"
    git(tmp_path, "clone", "-q", str(repo), str(clone))
    git(clone, "checkout", "-q", "--detach", base)
    git(clone, "merge", "-q", "--no-ff", "-m", "Merge pull request #7", "origin/pr")
    (tmp_path / "runner").mkdir()
    (tmp_path / "event.json").write_text(
        json.dumps({"pull_request": {"base": {"ref": "main", "sha": "0" * 40}}})
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "action" / "review.py"), "changed"],
        cwd=clone,
        env=dict(
            os.environ,
            RUNNER_TEMP=str(tmp_path / "runner"),
            GITHUB_BASE_REF="main",
            GITHUB_EVENT_PATH=str(tmp_path / "event.json"),
        ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"3 map(s) changed since {base[:12]}" in done.stdout  # not the event's (here unknown) base commit


# ------------------------------------------------------------------ files from strangers
SECRET = "SECRET-7f3a"


@pytest.fixture(scope="module")
def hostile_pull_request(pull_request, tmp_path_factory) -> tuple[Path, str, Path]:
    """A pull request that turns a map into a link to a file elsewhere on the runner (whose content an
    error message would quote), adds a link to a map of its own, and adds a map whose name holds what
    could break the summary's table: (checkout, base commit, the outside file)."""
    repo, base = pull_request
    outside = tmp_path_factory.mktemp("runner-home") / "secret.json"
    table = json.loads((SAMPLES / "dbm-table.json").read_text(encoding="utf-8"))
    table["meta"]["created"] = SECRET  # a SCHEMA error that quotes it, were it ever checked
    outside.write_text(json.dumps(table), encoding="utf-8")
    clone = tmp_path_factory.mktemp("hostile") / "checkout"
    git(repo.parent, "clone", "-q", str(repo), str(clone))
    git(clone, "checkout", "-q", "-b", "hostile", base)
    (clone / "maps" / "valley.json").unlink()
    (clone / "maps" / "valley.json").symlink_to(outside)
    (clone / "maps" / "alias.json").symlink_to("table.json")
    commit(
        clone,
        {"maps/a|b`c<b>d</b>|e![i](x.png)*_.json": (SAMPLES / "ogre-basic.json").read_bytes()},
        "hostile",
    )
    return clone, base, outside


@pytest.fixture(scope="module")
def hostile_review(hostile_pull_request, tmp_path_factory) -> dict:
    clone, base, _ = hostile_pull_request
    event = {"pull_request": {"number": 8, "base": {"ref": "main", "sha": base}}}
    return run_action(clone, tmp_path_factory.mktemp("runner"), event)


def test_a_link_is_refused_with_one_annotation_and_nothing_from_outside_is_read(hostile_review, tmp_path):
    log = hostile_review["logs"]["changed"]
    refusals = [line for line in log.splitlines() if line.startswith("::error ")]
    assert sorted(r.split("::")[1] for r in refusals) == [
        "error file=maps/alias.json,title=dambuster",
        "error file=maps/valley.json,title=dambuster",
    ]
    assert all("is a symbolic link; refused" in r for r in refusals)
    everything = "\n".join(hostile_review["logs"].values()) + hostile_review["summary"]
    artifacts = Path(hostile_review["outputs"]["render"]["artifacts"])
    work = artifacts.parent
    for f in work.rglob("*"):
        if f.is_file():
            everything += f.read_bytes().decode("utf-8", "replace")
    assert SECRET not in everything  # not in a log, the summary, a report, the SARIF or an image folder
    report = json.loads((work / "report.json").read_text(encoding="utf-8"))
    assert {f["path"] for f in report["files"]} == {"maps/a|b`c<b>d</b>|e![i](x.png)*_.json"}
    assert not (artifacts / "maps" / "valley").exists() and not (artifacts / "maps" / "alias").exists()
    assert hostile_review["status"]["Verdict"] == 1
    assert "2 refused (links, or outside the checkout)" in hostile_review["logs"]["Verdict"]


def test_the_summary_table_keeps_its_columns_whatever_the_names(hostile_review):
    rows = [line for line in hostile_review["summary"].splitlines() if line.startswith("| <code>")]
    assert len(rows) == 3
    for row in rows:
        assert len(re.findall(r"(?<!\\)\|", row)) == 6, row  # five cells: no name adds a column
        assert "<b>" not in row and "`" not in row and "![" not in row and "](" not in row
    [hostile] = [r for r in rows if "&#124;b" in r]
    assert "✅ valid" in hostile
    refused = [r for r in rows if "⛔ refused" in r]
    assert len(refused) == 2 and all("is a symbolic link" in r for r in refused)


def test_validate_within_refuses_links_and_files_outside(hostile_pull_request):
    clone, _, outside = hostile_pull_request
    done = subprocess.run(
        [sys.executable, "-m", "dambuster", "validate", "--within", ".", "--format", "github", "--", "maps"],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and SECRET not in done.stdout + done.stderr
    annotations = [line for line in done.stdout.splitlines() if "symbolic link" in line]
    assert len(annotations) == 2 and all(a.startswith("::error file=maps/") for a in annotations)
    linked = clone.parent / "linked-folder"
    linked.symlink_to(clone / "maps", target_is_directory=True)
    inside = subprocess.run(
        [
            sys.executable,
            "-m",
            "dambuster",
            "validate",
            "--within",
            str(clone),
            "--",
            str(linked / "table.json"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert inside.returncode == 0, inside.stderr  # resolves inside the checkout: checked
    far = subprocess.run(
        [sys.executable, "-m", "dambuster", "validate", "--within", str(clone / "maps"), "--", str(outside)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert far.returncode == 2 and "lies outside" in far.stderr and SECRET not in far.stdout + far.stderr


def test_a_pull_request_of_thousands_of_maps_with_long_paths_is_checked(tmp_path):
    """About 3 MB of paths: more than one command line holds (ARG_MAX, 2 MB here); before, a traceback.
    (6,000 maps with paths of about 470 characters: as many bytes as 20,000 shorter ones, a third of the work.)"""
    repo = tmp_path / "big"
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    tiny = json.dumps(
        json.loads(
            subprocess.run(
                [sys.executable, "-m", "dambuster", "new", "hex", "--columns", "2", "--rows", "2"],
                capture_output=True,
                check=True,
            ).stdout
        )
    ).encode()
    long_name = "a-rather-long-folder-name-for-a-campaign-" * 5  # 205 characters (a name may have 255)
    folder = f"maps/{long_name}/{long_name}"
    count = 6_000
    for i in range(count):
        target = repo / folder / f"{i // 1000:02}" / f"scenario-{i:05}-of-the-long-campaign.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(tiny)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", f"{count:,} maps")
    assert sum(len(p) + 1 for p in git(repo, "ls-files").splitlines()) > os.sysconf("SC_ARG_MAX")
    ran = run_action(repo, tmp_path, {"ref": "refs/heads/main"}, render="false")
    assert f"{count} map(s) in the repository" in ran["logs"]["changed"]
    assert all(status == 0 for step, status in ran["status"].items() if step != "Verdict"), ran["logs"]
    assert (
        ran["status"]["Verdict"] == 0 and f"{count} map(s) checked, 0 with errors" in ran["logs"]["Verdict"]
    )
    assert "Traceback" not in "".join(ran["logs"].values())
    assert f"The first 500 of {count} maps are listed; 0 of them all failed" in ran["summary"]
    assert len(ran["summary"].encode()) < 1 << 20  # GitHub's cap on one step's summary


def test_the_summary_links_no_address_and_mentions_no_one(pull_request, tmp_path):
    """A map named like an address or a person, with a finding that quotes a URL: the summary, rendered
    by cmark-gfm (GitHub's Markdown), holds no link, and no text node where GitHub would see a mention."""
    cmarkgfm = pytest.importorskip("cmarkgfm")
    repo, base = pull_request
    clone = tmp_path / "linky"
    git(tmp_path, "clone", "-q", str(repo), str(clone))
    git(clone, "checkout", "-q", "-b", "linky", base)
    table = json.loads((SAMPLES / "dbm-table.json").read_text(encoding="utf-8"))
    table["meta"]["created"] = "https://evil.example/x @octocat"
    name = "maps/www.evil.example @octocat #12 a@evil.example.json"
    commit(clone, {name: json.dumps(table).encode()}, "linky")
    event = {"pull_request": {"number": 9, "base": {"ref": "main", "sha": base}}}
    (tmp_path / "run").mkdir()
    summary = run_action(clone, tmp_path / "run", event, render="false")["summary"]
    [row] = [line for line in summary.splitlines() if line.startswith("| <code>")]
    assert "SCHEMA /meta/created" in row
    page = cmarkgfm.github_flavored_markdown_to_html(summary, options=cmarkgfm.Options.CMARK_OPT_UNSAFE)
    assert "<a " not in page and "href" not in page
    texts = re.split(r"<[^>]*>", page)  # GitHub looks for @name and #12 within one text node
    assert not [t for t in texts if re.search(r"@\w|#\d", html.unescape(t))]
    shown = html.unescape(re.sub(r"<[^>]*>", "", page))  # what a reader sees: the name as it is written
    assert "www.evil.example @octocat #12 a@evil.example.json" in shown
    assert '"https://evil.example/x @octocat" is not an RFC 3339' in shown


# ------------------------------------------------------------------ settings from the base
@pytest.fixture(scope="module")
def settings_pull_request(tmp_path_factory) -> tuple[Path, str]:
    """A collection whose dambuster.toml selects the DBM rules, and a pull request that adds two maps
    with rule errors while turning their checks off: it changes dambuster.toml to ignore one, adds
    maps/drafts/dambuster.toml whose per-file-ignores hide every DBM rule, and touches an unrelated
    pyproject.toml (not settings). (the checkout at the pull request's head, the base commit)."""
    repo = tmp_path_factory.mktemp("settings-collection")
    errors = ROOT / "samples" / "scale-errors"
    git(repo, "init", "-q", "-b", "main")
    base = commit(
        repo,
        {
            "dambuster.toml": b'select = ["DBM-"]\n',
            "pyproject.toml": b'[project]\nname = "maps"\n',
            "maps/ok.json": (SAMPLES / "dbm-table.json").read_bytes(),
        },
        "base",
    )
    git(repo, "checkout", "-q", "-b", "pr")
    commit(
        repo,
        {
            "dambuster.toml": b'select = ["DBM-"]\nignore = ["DBM-RIVER-"]\n',
            "maps/drafts/dambuster.toml": b'[per-file-ignores]\n"*" = ["DBM-"]\n',
            "pyproject.toml": b'[project]\nname = "maps"\nversion = "2"\n',
            "maps/river.json": (errors / "river-201-paces-wide-25mm-inches.json").read_bytes(),
            "maps/drafts/wood.json": (errors / "wood-1040-paces-15mm-mm.json").read_bytes(),
        },
        "two maps, and their checks turned off",
    )
    return repo, base


def test_a_pull_request_cannot_turn_off_the_checks_of_its_own_maps(settings_pull_request, tmp_path):
    repo, base = settings_pull_request
    event = {"pull_request": {"number": 10, "base": {"ref": "main", "sha": base}}}
    ran = run_action(repo, tmp_path, event, render="false")
    report = json.loads(
        (tmp_path / "runner" / "dambuster-review" / "report.json").read_text(encoding="utf-8")
    )
    found = {f["path"]: [v["code"] for v in f["violations"]] for f in report["files"]}
    assert found == {"maps/river.json": ["DBM-RIVER-WIDTH"], "maps/drafts/wood.json": ["DBM-FEATURE-SIZE"]}
    assert ran["status"]["Verdict"] == 1 and "2 with errors" in ran["logs"]["Verdict"]
    warnings = sorted(line for line in ran["logs"]["changed"].splitlines() if line.startswith("::warning "))
    assert [w.split("::")[1] for w in warnings] == [
        "warning file=dambuster.toml,title=dambuster",
        "warning file=maps/drafts/dambuster.toml,title=dambuster",
    ]
    assert "checked with the base's settings" in warnings[0]
    notes = [line for line in ran["summary"].splitlines() if "changes the settings" in line]
    assert len(notes) == 2 and f"base commit {base[:12]}" in notes[0]
    assert "<code>dambuster.toml</code> (modified)" in notes[0]
    assert "<code>maps/drafts/dambuster.toml</code> (added)" in notes[1]
    assert "pyproject.toml" not in ran["summary"]  # no [tool.dambuster] in it: not settings
    # the checkout is the pull request's again, with nothing left behind
    assert git(repo, "status", "--porcelain", "--ignored") == ""
    assert b"ignore" in (repo / "dambuster.toml").read_bytes()


def test_on_a_push_the_branchs_own_settings_apply(settings_pull_request, tmp_path):
    """A push is to a branch that is reviewed already: its settings are the collection's."""
    repo, _ = settings_pull_request
    ran = run_action(repo, tmp_path, {"ref": "refs/heads/pr"}, render="false")
    assert "3 map(s) in the repository" in ran["logs"]["changed"]
    assert "| <code>maps/river.json</code> | present | ✅ valid |" in ran["summary"]  # its ignore applies
    assert "1 with errors" in ran["logs"]["Verdict"]
    assert "changes the settings" not in ran["summary"] and "::warning" not in ran["logs"]["changed"]


def test_the_settings_file_named_by_config_a_link_and_a_pyproject_are_the_bases_too(tmp_path):
    """The pull request turns dambuster.toml into a link to a file elsewhere, gives pyproject.toml a
    [tool.dambuster] table and loosens the file the workflow names with `config:`: the checks are
    the base's, the three are named, and the checkout is put back as the pull request has it."""
    repo = tmp_path / "collection"
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    strict = b'select = ["DBM-"]\n'
    base = commit(
        repo,
        {
            "dambuster.toml": strict,
            "ci/review.toml": strict,
            "pyproject.toml": b'[project]\nname = "maps"\n',
            "maps/ok.json": (SAMPLES / "dbm-table.json").read_bytes(),
        },
        "base",
    )
    loose = tmp_path / "elsewhere.toml"
    loose.write_text('ignore = ["DBM-"]\n')
    (repo / "dambuster.toml").unlink()
    (repo / "dambuster.toml").symlink_to(loose)
    river = (ROOT / "samples" / "scale-errors" / "river-201-paces-wide-25mm-inches.json").read_bytes()
    commit(
        repo,
        {
            "ci/review.toml": b'ignore = ["DBM-"]\n',
            "pyproject.toml": b'[project]\nname = "maps"\n\n[tool.dambuster]\nignore = ["DBM-"]\n',
            "maps/river.json": river,
        },
        "loosen",
    )
    event = {"pull_request": {"number": 11, "base": {"ref": "main", "sha": base}}}
    for config in ("", "ci/review.toml"):
        (tmp_path / f"run-{len(config)}").mkdir()
        ran = run_action(repo, tmp_path / f"run-{len(config)}", event, render="false", config=config)
        row = "| <code>maps/river.json</code> | added | ❌ 1 error(s) | DBM-RIVER-WIDTH"
        assert row in ran["summary"], config
        named = re.findall(r"changes the settings:\*\* <code>([^<]*)</code> \((\w+)\)", ran["summary"])
        expected = [("dambuster.toml", "modified"), ("pyproject.toml", "modified")]
        assert sorted(named) == sorted(expected + ([("ci/review.toml", "modified")] if config else []))
        assert (repo / "dambuster.toml").is_symlink() and b"[tool.dambuster]" in (
            repo / "pyproject.toml"
        ).read_bytes()
        assert git(repo, "status", "--porcelain", "--ignored") == ""
