"""The one error type of loading: a JSON pointer, a plain sentence, and a code."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from typing import Any

from .record import record


def pointer(parts: Iterable[str | int]) -> str:
    """RFC 6901 JSON pointer of a path given as keys and indices."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def where_and(where: str, what: str) -> str:
    """``WHERE: WHAT``, or ``WHAT`` alone when the problem is the whole file's (its WHERE, the pointer
    of the whole document, is "" or "/"): "/dev/null: is a character device", not "/dev/null: /: is ..."."""
    return what if where in ("", "/") else f"{where}: {what}"


@record
class Problem:
    pointer: str
    message: str
    line: int | None = None
    column: int | None = None

    def where(self) -> str:
        if self.line is not None:
            return f"line {self.line} column {self.column}"
        return self.pointer or "/"

    def location(self) -> dict[str, Any]:
        loc: dict[str, Any] = {"pointer": self.pointer}
        if self.line is not None:
            loc["line"], loc["column"] = self.line, self.column
        return loc


@record
class ScenarioError(Exception):
    """A file that cannot be used. ``code`` is JSON (cannot be read or parsed) or SCHEMA."""

    code: str
    problems: list[Problem] = field(default_factory=list[Problem])

    def __post_init__(self) -> None:
        super().__init__(str(self))

    @classmethod
    def at(
        cls, code: str, ptr: str, message: str, line: int | None = None, column: int | None = None
    ) -> ScenarioError:
        return cls(code, [Problem(ptr, message, line, column)])

    @property
    def first(self) -> Problem:
        return self.problems[0]

    def one_line(self, name: str) -> str:
        """What every command says of an unusable file: ``NAME: WHERE: WHAT (CODE)``, without the WHERE
        for a problem of the whole file (``where_and``)."""
        return f"{name}: {self} ({self.code})"

    def __str__(self) -> str:
        if not self.problems:
            return self.code
        p = self.problems[0]
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        return where_and(p.where(), f"{p.message}{more}")
