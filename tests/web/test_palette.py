"""The web player draws in the editor's colours: interop/web/palette.json agrees with editor/style.py."""

from __future__ import annotations

import pytest

from dambuster.interop.web.page import palette

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt


def test_the_pages_colours_are_the_editors():
    from dambuster.editor import style

    colours = palette()
    assert colours["terrain"] == {kind: fill for kind, (fill, _, _) in style.TERRAIN_STYLE.items()}
    assert colours["areas"] == {kind: fill for kind, (fill, _) in style.AREA_STYLE.items()}
    for name, hex_ in colours["ink"].items():  # grid, river, road, dam, ...: editor/style.py's constants
        assert getattr(style, name.upper()).name() == hex_, name
