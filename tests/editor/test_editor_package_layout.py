"""The editor's layout keeps showing its architecture (issue 9, item 7): every module of the editor
package opens with a docstring saying what it is, and none is longer than 400 lines."""

import ast
from pathlib import Path

EDITOR = Path(__file__).resolve().parents[2] / "editor"
LIMIT = 400


def modules():
    return sorted(p for p in EDITOR.rglob("*.py") if "__pycache__" not in p.parts)


def test_every_editor_module_has_a_docstring():
    missing = [
        str(p.relative_to(EDITOR))
        for p in modules()
        if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))
    ]
    assert missing == []


def test_no_editor_module_is_longer_than_400_lines():
    long = {
        str(p.relative_to(EDITOR)): n
        for p in modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert long == {}
