"""Whether ``validate --cache FILE`` may write FILE: the cache follows the rule of every output.

A run replaces the cache file when it is done, so, as for every file dambuster writes, an existing file
is replaced only when it is what the run would write, a dambuster cache, or with ``--force``. A file is
a dambuster cache when its text begins with ``{"format": "dambuster-validate-cache"`` (blanks allowed),
as every cache dambuster writes does; an empty file holds nothing to lose and may be used too. A
missing file is created. The check runs before any file is checked, so a refused run costs nothing;
a link or a special file at the path is refused later, by ``Cache.open`` (one warning line, the run goes
on without the cache), with or without ``--force``.
"""

from __future__ import annotations

import os
import stat

from dambuster.batch.collect import is_dambuster_cache

from . import FORMAT


def target_problem(path: str, force: bool, settings_file: str | None = None) -> str | None:
    """The one line refusing ``--cache path`` (with ``settings_file``: the ``cache`` key of that settings
    file), or None when the run may use (and replace) it."""
    from dambuster.model.atomic_write import name_problem
    from dambuster.model.escape import visible_path

    unnamed = name_problem(path)  # "-" or "cache/": no file to write, --force or not
    if unnamed:
        return f"--cache {visible_path(path)}: {unnamed}"
    if force or os.path.islink(path) or not os.path.lexists(path):
        return None  # a link (or a FIFO, a folder below) is refused by Cache.open, never written
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
    except OSError:
        return None
    if is_dambuster_cache(path, empty=True):  # a cache, or an empty file: nothing to lose
        return None
    named, fix = f"--cache {visible_path(path)}", "name another file, or add --force"
    if settings_file is not None:
        named = f"{visible_path(settings_file)}: cache = {visible_path(path)}"
        fix = "name another file in the settings, or add --force to the command"
    return (
        f"{named}: this file is not a dambuster cache (it does not begin with "
        f'{{"format": "{FORMAT}"); refused to replace it: {fix}'
    )


__all__ = ["target_problem"]
