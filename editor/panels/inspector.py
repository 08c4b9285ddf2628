"""The selection inspector: edits the plain fields of the selected map object (a dam's SP and damage,
a river's name, a unit's squads and status, an area's sector...) in place.

Each finished edit is one SetFields undo command. A value the file format would refuse (a schema
bound, an unknown reference, damage above SP) is refused inline with one sentence, and the model is
left as it was. Ids and geometry are not edited here: ids are what references point at, and shapes
are edited on the map with the tools.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable
from functools import partial
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.commands import SetFields
from dambuster.editor.document import Document
from dambuster.editor.geometry.locate import find_by_id
from dambuster.editor.tools.object_words import describe
from dambuster.model.errors import ScenarioError
from dambuster.model.io import to_document
from dambuster.model.scenario import Scenario
from dambuster.model.schema_check import validate
from dambuster.model.semantic import iter_problems

_SCALARS = (str, int, float, bool)


def editable_fields(obj: Any) -> list[tuple[str, type, bool]]:
    """(name, scalar type, optional) of the fields the inspector offers: plain values, not ids, lists
    or points."""
    if obj is None or not dataclasses.is_dataclass(obj):
        return []
    hints = typing.get_type_hints(type(obj))
    out: list[tuple[str, type, bool]] = []
    for f in dataclasses.fields(obj):
        if f.name == "id":
            continue
        tp, optional = hints[f.name], False
        args = typing.get_args(tp)
        if args and type(None) in args:
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1:
                tp, optional = rest[0], True
        if tp in _SCALARS:
            out.append((f.name, tp, optional))
    return out


def parse(text: str, tp: type, optional: bool) -> Any:
    """The typed value of a field's text; raises ValueError with a plain sentence."""
    text = text.strip()
    if optional and text == "":
        return None
    if tp is str:
        return text
    try:
        return tp(text)
    except ValueError:
        raise ValueError(f"{text!r} is not {'a whole number' if tp is int else 'a number'}") from None


def problems_after(scenario: Scenario, obj: Any, name: str, value: Any) -> list[str]:
    """What the format would say about the scenario with ``obj.name = value`` (nothing: acceptable).
    The value is set for the check and put back before returning."""
    before = {(p.pointer, p.message) for p in iter_problems(scenario)}
    old = getattr(obj, name)
    setattr(obj, name, value)
    try:
        try:
            validate(to_document(scenario))
        except ScenarioError as e:
            return [e.first.message]
        return [p.message for p in iter_problems(scenario) if (p.pointer, p.message) not in before]
    finally:
        setattr(obj, name, old)


def reference_choices(scenario: Scenario, obj: Any, name: str) -> list[tuple[str, str]] | None:
    """The (id, text) the field ``name`` of ``obj`` may refer to (a dam's or bridge's river, a
    bridge's road, the river a river joins, a unit's side, a mine's owner), or None for a plain field."""
    m = scenario.map

    def named(items: Iterable[Any]) -> list[tuple[str, str]]:
        return [(x.id, f"{x.name} ({x.id})" if getattr(x, "name", "") else x.id) for x in items]

    if name in ("river", "joins"):  # hex maps and tables both have rivers and roads
        return named([r for r in m.rivers if r is not obj])
    if name == "road":
        return named(m.roads)
    if name in ("side", "owner") and isinstance(getattr(obj, name, None), str):
        return named(scenario.sides)
    return None


class ObjectInspector(QGroupBox):
    def __init__(self, doc: Document, parent: QWidget | None = None):
        super().__init__("Selection", parent)
        self.doc = doc
        self.obj: Any = None
        self.editors: dict[str, QWidget] = {}
        self.form = QFormLayout()
        self.message = QLabel()
        self.message.setObjectName("inspector-message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c0201a")
        self.empty = QLabel("Pick an object on the map with the Select tool (S) to edit it here.")
        self.empty.setWordWrap(True)
        box = QVBoxLayout(self)
        box.addWidget(self.empty)
        box.addLayout(self.form)
        box.addWidget(self.message)
        doc.features_changed.connect(self.refresh)
        doc.scenario_replaced.connect(partial(self.show_object, None))

    def show_object(self, obj: Any) -> None:
        self.obj = obj
        while self.form.rowCount():
            self.form.removeRow(0)
        self.editors.clear()
        self.message.clear()
        fields = editable_fields(obj)
        self.empty.setVisible(not fields)
        self.setTitle(f"Selection: {describe(obj)}" if obj is not None else "Selection")
        for name, tp, optional in fields:
            choices = reference_choices(self.doc.scenario, obj, name)
            if choices is not None:  # a reference: one of the objects it may name, not free text
                w = QComboBox()
                if optional:
                    w.addItem("none", None)
                for ident, text in choices:
                    w.addItem(text, ident)
                w.activated.connect(partial(self._commit_choice, name, w))
            elif tp is bool:
                w: QWidget = QCheckBox()
                w.toggled.connect(partial(self._commit, name))
            else:
                w = QLineEdit()
                if optional:
                    w.setPlaceholderText("none")
                w.editingFinished.connect(lambda n=name, t=tp, o=optional: self._commit_text(n, t, o))
            w.setObjectName(f"inspect-{name}")
            self.editors[name] = w
            self.form.addRow(name.replace("_", " "), w)
        self.refresh()

    def refresh(self, *_args: object) -> None:
        obj = self.obj
        if obj is None:
            return
        ident = getattr(obj, "id", None)
        if ident is not None and find_by_id(self.doc.scenario, ident) is not obj:
            self.show_object(None)  # deleted (or undone away)
            return
        if any(self._choices_changed(name, w) for name, w in self.editors.items()):
            self.show_object(obj)  # a river, road or side added, renamed or removed elsewhere
            return
        for name, w in self.editors.items():
            value = getattr(obj, name)
            with QSignalBlocker(w):
                if isinstance(w, QComboBox):
                    at = w.findData(value)
                    if at < 0:  # a dangling reference: shown as it stands until it is repaired
                        w.addItem(f"{value} (missing)", value)
                        at = w.count() - 1
                    w.setCurrentIndex(at)
                elif isinstance(w, QCheckBox):
                    w.setChecked(bool(value))
                elif isinstance(w, QLineEdit):  # (the third and last kind of editor)
                    w.setText(
                        "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
                    )

    def _choices_changed(self, name: str, w: QWidget) -> bool:
        """Whether a reference field's list no longer matches the objects it may name."""
        if not isinstance(w, QComboBox):
            return False
        choices = reference_choices(self.doc.scenario, self.obj, name) or []
        shown = [(w.itemData(i), w.itemText(i)) for i in range(w.count()) if w.itemData(i) is not None]
        shown = [(ident, text) for ident, text in shown if not text.endswith(" (missing)")]
        return shown != choices

    def _commit_text(self, name: str, tp: type, optional: bool) -> None:
        editor = self.editors[name]
        if not isinstance(editor, QLineEdit):  # (never: text is committed from a line edit)
            return
        try:
            value = parse(editor.text(), tp, optional)
        except ValueError as e:
            self._refuse(name, str(e))
            return
        self._commit(name, value)

    def _commit_choice(self, name: str, box: QComboBox, _index: int = 0) -> None:
        self._commit(name, box.currentData())

    def _commit(self, name: str, value: Any) -> None:
        obj = self.obj
        if obj is None or getattr(obj, name) == value:
            self.message.clear()
            return
        problems = problems_after(self.doc.scenario, obj, name, value)
        if problems:
            self._refuse(name, problems[0])
            return
        self.message.clear()
        self.doc.push(
            SetFields(
                self.doc,
                [(obj, name, value)],
                f"Set {name.replace('_', ' ')} of {getattr(obj, 'id', type(obj).__name__)}",
            )
        )

    def _refuse(self, name: str, why: str) -> None:
        self.message.setText(f"{name.replace('_', ' ')}: {why}")
        self.refresh()
