"""Copy and Paste through the system clipboard: Copy puts the chosen region (Copy region tool) or the
selected objects (one, or a rubber band's group) on it as ``application/x-dambuster-fragment+json``
and as plain text (the same JSON, ``edits.fragment``), so another window of the editor, or a text
editor, gets it. Paste reads the clipboard (a fragment of ours in either form; else what this window
copied last) and pastes at the hex under the mouse, one undo step: a region as before
(``edits.clipboard``), objects with fresh ids, those that would break the format where they land
left out (the status bar names each and says why) and the pasted ones selected. On table maps the same holds for the selected features (one,
or a rubber band's group; ``edits.table_group``), pasted with their first point at the mouse."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData
from PySide6.QtGui import QGuiApplication

from dambuster.editor.edits.clipboard import copy_region, paste, paste_changes
from dambuster.editor.edits.fragment import LISTS, MIME, checked, copy_objects, dumps_clip, loads_clip
from dambuster.editor.edits.table_group import copy_table_objects, paste_table_changes

from .base import push_changes, say
from .region import RegionTool


def put(clip) -> None:
    text = dumps_clip(clip)
    mime = QMimeData()
    mime.setData(MIME, QByteArray(text.encode("utf-8")))
    mime.setText(text)
    QGuiApplication.clipboard().setMimeData(mime)


def get():
    """The fragment on the system clipboard, or None."""
    md = QGuiApplication.clipboard().mimeData()
    if md is None:
        return None
    if md.hasFormat(MIME):
        return loads_clip(bytes(md.data(MIME).data()).decode("utf-8"))
    return loads_clip(md.text()) if md.hasText() else None


def copy(window) -> bool:
    tool = window.view.tool
    objs = list(getattr(tool, "group", []) or ([window.selection] if window.selection is not None else []))
    if not window.doc.is_hex:
        clip = copy_table_objects(window.doc.scenario, objs)
        what = (
            f"{sum(len(v) for k, v in clip.lists.items() if k != 'sewer.model_points')} features"
            if clip
            else ""
        )
    elif isinstance(tool, RegionTool) and tool.selected:
        clip, what = copy_region(window.doc.scenario, tool.selected), f"{len(tool.selected)} hexes"
    else:
        clip = copy_objects(objs)
        what = f"{sum(len(v) for v in clip.lists.values())} objects" if clip else ""
    if clip is None:
        say(window.controller, "Nothing to copy: choose a region with Copy region or select objects")
        return False
    window.clip = clip
    put(clip)
    window.statusBar().showMessage(f"Copied {what}", 5000)
    return True


def paste_here(window) -> bool:
    clip = get() or window.clip
    if clip is None or clip.kind != ("hex" if window.doc.is_hex else "table"):
        return False
    if clip.kind == "table":
        p = window.cursor_scene
        changes, dropped = paste_table_changes(window.doc.scenario, clip, (float(p.x()), float(p.y())))
        pasted = _new_objects(changes)
        done = push_changes(window.doc, changes, "Paste features")
        if done and pasted and hasattr(window.view.tool, "select_objects"):
            window.view.tool.select_objects(pasted)  # the pasted features selected, not the originals
        if dropped:
            n = len(dropped)
            say(
                window.controller, f"{n} pasted feature{'s' if n > 1 else ''} left out: " + "; ".join(dropped)
            )
        return done
    h = window.controller.hex_at(window.cursor_scene)
    if h is None:
        return False
    if clip.terrain:
        return paste(window.doc, clip, h)
    left_out: list[str] = []
    _terrain, changes = paste_changes(window.doc.scenario, clip, h, left_out)
    changes, _dropped = checked(window.doc.scenario, changes, left_out)
    pasted = _new_objects(changes)
    done = push_changes(window.doc, changes, "Paste objects")
    if done and hasattr(window.view.tool, "select_objects"):
        window.view.tool.select_objects(pasted)  # the pasted objects selected, as Tiled does
    if left_out:
        n = len(left_out)
        say(window.controller, f"{n} pasted object{'s' if n > 1 else ''} left out: " + "; ".join(left_out))
    elif done:
        window.statusBar().showMessage(f"Pasted {len(pasted)} object{'s' if len(pasted) != 1 else ''}", 5000)
    return done


def _new_objects(changes) -> list:
    """The objects a paste's ``changes`` add to the map's lists (not the sides that came along)."""
    pasted = [
        o
        for owner, name, items in changes
        if isinstance(items, list)
        for o in items
        if not any(o is x for x in getattr(owner, name) or [])
    ]
    return [
        o for o in pasted if type(o).__name__ in LISTS or (hasattr(o, "id") and type(o).__name__ != "Side")
    ]


def install(window) -> None:
    """Gives the window's Edit > Copy and Paste (handlers ``copy_region``, ``paste_region``) the
    system clipboard; call after the Place dock's install and before the actions are built."""
    window.copy_region = lambda: copy(window)
    window.paste_region = lambda: paste_here(window)
