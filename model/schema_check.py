"""JSON Schema validation of a document, with plain-sentence errors that never echo huge values."""
from __future__ import annotations

import json
import re
from datetime import datetime
from functools import lru_cache
from importlib import resources

import jsonschema
from jsonschema import Draft202012Validator, FormatChecker, ValidationError, validators

from .errors import ScenarioError, pointer

_RFC3339 = re.compile(r"(?a)^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})\Z")


def load_schema() -> dict:
    text = resources.files("dambuster.schema").joinpath("scenario.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


_formats = FormatChecker(formats=())


@_formats.checks("date-time", raises=ValueError)
def _date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if not _RFC3339.match(value):
        return False
    datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    return True


@lru_cache(maxsize=None)
def _ecma_regex(pattern: str) -> re.Pattern:
    """ECMA-262 semantics, as every other JSON Schema engine has them: ``$`` matches only at the very
    end (Python's ``$`` also matches before a final newline, which let "1.0\\n" or an id "a\\n"
    pass) and ``\\d``/``\\w`` are ASCII. Our patterns use ``$`` only as the end anchor."""
    return re.compile(re.sub(r"(?<!\\)\$", r"\\Z", pattern), re.ASCII)


def _pattern(validator, pattern, instance, schema):
    if validator.is_type(instance, "string") and not _ecma_regex(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


_Validator = validators.extend(Draft202012Validator, {"pattern": _pattern})


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    return _Validator(schema, format_checker=_formats)


def _short(v: object) -> str:
    text = json.dumps(v, ensure_ascii=False) if not isinstance(v, (dict, list)) else ("an object" if isinstance(v, dict) else "an array")
    return text if len(text) <= 40 else text[:37] + "..."


_TYPE_NAMES = {"object": "an object", "array": "an array", "string": "a string", "integer": "an integer",
               "number": "a number", "boolean": "true or false", "null": "null"}


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
        extra = sorted(k for k in inst if k not in error.schema.get("properties", {}))
        return f"unknown property {extra[0][:40]!r}" if extra else "unknown property"
    if kw == "enum":
        return f"{_short(inst)} is not one of {', '.join(map(str, val))}"
    if kw == "const":
        return f"must be {_short(val)}"
    if kw in ("maxItems", "minItems"):
        return f"has {len(inst):,} items; {'at most' if kw == 'maxItems' else 'at least'} {val:,} allowed"
    if kw in ("maxLength", "minLength"):
        return f"text of {len(inst):,} characters; {'at most' if kw == 'maxLength' else 'at least'} {val:,} allowed"
    if kw in ("maxProperties", "minProperties"):
        return f"has {len(inst):,} entries; {'at most' if kw == 'maxProperties' else 'at least'} {val:,} allowed"
    if kw in ("maximum", "minimum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {"maximum": "at most", "minimum": "at least", "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}
        return f"{_short(inst)} must be {words[kw]} {val}"
    if kw == "pattern":
        return f"{_short(inst)} does not match the pattern {val}"
    if kw == "format":
        return f"{_short(inst)} is not a valid {val}"
    if kw == "uniqueItems":
        return "has repeated items"
    if kw in ("items", "prefixItems"):
        return "has too many items"
    if kw == "propertyNames":
        return f"{_short(inst)} is not an allowed key"
    if kw == "anyOf" and error.context:
        best = jsonschema.exceptions.best_match(error.context)
        return describe(best)
    return error.message[:200]


def validate(doc: dict) -> None:
    """Raises ScenarioError for the first schema error (the validator walks arrays' sizes first)."""
    err = next(validator().iter_errors(doc), None)
    if err is None:
        return
    if err.validator == "anyOf" and err.context:
        inner = jsonschema.exceptions.best_match(err.context)
        path = list(err.absolute_path) + list(inner.relative_path)
        raise ScenarioError.at("SCHEMA", pointer(path), describe(inner))
    raise ScenarioError.at("SCHEMA", pointer(err.absolute_path), describe(err))
