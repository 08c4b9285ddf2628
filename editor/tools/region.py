"""The region tool: drag a rectangle of hexes (offset columns and rows) to select it for copying;
the selection stays outlined until the next drag or another tool."""

from __future__ import annotations

from dambuster.model.hexgrid import Hex

from .terrain import RectangleFill


class RegionTool(RectangleFill):
    name = "region"

    def __init__(self, doc, controller):
        super().__init__(doc, controller, kind=lambda: "clear")
        self.selected: list[Hex] = []

    def release(self, pos) -> None:
        end = self.controller.hex_at(pos)
        if self.start is not None and end is not None:
            self.selected = self.hexes(self.start, end)
        self.start = None  # the preview outline stays as the selection mark

    def drop(self) -> None:
        if self.preview is not None and self.preview.scene() is not None:
            self.preview.scene().removeItem(self.preview)
        self.preview = None
