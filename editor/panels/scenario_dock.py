"""The scenario-properties dock: title, author, description, licence, tags and rule profiles, and
below them the inspector of the selected map object. Each finished edit is one undo command; model
changes refresh the fields (without echo)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.commands import SetMeta
from dambuster.editor.document import Document
from dambuster.model.scenario import PROFILES

from .inspector import ObjectInspector


class _PlainText(QPlainTextEdit):
    """A QPlainTextEdit that reports when it loses focus (its 'editing finished')."""

    def __init__(self, on_done: Callable[[], None], parent: QWidget | None = None):
        super().__init__(parent)
        self.on_done = on_done

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.on_done()


class PropertiesPanel(QWidget):
    def __init__(self, doc: Document, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        form = QFormLayout()
        self.title, self.author, self.license, self.tags = QLineEdit(), QLineEdit(), QLineEdit(), QLineEdit()
        self.tags.setPlaceholderText("comma separated")
        self.description = _PlainText(self._description_done)
        self.description.setMaximumHeight(90)
        form.addRow("Title", self.title)
        form.addRow("Author", self.author)
        form.addRow("Licence", self.license)
        form.addRow("Tags", self.tags)
        form.addRow("Description", self.description)
        self.title.editingFinished.connect(lambda: self._set("title", self.title.text()))
        self.author.editingFinished.connect(lambda: self._set("author", self.author.text()))
        self.license.editingFinished.connect(lambda: self._set("license", self.license.text()))
        self.tags.editingFinished.connect(
            lambda: self._set("tags", [t.strip() for t in self.tags.text().split(",") if t.strip()])
        )
        group = QGroupBox("Rule profiles")
        gbox = QVBoxLayout(group)
        self.profiles: dict[str, QCheckBox] = {}
        for p in PROFILES:
            cb = QCheckBox(p)
            cb.toggled.connect(self._profiles_done)
            gbox.addWidget(cb)
            self.profiles[p] = cb
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(form)
        box.addWidget(group)
        self.inspector = ObjectInspector(doc)
        box.addWidget(self.inspector)
        box.addStretch(1)
        doc.meta_changed.connect(self.refresh)
        doc.scenario_replaced.connect(self.refresh)
        self.refresh()

    def show_object(self, obj: Any) -> None:
        """The selected map object's fields (each selection made by a tool or a command)."""
        self.inspector.show_object(obj)

    def _set(self, name: str, value: object) -> None:
        if getattr(self.doc.scenario.meta, name) != value:
            self.doc.push(SetMeta(self.doc, name, value))

    def _description_done(self) -> None:
        self._set("description", self.description.toPlainText())

    def fill_profiles_menu(self, menu: QMenu) -> None:
        """Rules > Rule Profiles: the same choices as the dock's boxes (ticked as the scenario has them),
        each a click on its box, so one undo step either way; rebuilt each time the menu opens."""

        def fill() -> None:
            menu.clear()
            for p, cb in self.profiles.items():
                act = menu.addAction(p)
                act.setCheckable(True)
                act.setChecked(p in self.doc.scenario.meta.profiles)
                act.setEnabled(cb.isEnabled())
                act.toggled.connect(cb.setChecked)

        menu.aboutToShow.connect(fill)
        fill()

    def _profiles_done(self, *_args: object) -> None:
        chosen = [p for p, cb in self.profiles.items() if cb.isChecked()]
        # keep unknown profiles a newer file may carry
        extra = [p for p in self.doc.scenario.meta.profiles if p not in self.profiles]
        self._set("profiles", chosen + extra)

    def refresh(self) -> None:
        meta = self.doc.scenario.meta
        for widget, text in (
            (self.title, meta.title),
            (self.author, meta.author),
            (self.license, meta.license),
            (self.tags, ", ".join(meta.tags)),
        ):
            if widget.text() != text:
                with QSignalBlocker(widget):
                    widget.setText(text)
        if self.description.toPlainText() != meta.description:
            with QSignalBlocker(self.description):
                self.description.setPlainText(meta.description)
        for p, cb in self.profiles.items():
            with QSignalBlocker(cb):
                cb.setChecked(p in meta.profiles)
