"""`dambuster render FILE -o OUT.png|svg|pdf`: a scenario drawn headless, as the editor draws it.

The drawing is the editor's (Qt), and the command line never imports Qt or the editor (the
import-linter contracts keep it so). The arguments are declared here; the work is done by a
*renderer* found through the entry-point group ``dambuster.renderers``, which the editor package
registers (pyproject.toml): ``image`` (PNG, SVG), ``pdf`` (print sheets at scale) and
``diff-image`` (``dambuster diff --format png|svg``). A renderer is a callable taking the parsed
arguments and returning the exit status. Without the gui extra the command says, in one line, what
to install (exit 2).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from dambuster.cli.options import DPI, ZOOM, add_budget_argument
from dambuster.cli.status import EXIT_ERROR
from dambuster.model.output import error_line

from . import Declared, Example

if TYPE_CHECKING:
    from . import Subparsers

T = TypeVar("T")  # what a size option's parser gives

# (drawing is slow on a busy machine: these runs are about what is written, not how fast: --budget 0)
DECLARED = (
    Declared(
        "render",
        reads="a scenario",
        examples=(
            Example("{map} -o {out}.svg --budget 0"),
            Example("{map} -o {out}.png --budget 0"),
            Example("{map} -o {out}.html --budget 0", on=("ogre-dambusters", "dbm-terrain")),
            Example("{map} -o {out}.pdf --budget 0", on=("ogre-dambusters",)),
            Example("{map} -o {out}.pdf --sheets maps --budget 0", on=("flash-flood",)),
        ),
    ),
)
GROUP = "dambuster.renderers"
INSTALL = "pip install 'dambuster[gui]'"
FORMATS = ("png", "svg", "pdf", "html")
SHEETS = ("maps", "counters", "overlays", "templates")


def load_renderer(name: str, prog: str, subject: str = "Qt"):
    """The renderer registered under ``name``, or None after one line naming the install command (or,
    when Qt is there but memory ran out loading it, ``subject`` and the limit)."""
    from importlib.metadata import entry_points

    found = [ep for ep in entry_points(group=GROUP) if ep.name == name]
    try:
        if not found:
            raise ModuleNotFoundError("no renderer registered")
        return found[0].load()
    except ImportError as e:  # PySide6 missing, or the editor not installed
        from dambuster.batch.budget import out_of_memory_line, ran_out_loading

        if ran_out_loading(e):  # there, but not loadable
            error_line(out_of_memory_line(prog, subject, False) + f"; loading it failed: {str(e)[:120]}")
            return None
        missing = getattr(e, "name", None) or "the editor"
        error_line(f"{prog}: drawing needs Qt and the editor ({missing} is missing): {INSTALL}")
        return None


def output_format(args: argparse.Namespace) -> str | None:
    """--format, else the output's extension; None (after one line) when neither names a format."""
    if args.format:
        return args.format
    suffix = Path(args.output).suffix.lower().lstrip(".")
    if suffix in FORMATS:
        return suffix
    error_line(
        f"dambuster render: {args.output}: say --format {'|'.join(FORMATS)} (the file's extension names none)"
    )
    return None


def _sheets(text: str) -> tuple[str, ...]:
    names = tuple(s.strip() for s in text.split(",") if s.strip())
    unknown = [s for s in names if s not in SHEETS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"sheets are a comma-separated list of {', '.join(SHEETS)}")
    return names


def _size(parse: Callable[[str], T]) -> Callable[[str], T]:
    def convert(text: str) -> T:
        from dambuster.model.paper import SizeError

        try:
            return parse(text)
        except SizeError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    convert.__name__ = parse.__name__.replace("parse_", "").replace("_", " ")
    return convert


def _cmd_render(args: argparse.Namespace) -> int:
    from dambuster.cli.options import budget_subject

    fmt = output_format(args)
    if fmt is None:
        return EXIT_ERROR
    args.format = fmt
    if fmt == "html":  # the web player: Qt-free, drawn in the browser (docs/web.md)
        from dambuster.interop.web.command import render_html

        return render_html(args)
    renderer = load_renderer("pdf" if fmt == "pdf" else "image", "dambuster render", budget_subject(args))
    return EXIT_ERROR if renderer is None else renderer(args)


def add_scale_arguments(parser: argparse.ArgumentParser) -> None:
    """--zoom | --hex-size, and --dpi: the size of a drawing (render, and diff's image forms)."""
    from dambuster.model.paper import HEX_PRESETS, parse_hex_size

    hex_size = _size(lambda text: parse_hex_size(text, pixels=True))
    hex_size.__name__ = "hex size"
    scale = parser.add_mutually_exclusive_group()
    scale.add_argument(
        "--zoom",
        type=ZOOM,
        help=ZOOM.help(
            "PNG/SVG: pixels per scene unit (a hex's corners are 20 units from its centre; "
            "default: 2400 pixels on the longer side)"
        ),
    )
    scale.add_argument(
        "--hex-size",
        type=hex_size,
        help="hex across the flats: a length (19mm, 3/4in; px for images) or a preset: "
        + ", ".join(HEX_PRESETS),
    )
    parser.add_argument(
        "--dpi",
        type=DPI,
        default=None,
        help=DPI.help("PNG: pixels per inch for a --hex-size in mm or in (default 150), written in the file"),
    )


def add_parsers(sub: Subparsers) -> None:
    from dambuster.model.paper import parse_paper

    r = sub.add_parser(
        "render",
        help="draw a scenario headless as PNG, SVG or PDF (print sheets at scale)",
        description="Draw a scenario as the editor does, without a display: PNG or SVG of the map, or a PDF "
        "of print-and-play sheets at a chosen hex size (maps over pages, counters, breach "
        "overlays, DBM terrain templates at 1:1). Needs the gui extra.",
    )
    r.add_argument("input", metavar="FILE", help="the scenario (- for standard input)")
    r.add_argument("-o", "--output", required=True, help="the file to write (.png, .svg, .pdf or .html)")
    r.add_argument(
        "--format", choices=FORMATS, help="png, svg, pdf or html (default: from the output's extension)"
    )
    r.add_argument("--force", action="store_true", help="replace an existing output file")
    add_scale_arguments(r)
    r.add_argument("--layers", help="comma-separated layers to draw (default: those shown in the editor)")
    r.add_argument("--player-view", metavar="SIDE", help="draw only what SIDE may see")
    r.add_argument(
        "--paper",
        type=_size(parse_paper),
        default=None,
        help="PDF: a4 (default), letter, a3, a2, legal, tabloid or WxH with a unit (e.g. 300x400mm)",
    )
    r.add_argument(
        "--sheets",
        type=_sheets,
        default=None,
        help=f"PDF: comma-separated {','.join(SHEETS)} (default: all that apply)",
    )
    r.add_argument(
        "--orientation",
        choices=("auto", "portrait", "landscape"),
        default="auto",
        help="PDF: the pages' orientation (default auto: the one in which the map needs fewer pages)",
    )
    r.add_argument(
        "--duplex-flip",
        choices=("long", "short"),
        default="long",
        help="PDF: the edge your printer turns a two-sided page on; the counters' backs are "
        "mirrored to land behind their fronts (default long)",
    )
    add_budget_argument(r)
    r.set_defaults(func=_cmd_render)


__all__ = [
    "FORMATS",
    "GROUP",
    "SHEETS",
    "add_parsers",
    "add_scale_arguments",
    "load_renderer",
    "output_format",
]
