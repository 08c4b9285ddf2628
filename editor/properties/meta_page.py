"""Properties dialog page: title, author, licence, tags, description and rule profiles."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from dambuster.model.scenario import PROFILES, Scenario


class MetaPage(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.title, self.author, self.license, self.tags = QLineEdit(), QLineEdit(), QLineEdit(), QLineEdit()
        self.tags.setPlaceholderText("comma separated")
        self.description = QPlainTextEdit()
        form = QFormLayout()
        for label, w in (
            ("Title", self.title),
            ("Author", self.author),
            ("Licence", self.license),
            ("Tags", self.tags),
            ("Description", self.description),
        ):
            form.addRow(label, w)
        group = QGroupBox("Rule profiles")
        gbox = QVBoxLayout(group)
        self.profiles = {p: QCheckBox(p) for p in PROFILES}
        for cb in self.profiles.values():
            gbox.addWidget(cb)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(group)

    def load(self, sc: Scenario) -> None:
        m = sc.meta
        self.title.setText(m.title)
        self.author.setText(m.author)
        self.license.setText(m.license)
        self.tags.setText(", ".join(m.tags))
        self.description.setPlainText(m.description)
        for p, cb in self.profiles.items():
            cb.setChecked(p in m.profiles)
        self._extra = [p for p in m.profiles if p not in self.profiles]  # unknown ones a newer file carries

    def collect(self, sc: Scenario) -> None:
        m = sc.meta
        m.title, m.author, m.license = self.title.text(), self.author.text(), self.license.text()
        m.tags = [t.strip() for t in self.tags.text().split(",") if t.strip()]
        if m.description != self.description.toPlainText():
            m.description = self.description.toPlainText()
        chosen = [p for p, cb in self.profiles.items() if cb.isChecked()]
        if set(chosen + self._extra) != set(m.profiles):
            m.profiles = chosen + self._extra
