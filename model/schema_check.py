"""JSON Schema validation of a document, with plain-sentence errors that never echo huge values.

jsonschema-rs says "valid" quickly; python-jsonschema, the reference, is imported and built only when a
document fails (or jsonschema-rs is missing): a valid file's check never pays its import (0.06 s). Our
schema is checked against its meta-schema by the tests (tests/test_conformance.py), not at every start.
"""

from __future__ import annotations

import json
import os
import re
from datetime import datetime
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError, pointer

if TYPE_CHECKING:
    import jsonschema

_RFC3339 = re.compile(r"(?a)^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})\Z")


@lru_cache(maxsize=1)
def load_schema() -> dict:
    """The parsed schema, shared by both validators (read once per process; never modified)."""
    from ..schema import schema_text

    return json.loads(schema_text())


def _date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if not _RFC3339.match(value):
        return False
    datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    return True


@cache
def _ecma_regex(pattern: str) -> re.Pattern:
    """ECMA-262 semantics, as every other JSON Schema engine has them: ``$`` matches only at the very
    end (Python's ``$`` also matches before a final newline, which let "1.0\\n" or an id "a\\n"
    pass) and ``\\d``/``\\w`` are ASCII. Our patterns use ``$`` only as the end anchor."""
    return re.compile(re.sub(r"(?<!\\)\$", r"\\Z", pattern), re.ASCII)


@lru_cache(maxsize=1)
def validator():
    """python-jsonschema's Draft 2020-12 validator of our schema, with ECMA patterns and our date-time."""
    from jsonschema import Draft202012Validator, FormatChecker, ValidationError, validators

    def pattern(validator, pattern, instance, schema):
        if validator.is_type(instance, "string") and not _ecma_regex(pattern).search(instance):
            yield ValidationError(f"{instance!r} does not match {pattern!r}")

    formats = FormatChecker(formats=())
    formats.checks("date-time", raises=ValueError)(_date_time)
    return validators.extend(Draft202012Validator, {"pattern": pattern})(
        load_schema(), format_checker=formats
    )


def _short(v: object) -> str:
    text = (
        json.dumps(v, ensure_ascii=False)
        if not isinstance(v, (dict, list))
        else ("an object" if isinstance(v, dict) else "an array")
    )
    return text if len(text) <= 40 else text[:37] + "..."


_TYPE_NAMES = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def describe(error: jsonschema.ValidationError) -> str:
    """A plain sentence for one schema error, with no long echo of the instance."""
    kw, val, inst = error.validator, error.validator_value, error.instance
    if kw == "type":
        want = " or ".join(_TYPE_NAMES.get(t, t) for t in ([val] if isinstance(val, str) else val))
        return f"must be {want}, not {_short(inst)}"
    if kw == "required":
        missing = [k for k in val if isinstance(inst, dict) and k not in inst]
        return f"missing required property {missing[0]!r}" if missing else "missing a required property"
    if kw == "additionalProperties":
        known = error.schema.get("properties", {})
        extra = sorted(k for k in inst if k not in known)
        if not extra:
            return "unknown property"
        import difflib  # only to word an error: not on a valid file's path

        close = difflib.get_close_matches(extra[0], list(known), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"unknown property {extra[0][:40]!r}{hint}"
    if (
        kw == "enum"
        and list(error.path)[-1:] == ["offset"]
        and val in (["odd-q", "even-q"], ["odd-r", "even-r"])
    ):
        orientation = "flat-top" if val[0] == "odd-q" else "pointy-top"
        return f"a {orientation} map uses offset {val[0]} or {val[1]}, not {_short(inst)}"
    if kw == "enum":
        return f"{_short(inst)} is not one of {', '.join(map(str, val))}"
    if kw == "const":
        return f"must be {_short(val)}"
    if kw in ("maxItems", "minItems"):
        return f"has {len(inst):,} items; {'at most' if kw == 'maxItems' else 'at least'} {val:,} allowed"
    if kw in ("maxLength", "minLength"):
        return f"text of {len(inst):,} characters; {'at most' if kw == 'maxLength' else 'at least'} {val:,} allowed"
    if kw in ("maxProperties", "minProperties"):
        return (
            f"has {len(inst):,} entries; {'at most' if kw == 'maxProperties' else 'at least'} {val:,} allowed"
        )
    if kw in ("maximum", "minimum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {
            "maximum": "at most",
            "minimum": "at least",
            "exclusiveMinimum": "more than",
            "exclusiveMaximum": "less than",
        }
        return f"{_short(inst)} must be {words[kw]} {val}"
    if kw == "pattern" and error.schema.get("format") == "date-time":  # the pattern spells the format out
        return f'{_short(inst)} is not an RFC 3339 date-time such as "2026-01-31T18:00:00Z"'
    if kw == "pattern":
        return f"{_short(inst)} does not match the pattern {val}"
    if kw == "format" and val == "date-time":
        return f'{_short(inst)} is not an RFC 3339 date-time such as "2026-01-31T18:00:00Z"'
    if kw == "format":
        return f"{_short(inst)} is not a valid {val}"
    if kw == "uniqueItems":
        return "has repeated items"
    if kw in ("items", "prefixItems"):
        return "has too many items"
    if kw == "propertyNames":
        return f"{_short(inst)} is not an allowed key"
    if kw == "anyOf" and error.context:
        return describe(_best(error.context))
    return error.message[:200]


def _date_time_ok(value: object) -> bool:
    try:
        return _date_time(value)
    except ValueError:
        return False


@lru_cache(maxsize=1)
def fast_validator():
    """jsonschema-rs when it is installed (a dependency; optional at run time), else None. It only ever says "valid" early:
    a document it refuses goes to python-jsonschema, the reference, which words the error. Our patterns
    have ECMA semantics on both sides and date-time uses the same check (tests/cli/test_cli_validate.py
    compares the verdicts of both on samples/invalid). DAMBUSTER_SCHEMA_ENGINE=python turns it off."""
    if os.environ.get("DAMBUSTER_SCHEMA_ENGINE") == "python":
        return None
    try:
        import jsonschema_rs
    except ImportError:
        return None
    try:
        return jsonschema_rs.validator_for(
            load_schema(), formats={"date-time": _date_time_ok}, validate_formats=True
        )
    except Exception:  # an engine that cannot compile our schema is simply not used
        return None


def validate(doc: dict[str, Any]) -> None:
    """Raises ScenarioError for the first schema error (the validator walks arrays' sizes first)."""
    fast = fast_validator()
    if fast is not None and fast.is_valid(doc):
        return
    err = next(validator().iter_errors(doc), None)
    if err is None:
        return
    path = list(err.absolute_path)
    if err.validator == "anyOf" and err.context:
        err = _best(err.context)
        path = list(err.absolute_path)  # the whole path: best_match may descend through nested anyOfs
    raise ScenarioError.at("SCHEMA", pointer(path), describe(err) + _hexside_hint(doc, path, err))


def _best(errors) -> jsonschema.ValidationError:
    """Of the branches of an anyOf, the error from a branch of the value's own type (a malformed date
    is reported as a bad date, not as "must be null")."""
    import jsonschema

    errors = list(errors)
    return jsonschema.exceptions.best_match([e for e in errors if e.validator != "type"] or errors)


def _hexside_hint(doc, path: list, err: jsonschema.ValidationError) -> str:
    """For a hexside written with direction 3..5: its one canonical spelling."""
    if err.validator != "maximum" or not str(err.schema.get("description", "")).startswith("Direction"):
        return ""
    node = doc
    try:
        for key in path[:-1]:
            node = node[key]
    except (KeyError, IndexError, TypeError):
        return ""
    if not (
        isinstance(node, list) and len(node) == 3 and all(type(v) is int for v in node) and 3 <= node[2] <= 5
    ):
        return ""
    from .hexgrid import canonical_hexside

    return f"; a hexside facing direction {node[2]} is written from its neighbour, as {list(canonical_hexside((node[0], node[1]), node[2]))}"
