"""Every command of the table (dambuster.cli.commands.COMMANDS) is complete: declared beside its code,
with a parser, ``--budget`` exactly when it reads a file, examples its parser takes in each of its
output forms. Quick and Qt-free, so the quick loop catches what the slow runs of every example
(tests/untrusted/test_untrusted_every_command.py, test_untrusted_work.py) would; the manual page's
currency is tests/cli/test_completion_manpage.py's. The last tests stage a command of their own and see
the check refuse it, and the hostile-input run take it up unnamed.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import sys
import textwrap
from pathlib import Path

import pytest
from command_examples import OF_THE_MAP, Inputs, fill, placeholders, runs

from dambuster.cli.commands import COMMANDS, INPUTS, MAPS, PLACEHOLDERS, Declared, Example, declarations
from dambuster.cli.main import build_parser

#: Argument names of a file the command reads: a command with one declares what it reads.
READ_ARGUMENTS = {"paths", "file", "input", "scenario", "map", "old", "new", "features", "folder"}
#: Values that fill an example's placeholders for parsing alone ({maps} is whole arguments of its own).
DUMMY = {name: f"{name}.json" for name in PLACEHOLDERS if name != "maps"}


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _parse_error(argv: list[str]) -> str | None:
    """Why the whole parser refuses ``argv`` (its one line), or None when it takes it."""
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            build_parser().parse_args(argv)
    except SystemExit:
        return err.getvalue().strip().splitlines()[-1] if err.getvalue().strip() else "refused"
    return None


def incomplete(name: str) -> list[str]:
    """What the command ``name`` of the table lacks, one sentence each."""
    module = f"cli/commands/{COMMANDS[name]}.py"
    declared = declarations().get(name)
    if declared is None:
        return [f"{name}: not declared: add Declared({name!r}, ...) to DECLARED in {module}"]
    parsers = _subparsers(build_parser())
    if name not in parsers or name not in _subparsers(build_parser(name)):
        return [f"{name}: add_parsers of {module} adds no parser of that name"]
    options = {o for a in parsers[name]._actions for o in a.option_strings}
    found = []
    if declared.reads and "--budget" not in options:
        found.append(
            f"{name}: reads {declared.reads} but takes no --budget (options.add_budget_argument; docs/untrusted.md)"
        )
    if not declared.reads and "--budget" in options:
        found.append(f"{name}: takes --budget but declares no file it reads (reads=None)")
    file_arguments = sorted({a.dest for a in parsers[name]._actions} & READ_ARGUMENTS)
    if file_arguments and not declared.reads:
        found.append(f"{name}: its argument {file_arguments[0]} names a file it reads: declare reads=...")
    if not declared.examples:
        found.append(f"{name}: no example: the hostile-input test would never run it")
    for example in declared.examples:
        found += _example_problems(declared, example)
    found += _forms_without_example(declared, parsers[name])
    return found


def _example_problems(declared: Declared, example: Example) -> list[str]:
    name, used = declared.name, placeholders(example)
    where = f"{name}: example {example.args!r}"
    unknown = used - set(PLACEHOLDERS)
    if unknown:
        return [
            f"{where}: unknown placeholder {{{sorted(unknown)[0]}}} (dambuster.cli.commands.PLACEHOLDERS)"
        ]
    found = []
    if bool(used & set(INPUTS)) != bool(declared.reads):
        found.append(f"{where}: an example reads a file (an input placeholder) exactly when its command does")
    if set(example.on) - set(MAPS) and used & OF_THE_MAP:
        found.append(f"{where}: on={example.on}: maps are among {MAPS}")
    if example.stdout not in ("text", "json", "xml") or example.status not in (0, 1, 2):
        found.append(f"{where}: stdout is text, json or xml; status 0, 1 or 2")
    if bool(example.error) != (example.status == 2):
        found.append(f"{where}: a run with status 2 says its error (error=...), and only such a run")
    try:
        argv = fill(example, DUMMY, ["a.json", "b.json"])
    except KeyError as e:
        return [*found, f"{where}: {{{e.args[0]}}} is a whole argument"]
    refused = _parse_error([name, *argv])
    if refused:
        found.append(f"{where}: the parser refuses it: {refused}")
    return found


def _forms_without_example(declared: Declared, parser: argparse.ArgumentParser) -> list[str]:
    """Each --format choice needs an example in that form: ``--format FORM`` or ``-o {out}.FORM``."""
    forms = next((a.choices for a in parser._actions if "--format" in a.option_strings), None) or ()
    shown = set()
    for example in declared.examples:
        words = example.args.split()
        shown |= {w for before, w in zip(words, words[1:]) if before == "--format"}
        shown |= {w.rsplit(".", 1)[-1] for w in words if w.startswith("{out}.")}
    return [f"{declared.name}: no example writes --format {form}" for form in forms if form not in shown]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_is_complete(name):
    assert incomplete(name) == []


def test_the_table_and_the_parser_list_the_same_commands():
    assert list(_subparsers(build_parser())) == list(COMMANDS) == list(declarations())


# --------------------------------------------------------------- a command staged by the test
STAGED = '''
    """``dambuster stats FILE``: how many hexes a map has (a command staged by a test)."""
    from dambuster.cli.commands import Declared, Example
    from dambuster.cli.options import add_budget_argument

    DECLARED = (Declared("stats", reads="a scenario", examples=(Example("{map}"),)),)


    def add_parsers(sub):
        p = sub.add_parser("stats", help="count a map's hexes")
        p.add_argument("file", metavar="FILE")
        BUDGET
        p.set_defaults(func=lambda args: 0)
'''


def _stage(monkeypatch, tmp_path: Path, with_budget: bool) -> None:
    """Registers ``stats`` in the table, its module written to ``tmp_path`` (undone after the test)."""
    source = textwrap.dedent(STAGED).replace("BUDGET", "add_budget_argument(p)" if with_budget else "")
    path = tmp_path / "staged_stats.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("dambuster.cli.commands.staged_stats", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    monkeypatch.setitem(COMMANDS, "stats", "staged_stats")


def test_a_command_that_reads_a_file_without_budget_is_refused(monkeypatch, tmp_path):
    _stage(monkeypatch, tmp_path, with_budget=False)
    assert [p for p in incomplete("stats") if "takes no --budget" in p] != []


def test_a_new_command_is_complete_and_run_by_the_hostile_test_unnamed(monkeypatch, tmp_path):
    _stage(monkeypatch, tmp_path, with_budget=True)
    assert incomplete("stats") == []
    folder = tmp_path / "inputs"
    folder.mkdir()
    staged = [r for r in runs(Inputs(folder, hostile=True), tmp_path) if r.command == "stats"]
    assert len(staged) == 4  # its one example, on each profile's hostile map
