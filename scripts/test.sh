#!/usr/bin/env bash
# The whole test suite, from a fresh clone: set-up, then every test offscreen, then the core tests
# again with PySide6 made unimportable (the model, rules and simulation must not need Qt).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
.venv/bin/python -m pytest -q "$@"
.venv/bin/python tests/run_without_qt.py -q
