"""A static gallery (``dambuster site DIR -o SITE/``, dambuster.cli.commands.site) of a collection of maps (docs/web.md).

The index (index.html) shows each map's thumbnail, title, author, size, rule profiles and the
validator's verdict with its findings, with filters and a search; each readable map gets a page of its
own (the web player, its findings drawn on the map, a link to download the file). Names of files in
the site are made from the maps' paths (letters, digits and dashes only); every text from a map is
escaped. The site is built in a folder beside SITE and moved into place at the end: an interrupted
build leaves SITE as it was."""

from __future__ import annotations

import html
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from dambuster.model.escape import json_escapes, text_line


def slugs(folder: Path, paths: list[Path]) -> list[str]:
    """A file name for each map: its path's letters and digits joined by dashes, unique."""
    seen: set[str] = set()
    out: list[str] = []
    for p in paths:
        base = re.sub(r"[^a-z0-9]+", "-", str(p.relative_to(folder).with_suffix("")).lower()).strip("-")[:60]
        base = base or "map"
        slug, n = base, 2
        while slug in seen:
            slug, n = f"{base}-{n}", n + 1
        seen.add(slug)
        out.append(slug)
    return out


def build_site(folder: Path, paths: list[Path], jobs: int, budget: float | None = None) -> dict[str, bytes]:
    """Every file of the site, by its path inside SITE."""
    from dambuster.batch.budget import DEFAULT_SECONDS
    from dambuster.batch.report import validate_files
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load, to_document

    from .command import generator_name
    from .page import build_page
    from .thumbnail import thumbnail

    reports = validate_files(
        [str(p) for p in paths], None, jobs=jobs, budget=DEFAULT_SECONDS if budget is None else budget
    )
    files: dict[str, bytes] = {}
    entries: list[dict[str, Any]] = []
    generator = generator_name()
    for path, slug, report in zip(paths, slugs(folder, paths), reports, strict=True):
        findings = [v.to_json() for v in report.violations]
        entry: dict[str, Any] = {
            "slug": slug,
            "file": str(path.relative_to(folder)),
            "valid": report.valid,
            "findings": findings,
        }
        document: dict[str, Any] | None
        try:
            document = to_document(load(path))
        except (ScenarioError, OSError):
            document = None
        if document is not None:
            site = {
                "findings": findings,
                "valid": report.valid,
                "download": f"{slug}.json",
                "index": "../index.html",
            }
            files[f"maps/{slug}.html"] = build_page(document, generator, site).encode("utf-8")
            # the file as given, with what a terminal or a CI runner would act on as JSON escapes (it
            # loaded, so it is UTF-8 JSON; every value is the same)
            files[f"maps/{slug}.json"] = json_escapes(path.read_bytes().decode("utf-8")).encode("utf-8")
            files[f"thumbs/{slug}.svg"] = thumbnail(document).encode("utf-8")
            entry.update(_facts(document))
        entries.append(entry)
    files["index.html"] = index_page(entries, generator).encode("utf-8")
    return files


def _facts(document: dict[str, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = document.get("meta") or {}
    m: dict[str, Any] = document["map"]
    profiles: list[Any] = meta.get("profiles") or []
    if m["kind"] == "hex":
        size, kind = f"{m['columns']} × {m['rows']} hexes", "hex"
    else:
        size, kind = f"{m['width']:g} × {m['depth']:g} {m['unit']}", "table"
    return {
        "title": str(meta.get("title") or ""),
        "author": str(meta.get("author") or ""),
        "profiles": [str(p) for p in profiles],
        "size": size,
        "kind": kind,
    }


def move_into_place(files: dict[str, bytes], out: Path) -> None:
    """Writes the site beside ``out``, then swaps it in (the old site removed only once the new one is there)."""
    parent = out.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=parent))
    try:
        for name, data in files.items():
            target = fresh / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        os.chmod(fresh, 0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=parent))
            os.replace(out, old / "site")
            os.replace(fresh, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(fresh, out)
    finally:
        if fresh.exists():
            shutil.rmtree(fresh, ignore_errors=True)


def index_page(entries: list[dict[str, Any]], generator: str) -> str:
    from .page import asset

    def esc(text: str) -> str:  # a stranger's text: visible (no control, bidi override, ##[), then HTML
        return html.escape(text_line(text))

    profiles = sorted({p for e in entries for p in e.get("profiles", [])})
    cards: list[str] = []
    for e in entries:
        title = e.get("title") or e["file"]
        errors = sum(f["severity"] == "error" for f in e["findings"])
        warnings = len(e["findings"]) - errors
        verdict = "unreadable" if "kind" not in e else "valid" if e["valid"] else "not valid"
        counts = f"{errors} error(s), {warnings} warning(s)" if e["findings"] else "no findings"
        search = " ".join([title, e.get("author", ""), e["file"], *e.get("profiles", [])]).lower()
        link = f"maps/{e['slug']}.html"
        head = f'<a href="{link}">{esc(title)}</a>' if "kind" in e else esc(title)
        thumb = (
            f'<a href="{link}" tabindex="-1"><img src="thumbs/{e["slug"]}.svg" alt="{esc("map of " + title)}" width="160"></a>'
            if "kind" in e
            else ""
        )
        findings = "".join(
            f"<li>{esc(f['severity'])} {esc(f['code'])}: {esc(f['message'])}</li>" for f in e["findings"][:50]
        )
        cards.append(
            f'<li class="card" data-verdict="{verdict}" data-kind="{esc(e.get("kind", ""))}" '
            f'data-profiles="{esc(" ".join(e.get("profiles", [])))}" data-search="{esc(search)}">{thumb}'
            f"<h2>{head}</h2><p>{esc((e.get('author') and 'by ' + e['author']) or '')}</p>"
            + (
                f"<p>{esc(e['size'])} · {esc(', '.join(e['profiles']) or 'no profile')}</p>"
                if "kind" in e
                else f"<p>{esc(e['file'])}</p>"
            )
            + f'<p class="verdict {verdict.replace(" ", "-")}">{verdict}: {counts}</p>'
            + (f"<details><summary>Findings</summary><ul>{findings}</ul></details>" if findings else "")
            + "</li>"
        )
    options = "".join(f'<option value="{esc(p)}">{esc(p)}</option>' for p in profiles)
    page = asset("index.html")
    slots = {
        "GENERATOR": esc(generator),
        "COUNT": str(len(entries)),
        "PROFILES": options,
        "CARDS": "\n".join(cards),
        "STYLE": asset("index.css"),
        "SCRIPT": asset("index.js"),
    }
    return re.sub(r"@@([A-Z]+)@@", lambda m: slots[m.group(1)], page)
