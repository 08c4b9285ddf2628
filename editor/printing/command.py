"""`dambuster render --format pdf`: the print sheets of a scenario as one PDF (the renderer ``pdf`` of
the ``dambuster.renderers`` entry points; cli/commands/render.py declares the arguments).

Every refusal is one line on standard error and exit status 2, checked before any drawing: a hex size
in pixels, an output that exists (without --force), a file that cannot be loaded, an unknown side or
layer, paper too small for its margins. Without a display Qt draws offscreen.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from dambuster.model.paper import DEFAULT_HEX_SIZE, PAPER_SIZES, parse_hex_size

if TYPE_CHECKING:  # (the modules that draw are imported when the command runs: start-up stays light)
    from PySide6.QtCore import QCoreApplication

    from dambuster.model.scenario import Scenario

    from .map_source import MapSource
    from .sheet import PrintSettings, Sheet

EXIT_OK, EXIT_REFUSED = 0, 2
PROG = "dambuster render"
SHEET_ORDER = ("maps", "counters", "overlays", "templates")
MAX_PAGES = 2000  # a ream and a half of paper; past it the hex size or the paper is surely a slip


class Refusal(Exception):
    """One sentence for the user; the command exits 2."""


def qt_app() -> QCoreApplication:
    """The running QApplication, else one on the offscreen platform unless another was asked for (the
    image renderer's ``start_qt``: Qt's own warnings kept off standard error)."""
    from dambuster.editor.render.headless import RenderError, start_qt

    try:
        return start_qt()
    except RenderError as e:
        raise Refusal(str(e)) from None


def load_scenario(path: str) -> Scenario:
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load
    from dambuster.model.output import drawn_scenario

    try:
        return drawn_scenario(load(path))  # the PDF's text is as safe as a printed line
    except ScenarioError as e:
        raise Refusal(e.one_line("<stdin>" if path == "-" else path)) from None


def view_for(scenario: Scenario, side: str | None) -> Scenario:
    if side is None:
        return scenario
    from dambuster.interop.player_view import PlayerViewError, player_view

    try:
        return player_view(scenario, side)[0]
    except PlayerViewError as e:
        raise Refusal(f"--player-view: {e}") from None


def settings_for(args: argparse.Namespace, scenario: Scenario) -> PrintSettings:
    """PrintSettings from the arguments (the orientation still portrait: see ``print_sheets``)."""
    from dambuster.model.scenario import HexMap

    from .map_source import LayerError, check_layers
    from .sheet import PrintSettings

    size = args.hex_size or parse_hex_size(DEFAULT_HEX_SIZE)
    if size.unit != "mm":
        raise Refusal(
            f"--hex-size {size.value:g}px: a PDF is printed at a physical size; give mm, cm or in "
            "(e.g. 19mm, 3/4in) or a preset"
        )
    layers = None
    if getattr(args, "layers", None):
        kind = "hex" if isinstance(scenario.map, HexMap) else "table"
        try:
            layers = check_layers(kind, args.layers.split(","))
        except LayerError as e:
            raise Refusal(f"--layers: {e}") from None
    return PrintSettings(
        hex_mm=size.mm,
        paper_mm=args.paper or PAPER_SIZES["a4"],
        layers=layers,
        player_view=getattr(args, "player_view", None),
    )


def collect_sheets(
    scenario: Scenario,
    settings: PrintSettings,
    names: Collection[str] | None = None,
    map_source: MapSource | None = None,
    flip: str = "long",
) -> list[Sheet]:
    """The sheets that apply, in the order maps, counters, overlays, templates (only ``names`` if given);
    ``flip`` is the edge the printer turns a duplex page on (the counters' backs are mirrored for it)."""
    from . import counters, map_pages, overlays, templates

    out: list[Sheet] = []
    for name in SHEET_ORDER:
        if names is not None and name not in names:
            continue
        sheet: Sheet | None
        if name == "maps":
            sheet = map_pages.sheet_for(scenario, settings, map_source)
        elif name == "counters":
            sheet = counters.sheet_for(scenario, settings, flip=flip)
        elif name == "overlays":
            sheet = overlays.sheet_for(scenario, settings)
        else:
            sheet = templates.sheet_for(scenario, settings)
        if sheet is not None and sheet.page_count() > 0:
            out.append(sheet)
    return out


def print_sheets(
    scenario: Scenario,
    settings: PrintSettings,
    names: Collection[str] | None = None,
    orientation: str = "auto",
    flip: str = "long",
) -> tuple[list[Sheet], PrintSettings]:
    """The sheets of ``scenario`` and the settings they were laid out with: ``orientation`` "auto" takes
    the one in which the map needs fewer pages (portrait on a tie), for every sheet of the file."""
    from .map_pages import choose_landscape
    from .map_source import MapSource
    from .page_grid import GridError

    source = None
    if names is None or "maps" in names:
        source = MapSource(scenario, settings.hex_mm, settings.layers)
    try:
        if orientation == "auto":
            landscape = choose_landscape(source, settings) if source is not None else False
        else:
            landscape = orientation == "landscape"
        settings = replace(settings, landscape=landscape)
        sheets = collect_sheets(scenario, settings, names, source, flip)
    except GridError as e:
        raise Refusal(str(e)) from None
    check_page_count(sheets)
    return sheets, settings


def check_page_count(sheets: Iterable[Sheet]) -> None:
    """Refuses a file of more than MAX_PAGES pages (a 200x200 map at 10 cm hexes is 22,000 A4 pages)."""
    pages = sum(s.page_count() for s in sheets)
    if pages > MAX_PAGES:
        raise Refusal(
            f"that is {pages:,} pages, more than {MAX_PAGES:,}; choose a smaller hex size, larger paper "
            "or fewer sheets"
        )


def render_pdf(args: argparse.Namespace) -> int:
    from dambuster.batch.budget import EstimateTooLarge
    from dambuster.model.atomic_write import OutputError, output_problem
    from dambuster.model.output import error_line

    try:
        problem = output_problem(args.output, args.force, [] if args.input == "-" else [args.input])
        if problem:
            raise Refusal(f"{args.output}: {problem}")
        scenario = view_for(load_scenario(args.input), getattr(args, "player_view", None))
        from dambuster.editor.render.workload import check_pdf

        check_pdf(scenario, args.sheets, getattr(args, "budget", None), args.paper)
        settings = settings_for(args, scenario)
        qt_app()
        from .writer import write_pdf

        sheets, settings = print_sheets(
            scenario,
            settings,
            args.sheets,
            getattr(args, "orientation", "auto"),
            getattr(args, "duplex_flip", "long"),
        )
        if not sheets:
            raise Refusal(f"nothing to print: this scenario has no {', '.join(args.sheets or SHEET_ORDER)}")
        pages = write_pdf(
            args.output, sheets, settings, force=args.force, title=(scenario.meta.title or "untitled").strip()
        )
    except Refusal as e:
        error_line(f"{PROG}: {e}")
        return EXIT_REFUSED
    except EstimateTooLarge as e:
        error_line(f"{PROG}: {args.input}: {e}")
        return EXIT_REFUSED
    except OutputError as e:
        error_line(f"{PROG}: {e}")
        return EXIT_REFUSED
    except OSError as e:
        error_line(f"{PROG}: cannot write {args.output}: {e.strerror or e}; nothing was changed")
        return EXIT_REFUSED
    error_line(
        f"wrote {args.output} ({pages} page{'s' if pages != 1 else ''}: "
        f"{', '.join(s.name for s in sheets)}; {settings.page_mm[0]:g} x {settings.page_mm[1]:g} mm)"
    )
    return EXIT_OK


__all__ = ["Refusal", "collect_sheets", "print_sheets", "qt_app", "render_pdf", "settings_for"]
