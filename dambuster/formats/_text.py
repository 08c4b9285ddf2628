"""Helpers shared by the XML and SARIF formats."""
from __future__ import annotations

import re

# Characters XML 1.0 cannot carry, plus lone surrogates that undecodable file names bring in.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_safe(text: str) -> str:
    """Text with every character XML 1.0 forbids replaced by a visible ``\\xNN`` / ``\\uNNNN`` escape."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text)


def describe_location(v) -> str:
    """``where`` plus the JSON pointer when it adds something: ``hex 0203 (/map/dams/0)``."""
    where = v.where()
    ptr = (v.location or {}).get("pointer")
    return f"{where} ({ptr})" if ptr and ptr != where else where
