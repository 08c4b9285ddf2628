"""The editor's open: a file that passes the schema but breaks the format's other checks (a reference
to a river that does not exist, a repeated id, a hex off the map...) is still read, with its problems
returned instead of raised, so a designer can repair it in the editor. Everything before the model is
built stays as strict as :func:`dambuster.model.load`: the size caps, strict JSON, the schema, the
terrain's shape and the map's totals. The command line never uses this: ``validate`` and every other
command keep refusing such a file."""

from __future__ import annotations

import os
from itertools import islice
from typing import cast

from . import migrations, schema_check, semantic
from .atomic_write import Original
from .codec import from_dict
from .errors import Problem, ScenarioError
from .io import parse_bytes, read_scenario_bytes
from .scenario import Scenario

#: at most this many problems are reported (as many as a strict load lists)
MAX_PROBLEMS = semantic.MAX_PROBLEMS


def format_problems(scenario: Scenario) -> list[Problem]:
    """The format's checks the schema cannot express, as problems (none for a sound scenario)."""
    return list(islice(semantic.iter_problems(scenario), MAX_PROBLEMS))


def load_with_problems(path: str | os.PathLike[str]) -> tuple[Scenario, list[Problem]]:
    """The scenario in ``path`` and its format problems; raises ScenarioError (with its location) for a
    file the strict reader, the schema or the document checks refuse."""
    scenario, problems, _ = load_for_editing(path)
    return scenario, problems


def load_for_editing(path: str | os.PathLike[str]) -> tuple[Scenario, list[Problem], Original]:
    """As :func:`load_with_problems`, with the :class:`Original` of the bytes read: the editor's save
    passes it on, so a version another program saved meanwhile is never written over unasked."""
    data = read_scenario_bytes(path)
    original = Original.of(path, data)
    tree = parse_bytes(data)
    if not isinstance(tree, dict):
        raise ScenarioError.at("SCHEMA", "", "the top level must be an object")
    tree = migrations.upgrade(cast("migrations.Document", tree))  # a JSON object: its keys are text
    schema_check.validate(tree)
    semantic.check_document(tree)
    scenario = from_dict(tree)
    return scenario, format_problems(scenario), original
