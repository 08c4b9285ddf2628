"""SARIF 2.1.0: one run, one result per violation; the rules (ruleId = the code) are the stages of loading
a file and the rules of the profiles that ran (dambuster.batch.rules_catalog: only those rule modules are
loaded), each described as it is declared, plus any other code a result names.

File locations are relative URIs against the uriBaseId SRCROOT (the working folder, given in
originalUriBaseIds). The region is the finding's own line, else the line where its JSON pointer's
value starts in the file (or its nearest existing parent's); a finding about the whole file (one that
cannot be read, is refused or runs over its budget) has the whole text as its region (line 1 to the end
of the last line; line 1 when the text cannot be read) and the property ``wholeFile``.
The JSON pointer, the map location and the witness go in the result's properties, and the pointer is
also a logical location.
A partial fingerprint (code, pointer, hex, feature) lets code scanning follow a finding across edits.

Text meant to be shown (a result's message) is made visible (dambuster.model.escape.visible): code scanning
renders it as it is, so a bidi override or a line break from a file must not reach it. Data keeps the
exact strings (the pointer in the properties and the logical location, the witness); the JSON text
writes controls, bidi characters and ``##[`` as escapes (dambuster.model.escape.json_escapes). Artifact URIs
percent-encode the file name's bytes, so a name that is not UTF-8 is still exact there.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from dambuster import __version__
from dambuster.model.escape import visible
from dambuster.model.files import InputError, read_input
from dambuster.model.output import json_text

from ._lines import MAX_BYTES, positions

if TYPE_CHECKING:
    from dambuster.batch.file_report import FileReport
    from dambuster.validators.catalog_doc import RuleInfo
    from dambuster.validators.violation import Violation

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/dambuster/"
BASE_ID = "SRCROOT"
LEVELS = {"error": "error", "warning": "warning"}


def _sentence(text: str) -> str:
    text = " ".join(str(text).split()) or "(no message)"
    return text if text[-1] in ".!?" else text + "."


def _rule_name(code: str, summary: str) -> str:
    """A PascalCase identifier from the summary, as SARIF suggests for ``name``."""
    words = re.findall(r"[A-Za-z0-9]+", summary)[:8]
    name = "".join(w[:1].upper() + w[1:] for w in words)
    return name if name and name[0].isalpha() else "Rule" + re.sub(r"\W", "", code)


def _rule(info: RuleInfo) -> dict[str, Any]:
    from dambuster.validators.catalog_doc import show

    profile = info.profile or "load"
    full = " ".join(filter(None, [info.summary, info.checks]))
    extra = [("Rule text", info.source), ("Decisions", info.decisions)]
    if info.parameters:
        extra.append(
            (
                f"Parameters (override under parameters.rules.{info.code})",
                ", ".join(f"{k} = {show(v)}" for k, v in info.parameters.items()),
            )
        )
    paras = [info.checks] + [f"{label}: {value}" for label, value in extra if value]
    text = [f"{info.code} ({info.severity}, profile {profile}): {info.summary}"] + [p for p in paras if p]
    md = [f"**{info.code}** ({info.severity}, profile `{profile}`): {info.summary}"] + [p for p in paras if p]
    return {
        "id": info.code,
        "name": _rule_name(info.code, info.summary),
        "shortDescription": {"text": _sentence(info.summary)},
        "fullDescription": {"text": _sentence(full)},
        "help": {"text": _sentence("\n".join(text)), "markdown": "\n\n".join(md)},
        "defaultConfiguration": {"level": LEVELS.get(info.severity, "note")},
        "properties": {
            "profile": info.profile or "load",
            "source": info.source,
            "tags": [info.profile or "load"],
        },
    }


def _artifact_location(path: str) -> dict[str, str]:
    p = Path(path)
    absolute = p.resolve()
    try:
        rel = absolute.relative_to(Path.cwd().resolve())
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(rel.as_posix(), safe="/-_.~", errors="surrogateescape"), "uriBaseId": BASE_ID}


def _artifact(path: str, where: dict[str, str]) -> dict[str, Any]:
    art: dict[str, Any] = {"location": where, "roles": ["analysisTarget"], "mimeType": "application/json"}
    try:
        art["length"] = Path(path).stat().st_size
    except (OSError, ValueError):
        pass
    return art


def _base_uri() -> str:
    uri = Path.cwd().resolve().as_uri()
    return uri if uri.endswith("/") else uri + "/"


def whole_file_region(path: str) -> dict[str, int]:
    """Line 1 to the end of the last line of the file (columns in code points), or line 1 when the
    file cannot be read as text: what a finding about the whole file points at (SARIF2017 asks every
    location for a region; a viewer then marks the file, not one line of it)."""
    try:
        text = read_input(path, MAX_BYTES).decode("utf-8")
    except (InputError, UnicodeDecodeError):
        return {"startLine": 1}
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    if lines == [""]:
        return {"startLine": 1}
    return {"startLine": 1, "startColumn": 1, "endLine": len(lines), "endColumn": len(lines[-1]) + 1}


def _result(
    v: Violation,
    artifact_index: int,
    rule_index: dict[str, int],
    artifact: dict[str, str],
    position: tuple[int, int | None] | None,
    path: str,
) -> dict[str, Any]:
    loc = v.location or {}
    physical: dict[str, Any] = {"artifactLocation": dict(artifact, index=artifact_index)}
    if position is not None:
        line, col = position
        region = {"startLine": line}
        if isinstance(col, int) and col >= 1:
            region["startColumn"] = col
        physical["region"] = region
    else:  # about the whole file (unreadable, refused, over budget): its whole text as the region
        physical["region"] = whole_file_region(path)
    location: dict[str, Any] = {"physicalLocation": physical}
    pointer = loc.get("pointer")
    if pointer is not None:
        location["logicalLocations"] = [{"fullyQualifiedName": pointer or "/", "kind": "element"}]
    where = [w for w in (v.where(), pointer) if w and w != "/"]
    message = f"{v.message} (at {', '.join(dict.fromkeys(where))})" if where else v.message
    props: dict[str, Any] = {"pointer": pointer if pointer is not None else ""}
    map_loc = {k: val for k, val in loc.items() if k not in ("pointer", "line", "column")}
    if map_loc:
        props["mapLocation"] = map_loc
    if v.profile:
        props["profile"] = v.profile
    if v.witness is not None:
        props["witness"] = v.witness
    if position is None:
        props["wholeFile"] = True
    key = json.dumps([v.code, pointer, map_loc.get("hex_label"), map_loc.get("feature")], ensure_ascii=False)
    out: dict[str, Any] = {
        "ruleId": v.code,
        "level": LEVELS.get(v.severity, "note"),
        "message": {"text": _sentence(visible(message))},
        "locations": [location],
        "partialFingerprints": {
            "dambusterFinding/v1": hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:32]
        },
        "properties": props,
    }
    if v.code in rule_index:
        out["ruleIndex"] = rule_index[v.code]
    return out


def build(reports: list[FileReport]) -> dict[str, Any]:
    from dambuster.batch.rules_catalog import entries, profiles_that_ran
    from dambuster.validators.catalog_doc import RuleInfo

    infos = entries(profiles_that_ran(reports))
    known = {i.code for i in infos}
    extra = sorted({v.code for r in reports for v in r.violations if v.code not in known})
    infos += [RuleInfo(c, "warning", None, f"Code {c} (not in the rules catalog)") for c in extra]
    rules = [_rule(i) for i in infos]
    rule_index = {r["id"]: n for n, r in enumerate(rules)}

    artifacts: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    for n, report in enumerate(reports):
        where = _artifact_location(report.path)
        artifacts.append(_artifact(report.path, where))
        results += [
            _result(v, n, rule_index, where, pos, getattr(report, "source", None) or report.path)
            for v, pos in zip(report.violations, positions(report))
        ]
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "dambuster",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": rules,
            }
        },
        "invocations": [{"executionSuccessful": True}],
        "originalUriBaseIds": {BASE_ID: {"uri": _base_uri()}},
        "artifacts": artifacts,
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def render(reports: list[FileReport]) -> str:
    return json_text(build(reports))


__all__ = ["build", "render"]
