"""Copy and Paste through the system clipboard: Copy puts the chosen region (Copy region tool) or the
selected objects (one, or a rubber band's group) on it as ``application/x-dambuster-fragment+json``
and as plain text (the same JSON, ``edits.fragment``), so another window of the editor, or a text
editor, gets it. Paste reads the clipboard (a fragment of ours in either form; else what this window
copied last) and pastes at the hex under the mouse, one undo step: a region as before
(``edits.clipboard``), objects with fresh ids, those that would break the format where they land
left out (the status bar names each and says why) and the pasted ones selected. On table maps the same
holds for the selected features (one, or a rubber band's group; ``edits.table_group``), pasted with their
first point at the mouse. ``ClipboardCommands`` are Edit > Copy and Paste."""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QByteArray, QMimeData
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QStatusBar

from dambuster.editor.document import Document
from dambuster.editor.editor_state import EditorState
from dambuster.editor.edits.clipboard import Clip, copy_region, paste, paste_changes  # pyright: ignore[reportUnknownVariableType]  (edits/: untyped ``doc`` and lists)
from dambuster.editor.edits.fragment import LISTS, MIME, checked, copy_objects, dumps_clip, loads_clip  # pyright: ignore[reportUnknownVariableType]  (edits/: untyped ``doc`` and lists)
from dambuster.editor.edits.hex_map import Change
from dambuster.editor.edits.table_group import copy_table_objects, paste_table_changes  # pyright: ignore[reportUnknownVariableType]  (edits/: untyped ``doc`` and lists)
from dambuster.editor.scene.map_view import MapView

from .base import push_changes  # pyright: ignore[reportUnknownVariableType]  (base.py: ``doc`` untyped)
from .capabilities import Selects
from .region import RegionTool


def put(clip: Clip) -> None:
    text = dumps_clip(clip)
    mime = QMimeData()
    mime.setData(MIME, QByteArray(text.encode("utf-8")))
    mime.setText(text)
    QGuiApplication.clipboard().setMimeData(mime)


def get() -> Clip | None:
    """The fragment on the system clipboard, or None."""
    md = QGuiApplication.clipboard().mimeData()
    if md is None:  # pyright: ignore[reportUnnecessaryComparison]  (an empty clipboard's; the stubs say never None)
        return None
    if md.hasFormat(MIME):
        return loads_clip(bytes(md.data(MIME).data()).decode("utf-8"))
    return loads_clip(md.text()) if md.hasText() else None


class ClipboardCommands:
    """Edit > Copy and Edit > Paste of one main window."""

    def __init__(self, doc: Document, view: MapView, state: EditorState, status: QStatusBar):
        self.doc, self.view, self.state, self.status = doc, view, state, status

    def _say(self, text: str) -> None:
        self.status.showMessage(text, 5000)

    def copy(self) -> bool:
        tool, s = self.view.tool, self.doc.scenario
        group = tool.group if isinstance(tool, Selects) else []
        objs = list(group or ([self.state.selection] if self.state.selection is not None else []))
        if not self.doc.is_hex:
            clip = copy_table_objects(s, objs)
            what = f"{_count(clip, but='sewer.model_points')} features" if clip else ""
        elif isinstance(tool, RegionTool) and tool.selected:
            clip, what = copy_region(s, tool.selected), f"{len(tool.selected)} hexes"
        else:
            clip = copy_objects(objs)
            what = f"{_count(clip)} objects" if clip else ""
        if clip is None:
            self._say("Nothing to copy: choose a region with Copy region or select objects")
            return False
        self.state.clip = clip
        put(clip)
        self._say(f"Copied {what}")
        return True

    def paste(self) -> bool:
        """Pastes what the clipboard holds at the mouse (one undo step); False when nothing was pasted."""
        clip = get() or self.state.clip
        if clip is None or clip.kind != ("hex" if self.doc.is_hex else "table"):
            return False
        tool, s, at = self.view.tool, self.doc.scenario, self.state.cursor
        if clip.kind == "table":
            changes, dropped = paste_table_changes(s, clip, (float(at.x()), float(at.y())))
            pasted = _new_objects(changes)
            done = push_changes(self.doc, changes, "Paste features")
            if done and pasted and isinstance(tool, Selects):
                tool.select_objects(pasted)  # the pasted features selected, not the originals
            if dropped:
                n = len(dropped)
                self._say(f"{n} pasted feature{'s' if n > 1 else ''} left out: " + "; ".join(dropped))
            return done
        controller = self.state.controller
        h = controller.hex_at(at) if controller is not None else None
        if h is None:
            return False
        if clip.terrain:
            return paste(self.doc, clip, h)
        left_out: list[str] = []
        _terrain, found = paste_changes(s, clip, h, left_out)
        changes = list[Change](checked(s, found, left_out)[0])  # pyright: ignore[reportUnknownArgumentType]  (fragment.checked: an untyped list)
        pasted = _new_objects(changes)
        done = push_changes(self.doc, changes, "Paste objects")
        if done and isinstance(tool, Selects):
            tool.select_objects(pasted)  # the pasted objects selected, as Tiled does
        if left_out:
            n = len(left_out)
            self._say(f"{n} pasted object{'s' if n > 1 else ''} left out: " + "; ".join(left_out))
        elif done:
            self._say(f"Pasted {len(pasted)} object{'s' if len(pasted) != 1 else ''}")
        return done


def _count(clip: Clip, but: str = "") -> int:
    """How many objects ``clip`` holds (in its lists but ``but``)."""
    return sum(len(v) for k, v in dict[str, list[Any]](clip.lists).items() if k != but)  # pyright: ignore[reportUnknownMemberType, reportUnknownArgumentType]  (Clip.lists: lists of any model object)


def _new_objects(changes: list[Change]) -> list[Any]:
    """The objects a paste's ``changes`` add to the map's lists (not the sides that came along)."""
    pasted: list[Any] = [
        o
        for owner, name, items in changes
        if isinstance(items, list)
        for o in cast("list[Any]", items)
        if not any(o is x for x in getattr(owner, name) or ())
    ]
    return [
        o for o in pasted if type(o).__name__ in LISTS or (hasattr(o, "id") and type(o).__name__ != "Side")
    ]
