"""Where the source checkout is, when dambuster runs from one (an editable install or the repository).

The doc generators (``python -m dambuster.cli.docs.format_md``, ``python -m dambuster.cli.docs.rules_md``, ...;
``python -m dambuster.cli.docs`` runs them all) write into the checkout's ``docs/`` by default; run from an
installed wheel they have no checkout, so they print to standard output unless told a file with
``--output``. Nothing ever writes into the install.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

_NAME = re.compile(r'^name\s*=\s*"dambuster"\s*$', re.M)


def checkout_root() -> Path | None:
    """The repository folder holding this package's source and its pyproject.toml, or None."""
    root = Path(__file__).resolve().parents[2]  # cli/docs/ -> the checkout
    try:
        project = (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return None
    return root if _NAME.search(project) and (root / "docs").is_dir() else None


def checkout_doc(name: str) -> Path | None:
    """``docs/NAME`` of the checkout, or None when dambuster runs from an install."""
    root = checkout_root()
    return root / "docs" / name if root else None


def generated_doc_main(argv: list[str] | None, *, prog: str, name: str, render: Callable[[], str]) -> int:
    """The ``main()`` of a doc generator: write ``docs/NAME`` of the checkout from ``render()``, or with
    ``--check`` exit 1 when the file is out of date; from an install, print to standard output unless
    told a file with ``--output``. Exit 0 on success, 1 when out of date, 2 on a usage problem."""
    default = checkout_doc(name)
    ap = argparse.ArgumentParser(prog=prog, description=f"Write docs/{name} from the code.")
    ap.add_argument("--check", action="store_true", help="exit 1 if the file is out of date; write nothing")
    ap.add_argument(
        "-o",
        "--output",
        type=Path,
        default=default,
        help=f"file to write (default: docs/{name} of the source checkout; standard output from an install)",
    )
    args = ap.parse_args(argv)
    text = render()
    if args.output is None:
        if args.check:
            print("--check needs --output FILE (no source checkout here)", file=sys.stderr)
            return 2
        sys.stdout.write(text)
        return 0
    current = args.output.read_text(encoding="utf-8") if args.output.exists() else None
    if args.check:
        if current != text:
            print(f"{args.output} is out of date; run `{prog}`", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date", file=sys.stderr)
        return 0
    if current != text:
        from dambuster.model.atomic_write import write_atomic

        write_atomic(args.output, text.encode("utf-8"))
        print(f"wrote {args.output}", file=sys.stderr)
    return 0
