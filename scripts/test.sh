#!/usr/bin/env bash
# The test suite, from a fresh clone: set-up, lint and format checks (ruff), types (pyright), then the Qt tests once
# (offscreen), then every other test once with PySide6 made unimportable (the model, rules, simulation
# and command line must not need Qt), each run on all cores with pytest-xdist. CI runs this (.ci/run).
# Extra arguments go to both pytest runs.
#
#   bash scripts/test.sh            # everything, as CI does
#   bash scripts/test.sh --quick    # the developer's loop: no set-up, no pyright, the Qt-free tests not
#                                   # marked slow, 10 examples per property (HYPOTHESIS_PROFILE=quick),
#                                   # and the editor's catalog checks (tests/editor/test_editor_catalog.py)
#   bash scripts/test.sh tests/cli  # only some tests (either run may then find none: that is no failure)
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
if [[ ${1:-} == --quick ]]; then
  quick=1
  shift
fi
# Each step's wall-clock time goes to stderr at its end ("test.sh: set-up 43 s"), so a slow step shows.
step_start=$SECONDS
took() {
  echo "test.sh: $1 $((SECONDS - step_start)) s (total $SECONDS s)" >&2
  step_start=$SECONDS
}

if (( ! quick )); then
  bash scripts/setup.sh
  took set-up
fi
export QT_QPA_PLATFORM=offscreen

# Style and types first: each says what to fix; the tests run anyway, and any failure fails the run.
status=0
.venv/bin/ruff check --quiet . || status=$?
.venv/bin/ruff format --check --quiet . || status=$?
if (( quick )); then
  took ruff
else  # pyright over build/typing, the package as tools see it ([tool.pyright])
  .venv/bin/python scripts/link_tree.py
  .venv/bin/pyright || status=$?
  took "ruff and pyright"
fi

# One worker more than cores: many tests wait on a command, a browser, a timeout or an install, and
# the extra worker keeps both cores busy meanwhile.
workers=${PYTEST_WORKERS:-$(.venv/bin/python -c 'import os; print((os.cpu_count() or 1) + 1)')}
# --dist loadfile: a module's tests share one worker, so module-scoped fixtures (a built wheel, a git
# repository, a Dask cluster) are made once and never by two processes at the same time. The longest
# files are collected first (tests/conftest.py, LONGEST_FIRST), so no worker ends the run alone.
xdist=(-n "$workers" --dist loadfile)

# pytest's exit code 5 means "no tests collected" (e.g. a path holding only Qt tests in the Qt-free run).
run() {
  local code=0
  "$@" || code=$?
  (( code == 5 )) && code=0
  return "$code"
}

if (( quick )); then
  export HYPOTHESIS_PROFILE=${HYPOTHESIS_PROFILE:-quick}
  run .venv/bin/python tests/run_without_qt.py -q "${xdist[@]}" -m "not qt and not slow" "$@" || status=$?
  took "Qt-free tests not marked slow"
  # what a new editor tool or command must declare (catalog entry, factory line, handler) needs the
  # window to check: that one module, offscreen
  run .venv/bin/python -m pytest -q -m qt tests/editor/test_editor_catalog.py || status=$?
  took "the editor's catalog checks"
  exit "$status"
fi
run .venv/bin/python -m pytest -q "${xdist[@]}" -m qt "$@" || status=$?
took "Qt tests"
run .venv/bin/python tests/run_without_qt.py -q "${xdist[@]}" "$@" || status=$?
took "Qt-free tests"
exit "$status"
