"""The self-contained editor (scripts/build_bundle.sh, PyInstaller) works with no Python on PATH: copied
to a clean folder and run under Xvfb (a real X server) with an empty environment, it opens a sample (its
window shows the sample's name), paints a hex with the brush, saves with Ctrl+S, prints the map to a PDF
through File > Print to PDF… (Ctrl+P, then Save PDF… and the file dialog's Save), and imports Tiled's
example hex map through File > Import > Tiled Map…, choosing a terrain for each unnamed tile in its
dialog; all driven by xdotool as a user's keys and clicks. The saved file is read back with the model,
the PDF with poppler's pdfinfo and pdftotext, and the dialog's saved terrain choices make
`dambuster import-tiled` succeed. Slow (the build takes a minute or more): it reuses dist/dambuster-editor
when that was built after every source file last changed, and builds it again otherwise."""

from __future__ import annotations

import json
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.interop.tiled.importer import read_document
from dambuster.interop.tiled.unresolved import unresolved_tiles
from dambuster.model.io import load
from dambuster.model.terrain import TERRAIN_KINDS

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "dambuster-editor"
TILED_EXAMPLES = ROOT / "tests" / "tiled" / "tiled-examples"
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
DEFAULT_TERRAIN = "forest"  # what the brush paints when the editor starts (editor/panels/terrain_palette.py)

pytestmark = [
    pytest.mark.slow,
    *(
        pytest.mark.skipif(not shutil.which(tool), reason=f"{tool} is not installed ({package})")
        for tool, package in (
            ("xvfb-run", "xvfb"),
            ("xdotool", "xdotool"),
            ("pdfinfo", "poppler-utils"),
            ("pdftotext", "poppler-utils"),
        )
    ),
]

# -noreset: else the server resets whenever its last client leaves (each xdotool call before the editor
# connects) and the editor connecting just then fails ("could not connect to display")
XVFB = "-screen 0 1280x800x24 -noreset"

# run inside the X server: the editor with an empty environment (no PATH, so no Python), driven by
# xdotool: $1 home, $2 the editor, $3 the scenario, $4 how many ] presses choose the terrain to paint,
# $5 how many tiles of the Tiled map name no terrain
DRIVE = r"""
home=$1; editor=$2; scenario=$3; presses=$4; tiles=$5
env -i DISPLAY="$DISPLAY" XAUTHORITY="$XAUTHORITY" HOME="$home" LANG=C.UTF-8 PATH=/nonexistent "$editor" "$scenario" &
app=$!
trap 'kill $app 2>/dev/null' EXIT
windows() { xdotool search --onlyvisible --name "$1" 2>/dev/null; }
wait_until() {  # wait_until WHAT COMMAND...: up to 120 s, while the editor runs
  what=$1; shift
  for _ in $(seq 1200); do
    "$@" && return 0
    kill -0 $app 2>/dev/null || { echo "the editor exited while waiting for $what"; exit 3; }
    sleep 0.1
  done
  echo "timed out waiting for $what"; exit 4
}
has_windows() { [ "$(windows "$1" | wc -l)" -ge "$2" ]; }
wait_until "the main window" has_windows 'ogre-basic' 1
main=$(windows 'ogre-basic' | head -1)
xdotool getwindowname "$main"
sleep 2  # the first paint and the validation pass
xdotool windowfocus --sync "$main"
xdotool key b  # the brush
for _ in $(seq "$presses"); do xdotool key bracketright; done  # the next terrain, as ] does
eval "$(xdotool getwindowgeometry --shell "$main")"
xdotool mousemove --sync $((X + WIDTH / 2)) $((Y + HEIGHT / 2)) click 1
sleep 0.5
before=$(cksum < "$scenario")
xdotool key ctrl+s
changed() { [ "$(cksum < "$scenario")" != "$before" ]; }
wait_until "the save" changed
echo saved
xdotool key ctrl+p
wait_until "the print dialog" has_windows '^Print to PDF$' 1
sleep 1
xdotool key Return  # Save PDF…
wait_until "the file dialog" has_windows '^Print to PDF$' 2
sleep 1
xdotool key Return  # Save, under the name offered (in the home folder: it has no Documents)
printed() { [ -s "$home/ogre-basic.pdf" ]; }  # written atomically: there means complete
wait_until "the PDF" printed
echo printed
# File > Import > Tiled Map… (Alt+F, I, T): Tiled's example map; in the terrain dialog, W (water) for
# each of its $tiles unnamed tiles, Tab to the next, and Return (Import)
xdotool windowfocus --sync "$main"
xdotool key alt+f; sleep 0.5; xdotool key i; sleep 0.5; xdotool key t
wait_until "the open dialog" has_windows '^Import Tiled map$' 1
sleep 1
xdotool type --delay 20 "$home/hexagonal-mini.tmx"
xdotool key Return
wait_until "the terrain dialog" has_windows 'terrain of its tiles$' 1
sleep 1
for _ in $(seq "$tiles"); do xdotool key w Tab; done
xdotool key Return
imported() { [ -s "$home/hexagonal-mini-terrain-map.json" ] && has_windows '^untitled.json[*]' 1; }
wait_until "the import" imported
echo imported
"""


#: the folders whose files the bundle is built from (pyproject.toml's package-dir), and its build script
SOURCES = ("cli", "model", "simulation", "validators", "schema", "interop", "editor")


def built_from_older_sources() -> bool:
    """Whether dist/ holds no bundle, or one built before a source file last changed (a bundle of
    older code would be tested in place of this one)."""
    executable = BUNDLE / "dambuster-editor"
    if not executable.exists():
        return True
    built = executable.stat().st_mtime
    sources = [
        p for folder in SOURCES for p in (ROOT / folder).rglob("*") if p.suffix != ".pyc" and p.is_file()
    ]
    sources += [ROOT / "pyproject.toml", ROOT / "scripts" / "build_bundle.sh"]
    return any(p.stat().st_mtime > built for p in sources)


@pytest.fixture(scope="module")
def bundle() -> Path:
    if built_from_older_sources():
        r = subprocess.run(
            [str(ROOT / "scripts" / "build_bundle.sh")], capture_output=True, text=True, cwd=ROOT
        )
        if r.returncode != 0:
            pytest.skip(f"the bundle could not be built here: {r.stderr.strip().splitlines()[-1:]}")
    return BUNDLE


def test_the_bundle_opens_paints_saves_and_prints_with_no_python_on_path(bundle, tmp_path):
    app = tmp_path / "clean" / "dambuster-editor"
    shutil.copytree(bundle, app, symlinks=True)
    home = tmp_path / "home"
    home.mkdir()
    scenario = home / "ogre-basic.json"
    shutil.copy(ROOT / "samples" / "ogre-basic.json", scenario)
    before = load(scenario).map.terrain.counts()
    for name in ("hexagonal-mini.tmx", "hexmini.png"):  # Tiled's example map, whose tiles name no terrain
        shutil.copy(TILED_EXAMPLES / name, home / name)
    tiled_map = home / "hexagonal-mini.tmx"
    unnamed = unresolved_tiles(read_document(tiled_map), home)
    paint = next(k for k in TERRAIN_KINDS if k not in before)  # a terrain the sample has nowhere (forest)
    presses = (TERRAIN_KINDS.index(paint) - TERRAIN_KINDS.index(DEFAULT_TERRAIN)) % len(TERRAIN_KINDS)
    r = subprocess.run(
        ["xvfb-run", "-a", "-s", XVFB, "sh", "-c", DRIVE, "sh"]
        + [str(home), str(app / "dambuster-editor"), str(scenario), str(presses), str(len(unnamed))],
        capture_output=True,
        text=True,
        timeout=400,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ogre-basic" in r.stdout.splitlines()[0], r.stdout  # the window's title names the file

    after = load(scenario).map.terrain.counts()
    assert after.get(paint, 0) >= 1, after  # the painted hex is in the saved file
    assert sum(after.values()) == sum(before.values())

    pdf = home / "ogre-basic.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    assert pages >= 1, info
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    title = load(scenario).meta.title
    assert title and title.split()[0] in text, text[:500]

    mapping = home / "hexagonal-mini-terrain-map.json"  # the import dialog's choices: water for each
    assert json.loads(mapping.read_text()) == {str(t.gid): "water" for t in unnamed}
    out = tmp_path / "imported.json"
    cli = subprocess.run(
        [DAMBUSTER, "import-tiled", str(tiled_map), "--terrain-map", str(mapping), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert cli.returncode == 0, cli.stderr
    assert load(out).map.terrain.counts() == {"water": 400}  # every hex of the 20 x 20 map


def test_the_bundle_runs_the_monte_carlo_as_its_own_helper_not_a_second_editor(bundle, tmp_path):
    """The preview's Monte Carlo runs in a helper process; in the app (no ``python -m``) the helper is the
    app started with its helper argument: a job sent over its pipes comes back done, and no window opens
    (DISPLAY is unset: an editor would say it has no display and exit)."""
    from dambuster.editor.preview.montecarlo.process import HELPER_ARGUMENT, read_message, write_message

    app = tmp_path / "clean" / "dambuster-editor"
    shutil.copytree(bundle, app, symlinks=True)
    scenario = load(ROOT / "samples" / "ogre-dambusters-valley.json")
    dam = scenario.map.dams[0].id
    messages = []
    with subprocess.Popen(
        [str(app / "dambuster-editor"), HELPER_ARGUMENT],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        write_message(proc.stdin, ("run", 1, pickle.dumps(scenario), dam, 200, 7, 50))
        while not messages or messages[-1][0] == "progress":
            messages.append(read_message(proc.stdout))
        proc.stdin.close()  # the editor is gone: the helper stops
        proc.wait(timeout=60)
    assert messages[-1][:2] == ("done", 1), messages[-1]
    assert [m[2] for m in messages[:-1]] == [50, 100, 150, 200]  # progress after each chunk
    assert messages[-1][2] is not None and proc.returncode == 0
