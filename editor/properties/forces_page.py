"""Properties dialog page: sides, force budgets per side, victory levels and the turn limit."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QFormLayout, QGroupBox, QSpinBox, QVBoxLayout, QWidget

from dambuster.model.scenario import Budget, Scenario, Side, VictoryLevel

from .row_table import Col, RowTable, as_int, as_optional_int, as_text

ROLES = ["attacker", "defender", "invader", "neutral"]
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def as_id(text: str) -> str:
    text = text.strip()
    if not _ID.match(text):
        raise ValueError("letters, digits and _.:- only, starting with a letter or digit")
    return text


def as_colour(text: str) -> str:
    text = text.strip()
    if not _COLOUR.match(text):
        raise ValueError("a colour is #rrggbb")
    return text


def as_name(text: str) -> str:
    if not text.strip():
        raise ValueError("a name is required")
    return text.strip()


def as_counts(text: str) -> dict[str, int]:
    """``type=count, type=count`` -> {type: count}."""
    out: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, count = part.partition("=")
        if not sep:
            raise ValueError("write type=count, separated by commas")
        out[key.strip()] = int(count)
    return out


def _budget_counts(units: dict[str, int]) -> str:
    return ", ".join(f"{k}={v}" for k, v in units.items())


class ForcesPage(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.sides = RowTable(
            [
                Col("Id", as_id),
                Col("Name", as_name),
                Col("Role", as_text, ROLES),
                Col("Colour", as_colour, swatch=True),
            ],
            lambda n: [f"side-{n + 1}", f"Side {n + 1}", "defender", "#3060c0"],
        )
        self.budgets = RowTable(
            [
                Col("Side", as_id),
                Col("Infantry attack", as_optional_int),
                Col("Armor units", as_optional_int),
                Col("Unit counts (type=n, ...)", as_counts),
            ],
            lambda n: [self._first_side(), "", "", ""],
        )
        self.victory = RowTable(
            [Col("Side", as_id), Col("Rank", as_int), Col("Name", as_name), Col("Condition", as_text)],
            lambda n: [self._first_side(), "1", "Victory", ""],
        )
        self.turn_limit = QSpinBox()
        self.turn_limit.setRange(0, 1000)
        self.turn_limit.setSpecialValueText("none")
        box = QVBoxLayout(self)
        for title, w in (("Sides", self.sides), ("Budgets", self.budgets), ("Victory levels", self.victory)):
            g = QGroupBox(title)
            QVBoxLayout(g).addWidget(w)
            box.addWidget(g)
        form = QFormLayout()
        form.addRow("Turn limit", self.turn_limit)
        box.addLayout(form)

    def _first_side(self) -> str:
        return self.sides.text(0, 0) if self.sides.table.rowCount() else ""

    def load(self, sc: Scenario) -> None:
        self.sides.set_rows([[s.id, s.name, s.role, s.color] for s in sc.sides])
        self.budgets.set_rows(
            [
                [
                    b.side,
                    "" if b.infantry_attack is None else str(b.infantry_attack),
                    "" if b.armor_units is None else str(b.armor_units),
                    _budget_counts(b.units),
                ]
                for b in sc.budgets
            ]
        )
        self.victory.set_rows([[v.side, str(v.rank), v.name, v.condition] for v in sc.victory])
        self.turn_limit.setValue(sc.turn_limit or 0)

    def collect(self, sc: Scenario) -> None:
        sides = [Side(*row) for row in self.sides.values("Sides")]
        ids = [s.id for s in sides]
        if len(set(ids)) != len(ids):
            raise ValueError("Sides: two sides have the same id")
        known = set(ids)
        budgets = [Budget(*row) for row in self.budgets.values("Budgets")]
        victory = [VictoryLevel(*row) for row in self.victory.values("Victory levels")]
        for what, rows in (("Budgets", budgets), ("Victory levels", victory)):
            for i, r in enumerate(rows):
                if r.side not in known:
                    raise ValueError(f"{what}, row {i + 1}: there is no side {r.side!r}")
        removed = {s.id for s in sc.sides} - known
        used = sorted({u.side for u in sc.units} & removed)
        if used:
            raise ValueError(
                f"Sides: {', '.join(used)} still {'has' if len(used) == 1 else 'have'} units; "
                "remove or reassign them first"
            )
        sc.sides, sc.budgets, sc.victory = sides, budgets, victory
        sc.turn_limit = self.turn_limit.value() or None
