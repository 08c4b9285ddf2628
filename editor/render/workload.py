"""What `dambuster render` (PNG, SVG, PDF) and `dambuster diff --format png|svg` would draw, estimated
before any drawing, and refused in one line when it cannot fit in the command's --budget.

The canvas is capped elsewhere (pixels, SVG side, pages); what grows with a legal file is what is drawn
on it: every hex, and at a scale where a hex is drawn in detail (its label and symbols), several
elements a hex; every point and object of the features. A 1000 x 1000 map is a million hexes whatever
the hex size: drawn as a PDF at 5 mm it was 675 MB and 80 s. So the estimate counts

* **elements**: hexes (DETAIL each when a hex is at least DETAILED_PIXELS across in the output, and
  always in a PDF, printed at a readable size) plus every point, hex reference and object of the
  scenario's features and units;
* **the overlay sheet's Monte Carlo** (PDF): MONTE_CARLO_RUNS breaches per dam, each down the map's
  river hexes, as `surge --monte-carlo` counts runs x hexes;

and refuses when elements / ELEMENTS_PER_SECOND (or the runs x hexes / RUN_HEXES_PER_SECOND) is over
the budget's seconds (of CPU time). The rates were measured on our 2-CPU machine: a 100 x 100 map
at 5 mm hexes, 40,000 elements, drew as SVG in 1.9 s and as PNG in 3.6 s; on A2 paper the PDF's map
pages of 50 x 50 hexes (10,000 elements) took 3.9 s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from dambuster.batch.budget import EstimateTooLarge, check_estimate
from dambuster.model.scenario import Scenario

if TYPE_CHECKING:
    from .headless import HeadlessMap

#: Elements drawn a second, by output format.
ELEMENTS_PER_SECOND = {"png": 10_000, "svg": 15_000, "pdf": 10_000}
#: A hex drawn at least this many output pixels across gets its label and symbols ...
DETAILED_PIXELS = 24.0
#: ... counted as this many elements.
DETAIL = 4


def feature_elements(scenario: Scenario) -> int:
    """Every object, point and hex reference of the scenario outside the terrain grid."""
    count = 0
    stack: list[Any] = [scenario.units, getattr(scenario.map, "__dict__", {})]
    while stack:
        value = stack.pop()
        if isinstance(value, (str, bytes, bytearray, int, float, bool)) or value is None:
            continue
        if isinstance(value, dict):
            stack.extend(cast("dict[Any, Any]", value).values())
        elif isinstance(value, (list, tuple)):
            value = cast("list[Any] | tuple[Any, ...]", value)
            if value and all(isinstance(v, (int, float)) for v in value):
                count += 1  # a point or a hex
            else:
                count += len(value) if isinstance(value, list) else 0
                stack.extend(value)
        elif dataclasses.is_dataclass(value):
            stack.extend(getattr(value, f.name) for f in dataclasses.fields(value))
    return count


def hexes(scenario: Scenario) -> int:
    m = scenario.map
    return int(getattr(m, "columns", 0) or 0) * int(getattr(m, "rows", 0) or 0)


def check_image(scenario: Scenario, fmt: str, hex_pixels: float | None, budget: float | None) -> None:
    """Refuses (EstimateTooLarge) a PNG or SVG whose drawing cannot fit in ``budget`` seconds;
    ``hex_pixels``: a hex's width in the output (None: on a table, or the least the drawing can be)."""
    detailed = hex_pixels is not None and hex_pixels >= DETAILED_PIXELS
    elements = hexes(scenario) * (DETAIL if detailed else 1) + feature_elements(scenario)
    check_estimate(
        "elements to draw (hexes, each in detail at this scale, and features)"
        if detailed
        else "elements to draw (hexes and features)",
        elements,
        ELEMENTS_PER_SECOND[fmt],
        budget,
        "a smaller --zoom or --hex-size (hexes drawn without labels)" if detailed else "a smaller map",
    )


def check_before_drawing(scenario: Scenario, fmt: str, budget: float | None) -> None:
    """The least the drawing can be (every hex without detail, every feature), checked before Qt starts
    and the scene is built, so that a map far over the budget is refused at once."""
    check_image(scenario, fmt, None, budget)


def check_drawing(headless: HeadlessMap, scale: float | None, fmt: str, budget: float | None) -> None:
    """check_image for a HeadlessMap drawn at ``scale`` output pixels a scene unit (None: the export size)."""
    from dambuster.editor.geometry.hexes import SQRT3

    from .headless import output_size

    rect = headless.scene.sceneRect()
    width, _ = output_size(rect, scale, fmt)
    radius = headless.hex_radius()
    hex_pixels = None if radius is None else width / max(rect.width(), 1e-9) * SQRT3 * radius
    check_image(headless.doc.scenario, fmt, hex_pixels, budget)


def check_pdf(
    scenario: Scenario,
    sheets: Iterable[str] | None,
    budget: float | None,
    paper_mm: tuple[float, float] | None = None,
) -> None:
    """Refuses (EstimateTooLarge) print sheets that cannot fit in ``budget`` seconds: the overlay
    sheet's Monte Carlo first (it runs before any page is laid out), then the map pages' elements,
    drawn the slower the larger the paper (ELEMENTS_PER_SECOND["pdf"] is for A4)."""
    from dambuster.editor.printing.breach_pieces import MONTE_CARLO_RUNS
    from dambuster.simulation.workload import RUN_HEXES_PER_SECOND, river_hexes, work

    wanted = set(sheets) if sheets else None
    dams = list(getattr(scenario.map, "dams", []) or [])
    if dams and (wanted is None or "overlays" in wanted):
        check_estimate(
            f"the overlay sheet's Monte Carlo ({MONTE_CARLO_RUNS:,} runs for each of {len(dams)} dams, "
            "x river hexes)",
            len(dams) * work(river_hexes(scenario), MONTE_CARLO_RUNS),
            RUN_HEXES_PER_SECOND,
            budget,
            "--sheets without overlays",
        )
    if wanted is None or "maps" in wanted:
        check_estimate(
            "elements to print on the map pages (hexes in detail, and features)",
            hexes(scenario) * DETAIL + feature_elements(scenario),
            ELEMENTS_PER_SECOND["pdf"] / _sheets_of_a4(paper_mm),
            budget,
            "--sheets without maps",
        )


def _sheets_of_a4(paper_mm: tuple[float, float] | None) -> float:
    """How many A4 sheets the paper is, at least 1: a 5 mm hex map on A2 drew five times slower than on
    A4 (50 x 50 hexes: 3.9 s of CPU on A2; 100 x 100: 20 s on A2, 2 s on A4)."""
    if not paper_mm:
        return 1.0
    return max(1.0, paper_mm[0] * paper_mm[1] / (210 * 297))


__all__ = [
    "DETAIL",
    "ELEMENTS_PER_SECOND",
    "EstimateTooLarge",
    "check_before_drawing",
    "check_drawing",
    "check_image",
    "check_pdf",
    "feature_elements",
]
