"""The renderers `dambuster render` (PNG, SVG) and `dambuster diff --format png|svg` find through the
``dambuster.renderers`` entry points: each takes the parsed arguments and returns the exit status.

Everything the user can get wrong -- an output that exists (without --force), a file that does not
load, an unknown layer or side, a scale that makes no image -- is one line on standard error and
exit status 2, checked before anything is written; the output is written whole or not at all
(File > Export's functions, through dambuster.model.atomic_write).
"""

from __future__ import annotations

import argparse

from dambuster.model.output import error_line

from .headless import HeadlessMap, RenderError, pixels_per_unit, show_only, start_qt, write

EXIT_OK = EXIT_SAME = 0
EXIT_DIFFERENT, EXIT_UNREADABLE = 1, 2


def _load(prog: str, path: str):
    """The scenario at ``path`` (read as untrusted input), or None after one line."""
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load
    from dambuster.model.output import drawn_scenario

    try:
        return drawn_scenario(load(path))  # the text a drawing carries is as safe as a printed line
    except ScenarioError as e:
        error_line(f"{prog}: {e.one_line(path)}")
        return None


def _refused(prog: str, args: argparse.Namespace, inputs: list[str]) -> bool:
    """True after one line when ``-o`` must not be written (it exists and --force is not given...)."""
    from dambuster.model.atomic_write import outputs_problem

    problem = outputs_problem([args.output], args.force, [i for i in inputs if i != "-"])
    if problem:
        error_line(f"{prog}: {problem}")
    return problem is not None


def _draw(prog: str, source: str, headless: HeadlessMap, args: argparse.Namespace, fmt: str) -> int:
    from .workload import EstimateTooLarge, check_drawing

    try:
        scale = pixels_per_unit(headless, args, fmt)
        check_drawing(headless, scale, fmt, getattr(args, "budget", None))
        width, height = write(headless, args.output, fmt, scale, args)
    except (RenderError, EstimateTooLarge) as e:
        error_line(f"{prog}: {source}: {e}")
        return EXIT_UNREADABLE
    except OSError as e:
        error_line(f"{prog}: cannot write {args.output}: {e.strerror or e}; nothing was written")
        return EXIT_UNREADABLE
    unit = "pixels" if fmt == "png" else "user units"
    error_line(f"wrote {args.output} ({width}x{height} {unit})")
    return EXIT_OK


def render_image(args: argparse.Namespace) -> int:
    """`dambuster render FILE -o OUT.png|svg`: the map as the editor's File > Export draws it."""
    prog = "dambuster render"
    if _refused(prog, args, [args.input]):
        return EXIT_UNREADABLE
    scenario = _load(prog, args.input)
    if scenario is None:
        return EXIT_UNREADABLE
    from .workload import EstimateTooLarge, check_before_drawing

    try:
        check_before_drawing(scenario, args.format, getattr(args, "budget", None))
        if args.player_view is not None:
            from dambuster.interop.player_view import PlayerViewError, player_view

            try:
                scenario, _masked = player_view(scenario, args.player_view)
            except PlayerViewError as e:
                raise RenderError(f"--player-view: {e}") from None
        start_qt()
        headless = HeadlessMap(scenario, args.input)
        show_only(headless, args.layers)
    except (RenderError, EstimateTooLarge) as e:
        error_line(f"{prog}: {args.input}: {e}")
        return EXIT_UNREADABLE
    return _draw(prog, args.input, headless, args, args.format)


def render_diff(args: argparse.Namespace) -> int:
    """`dambuster diff OLD NEW --format png|svg -o OUT`: the new map with what changed outlined; exit
    0 when the two are equal, 1 when they differ, 2 when a file cannot be loaded or written."""
    from dambuster.model.semantic_diff import compare

    from .diff_marks import mark_changes

    prog = "dambuster diff"
    if _refused(prog, args, [args.old, args.new]):
        return EXIT_UNREADABLE
    old, new = _load(prog, args.old), _load(prog, args.new)
    if old is None or new is None:
        return EXIT_UNREADABLE
    from .workload import EstimateTooLarge, check_before_drawing

    try:
        check_before_drawing(new, args.format, getattr(args, "budget", None))
    except EstimateTooLarge as e:
        error_line(f"{prog}: {args.new}: {e}")
        return EXIT_UNREADABLE
    changes = compare(old, new)
    try:
        start_qt()
    except RenderError as e:
        error_line(f"{prog}: {e}")
        return EXIT_UNREADABLE
    headless = HeadlessMap(new, args.new)
    mark_changes(headless, old, new, changes)
    code = _draw(prog, args.new, headless, args, args.format)
    return code if code != EXIT_OK else EXIT_DIFFERENT if changes else EXIT_SAME


__all__ = ["render_diff", "render_image"]
