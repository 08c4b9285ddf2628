"""JSON Schema validation of a document, with plain-sentence errors that never echo huge values.

jsonschema-rs says "valid" quickly; python-jsonschema, the reference, is imported and built only when a
document fails (or jsonschema-rs is missing): a valid file's check never pays its import (0.06 s). Our
schema is checked against its meta-schema by the tests (tests/test_conformance.py), not at every start.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from datetime import datetime
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, cast

from .errors import ScenarioError, pointer

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    import jsonschema
    import jsonschema_rs
    from jsonschema.protocols import Validator

_RFC3339 = re.compile(r"(?a)^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})\Z")


@lru_cache(maxsize=1)
def load_schema() -> dict[str, Any]:
    """The parsed schema, shared by both validators (read once per process; never modified)."""
    from dambuster.schema import schema_text

    return json.loads(schema_text())


def _date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if not _RFC3339.match(value):
        return False
    datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    return True


@cache
def _ecma_regex(pattern: str) -> re.Pattern[str]:
    """ECMA-262 semantics, as every other JSON Schema engine has them: ``$`` matches only at the very
    end (Python's ``$`` also matches before a final newline, which let "1.0\\n" or an id "a\\n"
    pass) and ``\\d``/``\\w`` are ASCII. Our patterns use ``$`` only as the end anchor."""
    return re.compile(re.sub(r"(?<!\\)\$", r"\\Z", pattern), re.ASCII)


@lru_cache(maxsize=1)
def validator() -> Validator:
    """python-jsonschema's Draft 2020-12 validator of our schema, with ECMA patterns and our date-time."""
    from jsonschema import Draft202012Validator, FormatChecker, ValidationError, validators

    def pattern(
        validator: Validator, pattern: str, instance: object, schema: Mapping[str, Any]
    ) -> Iterator[ValidationError]:
        if isinstance(instance, str) and not _ecma_regex(pattern).search(instance):  # (is_type "string")
            yield ValidationError(f"{instance!r} does not match {pattern!r}")

    formats = FormatChecker(formats=())
    formats.checks("date-time", raises=ValueError)(_date_time)
    # python-jsonschema leaves extend unannotated: it returns a validator class with our keywords
    extend = cast(
        "Callable[[type[Validator], dict[str, Callable[..., Iterator[ValidationError]]]], type[Validator]]",
        validators.extend,  # pyright: ignore[reportUnknownMemberType]
    )
    return extend(Draft202012Validator, {"pattern": pattern})(load_schema(), format_checker=formats)


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
    kw = error.validator if isinstance(error.validator, str) else ""  # (none for a `false` schema)
    val: Any = error.validator_value  # JSON: the keyword's value in our schema
    inst: Any = error.instance  # JSON: the part of the document that fails it
    schema: Mapping[str, Any] = error.schema if isinstance(error.schema, Mapping) else {}
    if kw == "type":
        want = " or ".join(_TYPE_NAMES.get(t, t) for t in ([val] if isinstance(val, str) else val))
        return f"must be {want}, not {_short(inst)}"
    if kw == "required":
        missing = [k for k in val if isinstance(inst, dict) and k not in inst]
        return f"missing required property {missing[0]!r}" if missing else "missing a required property"
    if kw == "additionalProperties":
        known = schema.get("properties", {})
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
    if kw == "pattern" and schema.get("format") == "date-time":  # the pattern spells the format out
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
def fast_validator() -> jsonschema_rs.Validator | None:
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


def _best(errors: Iterable[jsonschema.ValidationError]) -> jsonschema.ValidationError:
    """Of the branches of an anyOf, the error from a branch of the value's own type (a malformed date
    is reported as a bad date, not as "must be null")."""
    from jsonschema import exceptions

    # python-jsonschema leaves best_match's result unannotated: it is one of the errors given
    best_match = cast(
        "Callable[[list[jsonschema.ValidationError]], jsonschema.ValidationError]",
        exceptions.best_match,  # pyright: ignore[reportUnknownMemberType]
    )
    errors = list(errors)
    return best_match([e for e in errors if e.validator != "type"] or errors)


def _hexside_hint(doc: dict[str, Any], path: list[str | int], err: jsonschema.ValidationError) -> str:
    """For a hexside written with direction 3..5: its one canonical spelling."""
    schema: Mapping[str, Any] = err.schema if isinstance(err.schema, Mapping) else {}
    if err.validator != "maximum" or not str(schema.get("description", "")).startswith("Direction"):
        return ""
    node: Any = doc
    try:
        for key in path[:-1]:
            node = node[key]
    except (KeyError, IndexError, TypeError):
        return ""
    if not isinstance(node, list):
        return ""
    items = cast("list[object]", node)  # (JSON)
    numbers = [v for v in items if type(v) is int]  # (type, not isinstance: no bools)
    if not (len(items) == 3 and len(numbers) == 3 and 3 <= numbers[2] <= 5):
        return ""
    from .hexgrid import canonical_hexside

    q, r, direction = numbers
    return f"; a hexside facing direction {direction} is written from its neighbour, as {list(canonical_hexside((q, r), direction))}"
