"""Where `dambuster site DIR -o SITE` may write, and which files it may publish: the one line that
refuses the run, or None. A site never replaces its own maps, a folder holding them, or files that
are not a site; and it publishes only the files of DIR, never one through a symbolic link."""

from __future__ import annotations

import os

from .path_lists import outside_reason

SITE_ENTRIES = frozenset({"index.html", "maps", "thumbs"})  # what build_site writes at the top


def _inside(path: str, folder: str) -> bool:
    return path.startswith(folder.rstrip(os.sep) + os.sep)


def target_problem(folder: str, out: str, force: bool) -> str | None:
    """Why the site may not be written to ``out`` (checked before anything is read or written)."""
    if out == "-":
        return "-: is standard output, but a site is a folder of files; name a folder (./- for one named -)"
    if os.path.lexists(out) and not os.path.isdir(out):
        return f"{out}: is a file, not a folder; name a folder for the site"
    real_out, real_folder = os.path.realpath(out), os.path.realpath(folder)
    if real_out == real_folder:
        return f"{out}: is the folder of maps itself; write the site to another folder"
    if _inside(real_folder, real_out):
        return f"{out}: holds the folder of maps {folder}; replacing it would delete them: write the site elsewhere"
    entries: set[str] = set(os.listdir(out)) if os.path.isdir(out) else set()
    if entries and not force:
        return f"{out}: exists; say --force to replace it"
    strangers = sorted(entries - SITE_ENTRIES)
    if strangers and _inside(real_out, real_folder):
        return (
            f"{out}: lies inside the folder of maps {folder} and holds files that are not a site "
            f"({strangers[0]}); write the site elsewhere"
        )
    return None


def link_problem(folder: str, paths: list[str]) -> str | None:
    """The first map that is a symbolic link or lies outside ``folder``: refused, never published."""
    for path in paths:
        reason = outside_reason(path, folder)
        if reason is not None:
            return f"{path}: {reason}"
    return None
