"""Shell completion completes our commands and options in a real bash; the manual page is current and renders."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.cli.docs.manpage import manpage

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")


def complete(words: list[str]) -> list[str]:
    """What bash offers for the last word, with the script `dambuster completion bash` prints."""
    script = subprocess.run(
        [DAMBUSTER, "completion", "bash"], capture_output=True, text=True, check=True
    ).stdout
    line = " ".join(words)
    probe = (
        f'{script}\nCOMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; COMP_LINE="{line}"; '
        f'COMP_POINT={len(line)}; _shtab_dambuster; printf "%s\\n" "${{COMPREPLY[@]}}"'
    )
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=True).stdout
    return out.split()


def test_bash_completes_subcommands_and_their_options():
    assert complete(["dambuster", "va"]) == ["validate"]
    assert "--format" in complete(["dambuster", "validate", "--fo"])
    assert set(complete(["dambuster", "validate", "--format", ""])) >= {
        "text",
        "json",
        "sarif",
        "junit",
        "github",
    }
    assert "import-tiled" in complete(["dambuster", "im"])


@pytest.mark.parametrize("shell", ["zsh", "tcsh"])
def test_other_shells_get_a_script_their_shell_accepts(shell):
    p = subprocess.run([DAMBUSTER, "completion", shell], capture_output=True, text=True)
    assert p.returncode == 0 and "validate" in p.stdout
    if shell == "zsh" and shutil.which("zsh"):
        assert subprocess.run(["zsh", "-n"], input=p.stdout, text=True).returncode == 0


def test_an_unknown_shell_is_one_line_and_exit_2():
    p = subprocess.run([DAMBUSTER, "completion", "fish"], capture_output=True, text=True)
    assert p.returncode == 2 and "invalid choice: 'fish'" in p.stderr


def test_the_manual_page_is_current():
    """Regenerate with `python -m dambuster.cli.docs.manpage` when the command line changes."""
    assert (ROOT / "docs" / "dambuster.1").read_text(encoding="utf-8") == manpage(), (
        "docs/dambuster.1 is out of date: run python -m dambuster.cli.docs.manpage"
    )


@pytest.mark.skipif(not shutil.which("man"), reason="man is not installed")
def test_the_manual_page_renders_in_man_with_every_command():
    p = subprocess.run(
        ["man", "-l", "-P", "cat", str(ROOT / "docs" / "dambuster.1")],
        capture_output=True,
        text=True,
        env={"MANWIDTH": "100", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )
    assert p.returncode == 0, p.stderr
    text = p.stdout.replace("\u2010", "-")
    for command in (
        "validate",
        "schema",
        "new",
        "surge",
        "flood",
        "export-tiled",
        "import-tiled",
        "export-geojson",
        "player-view",
        "completion",
    ):
        assert f"dambuster {command}" in text
    assert "--wait-workers" in text


@pytest.mark.skipif(not shutil.which("mandoc"), reason="mandoc is not installed (apt-get install mandoc)")
def test_mandoc_lint_finds_nothing_in_the_manual_page():
    """No warning and no style message: a date mandoc reads, no empty link, text lines of 80 bytes."""
    p = subprocess.run(
        ["mandoc", "-T", "lint", str(ROOT / "docs" / "dambuster.1")], capture_output=True, text=True
    )
    assert (p.returncode, p.stdout + p.stderr) == (0, "")
