"""The conformance engine (conformance/js/*.mjs) as one classic script, for a page and its worker.

The engine's ES modules are the single source of the simulation in JavaScript (docs/engines.md); a page
opened from file:// cannot import modules, so each module is wrapped in a function whose imports are
the other modules' exports, and whose exports land in ``window.DambusterEngine``."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path

#: the engine's modules, each after those it imports
MODULES = ("mt19937.mjs", "pyjson.mjs", "reader.mjs", "breach.mjs", "collapse.mjs", "flood.mjs")
_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"\./([\w.]+)";\s*$', re.M)
_EXPORT = re.compile(r"^export\s+(?:async\s+)?(class|function|const|let)\s+(\w+)", re.M)
_OTHER_IMPORT = re.compile(r"^\s*import\b", re.M)


class EngineMissing(Exception):
    """The engine's sources are not installed with this copy of dambuster."""


def engine_dir() -> Path:
    """The engine's folder: interop/web/engine, a link to conformance/js in the repository (a wheel
    holds the files themselves, as the package data of ``dambuster.interop.web.engine``)."""
    folder = Path(str(resources.files("dambuster.interop.web"))) / "engine"
    if not (folder / MODULES[0]).is_file():
        raise EngineMissing("the breach engine (conformance/js) is not installed with dambuster")
    return folder


def _wrap(name: str, source: str) -> str:
    var = "m_" + name.removesuffix(".mjs")
    imports: list[str] = []
    for names, module in _IMPORT.findall(source):
        imports.append(f"const {{{names.strip()}}} = m_{module.removesuffix('.mjs')};")
    body = _IMPORT.sub("", source)
    if _OTHER_IMPORT.search(body):
        raise EngineMissing(f"{name} imports something the page cannot hold")
    exported: list[str] = [m.group(2) for m in _EXPORT.finditer(body)]
    body = _EXPORT.sub(lambda m: m.group(0).removeprefix("export").lstrip(), body)
    return (
        f"const {var} = (() => {{\n{chr(10).join(imports)}\n{body}\n"
        f"return {{ {', '.join(exported)} }};\n}})();\n"
    )


@cache
def engine_script() -> str:
    """The engine as one script: defines ``DambusterEngine`` (every module's exports) in its scope."""
    folder = engine_dir()
    parts = [_wrap(n, (folder / n).read_text(encoding="utf-8")) for n in MODULES]
    names = ", ".join("..." + "m_" + n.removesuffix(".mjs") for n in MODULES)
    return "".join(parts) + f"self.DambusterEngine = {{ {names} }};\n"
