"""A Dask cluster that cannot do the work ends the run in one line and exit 2, within a bound; never a hang.

Real schedulers and workers on 127.0.0.1 (the `dask` command of the cluster extra), the real command.
"""

from __future__ import annotations

import http.server
import json
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "ogre-basic.json"
BIN = Path(sys.executable).parent
DAMBUSTER = str(BIN / "dambuster")
DASK = str(BIN / "dask")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def validate(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [DAMBUSTER, "validate", str(SAMPLE), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def one_clean_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert "Traceback" not in err
    assert len(lines) == 1, err
    return lines[0]


def wait_for_port(port: int, limit: float = 60) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on {port}")


@pytest.fixture
def scheduler():
    """A real `dask scheduler` on 127.0.0.1 with no workers; yields its address."""
    port = free_port()
    proc = subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port)
        yield f"tcp://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(30)


@pytest.mark.parametrize(
    "address",
    [
        "tcp://127.0.0.1:notaport",
        "bogus://127.0.0.1:8786",
        "tcp://:8786",
        "tcp://127.0.0.1:99999",
        "tcp://127.0.0.1:8786/path",
    ],
)
@pytest.mark.slow
def test_a_malformed_address_is_refused_at_once(address):
    start = time.monotonic()
    p = validate("--scheduler", address)
    assert p.returncode == 2
    line = one_clean_line(p.stderr)
    assert "is not a Dask scheduler address; expected tcp://HOST:PORT" in line
    assert time.monotonic() - start < 10  # not the 20 s wait it used to be


@pytest.mark.slow
def test_a_silent_server_is_not_taken_for_a_scheduler():
    with socket.socket() as srv:
        srv.bind(("127.0.0.1", 0))
        srv.listen()
        port = srv.getsockname()[1]
        accepted = []
        threading.Thread(target=lambda: accepted.append(srv.accept()), daemon=True).start()
        p = validate("--scheduler", f"tcp://127.0.0.1:{port}", timeout=60)
        for conn, _ in accepted:
            conn.close()
    assert p.returncode == 2
    assert "did not answer as a Dask scheduler within 10 s" in one_clean_line(p.stderr)


@pytest.mark.slow
def test_a_web_server_such_as_the_dashboard_is_not_taken_for_a_scheduler():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        p = validate("--scheduler", f"tcp://127.0.0.1:{httpd.server_address[1]}", timeout=60)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert p.returncode == 2
    assert "did not answer as a Dask scheduler" in one_clean_line(p.stderr)


@pytest.mark.slow
def test_a_scheduler_without_workers_is_one_line_after_the_wait(scheduler):
    p = validate("--scheduler", scheduler, "--wait-workers", "2")
    assert p.returncode == 2
    line = one_clean_line(p.stderr)
    assert f"the Dask scheduler at {scheduler} has no worker; waited 2 s" in line


@pytest.mark.slow
def test_by_default_a_scheduler_without_workers_ends_within_a_minute(scheduler):
    start = time.monotonic()
    p = validate("--scheduler", scheduler, timeout=90)
    assert p.returncode == 2 and "has no worker; waited 30 s" in one_clean_line(p.stderr)
    assert time.monotonic() - start < 60


def wait_for_tasks(address: str, limit: float = 60) -> None:
    from distributed import Client

    with Client(address, timeout=30, set_as_default=False) as client:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
                return
            time.sleep(0.1)
    raise RuntimeError("the run never sent its tasks")


@pytest.mark.slow
def test_losing_every_worker_mid_run_reports_what_was_not_checked(scheduler, tmp_path):
    maps = tmp_path / "maps"
    maps.mkdir()
    for i in range(2000):  # far more work than one worker does before it is killed
        shutil.copy(SAMPLE, maps / f"map-{i:03}.json")
    worker = subprocess.Popen(
        [DASK, "worker", scheduler, "--no-nanny", "--nthreads", "1", "--no-dashboard"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        run = subprocess.Popen(
            [
                DAMBUSTER,
                "validate",
                str(maps),
                "--format",
                "json",
                "--scheduler",
                scheduler,
                "--wait-workers",
                "3",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        wait_for_tasks(scheduler)  # the run is connected and its chunks are queued
        worker.send_signal(signal.SIGKILL)
        out, err = run.communicate(timeout=120)
    finally:
        worker.kill()
        worker.wait(30)
    assert run.returncode == 2
    assert "Traceback" not in err
    files = json.loads(out)["files"]
    assert len(files) == 2000
    lost = [f for f in files if f["violations"] and f["violations"][0]["code"] == "ENGINE"]
    assert lost, "the run ended before the worker was killed: give it more files"
    assert all(
        "every Dask worker was lost and none came back within 3 s" in f["violations"][0]["message"]
        for f in lost
    )
    assert all(f["valid"] for f in files if f not in lost)


def test_wait_workers_is_documented_in_help():
    out = subprocess.run([DAMBUSTER, "validate", "--help"], capture_output=True, text=True, timeout=60).stdout
    assert re.search(r"--wait-workers SECONDS", out)
