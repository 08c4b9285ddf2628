"""pyright over the package as static tools see it (build/typing/dambuster, scripts/link_tree.py).

    .venv/bin/python scripts/typecheck.py                 # the whole package, as scripts/test.sh does
    .venv/bin/python scripts/typecheck.py batch/report.py   # only these files: the quick mode pre-commit runs

A source file is checked through its link (batch/report.py as build/typing/dambuster/report.py), where
its relative imports (``from .model import ...``) resolve as they do once installed. Files outside the
package (tests, scripts) are left out, and named on standard error as not checked: pyright checks the
package (``.venv/bin/pyright FILE`` checks any file). The exit status is pyright's.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from link_tree import ROOT, TREE, build, package_dirs  # the script beside this one (sys.path[0])


def in_tree(path: str) -> Path | None:
    """Where a source file of the package is in the link tree; None for a file outside the package."""
    source = (Path.cwd() / path).resolve()
    for package, folder in sorted(package_dirs().items(), key=lambda kv: -len(kv[1])):
        base = (ROOT / folder).resolve()
        if source.is_relative_to(base):
            return TREE.joinpath(*package.split("."), source.relative_to(base))
    return None


def pyright_run(command: list[str]) -> int:
    """Runs pyright, its messages naming the source files (model/io.py), not their links."""
    links = sorted(
        (
            (str(TREE.joinpath(*package.split("."))) + "/", str((ROOT / folder).resolve()) + "/")
            for package, folder in package_dirs().items()
        ),
        key=lambda pair: -len(pair[0]),
    )
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    for stream, text in ((sys.stdout, proc.stdout), (sys.stderr, proc.stderr)):
        for link, source in links:
            text = text.replace(link, source)
        stream.write(text)
    return proc.returncode


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    build()
    pyright = str(Path(sys.executable).with_name("pyright"))
    if not argv:
        return pyright_run([pyright])
    linked = {path: in_tree(path) for path in argv if path.endswith(".py")}
    outside = [path for path, link in linked.items() if link is None]
    if outside:  # said, so that no one takes silence for a pass
        print(
            f"typecheck: not checked, outside the package: {', '.join(outside)} "
            f"(`{Path(pyright).relative_to(ROOT) if Path(pyright).is_relative_to(ROOT) else pyright} FILE` "
            "checks any file with the same settings)",
            file=sys.stderr,
        )
    files = [str(link) for link in linked.values() if link is not None]
    if not files:
        return 0
    return pyright_run([pyright, *files])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
