"""Suite-wide settings: hypothesis without deadlines, and the ``qt`` marker applied automatically.

A test is a Qt test when its module imports PySide6, pytest-qt or the editor package, or when it
asks for ``qtbot``. Such tests get the ``qt`` marker; when PySide6 has been made unimportable
(``tests/run_without_qt.py``) their modules are not even collected, so the core suite proves it runs
without Qt.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

# tests/run_without_qt.py sets DAMBUSTER_TESTS_WITHOUT_QT: every process of that run (pytest-xdist's
# workers too, which start as fresh interpreters) makes PySide6 unimportable before anything imports it.
if os.environ.get("DAMBUSTER_TESTS_WITHOUT_QT"):
    for _name in ("PySide6", "shiboken6"):
        sys.modules[_name] = None  # type: ignore[assignment]

import pytest
from hypothesis import HealthCheck, settings

# Keep the suite out of the user's own editor state: recovery copies, QSettings (recent files, window
# layout) and app data go to one throwaway folder per run, set before Qt or the editor is imported.
_SANDBOX = Path(tempfile.mkdtemp(prefix="dambuster-tests-"))
os.environ["DAMBUSTER_RECOVERY_DIR"] = str(_SANDBOX / "recovery")
os.environ["XDG_CONFIG_HOME"] = str(_SANDBOX / "config")
os.environ["XDG_DATA_HOME"] = str(_SANDBOX / "data")
os.environ["XDG_CACHE_HOME"] = str(_SANDBOX / "cache")  # the validate cache key (dambuster.batch.cache.trust)

# No timing in tests: hypothesis' per-example deadline is a speed assert, so it is off. 50 examples
# keep the suite quick; HYPOTHESIS_PROFILE=thorough runs 1,000 per property (e.g. nightly), quick 10.
settings.register_profile(
    "dambuster", deadline=None, max_examples=50, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", parent=settings.get_profile("dambuster"), max_examples=1000)
settings.register_profile("quick", parent=settings.get_profile("dambuster"), max_examples=10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dambuster"))

#: An import of Qt, pytest-qt or the editor (at the start of a line, so a mere mention in a string does
#: not count), an importorskip of PySide6, or a qtbot parameter.
_QT_SOURCE = re.compile(
    r"^\s*(?:from|import)\s+(?:PySide6|shiboken6|pytestqt|dambuster\.editor|editor)\b"
    r"|^\s*from\s+dambuster\s+import\s+[^\n]*\beditor\b"
    r"|importorskip\(\s*[\"']PySide6"
    r"|\bqtbot\b",
    re.M,
)


def qt_absent() -> bool:
    """True when PySide6 was made unimportable on purpose (sys.modules entry set to None)."""
    return "PySide6" in sys.modules and sys.modules["PySide6"] is None


def _needs_qt(path: Path) -> bool:
    try:
        return bool(_QT_SOURCE.search(path.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return False


def pytest_ignore_collect(collection_path: Path, config):
    is_test = collection_path.suffix == ".py" and collection_path.name.startswith("test_")
    if qt_absent() and is_test and _needs_qt(collection_path):
        return True
    return None


#: The test files that take longest (seconds of one worker, measured with --durations on a two-core
#: machine), longest first. They run before all others, so that pytest-xdist (``--dist loadfile``: a
#: file's tests on one worker, files handed out in the order collected) starts them at once and the other
#: worker takes the many short files meanwhile, rather than one worker ending the run alone with a long
#: file collected late. Only the order changes; a file missing here runs in its usual place.
LONGEST_FIRST = (
    "tests/test_packaging.py",  # builds the wheel and sdist, installs them in fresh virtualenvs
    "tests/test_bundle.py",  # builds the PyInstaller bundle, drives it under Xvfb
    "tests/printing/test_print_cli.py",  # prints every sample, 40,000 hexes on A2 among them
    "tests/cli/test_action.py",  # the GitHub Action over 6,000 maps
    "tests/untrusted/test_untrusted_every_command.py",
    "tests/cli/test_precommit_hook.py",  # builds the pre-commit hooks' environment (precommit_hooks.py)
    "tests/cli/test_precommit_batches.py",
    "tests/untrusted/test_dask_failfast.py",
    "tests/test_types.py",  # tsc over the TypeScript declarations
    "tests/web/test_typed_dice.py",  # Chromium
    "tests/web/test_player.py",
    "tests/cli/test_cli_render.py",
    "tests/untrusted/test_untrusted_budget.py",
    "tests/test_output_schemas.py",
    "tests/cli/test_cli_fmt.py",
)
#: Files whose tests start the command line (or GDAL, Tiled, a process pool) dozens of times: each file is
#: marked ``slow`` as a whole, so the quick loop (``scripts/test.sh --quick``) leaves them out and stays
#: under two minutes; the full run (CI) runs them. Together they took 60 % of the quick loop's time.
SLOW_FILES = frozenset(
    {
        "tests/untrusted/test_untrusted_cache.py",
        "tests/interop/test_gis.py",
        "tests/untrusted/test_untrusted_writing.py",
        "tests/sim/test_sim_collapse_cli.py",
        "tests/cli/test_config.py",
        "tests/untrusted/test_untrusted_options.py",
        "tests/interop/test_tiled_import_messages.py",
        "tests/untrusted/test_untrusted_reading.py",
        "tests/untrusted/test_untrusted_attacks.py",
        "tests/untrusted/test_untrusted_outputs.py",
    }
)
_ROOT = Path(__file__).resolve().parent.parent


def _relative(item) -> str:
    try:
        return Path(str(item.fspath)).relative_to(_ROOT).as_posix()
    except ValueError:
        return ""


def _rank(item) -> int:
    """Where an item's file comes in LONGEST_FIRST (after them all when it is not there)."""
    try:
        return LONGEST_FIRST.index(_relative(item))
    except ValueError:
        return len(LONGEST_FIRST)


def pytest_collection_modifyitems(config, items):
    cache: dict[Path, bool] = {}
    for item in items:
        path = Path(str(item.fspath))
        if path not in cache:
            cache[path] = _needs_qt(path)
        if cache[path] or "qtbot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.qt)
        if _relative(item) in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
    items.sort(key=_rank)  # stable: each file's tests keep their order and stay together


_EXIT_STATUS: list[int] = []


def pytest_sessionfinish(session, exitstatus):
    _EXIT_STATUS.append(int(exitstatus))


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """Qt objects torn down after QApplication at interpreter exit can crash (exit 139) a run that passed:
    once the report is written, a run that loaded Qt ends at once with its real status."""
    if "PySide6.QtWidgets" in sys.modules and sys.modules["PySide6.QtWidgets"] is not None and _EXIT_STATUS:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_EXIT_STATUS[-1])
