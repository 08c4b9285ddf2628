"""The scene the editor shows for a scenario, built without a window and drawn without a display.

``start_qt`` starts Qt on the offscreen platform unless the caller named one (QT_QPA_PLATFORM), so a
render looks the same on a laptop, in CI and over SSH, and never opens a window. ``HeadlessMap`` fills
an unshown map view's scene with the same scene controllers the main window uses (hex maps, tables,
sewers), so a render is File > Export of the same file. ``show_only`` applies ``--layers``;
``pixels_per_unit`` turns ``--zoom`` / ``--hex-size`` / ``--dpi`` into a drawing scale.
"""

from __future__ import annotations

import argparse
import math
import os
from typing import TYPE_CHECKING

from dambuster.editor.files.export import LONG_SIDE, SVG_DPI, export_png, export_svg
from dambuster.editor.geometry.hexes import SQRT3, HexGeometry
from dambuster.model.paper import MM_PER_INCH

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication, QRectF
    from PySide6.QtWidgets import QGraphicsItem

    from dambuster.editor.scene.map_scene import MapScene
    from dambuster.model.scenario import Scenario

#: editor overlays with nothing to draw headless (no validation runs, no preview is open)
EDITOR_ONLY_LAYERS = ("validation", "preview")
PNG_DPI = 150  # pixels an inch for a physical --hex-size in a PNG, unless --dpi says otherwise
MAX_SIDE = 32767  # pixels, QImage's limit on a side
MAX_PIXELS = 100_000_000  # 400 MB of pixels; past this a render is refused rather than swapping
MAX_SVG_SIDE = 1_000_000  # user units: Qt's sizes are 32-bit integers
DISPLAY_OF = {
    "xcb": "DISPLAY",
    "wayland": "WAYLAND_DISPLAY",
}  # platforms that need a display, and its variable
QUIET_RULES = "*.debug=false;*.info=false;*.warning=false"  # Qt's own chatter; DAMBUSTER_DEBUG=1 keeps it


class RenderError(ValueError):
    """An option the scenario or the output cannot take: one sentence for the user."""


def start_qt() -> QCoreApplication:
    """The QApplication, started on the offscreen platform unless QT_QPA_PLATFORM names another."""
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0]
    needs = DISPLAY_OF.get(platform)
    if not platform:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif needs and not os.environ.get(needs):  # Qt would abort the process
        raise RenderError(
            f"QT_QPA_PLATFORM is {platform} but {needs} is not set; unset QT_QPA_PLATFORM to "
            "draw without a display"
        )
    from PySide6.QtWidgets import QApplication

    if not os.environ.get("DAMBUSTER_DEBUG") and QApplication.instance() is None:
        # a font or platform warning would break "one line on standard error"; Qt's logging rules drop
        # them in C++ (a Python message handler would be called while the interpreter shuts down)
        os.environ["QT_LOGGING_RULES"] = QUIET_RULES
    return QApplication.instance() or QApplication(["dambuster render"])


class HeadlessMap:
    """A scenario's document, an unshown map view and the scene controller the editor would use."""

    def __init__(self, scenario: Scenario, path: str | None = None):
        from dambuster.editor.document import Document
        from dambuster.editor.scene.hex.scene import HexSceneController
        from dambuster.editor.scene.map_view import MapView
        from dambuster.editor.scene.table_scene import TableSceneController

        self.doc = Document(scenario, None if path in (None, "-") else path)
        self.view = MapView()
        cls = HexSceneController if self.doc.is_hex else TableSceneController
        self.controller = cls(self.doc, self.view)
        #: items drawn over the map (``dambuster diff``'s marks): the scene does not keep the Python side
        #: of items added through MapScene.addItem
        self.marks: list[QGraphicsItem] = []

    @property
    def scene(self) -> MapScene:
        return self.view.scene()

    @property
    def kind(self) -> str:
        return "hex" if self.doc.is_hex else "table"

    def hex_geometry(self) -> HexGeometry | None:
        """The hex map's geometry in scene units (None on a table)."""
        from dambuster.editor.scene.hex.scene import HexSceneController

        controller = self.controller  # (a HexSceneController for a hex map)
        return controller.geom if isinstance(controller, HexSceneController) else None

    def hex_radius(self) -> float | None:
        """A hex's circumradius in scene units (None on a table)."""
        geom = self.hex_geometry()
        return None if geom is None else geom.size


def layer_names(kind: str) -> list[str]:
    """The layers ``--layers`` may name on a hex or a table map, bottom to top."""
    from dambuster.editor.scene.layer_table import layers_for

    return [lay.key for lay in layers_for(kind) if lay.key not in EDITOR_ONLY_LAYERS]


def show_only(headless: HeadlessMap, text: str | None) -> None:
    """Shows just the layers listed in ``text`` (comma-separated keys); None keeps the editor's defaults."""
    if text is None:
        return
    valid = layer_names(headless.kind)
    wanted = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in valid]
    if unknown or not wanted:
        what = f"no layer {unknown[0]!r} on a {headless.kind} map" if unknown else "no layer named"
        raise RenderError(f"--layers: {what}; the layers are {','.join(valid)}")
    layers = headless.view.layers  # (the view's scene's)
    for key in valid:
        layers.set_visible(key, key in wanted)


def pixels_per_unit(headless: HeadlessMap, args: argparse.Namespace, fmt: str) -> float | None:
    """Output pixels (SVG: user units) per scene unit that ``--zoom`` or ``--hex-size`` ask for, or None
    for the editor's export size (LONG_SIDE pixels or user units on the longer side)."""
    zoom = getattr(args, "zoom", None)
    if zoom is not None:
        if not (math.isfinite(zoom) and zoom > 0):
            raise RenderError(f"--zoom {zoom:g}: pixels per scene unit, a number above 0")
        return zoom
    size = getattr(args, "hex_size", None)
    if size is None:
        return None
    radius = headless.hex_radius()
    if radius is None:
        raise RenderError("--hex-size is for hex maps; a table has no hexes (use --zoom)")
    per_inch = SVG_DPI if fmt == "svg" else png_dpi(args, True)
    across = size.value if size.unit == "px" else size.value / MM_PER_INCH * per_inch
    return across / (SQRT3 * radius)


def png_dpi(args: argparse.Namespace | None, physical: bool) -> float | None:
    """The pixels an inch a PNG is drawn at and says it is: --dpi, else PNG_DPI for a physical hex size,
    else none said."""
    value = getattr(args, "dpi", None)
    return PNG_DPI if value is None and physical else value


def output_size(rect: QRectF, scale: float | None, fmt: str) -> tuple[int, int]:
    """The output's width and height (pixels, or SVG user units) for ``scale``; RenderError past the limits."""
    k = LONG_SIDE / max(rect.width(), rect.height(), 1e-9) if scale is None else scale
    width, height = max(1, round(rect.width() * k)), max(1, round(rect.height() * k))
    if fmt == "svg" and max(width, height) > MAX_SVG_SIDE:
        raise RenderError(
            f"the drawing would be {width}x{height} user units, more than {MAX_SVG_SIDE} a side; "
            "ask for a smaller --zoom or --hex-size"
        )
    if fmt == "png" and (max(width, height) > MAX_SIDE or width * height > MAX_PIXELS):
        raise RenderError(
            f"the image would be {width}x{height} pixels, more than {MAX_SIDE} a side or "
            f"{MAX_PIXELS // 1_000_000} million in all; ask for a smaller --zoom or --hex-size"
        )
    return width, height


def write(
    headless: HeadlessMap, path: str, fmt: str, scale: float | None, args: argparse.Namespace | None = None
) -> tuple[int, int]:
    """Draws the scene into ``path`` (PNG or SVG) through File > Export's own functions; the size."""
    scene = headless.scene
    width, height = output_size(scene.sceneRect(), scale, fmt)
    if fmt == "svg":
        size = export_svg(scene, path, title=headless.doc.display_name, scale=scale)
    else:
        hex_size = getattr(args, "hex_size", None)
        physical = hex_size is not None and hex_size.unit == "mm"
        size = export_png(scene, path, long_side=max(width, height), dpi=png_dpi(args, physical))
    return size.width(), size.height()


__all__ = [
    "EDITOR_ONLY_LAYERS",
    "MAX_PIXELS",
    "MAX_SIDE",
    "MAX_SVG_SIDE",
    "PNG_DPI",
    "HeadlessMap",
    "RenderError",
    "layer_names",
    "output_size",
    "pixels_per_unit",
    "png_dpi",
    "show_only",
    "start_qt",
    "write",
]
