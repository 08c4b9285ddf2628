"""`dambuster-editor [FILE]`: the desktop editor. Without Qt for Python (installed without the ``gui``
extra) it says how to install it, in one line and exit 2; without a display it explains the headless
commands instead of failing. Both before importing Qt."""

from __future__ import annotations

import gc
import importlib.util
import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Qt is imported once it is known to be there (``main``)
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from .mainwindow import MainWindow

NO_DISPLAY = """\
dambuster-editor: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the editor window cannot open.
Everything the editor checks is also available from the command line:
  {command} validate samples          check scenario files or folders
  {command} new hex -o my.json        write a blank hex scenario (or: new table)
To run the editor without a screen (tests, screenshots), set QT_QPA_PLATFORM=offscreen."""


def command_line_name() -> str:
    """How to type the command line here: ``dambuster`` where it is on PATH, else its path beside this
    Python (``.venv/bin/dambuster`` in a checkout's virtualenv), relative to the current folder if inside."""
    import shutil
    from pathlib import Path

    beside = Path(sys.executable).with_name("dambuster")
    if shutil.which("dambuster") or not beside.exists():
        return "dambuster"
    try:
        return str(beside.relative_to(Path.cwd()))
    except ValueError:
        return str(beside)


NO_QT = (
    "dambuster-editor: the editor needs Qt for Python (PySide6), which is not installed; "
    "install it with: pip install 'dambuster[gui]' (the command line works without it: dambuster --help)"
)


def has_qt() -> bool:
    """Whether PySide6 can be imported, found without importing it."""
    try:
        return importlib.util.find_spec("PySide6") is not None
    except (ImportError, ValueError):
        return False


def has_display(env: Mapping[str, str] | None = None) -> bool:
    env = os.environ if env is None else env
    if not sys.platform.startswith("linux"):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") or env.get("QT_QPA_PLATFORM"))


def build(argv: list[str], settings: QSettings | None = None) -> tuple[QApplication, MainWindow]:
    """Creates the application and the main window (opening FILE if given); returns (app, window).
    ``settings`` defaults to the user's; tests pass their own."""
    from PySide6.QtWidgets import QApplication

    from dambuster.model import ScenarioError

    from .document import Document
    from .mainwindow import MainWindow

    running = QApplication.instance()
    app = (
        running
        if isinstance(running, QApplication)
        else QApplication([sys.argv[0] if sys.argv else "dambuster-editor"])
    )
    app.setApplicationName("dambuster editor")
    app.setOrganizationName("dambuster")
    doc = None
    if argv:  # opened before the window is made, so that its map's scene is built once, not twice
        try:
            doc = Document()
            doc.open(argv[0])  # pyright: ignore[reportUnknownMemberType]  (Document's path type is untyped)
        except ScenarioError:
            doc = None  # the window's open_path says why
    window = MainWindow(doc, settings=settings)
    if argv and doc is None:
        window.files.open_path(argv[0])  # a bad file shows its message and leaves an empty map
    elif argv:
        window.files.opened(argv[0])
    recovered = window.recovery.offer_orphans()  # work left by a session that did not close cleanly
    if not argv and not recovered:
        window.start_page.show_page()  # recent files, templates and samples instead of a blank map
    return app, window


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if getattr(sys, "frozen", False) and len(args) == 1:  # the self-contained app as its own helper
        from .preview.montecarlo.process import HELPER_ARGUMENT
        from .preview.montecarlo.process import main as helper_main

        if args[0] == HELPER_ARGUMENT:
            helper_main()
            return 0
    if args and args[0] in ("-h", "--help"):
        print("usage: dambuster-editor [FILE]\nOpen the dambuster scenario editor, optionally with FILE.")
        return 0
    if not has_qt():
        print(NO_QT, file=sys.stderr)
        return 2
    if not has_display():
        print(NO_DISPLAY.format(command=command_line_name()))
        return 0
    # Start-up makes long-lived objects (Qt's enums and classes, the window, the map): the cyclic garbage
    # collector, which would walk them again and again meanwhile, is off until the window is shown.
    # Then they (some 60,000) go straight to the oldest generation (freeze, then unfreeze at once: not
    # kept frozen, as a map opened now is garbage once another is opened), so the first young
    # collections, during the first paint, do not walk them all (about 20 ms); the oldest generation is
    # collected when Python's thresholds say, as before.
    gc.disable()
    app, window = build(args)
    window.show()
    gc.freeze()
    gc.unfreeze()
    gc.enable()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
