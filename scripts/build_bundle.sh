#!/usr/bin/env bash
# Builds the self-contained editor (no Python needed where it runs) with PyInstaller:
#   scripts/build_bundle.sh            -> dist/dambuster-editor/dambuster-editor (a folder to zip or tar)
# It bundles Python, PySide6 (Qt) and dambuster with its data (schema, samples, icons) and the package
# metadata its entry points need. Build on each system for that system (Linux, Windows, macOS):
# PyInstaller does not cross-compile. tests/test_bundle.py builds it (unless dist/ has it) and, from a
# clean folder under Xvfb with no Python on PATH, opens a sample, paints, saves and prints a PDF with it;
# scripts/bench_bundle.py measures its size and launch time (README.md gives the figures).
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-.venv/bin/python}  # Windows runners: PYTHON=.venv/Scripts/python
work=${WORK:-build/bundle}
mkdir -p "$work"
# the entry point, written outside scripts/ (whose own modules, such as types.py, would shadow the stdlib)
printf 'import sys\nfrom dambuster.editor.app import main\nsys.exit(main())\n' > "$work/dambuster-editor.py"
"$py" -m PyInstaller --version >/dev/null 2>&1 || "$py" -m pip install -q 'pyinstaller>=6.0'
# dambuster as an installed (not editable) package: PyInstaller cannot follow the editable install's
# package-dir mapping (src/dambuster -> dambuster, cli/ -> dambuster.cli, model/ -> dambuster.model ...)
rm -rf "$work/src"
uv=$(dirname "$py")/uv  # the set-up's uv builds and copies it in seconds; pip where there is none
if [[ -x $uv ]]; then
  "$uv" pip install -q --python "$py" --no-deps --target "$work/src" .
else
  "$py" -m pip install -q --disable-pip-version-check --no-deps --target "$work/src" .
fi
src="$PWD/$work/src"
command -v cygpath >/dev/null && src=$(cygpath -w "$src")  # Git Bash on Windows: a Windows path for Python
export PYTHONPATH="$src"
# what the editor never needs: the optional GIS export (pyogrio, GDAL), the cluster (dask), and what
# only the tests use; a bundle with them is 460 MB
optional="pyogrio geopandas pandas matplotlib pyproj dask distributed cryptography PIL tornado IPython pytest hypothesis"
"$py" -m PyInstaller --noconfirm --clean --log-level WARN \
  --name dambuster-editor --windowed --onedir \
  --distpath "${DIST:-dist}" --workpath "$work" --specpath "$work" --paths "$src" \
  --collect-submodules dambuster --collect-data dambuster --copy-metadata dambuster \
  $(printf -- '--exclude-module %s ' $optional) \
  "$work/dambuster-editor.py"
echo "built ${DIST:-dist}/dambuster-editor ($(du -sh "${DIST:-dist}/dambuster-editor" | cut -f1))"
