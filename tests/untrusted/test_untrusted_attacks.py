"""Attacks an outside tester made on the installed command (issue 19), each replayed through
``dambuster`` as a user runs it: one line on stderr, exit status 2, nothing lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
BROKEN = (ROOT / "samples" / "invalid" / "duplicate-id.json").read_text(encoding="utf-8")


def dambuster(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [DAMBUSTER, *args], capture_output=True, text=True, cwd=cwd, timeout=120, check=False
    )


@pytest.mark.parametrize("command", ["validate", "fmt"])
@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(
            lambda s: s.replace('"format_version"', '"format\\u005fversion"', 1).encode(),
            id="escaped-key",
        ),
        pytest.param(lambda s: s.encode("utf-16"), id="utf-16"),
        pytest.param(
            lambda s: s[: len(s) // 2].replace('"format_version"', '"format\\u005fversion"', 1).encode(),
            id="cut-short-escaped",
        ),
    ],
)
def test_scenarios_only_is_not_fooled_by_how_the_key_is_written(tmp_path, command, encode):
    """The pre-commit hooks run --scenarios-only: a broken scenario whose key is written with an
    escape (or a scenario in UTF-16) is checked and fails the hook, never skipped."""
    path = tmp_path / "map.json"
    path.write_bytes(encode(BROKEN))
    args = ["--check"] if command == "fmt" else []
    run = dambuster(command, *args, "--scenarios-only", "--", str(path))
    assert run.returncode != 0, run
    assert str(path) in run.stderr or str(path) in run.stdout, run


def test_scenarios_only_still_skips_other_json(tmp_path):
    """Editor settings, package files and JSON with comments (tsconfig.json) are not scenarios."""
    files = {
        "package.json": '{"name": "x", "version": "1.0.0"}',
        "tsconfig.json": '{\n  // comment\n  "compilerOptions": {"strict": true,},\n}',
        "list.json": '[{"format\\u005fversion": "1.3"}]',
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    run = dambuster("validate", "--scenarios-only", "--", *(str(tmp_path / n) for n in files))
    assert run.returncode == 0, run
    assert run.stderr == "", run
