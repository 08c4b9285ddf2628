#!/usr/bin/env bash
# Open the editor on a bundled sample (or FILE); without a display it says so and shows the headless
# commands instead. The set-up (scripts/setup.sh) runs only when it is needed: no editor in .venv yet,
# or it cannot find the editor's package or Qt for Python (a look-up, no import: a few hundredths of a
# second). Once set up this prints nothing but the editor's own words; a set-up says one line and
# keeps its output in .venv/setup.log (shown if it fails).
set -euo pipefail
cd "$(dirname "$0")/.."
editor=.venv/bin/dambuster-editor
ready() {
  [[ -x $editor ]] && .venv/bin/python -c 'import importlib.util as u, sys
sys.exit(not (u.find_spec("dambuster.editor") and u.find_spec("PySide6")))' 2>/dev/null
}
if ! ready; then
  echo "editor.sh: setting up .venv first (once; scripts/setup.sh, output in .venv/setup.log)" >&2
  mkdir -p .venv
  if ! bash scripts/setup.sh >.venv/setup.log 2>&1; then
    tail -n 20 .venv/setup.log >&2
    echo "editor.sh: the set-up failed; the whole output is in .venv/setup.log" >&2
    exit 2
  fi
fi
exec "$editor" "${1:-samples/ogre-dambusters-valley.json}"
