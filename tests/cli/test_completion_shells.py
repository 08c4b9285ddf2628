"""Tab in a real interactive bash, zsh and tcsh (driven through tmux) completes file names:
scenarios and folders for inputs, Tiled maps for import-tiled, any path for -o."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SHELLS = {
    "bash": ("bash --norc --noprofile -i", "PS1='> '; source {dir}/completion"),
    "zsh": (
        "zsh -f -i",
        "PS1='> '; mkdir -p {dir}/fn; cp {dir}/completion {dir}/fn/_dambuster; "
        "fpath=({dir}/fn $fpath); autoload -Uz compinit; compinit -u -D",
    ),
    "tcsh": ("tcsh -f", "set prompt='> '; source {dir}/completion"),
}

pytestmark = pytest.mark.skipif(not shutil.which("tmux"), reason="tmux is not installed")


class Terminal:
    """One interactive shell in a tmux server of its own (its own socket: no other session is touched)."""

    def __init__(self, shell: str, home: Path):
        self.socket = f"dambuster-test-{os.getpid()}-{shell}"
        command, setup = SHELLS[shell]
        script = subprocess.run(
            [str(BIN / "dambuster"), "completion", shell], capture_output=True, text=True, check=True
        ).stdout
        (home / "completion").write_text(script, encoding="utf-8")
        env = f"env -i HOME={home} TERM=xterm PATH={BIN}:/usr/bin:/bin "
        self.tmux("new-session", "-d", "-x", "200", "-y", "40", "-c", str(home), env + command)
        self.tmux("send-keys", "-l", setup.format(dir=home) + "; echo READY")
        self.tmux("send-keys", "Enter")
        self.wait(lambda screen: "\nREADY" in screen, "the shell to start")

    def tmux(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        ).stdout

    def wait(self, ready, what: str) -> str:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            screen = self.tmux("capture-pane", "-p")
            if ready(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"waited 20 s for {what}; the screen:\n{screen}")

    def tab(self, line: str) -> str:
        """The command line after typing ``line`` and pressing Tab once."""
        self.tmux("send-keys", "C-u")
        self.wait(lambda s: last_line(s) == ">", "an empty command line")
        self.tmux("send-keys", "-l", line)
        self.wait(lambda s: last_line(s) == f"> {line}", "the typed line")
        self.tmux("send-keys", "Tab")
        return self.wait(lambda s: last_line(s) != f"> {line}", f"completion of {line!r}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def last_line(screen: str) -> str:
    return [row for row in screen.splitlines() if row.strip()][-1].rstrip()


@pytest.fixture(params=sorted(SHELLS))
def terminal(request, tmp_path):
    if not shutil.which(request.param):
        pytest.skip(f"{request.param} is not installed")
    shutil.copy(ROOT / "samples" / "ogre-basic.json", tmp_path)
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "notes.txt").write_text("not a map")
    (tmp_path / "map.tmx").write_text("<map/>")
    (tmp_path / "mapping.txt").write_text("not a map")
    term = Terminal(request.param, tmp_path)
    yield term
    term.close()


def test_tab_completes_file_names_in_a_real_shell(terminal):
    assert last_line(terminal.tab("dambuster validate og")) == "> dambuster validate ogre-basic.json"
    assert last_line(terminal.tab("dambuster validate sc")) == "> dambuster validate scenarios/"
    # a second file name after the first, and an input that must be a Tiled map (not mapping.txt)
    assert last_line(terminal.tab("dambuster fmt ogre-basic.json og")).endswith(
        "fmt ogre-basic.json ogre-basic.json"
    )
    assert last_line(terminal.tab("dambuster import-tiled ma")) == "> dambuster import-tiled map.tmx"
    # -o takes any path, not only scenarios
    assert last_line(terminal.tab("dambuster render ogre-basic.json -o no")).endswith("-o notes.txt")
    assert last_line(terminal.tab("dambuster validate --within sc")).endswith("--within scenarios/")
    assert last_line(terminal.tab("dambuster va")) == "> dambuster validate"
