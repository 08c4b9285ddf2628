"""The first window (no size saved yet) fits the screen it opens on, its window manager's frame
included: at 1366x768 the status bar is on the screen from the start (issue 24, finding 1)."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QRect

from dambuster.editor.panels.dock_fit import FRAME_ALLOWANCE, first_geometry

pytestmark = pytest.mark.qt


@pytest.mark.parametrize(
    "room",
    [QRect(0, 0, 1366, 768), QRect(0, 0, 1600, 1000), QRect(0, 24, 1024, 744), QRect(1920, 0, 1280, 800)],
)
def test_first_window_and_its_frame_fit_the_screen(room):
    client = first_geometry(room)
    framed = client.marginsAdded(FRAME_ALLOWANCE)
    assert room.contains(framed)
    assert client.width() <= 1280 and client.height() <= 820


def test_a_roomy_screen_gets_the_preferred_size():
    assert first_geometry(QRect(0, 0, 2560, 1440)).size().toTuple() == (1280, 820)


def test_a_laptop_screen_gets_all_its_height_less_the_title_bar():
    client = first_geometry(QRect(0, 0, 1366, 768))
    assert client.height() == 768 - FRAME_ALLOWANCE.top() - FRAME_ALLOWANCE.bottom()
