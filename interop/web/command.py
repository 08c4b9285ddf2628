"""`dambuster render FILE -o OUT.html`: the web player of a scenario, one self-contained HTML file."""

from __future__ import annotations

import argparse
from typing import Any

EXIT_OK, EXIT_ERROR = 0, 2
#: render's options for images and PDFs, which a page has no use for
_IMAGE_ONLY = ("zoom", "hex_size", "dpi", "layers", "paper", "sheets")


def render_html(args: argparse.Namespace) -> int:
    """Reads the scenario (untrusted), writes the page atomically (never over a file without --force)."""
    from dambuster.model.atomic_write import outputs_problem, write_files
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load, to_document
    from dambuster.model.output import error_line

    from .bundle import EngineMissing
    from .page import build_page

    prog = "dambuster render"
    unused = [f"--{name.replace('_', '-')}" for name in _IMAGE_ONLY if getattr(args, name, None) is not None]
    if unused:
        error_line(f"{prog}: {', '.join(unused)}: not for --format html (the page zooms in the browser)")
        return EXIT_ERROR
    problem = outputs_problem([args.output], args.force, [args.input])
    if problem:
        error_line(f"{prog}: {problem}")
        return EXIT_ERROR
    try:
        scenario = load(args.input)
    except ScenarioError as e:
        error_line(f"{prog}: {args.input}: {e}")
        return EXIT_ERROR
    if args.player_view is not None:  # the page holds only what that side may see (hidden mines, dam SP)
        from dambuster.interop.player_view import PlayerViewError, player_view

        try:
            scenario, _masked = player_view(scenario, args.player_view)
        except PlayerViewError as e:
            error_line(f"{prog}: {args.input}: --player-view: {e}")
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
