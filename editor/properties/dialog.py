"""Scenario > Properties…: one dialog for meta, sides, budgets, victory levels, turn limit and rule
parameters. It edits copies; OK checks the result (field parsing, then the JSON Schema, then any
*new* semantic problem such as a unit left without its side) and refuses inline with one sentence,
or pushes one compound undo command."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.document import Document
from dambuster.model import Scenario, ScenarioError
from dambuster.model.io import to_document
from dambuster.model.schema_check import validate
from dambuster.model.semantic import iter_problems

from .commands import FIELDS, properties_command
from .forces_page import ForcesPage
from .meta_page import MetaPage
from .rules_page import RulesPage


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(widget)
    return area


def candidate_problems(original: Scenario, candidate: Scenario) -> list[str]:
    """Schema errors of the candidate, and semantic problems it has that the original had not."""
    try:
        validate(to_document(candidate))
    except ScenarioError as e:
        return [str(e)]
    before = {(p.pointer, p.message) for p in iter_problems(original)}
    return [
        f"{p.pointer}: {p.message}" for p in iter_problems(candidate) if (p.pointer, p.message) not in before
    ]


class PropertiesDialog(QDialog):
    def __init__(self, doc: Document, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Scenario properties")
        self.tabs = QTabWidget()
        self.meta, self.forces, self.rules = MetaPage(), ForcesPage(), RulesPage()
        self.pages = (
            (self.meta, "Scenario"),
            (self.forces, "Sides and victory"),
            (self.rules, "Rule parameters"),
        )
        for page, title in self.pages:
            page.load(doc.scenario)  # before the scroll area takes the page's size
            self.tabs.addTab(_scrolled(page), title)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b01010")
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.tabs)
        box.addWidget(self.error)
        box.addWidget(buttons)
        self.resize(720, 640)

    def changes(self) -> dict[str, Any]:
        """The changed top-level fields as new objects; raises ValueError with one sentence if refused."""
        sc = self.doc.scenario
        cand = copy.copy(sc)
        for name in FIELDS:
            setattr(cand, name, copy.deepcopy(getattr(sc, name)))
        for i, (page, _title) in enumerate(self.pages):
            try:
                page.collect(cand)
            except ValueError:
                self.tabs.setCurrentIndex(i)
                raise
        changed = {name: getattr(cand, name) for name in FIELDS if getattr(cand, name) != getattr(sc, name)}
        if changed:
            problems = candidate_problems(sc, cand)
            if problems:
                raise ValueError(problems[0])
        return changed

    def accept(self) -> None:
        try:
            changed = self.changes()
        except ValueError as e:
            self.error.setText(str(e))
            return
        command = properties_command(self.doc, changed)
        if command is not None:
            self.doc.push(command)
        super().accept()
