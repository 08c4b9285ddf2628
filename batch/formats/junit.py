"""JUnit XML: one <testsuite> per file, one <testcase> per (file, code).

Every rule that ran on a file is a test case, so a CI dashboard shows the passes too; a readable file
also gets a SCHEMA case that passes. Decisions: a rule with an error is a <failure>; a file that cannot
be read or fails the schema is an <error> (the file could not be tested at all); a rule with only
warnings passes and lists them in <system-out> (they are findings, not skipped checks).

Everything from a file (name, pointers, messages, codes) is made visible (dambuster.model.escape.visible)
before it goes in: dashboards and CI logs show the report as text, so a line break in a pointer must not
start a line there, and ``##[`` (GitHub's legacy command prefix) is broken up. What visible leaves that
XML 1.0 still cannot carry (U+FFFE, U+FFFF) becomes an escape too, so the report always parses.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from dambuster.batch.file_report import FileReport
from dambuster.model.escape import visible, visible_path
from dambuster.validators.violation import Violation

# Characters XML 1.0 cannot carry, plus lone surrogates that undecodable file names bring in.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_safe(text: str) -> str:
    """Visible text, with every character XML 1.0 forbids replaced by a ``\\xNN`` / ``\\uNNNN`` escape."""
    return _NOT_XML.sub(
        lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}",
        visible(text),
    )


def describe_location(v: Violation) -> str:
    """``where`` plus the JSON pointer when it adds something: ``hex 0203 (/map/dams/0)``."""
    where = v.where()
    ptr = (v.location or {}).get("pointer")
    return visible_path(f"{where} ({ptr})" if ptr and ptr != where else where)


def _lines(vs: Iterable[Violation]) -> str:
    return "\n".join(xml_safe(f"{describe_location(v)}: {v.severity} {v.code}: {v.message}") for v in vs)


def _suite(report: FileReport) -> ET.Element:
    by_code: dict[str, list[Violation]] = {}
    for v in report.violations:
        by_code.setdefault(v.code, []).append(v)
    codes = list(by_code) if report.load_error else ["SCHEMA"] + [c for c in report.checked if c != "SCHEMA"]
    codes += [c for c in by_code if c not in codes]  # a rule yielding another code still shows
    path = xml_safe(report.path)
    suite = ET.Element("testsuite", name=path)
    counts = {"failures": 0, "errors": 0}
    for code in codes:
        vs = by_code.get(code, [])
        case = ET.SubElement(suite, "testcase", classname=path, name=xml_safe(code))
        errors = [v for v in vs if v.severity == "error"]
        if errors:
            tag = "error" if report.load_error else "failure"
            counts[tag + "s"] += 1
            first = errors[0]
            summary = f"{describe_location(first)}: {first.message}"
            if len(errors) > 1:
                summary += f" (and {len(errors) - 1} more)"
            el = ET.SubElement(case, tag, message=xml_safe(summary), type=xml_safe(code))
            el.text = _lines(errors)
        others = [v for v in vs if v.severity != "error"]
        if others:
            ET.SubElement(case, "system-out").text = _lines(others)
    suite.set("tests", str(len(codes)))
    suite.set("failures", str(counts["failures"]))
    suite.set("errors", str(counts["errors"]))
    suite.set("skipped", "0")
    return suite


def render(reports: list[FileReport]) -> str:
    root = ET.Element("testsuites", name="dambuster validate")
    suites = [_suite(r) for r in reports]
    for key in ("tests", "failures", "errors"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in suites)))
    root.extend(suites)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
