#!/usr/bin/env bash
# Idempotent set-up on a fresh machine with Python 3.11: a virtualenv in .venv holding dambuster with
# its editor and test extras, the system libraries Qt needs, and the npm tools some tests use.
set -euo pipefail
cd "$(dirname "$0")/.."

py=${PYTHON:-}
if [[ -z $py ]]; then
  for cand in python3.11 python3; do command -v "$cand" >/dev/null && { py=$cand; break; }; done
fi
[[ -n $py ]] || { echo "setup: Python 3.11 is needed (python3.11 not found)" >&2; exit 2; }

apt_install() {  # apt_install PKG...: only when we can (root with apt-get), quietly
  if command -v apt-get >/dev/null && [[ $(id -u) == 0 ]]; then
    [[ -f /tmp/.dambuster-apt-updated ]] || { apt-get update -qq >/dev/null && touch /tmp/.dambuster-apt-updated; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  else
    echo "setup: please install $* (needs apt-get as root)" >&2
  fi
}

if [[ ! -x .venv/bin/python ]]; then
  "$py" -m venv --without-pip .venv  # uv installs pip below; ensurepip alone took 12 s
fi
# uv installs the ~150 packages several times faster than pip (20 s against 2 min from a fresh clone:
# parallel downloads, one shared cache). It comes from PyPI into .venv, put there by the Python's own pip;
# where that fails, pip does the whole install as before.
if [[ ! -x .venv/bin/uv ]]; then
  "$py" -m pip --python .venv/bin/python install -q --disable-pip-version-check uv 2>/dev/null ||
    echo "setup: uv could not be installed; pip installs instead (slower)" >&2
fi
if [[ -x .venv/bin/uv ]]; then
  .venv/bin/uv pip install -q --python .venv/bin/python -e '.[gui,test]' pip
else
  .venv/bin/python -m ensurepip -q 2>/dev/null || true
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[gui,test]'
fi
# build/typing/dambuster: the package as static tools (pyright, IDEs, mypy) can read it (scripts/link_tree.py)
.venv/bin/python scripts/link_tree.py

# Qt's offscreen and desktop platforms need a few system libraries that slim images lack.
if ! QT_QPA_PLATFORM=offscreen .venv/bin/python -c "from PySide6 import QtGui" >/dev/null 2>&1; then
  apt_install libgl1 libegl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0
fi

# Tiled (the map editor) proves the Tiled export and import both ways (tests/interop/test_tiled_*.py skip without it).
if ! command -v tiled >/dev/null; then
  apt_install tiled || echo "setup: tiled not installed; the Tiled round-trip tests will skip" >&2
fi

# poppler-utils (pdfinfo, pdftoppm, pdffonts, pdfimages, pdftotext) is the second PDF reader that
# checks the print sheets: page counts and sizes, a measured hex, text not images (tests/printing/ skip without it).
if ! command -v pdfinfo >/dev/null || ! command -v pdftoppm >/dev/null; then
  apt_install poppler-utils || echo "setup: poppler-utils not installed; the PDF checks will skip" >&2
fi

# Debian's Chromium runs the web player's tests headless (tests/web/, with playwright-core from npm).
if ! command -v chromium >/dev/null; then
  apt_install chromium || echo "setup: chromium not installed; the web player's browser tests will skip" >&2
fi

# A real X server without a screen (Xvfb) renders the README's screenshots as a desktop shows them:
#   xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb .venv/bin/python scripts/screenshot.py
# xvfb-run needs xauth; the xcb platform needs the X client libraries below.
if ! command -v xvfb-run >/dev/null || ! command -v xauth >/dev/null; then
  apt_install xvfb xauth || echo "setup: xvfb not installed; screenshots only offscreen" >&2
fi
if command -v xvfb-run >/dev/null && ! xvfb-run -a env QT_QPA_PLATFORM=xcb .venv/bin/python -c "from PySide6.QtWidgets import QApplication; QApplication([])" >/dev/null 2>&1; then
  apt_install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-render-util0 libxcb-image0 libxkbcommon-x11-0 || true
fi

# Real third-party clients the suite drives: bash, zsh and tcsh through tmux (Tab completes file names,
# tests/cli/test_completion_shells.py), GDAL/OGR's ogrinfo (the GIS exports), mandoc (lints the manual page),
# xdotool (types and clicks into the bundled editor under Xvfb, tests/test_bundle.py), openbox (the window
# manager the designer's journey and the screenshots run under: frames, placement, focus as on a desktop).
for tool in tmux zsh tcsh ogrinfo mandoc xdotool openbox; do
  if ! command -v "$tool" >/dev/null; then
    case $tool in ogrinfo) pkg=gdal-bin ;; *) pkg=$tool ;; esac
    apt_install "$pkg" || echo "setup: $pkg not installed; the tests that drive it will skip" >&2
  fi
done

# npm packages for the independent schema check (ajv), the SARIF validator, the engines' TypeScript
# declarations (json-schema-to-typescript and tsc, conformance/types) and the web player's browser tests
# (playwright-core driving /usr/bin/chromium, axe-core: tests/web).
if ! command -v npm >/dev/null; then
  apt_install nodejs npm || true
fi
if command -v npm >/dev/null; then
  for dir in tests/js tests/sarif tests/web conformance/types; do
    if [[ -f $dir/package.json && ! -d $dir/node_modules ]]; then
      (cd "$dir" && npm ci --silent --no-audit --no-fund >/dev/null 2>&1) || echo "setup: npm ci in $dir failed; those tests will skip" >&2
    fi
  done
else
  echo "setup: npm not available; the ajv, SARIF and TypeScript tests will skip" >&2
fi
