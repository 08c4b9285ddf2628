"""``dambuster site DIR -o SITE/``: a static web gallery of a folder of maps (docs/web.md); the
pages are made by dambuster.interop.web.site."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from dambuster.batch.collect import collect_files
from dambuster.cli.options import JOBS, add_budget_argument
from dambuster.cli.site_target import link_problem, target_problem
from dambuster.cli.status import EXIT_OK, fail
from dambuster.interop.web.site import build_site, move_into_place
from dambuster.model.output import error_line

from . import Declared, Example

if TYPE_CHECKING:
    from . import Subparsers

DECLARED = (Declared("site", reads="a folder of scenarios", examples=(Example("{folder} -o {out}"),)),)


def add_parsers(sub: Subparsers) -> None:
    p = sub.add_parser(
        "site",
        help="build a static web gallery of a folder of maps (index, thumbnails, verdicts, a player per map)",
        description="Build a static site of every scenario (*.json) under DIR: an index with thumbnails, "
        "titles, authors, sizes, profiles and the validator's verdict with its findings (filters and "
        "search), and a page per map with the web player. Open SITE/index.html, or publish SITE "
        "(GitHub Pages). Exit 0, or 2 with one line on standard error.",
    )
    p.add_argument("folder", metavar="DIR", help="the folder of maps (searched recursively for *.json)")
    p.add_argument("-o", "--output", required=True, metavar="SITE", help="the folder to write the site to")
    p.add_argument("--force", action="store_true", help="replace SITE when it exists and is not empty")
    p.add_argument(
        "--jobs", type=JOBS, default=os.cpu_count() or 1, help=JOBS.help("files validated at once")
    )
    add_budget_argument(p, per_file=True)  # each map's own validation
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    folder, out = Path(args.folder), Path(args.output)
    if not folder.is_dir():
        return fail("site", f"{args.folder}: not a folder")
    problem = target_problem(args.folder, args.output, args.force)
    if problem is not None:
        return fail("site", problem)
    # the files `dambuster validate DIR` checks: test corpora (folders holding *.expected.json reports)
    # are skipped unless named, and so are the reports themselves
    corpora: list[str] = []
    found, _ = collect_files([str(folder)], corpora)
    for c in corpora:
        error_line(
            f"dambuster site: skipped {c}: a test corpus (it holds *.expected.json reports); name it to show it"
        )
    problem = link_problem(args.folder, found)
    if problem is not None:
        return fail("site", problem)
    paths = sorted(p for p in map(Path, found) if out.resolve() not in p.resolve().parents and p.is_file())
    try:
        files = build_site(folder, paths, args.jobs, args.budget)
        move_into_place(files, out)
    except OSError as e:
        return fail("site", f"{args.output}: cannot write it ({e.strerror or e})")
    return EXIT_OK
