"""Every numeric or size option of every subcommand has a declared range and refuses what is outside it
in one line, exit status 2, without the usage block. The options are found by walking the real parser,
so an option added later is covered without being named here."""

from __future__ import annotations

import argparse
import contextlib
import io
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dambuster.cli import build_parser, main
from dambuster.cli.options import Range


def _options() -> list[tuple[str, argparse.Action]]:
    """(subcommand, option) for every option of every subcommand that converts its value."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [
        (name, action)
        for name, command in sub.choices.items()
        for action in command._actions
        if action.option_strings and action.type is not None
    ]


OPTIONS = _options()
RANGED = [(name, a) for name, a in OPTIONS if isinstance(a.type, Range)]
OTHER = [(name, a) for name, a in OPTIONS if not isinstance(a.type, Range)]


def _long(action: argparse.Action) -> str:
    return next(o for o in action.option_strings if o.startswith("--"))


def _id(item) -> str:
    return f"{item[0]} {_long(item[1])}"


def _refusal(command: str, option: str, value: str) -> str:
    err = io.StringIO()
    with (
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(io.StringIO()),
        pytest.raises(SystemExit) as stop,
    ):
        main([command, f"{option}={value}"])
    assert stop.value.code == 2, (command, option, value)
    return err.getvalue()


def _assert_one_line(text: str, option: str) -> None:
    lines = text.splitlines()
    assert len(lines) == 1, text
    assert "usage:" not in text and option in text, text
    assert "out of range" in text or "is not a" in text, text


def test_every_numeric_option_is_found_and_declares_a_range():
    """A bare type=int or type=float would take any number (surge --turns -1 printed "step -1")."""
    assert {("surge", "--turns"), ("surge", "--monte-carlo"), ("render", "--zoom"), ("new", "--rows")} <= {
        (name, _long(a)) for name, a in RANGED
    }
    for name, action in OPTIONS:
        assert action.type not in (int, float), f"{name} {_long(action)}: no declared range"


@pytest.mark.parametrize("item", RANGED, ids=_id)
def test_the_help_shows_the_range(item):
    _name, action = item
    assert action.type.text in action.help


def _outside(r: Range) -> st.SearchStrategy[str]:
    """Values outside the range, written as a user would type them, and things that are no number."""
    if r.kind is int:
        numbers = st.one_of(
            st.integers(max_value=int(r.low) - 1),
            st.integers(min_value=int(r.high) + 1),
            st.floats(allow_nan=False, allow_infinity=False).filter(lambda v: not v.is_integer()),
        ).map(str)
    else:
        numbers = st.one_of(
            st.floats(max_value=r.low, exclude_max=not r.above),
            st.floats(min_value=r.high, exclude_min=True),
            st.sampled_from([math.nan, math.inf, -math.inf]),
        ).map(repr)
    junk = st.sampled_from(["", "x", "1,5", "0x10", "1e", "-", "½"])
    return st.one_of(numbers, junk)


@pytest.mark.parametrize("item", RANGED, ids=_id)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_out_of_range_values_are_refused_in_one_line(item, data):
    name, action = item
    option = _long(action)
    value = data.draw(_outside(action.type))
    _assert_one_line(_refusal(name, option, value), option)


@pytest.mark.parametrize("item", OTHER, ids=_id)
@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "1e400", "", "x", "99999999km"])
def test_size_and_list_options_refuse_nonsense_in_one_line(item, value):
    name, action = item
    option = _long(action)
    err = _refusal(name, option, value)
    assert len(err.splitlines()) == 1 and "usage:" not in err and option in err, err


@pytest.mark.parametrize("item", RANGED, ids=_id)
def test_the_ends_of_the_range_are_taken(item):
    _name, action = item
    r = action.type
    if not r.above:
        assert r(str(int(r.low)) if r.kind is int else repr(r.low)) == r.low
    assert r(str(int(r.high)) if r.kind is int else repr(r.high)) == r.high
