"""Every generated document of the checkout's docs/ at once: format.md, rules.md, audit.md, dambuster.1.

    python -m dambuster.cli.docs            # (re)write those that are out of date
    python -m dambuster.cli.docs --check    # exit 1 when any is out of date; write nothing

From an install (no checkout) each generator prints its own document: ``python -m dambuster.cli.docs.rules_md``.
"""

from __future__ import annotations

import argparse
import sys

from . import audit_md, format_md, manpage, rules_md
from .checkout import checkout_root

GENERATORS = (format_md, rules_md, audit_md, manpage)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m dambuster.cli.docs",
        description="Write docs/format.md, rules.md, audit.md and dambuster.1 of the source checkout from the code.",
    )
    ap.add_argument("--check", action="store_true", help="exit 1 if any is out of date; write nothing")
    args = ap.parse_args(argv)
    if checkout_root() is None:
        print(
            "python -m dambuster.cli.docs: no source checkout here; "
            "each generator prints its document, e.g. python -m dambuster.cli.docs.rules_md",
            file=sys.stderr,
        )
        return 2
    return max(generator.main(["--check"] if args.check else []) for generator in GENERATORS)


if __name__ == "__main__":
    sys.exit(main())
