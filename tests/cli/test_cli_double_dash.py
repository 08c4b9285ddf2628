"""Every subcommand takes `--`: after it, every argument is a positional one, so a file named like an
option (`--config=x.json`, `-h.json`) is a file, as pre-commit and the GitHub Action pass names.

The parser is walked, so a subcommand added later is covered without naming it here; then the
installed command is run on a real file named `--config=x.json` for the commands that read a scenario.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).with_name("dambuster"))
#: Values for the options a subcommand requires (argparse checks them before the command runs)
REQUIRED = {"--dam": "d1", "--side": "attacker", "--output": "out.png"}
HOSTILE = ["--config=x.json", "-h.json", "--help", "-"]


def subcommands():
    parser = build_parser()
    [sub] = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
    return sub.choices


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_after_double_dash_a_name_like_an_option_is_a_positional(name):
    sub = subcommands()[name]
    positionals = [a for a in sub._actions if not a.option_strings]
    required = []
    for a in sub._actions:
        if a.option_strings and a.required:
            assert a.option_strings[-1] in REQUIRED, f"{name}: give REQUIRED a value for {a.option_strings}"
            required += [a.option_strings[-1], REQUIRED[a.option_strings[-1]]]
    for hostile in HOSTILE:
        values = [sorted(a.choices)[0] if a.choices else hostile for a in positionals]
        args = sub.parse_args([*required, "--", *values])
        for a, value in zip(positionals, values):
            got = getattr(args, a.dest)
            assert got == value or got == [value], (name, a.dest, got)


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "--"],
        ["validate", "--scenarios-only", "--"],
        ["fmt", "--check", "--"],
        pytest.param(["render", "-o", "{out}/map.png", "--"], marks=pytest.mark.qt),  # draws with Qt
        ["export-tiled", "-o", "{out}/map.tmj", "--"],
        ["diff", "--", "--config=x.json"],
    ],
)
def test_the_installed_command_reads_a_file_named_like_an_option(tmp_path, command):
    scenario = tmp_path / "--config=x.json"
    scenario.write_bytes((ROOT / "samples" / "ogre-basic.json").read_bytes())
    argv = [part.replace("{out}", str(tmp_path)) for part in command] + ["--config=x.json"]
    done = subprocess.run([DAMBUSTER, *argv], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "unrecognized arguments" not in done.stderr and "settings" not in done.stderr
