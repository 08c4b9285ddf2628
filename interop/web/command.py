"""`dambuster render FILE -o OUT.html`: the web player of a scenario, one self-contained HTML file."""

from __future__ import annotations

import argparse
from typing import Any

EXIT_OK, EXIT_ERROR = 0, 2


def render_html(args: argparse.Namespace) -> int:
    """Reads the scenario (untrusted), writes the page atomically (never over a file without --force)."""
    from ...model.atomic_write import outputs_problem, write_files
    from ...model.errors import ScenarioError
    from ...model.io import load, to_document
    from ...output import error_line
    from .bundle import EngineMissing
    from .page import build_page

    prog = "dambuster render"
    problem = outputs_problem([args.output], args.force, [args.input])
    if problem:
        error_line(f"{prog}: {problem}")
        return EXIT_ERROR
    try:
        scenario = load(args.input)
    except ScenarioError as e:
        error_line(f"{prog}: {args.input}: {e}")
        return EXIT_ERROR
    try:
        document: dict[str, Any] = to_document(scenario)
        page = build_page(document, generator=generator_name())
    except EngineMissing as e:
        error_line(f"{prog}: {e}")
        return EXIT_ERROR
    try:
        write_files([(args.output, page.encode("utf-8"))])
    except OSError as e:
        error_line(f"{prog}: {args.output}: cannot write it ({e.strerror or e})")
        return EXIT_ERROR
    return EXIT_OK


def generator_name() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"dambuster {version('dambuster')}"
    except PackageNotFoundError:
        return "dambuster"
