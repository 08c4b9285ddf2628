"""One self-contained HTML page of a scenario: the map, its title, sides and profiles, and the breach
preview, with every script and style inline (no network, works from file://).

The scenario's JSON is embedded in a ``<script type="application/json">`` element, escaped so that
nothing in it can end that element or be read as markup (``<``, ``>``, ``&``, U+2028 and U+2029 as
JSON escapes, and what a terminal or a CI runner would act on as dambuster.model.escape.json_escapes writes
it: the values are the same); the page builds every text from it with ``textContent``."""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any

from dambuster.model.escape import json_escapes, text_line

from .bundle import engine_script

#: the page's own scripts, in the order they run (after the engine)
SCRIPTS = ("map.js", "dice.js", "narrate.js", "preview.js", "collapse.js", "montecarlo.js", "app.js")
_SLOT = re.compile(r"@@([A-Z]+)@@")
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def asset(name: str) -> str:
    return resources.files("dambuster.interop.web").joinpath(name).read_text(encoding="utf-8")


def embedded_json(document: Any) -> str:
    """The document as JSON that cannot close its <script> element nor break a JavaScript string."""
    text = json_escapes(json.dumps(document, ensure_ascii=False, separators=(",", ":"), allow_nan=False))
    return re.sub("[<>&\u2028\u2029]", lambda m: _JSON_ESCAPES[m.group(0)], text)


def palette() -> dict[str, dict[str, str]]:
    """editor/style.py's colours as the page draws with them (palette.json: terrain, areas, ink)."""
    return json.loads(asset("palette.json"))


def _script_text(text: str) -> str:
    """Our own scripts inline: refuse (rather than mangle) one that would end its element early."""
    if re.search(r"</script|<!--", text, re.I):
        raise ValueError("a script of the page holds '</script' or '<!--'")
    return text


def build_page(
    document: dict[str, Any], generator: str = "dambuster", site: dict[str, Any] | None = None
) -> str:
    """The whole page for one scenario document (as model.io.to_document writes it). ``site``: for a
    gallery's page, ``{"findings": [violation JSON...], "valid": bool, "download": NAME, "index": URL}``."""
    meta: dict[str, Any] = document.get("meta") or {}
    title = str(meta.get("title") or "Untitled scenario")
    slots = {
        "GENERATOR": html.escape(generator),
        "TITLE": html.escape(text_line(title)),  # visible: no control, bidi override or ##[ in the tab
        "STYLE": asset("player.css").replace("</", "<\\/"),
        "DATA": embedded_json(document),
        "SITE": embedded_json(site),
        "ENGINE": _script_text(engine_script()),
        "WORKER": _script_text(asset("worker.js")),
        "SCRIPTS": _script_text(
            f"self.DambusterPalette = {embedded_json(palette())};\n" + "\n".join(asset(n) for n in SCRIPTS)
        ),
    }
    return _SLOT.sub(lambda m: slots[m.group(1)], asset("page.html"))
