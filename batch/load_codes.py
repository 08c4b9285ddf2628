"""The codes a report may hold that are no rule: the stages of loading and checking a file, each with
its catalog entry (docs/rules.md, SARIF's rule descriptors) and its quick fix in the editor or why none
(``fix`` / ``no_fix``, as a rule declares them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .budget import DEFAULT_SECONDS, MAX_FINDINGS

if TYPE_CHECKING:
    from dambuster.validators.catalog_doc import RuleInfo

#: Codes that are not rules but stages of loading and checking a file: they can appear in any report,
#: and --select / --ignore never hide them. ENGINE: the checks themselves failed; BUDGET: they did not
#: finish in time or memory (budget.py); TRUNCATED: more findings than a report lists (budget.py).
LOAD_STAGES: dict[str, dict[str, str]] = {
    "JSON": {
        "summary": "The file can be read as strict JSON.",
        "checks": "The file exists, is within the size limit, is UTF-8 without a byte-order mark, nests at "
        "most 64 levels, and is valid JSON with no NaN or Infinity, no duplicate keys and no "
        "oversized integers.",
        "source": "dambuster file format (model/io.py)",
        "no_fix": "the editor refuses the file; repair it in a text editor",
    },
    "SCHEMA": {
        "summary": "The document follows the scenario format.",
        "checks": "The document matches the JSON Schema (schema/scenario.schema.json, draft 2020-12) after "
        "migration to the current format version, and passes the model's consistency checks: "
        "unique ids, references that resolve, terrain rows that fit the map.",
        "source": "dambuster file format (schema/scenario.schema.json, model/semantic.py)",
        "fix": "in the editor, a file opened with problems offers: a reference that differs from an existing "
        "id only in case points to it; a river joining itself or a river that does not exist joins the one "
        "other river its last hex is in or next to (none: the joins is dropped); a side in a dam's "
        "sp_known_to that does not exist is dropped; a repeated id gets a fresh one (references keep the "
        "first owner); squads of a non-infantry unit become 1; a repeated hexside entry is dropped; a hex's "
        "entrenchment entries merge into one with their counts added",
    },
    "ENGINE": {
        "summary": "The rule checks ran to the end.",
        "checks": "Reported when a rule stops with an internal error, or a worker process of --jobs stops, "
        "so the file could not be checked. This is a fault in dambuster, not in the file: please "
        "report it with the file.",
        "source": "dambuster itself",
        "no_fix": "a fault in dambuster, not in the file",
    },
    "BUDGET": {
        "summary": "The file was loaded and checked within its budget.",
        "checks": "Reported, once, when loading and checking a file takes longer than `validate --budget` "
        f"seconds (default {DEFAULT_SECONDS:g}) or runs out of memory. It names the rules that did "
        "not finish; the findings of the rules that finished are listed. The file was not fully "
        "checked, so this is not a verdict (exit status 2). --select and --ignore never hide it, "
        "and it is never cached.",
        "source": "dambuster itself (docs/untrusted.md)",
        "no_fix": "nothing to change in the file",
    },
    "TRUNCATED": {
        "summary": "The report lists every finding of the file.",
        "checks": f"A report lists at most {MAX_FINDINGS:,} findings per file; this one finding counts the "
        "others by code. It is an error when any finding left out is an error, so the file's verdict is the "
        "full list's. The cap keeps one file from making a report code scanning refuses.",
        "source": "dambuster itself (docs/untrusted.md)",
        "no_fix": "a count of other findings",
    },
}


def load_infos() -> list[RuleInfo]:
    """The load stages as entries of the rules catalog (SARIF's rule descriptors, docs/rules.md)."""
    from dambuster.validators.catalog_doc import RuleInfo

    return [
        RuleInfo(
            code,
            "error",
            None,
            d["summary"],
            d["checks"],
            d["source"],
            is_load_stage=True,
            fix=d.get("fix", ""),
            no_fix=d.get("no_fix", ""),
        )
        for code, d in LOAD_STAGES.items()
    ]
