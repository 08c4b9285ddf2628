"""validate with nowhere to write its report: standard output closed (`>&-`) is said before any work,
a full disk behind `> report` is one line (not "internal error"); both exit 2, since the caller never
got the verdict. Found by an outside tester."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

DAMBUSTER = str(Path(sys.executable).with_name("dambuster"))
SAMPLE = str(Path(__file__).resolve().parents[2] / "samples" / "ogre-basic.json")


def _close_stdout() -> None:
    os.close(1)


def test_closed_standard_output_is_refused_in_one_line():
    p = subprocess.run(
        [DAMBUSTER, "validate", SAMPLE],
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        preexec_fn=_close_stdout,
    )
    assert p.returncode == 2
    assert p.stderr.strip() == "dambuster validate: standard output is closed: nowhere to write the report"


def test_a_full_disk_behind_the_report_is_one_line():
    with open("/dev/full", "w") as full:
        for fmt in ("text", "json", "sarif"):
            p = subprocess.run(
                [DAMBUSTER, "validate", "--format", fmt, SAMPLE],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                timeout=60,
            )
            assert p.returncode == 2, fmt
            assert p.stderr.strip() == "dambuster validate: cannot write the report: No space left on device"


def test_a_full_standard_error_loses_its_lines_never_the_report_or_the_verdict(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with open("/dev/full", "w") as full:
        p = subprocess.run(
            [DAMBUSTER, "validate", "--format", "json", str(broken), SAMPLE],
            stdout=subprocess.PIPE,
            stderr=full,
            text=True,
            timeout=60,
        )
    assert p.returncode == 2  # was 1, "rule errors", with no report at all
    assert '"files"' in p.stdout and "broken.json" in p.stdout


def _close_stderr() -> None:
    os.close(2)


def test_a_closed_standard_error_never_writes_into_the_report(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    p = subprocess.run(
        [DAMBUSTER, "validate", "--format", "json", str(broken), SAMPLE],
        stdout=subprocess.PIPE,
        text=True,
        timeout=60,
        preexec_fn=_close_stderr,
    )
    assert p.returncode == 2 and p.stdout.startswith("{")  # JSON still, not a stderr line first
