"""The one shape of a refused import, shared by the Tiled tests: exit 2, nothing on standard output, one
line on standard error (no traceback) that says ``message``."""
from __future__ import annotations


def assert_refused(result, message: str) -> None:
    """``result`` has returncode, stdout and stderr (a CompletedProcess or the in-process run's namespace)."""
    assert result.returncode == 2, result.stderr
    assert result.stdout == "", result.stdout
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert message in result.stderr, result.stderr
