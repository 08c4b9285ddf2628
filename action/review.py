"""The steps of the dambuster GitHub Action (action.yml at the repository root), one subcommand each.

    python action/review.py changed|validate|render|summary|verdict

Run from the workspace (the checked-out map collection) with GitHub's environment variables, as the
action's steps do; the action's inputs come in DAMBUSTER_* variables (never pasted into a command
line). The steps share a folder, $RUNNER_TEMP/dambuster-review:

* ``changed``: the maps to check: on a pull request the files matching the ``paths`` globs that it
  adds or modifies (against its base: the first parent of the merge commit actions/checkout makes, or
  the base commit of the event), elsewhere every tracked matching file; a .json file that is JSON
  whose top level holds no ``format_version`` is not a map (as ``validate --scenarios-only`` decides). Only the checkout is
  read: a path that is a symbolic link, or that resolves outside the workspace, is refused before
  anything opens it (one error annotation each; the map is listed as refused, never checked, drawn or
  quoted, and fails the verdict). On a pull request, also the settings files it changes (a warning
  annotation each; action/base_settings.py). maps.json; output count.
* ``validate``: one check through ``--cache``, reported three ways: JSON (for the summary and the
  verdict), ``--format github`` (annotations, in the log) and SARIF (dambuster.sarif, for code scanning).
  The maps reach it as a NUL-separated list (``--files-from``), never on a command line (no ARG_MAX
  however many maps, no name taken for an option), with ``--within`` the workspace.
  On a pull request the settings are the base commit's (the ones it changes are swapped for the
  base's during the check). Never fails the step: its exit status is kept for ``verdict``. Outputs
  sarif, status.
* ``render``: for each map (up to DAMBUSTER_MAX_RENDERS) after.png; for a modified one also before.png
  (the file at the base commit, from ``git show``), diff.png (``dambuster diff --format png``) and
  diff.txt, under artifacts/<map path without .json>/. A map that cannot be drawn is noted, not fatal.
  Output artifacts.
* ``summary``: Markdown on $GITHUB_STEP_SUMMARY: the settings files a pull request changes (checked
  with the base's instead), each map's verdict, its first findings and its diff
  (the first MAX_ROWS maps; the others are counted, as GitHub takes at most 1 MiB of summary per step).
* ``verdict``: exits 1 when DAMBUSTER_FAIL_ON (error, warning or never) says the job fails.

File names come from the pull request: everything printed is made visible (dambuster.model.escape), every
table cell of the summary goes through ``markdown_cell`` and the diff text is HTML-escaped. A path
reaches a command line only after ``--``.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from base_settings import as_on_base, config_path
from base_settings import changes as settings_changes

from dambuster.batch.collect import scenario_bytes
from dambuster.batch.formats.github import command as annotation
from dambuster.cli.path_lists import outside_reason
from dambuster.model.escape import markdown_cell, visible, visible_path
from dambuster.model.files import InputError, read_input
from dambuster.model.io import MAX_FILE_BYTES

WORK = Path(os.environ.get("RUNNER_TEMP") or tempfile.gettempdir()) / "dambuster-review"
DAMBUSTER = [sys.executable, "-m", "dambuster"]
CHANGES = {"A": "added", "M": "modified", "T": "modified"}
MAX_ROWS = 500  # maps listed in the summary (about 0.5 kB a row; GitHub takes 1 MiB per step)


def workspace() -> str:
    return os.environ.get("GITHUB_WORKSPACE") or os.getcwd()


def env(name: str, default: str = "") -> str:
    return os.environ.get(f"DAMBUSTER_{name}", "").strip() or default


def output(**values: object) -> None:
    """Step outputs (GITHUB_OUTPUT); our values are paths and numbers, never text from a file."""
    if os.environ.get("GITHUB_OUTPUT"):
        with open(os.environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as f:
            f.writelines(f"{k}={v}\n" for k, v in values.items())


def git(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], capture_output=True, check=check)


def read_json(name: str, default):
    try:
        return json.loads((WORK / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return default


# ------------------------------------------------------------------------------------ changed
def glob_regex(pattern: str) -> re.Pattern:
    """A glob from the repository root: ``*`` and ``?`` stay within a folder, ``**/`` spans folders."""
    parts = re.split(r"(\*\*/|\*\*|\*|\?)", pattern.strip().lstrip("/"))
    table = {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    return re.compile("".join(table.get(p, re.escape(p)) for p in parts) + r"\Z")


def base_commit() -> str | None:
    """The commit a pull request is compared with, or None when the event is not a pull request."""
    try:
        event = json.loads(Path(os.environ["GITHUB_EVENT_PATH"]).read_text(encoding="utf-8"))
    except (KeyError, OSError, ValueError):
        event = {}
    pull = event.get("pull_request") or {}
    if not pull and not os.environ.get("GITHUB_BASE_REF"):
        return None
    parents = git("rev-list", "--parents", "-n", "1", "HEAD").stdout.split()
    if len(parents) == 3:  # the merge commit actions/checkout makes: its first parent is the base
        return parents[1].decode()
    base = (pull.get("base") or {}).get("sha") or f"origin/{os.environ['GITHUB_BASE_REF']}"
    if git("cat-file", "-e", f"{base}^{{commit}}", check=False).returncode:
        git("fetch", "--no-tags", "--depth=1", "origin", base, check=False)
    fork = git("merge-base", base, "HEAD", check=False)  # what the pull request itself changed
    return fork.stdout.decode().strip() if fork.returncode == 0 else base


def is_map(path: str) -> bool:
    """A regular file (never opened otherwise) that may be a scenario, as `validate --scenarios-only`
    decides (dambuster.batch.collect.scenario_bytes: "format_version" however written, or not JSON)."""
    try:
        return scenario_bytes(read_input(path, MAX_FILE_BYTES))
    except InputError:
        return False


def changed() -> int | None:
    WORK.mkdir(parents=True, exist_ok=True)
    globs = [glob_regex(g) for g in env("PATHS", "**/*.json").split()]
    base = base_commit()
    listing = git(
        *(("diff", "--name-status", "--no-renames", "-z", base, "HEAD") if base else ("ls-files", "-z")),
        check=False,
    )
    if listing.returncode:
        why = listing.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["git failed"]
        print(
            f"dambuster: cannot list the maps {'changed since ' + base if base else 'of the checkout'}: "
            f"{visible(why[0])} (is the workspace a git checkout, with the base commit fetched?)"
        )
        return 2
    fields = listing.stdout.decode("utf-8", "surrogateescape").split("\0")
    statuses = list(zip(fields[0::2], fields[1::2])) if base else []
    entries = (
        [(CHANGES.get(s[:1]), p) for s, p in statuses] if base else [("present", p) for p in fields if p]
    )
    settings = settings_changes(statuses, base, config_path(env("CONFIG"), workspace())) if base else []
    maps = []
    for change, path in entries:
        if not change or not any(g.match(path) for g in globs):
            continue
        refused = outside_reason(path, workspace())  # before anything opens it
        if refused:
            maps.append({"path": path, "change": change, "refused": refused})
            print(annotation("error", visible(f"{path}: {refused}"), file=visible(path), title="dambuster"))
        elif is_map(path):
            maps.append({"path": path, "change": change})
    (WORK / "maps.json").write_text(
        json.dumps({"base": base, "maps": maps, "settings": settings}), encoding="utf-8"
    )
    against = f"changed since {base[:12]}" if base else "in the repository"
    print(f"dambuster: {len(maps)} map(s) {against}")
    for m in maps:
        print(f"  {m['change']:9} {visible_path(m['path'])}" + (" (refused)" if "refused" in m else ""))
    for s in settings:
        why = f"this pull request {s['change'][:-1]}s a settings file; the maps are checked with the base's settings"
        print(annotation("warning", why, file=visible(s["path"]), title="dambuster"))
    output(count=len(maps), work=WORK)


def checked(listing: dict) -> list[dict]:
    """The maps that were not refused."""
    return [m for m in listing.get("maps", []) if "refused" not in m]


# ----------------------------------------------------------------------------------- validate
def validate_options() -> list[str]:
    options = [f"--profile={p}" for p in env("PROFILE").replace(",", " ").split()]
    for name in ("SELECT", "IGNORE", "CONFIG"):
        if env(name):
            options.append(f"--{name.lower()}={env(name)}")
    return options


def run_validate(fmt: str, listed: Path, **streams) -> int:
    """`dambuster validate` in one format, through the cache: the first run checks, the others reuse it.
    The maps come from the list ``listed``, never from the command line."""
    sys.stdout.flush()
    return subprocess.run(
        DAMBUSTER
        + [
            "validate",
            f"--format={fmt}",
            f"--cache={WORK / 'validate-cache.json'}",
            f"--files-from={listed}",
            f"--within={workspace()}",
            *validate_options(),
        ],
        **streams,
    ).returncode


def validate() -> None:
    listing = read_json("maps.json", {})
    paths = [m["path"] for m in checked(listing)]
    sarif = WORK / "dambuster.sarif"
    if not paths:
        sarif.write_text(
            json.dumps(
                {
                    "version": "2.1.0",
                    "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
                    "runs": [{"tool": {"driver": {"name": "dambuster"}}, "results": []}],
                }
            ),
            encoding="utf-8",
        )
        (WORK / "report.json").write_text('{"files": []}', encoding="utf-8")
        status = 0
    else:
        listed = WORK / "maps.list"
        listed.write_bytes(b"".join(os.fsencode(p) + b"\0" for p in paths))
        # on a pull request, the settings of its base (action/base_settings.py), never its own
        with as_on_base(listing.get("settings", []), listing.get("base"), workspace()):
            with open(WORK / "report.json", "wb") as report:
                status = run_validate("json", listed, stdout=report)
            run_validate("github", listed, stderr=subprocess.DEVNULL)  # the annotations, in the step's log
            with open(sarif, "wb") as f:
                run_validate("sarif", listed, stdout=f, stderr=subprocess.DEVNULL)
    (WORK / "status").write_text(str(status), encoding="utf-8")
    output(sarif=sarif, status=status)


# ------------------------------------------------------------------------------------- render
def first_line(run: subprocess.CompletedProcess) -> str:
    lines = run.stderr.decode("utf-8", "replace").strip().splitlines()
    return lines[-1] if lines else f"exit status {run.returncode}"


def images_of(path: str) -> Path:
    """A map's folder in the artifact: its path without .json."""
    return WORK / "artifacts" / (path[:-5] if path.endswith(".json") else path)


def render() -> int | None:
    listing = read_json("maps.json", {})
    base, maps = listing.get("base"), checked(listing)
    if not env("MAX_RENDERS", "20").isdigit():
        print(f"dambuster: max-renders must be a number of maps, not {visible(env('MAX_RENDERS'))!r}")
        return 2
    limit = int(env("MAX_RENDERS", "20"))
    artifacts, drawn = WORK / "artifacts", {}
    for m in maps[:limit] if env("RENDER", "true") == "true" else []:
        path = m["path"]
        folder = images_of(path)
        folder.mkdir(parents=True, exist_ok=True)
        images, problems = {}, []
        jobs = [("after", DAMBUSTER + ["render", "-o", str(folder / "after.png"), "--force", "--", path])]
        if m["change"] == "modified" and base:
            before = WORK / "before" / path
            before.parent.mkdir(parents=True, exist_ok=True)
            before.write_bytes(git("show", f"{base}:{path}", check=False).stdout)
            jobs.insert(
                0,
                (
                    "before",
                    DAMBUSTER + ["render", "-o", str(folder / "before.png"), "--force", "--", str(before)],
                ),
            )
            jobs.append(
                (
                    "diff",
                    DAMBUSTER
                    + [
                        "diff",
                        "--format=png",
                        "-o",
                        str(folder / "diff.png"),
                        "--force",
                        "--",
                        str(before),
                        path,
                    ],
                )
            )
            text = subprocess.run(DAMBUSTER + ["diff", "--", str(before), path], capture_output=True)
            if text.returncode in (0, 1):
                (folder / "diff.txt").write_bytes(text.stdout)
        for name, command in jobs:
            run = subprocess.run(command, capture_output=True)
            if run.returncode in (0, 1) and (folder / f"{name}.png").exists():
                images[name] = str((folder / f"{name}.png").relative_to(artifacts))
            else:
                problems.append(f"{name}: {first_line(run)}")
                print(f"dambuster: {visible_path(path)}: no {name} image: {visible(first_line(run))}")
        drawn[path] = {"images": images, "problems": problems}
    (WORK / "renders.json").write_text(json.dumps({"limit": limit, "maps": drawn}), encoding="utf-8")
    output(artifacts=artifacts)


# ------------------------------------------------------------------------------------ summary
def where(location: dict) -> str:
    """A finding's place as the text report gives it: a hex label, else the JSON pointer."""
    return f"hex {location['hex_label']}" if "hex_label" in location else location.get("pointer") or "/"


def verdict_of(report: dict | None, refused: bool = False) -> str:
    if refused:
        return "⛔ refused"
    if report is None:
        return "not checked"
    errors = sum(v["severity"] == "error" for v in report["violations"])
    warnings = len(report["violations"]) - errors
    if report["valid"]:
        return "✅ valid" + (f", {warnings} warning(s)" if warnings else "")
    return f"❌ {errors} error(s)" + (f", {warnings} warning(s)" if warnings else "")


def summary() -> None:
    listing = read_json("maps.json", None)
    if listing is None:
        return write_summary(
            "## dambuster\n\nThe maps could not be listed: see the log of the step *Find the maps*.\n"
        )
    maps = listing["maps"]
    reports = {r["path"]: r for r in read_json("report.json", {}).get("files", [])}
    drawn = read_json("renders.json", {})
    lines = [f"## dambuster: {len(maps)} map(s) checked", ""]
    for s in listing.get("settings", []):
        lines += [
            f"⚠️ **This pull request changes the settings:** <code>{markdown_cell(s['path'])}</code> "
            f"({s['change']}). Its maps were checked with the settings of the base commit "
            f"{str(listing['base'])[:12]}; the change applies once merged. Review it.",
            "",
        ]
    if maps:
        lines += ["| Map | Change | Verdict | First findings | Images |", "| --- | --- | --- | --- | --- |"]
    for m in maps[:MAX_ROWS]:
        report = reports.get(m["path"])
        found = m.get("refused") or "; ".join(
            f"{v['code']} {where(v['location'])}: {v['message']}"[:200]
            for v in (report or {}).get("violations", [])[:3]
        )
        pictures = drawn.get("maps", {}).get(m["path"], {})
        images = ", ".join(pictures.get("images", {})) or "; ".join(pictures.get("problems", [])) or "-"
        lines.append(
            f"| <code>{markdown_cell(m['path'])}</code> | {m['change']} | "
            f"{verdict_of(report, 'refused' in m)} | {markdown_cell(found) or '-'} | {markdown_cell(images)} |"
        )
    if len(maps) > MAX_ROWS:
        bad = sum(not r["valid"] for r in reports.values()) + sum("refused" in m for m in maps)
        lines += [
            "",
            f"The first {MAX_ROWS} of {len(maps)} maps are listed; {bad} of them all failed (see the log).",
        ]
    if drawn.get("maps"):
        shown = len(drawn["maps"])
        lines += [
            "",
            f"Renders (after.png; before.png and diff.png for a modified map) are in the workflow run's "
            f"artifact **{markdown_cell(env('ARTIFACT', 'dambuster-review'))}**"
            + (f", for the first {shown} of {len(maps)} maps." if shown < len(maps) else "."),
        ]
    for path in drawn.get("maps", {}):
        diff = images_of(path) / "diff.txt"
        if diff.is_file():
            text = diff.read_text(encoding="utf-8", errors="replace")
            count = len(text.splitlines())
            lines += [
                "",
                f"<details><summary>{markdown_cell(path)}: {count} change(s)</summary>",
                "",
                f"<pre>{html.escape(text[:20000])}</pre>",
                "",
                "</details>",
            ]
    write_summary("\n".join(lines) + "\n")


def write_summary(text: str) -> None:
    if os.environ.get("GITHUB_STEP_SUMMARY"):
        with open(os.environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


# ------------------------------------------------------------------------------------ verdict
def verdict() -> int:
    fail_on = env("FAIL_ON", "error")
    if fail_on not in ("error", "warning", "never"):
        print(f"dambuster: fail-on must be error, warning or never, not {visible(fail_on)!r}")
        return 2
    status = read_json("status", None)
    if status is None:
        print("dambuster: the maps were not checked (an earlier step failed)")
        return 1
    files = read_json("report.json", {}).get("files", [])
    refused = [m for m in read_json("maps.json", {}).get("maps", []) if "refused" in m]
    bad = [f["path"] for f in files if not f["valid"]]
    warned = [f["path"] for f in files if f["valid"] and f["violations"]]
    print(
        f"dambuster: {len(files)} map(s) checked, {len(bad)} with errors, {len(warned)} with warnings only"
        + (f"; {len(refused)} refused (links, or outside the checkout)" if refused else "")
    )
    if fail_on == "never":
        return 0
    return 1 if status or bad or refused or (fail_on == "warning" and warned) else 0


STEPS = {"changed": changed, "validate": validate, "render": render, "summary": summary, "verdict": verdict}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in STEPS:
        print(f"usage: review.py {'|'.join(STEPS)}", file=sys.stderr)
        return 2
    return STEPS[argv[0]]() or 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
