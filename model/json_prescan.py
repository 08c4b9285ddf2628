"""The fast look at a JSON file before the parser builds anything: how many values, how deep.

``json.loads`` spends time and memory on every value it builds (11 million empty objects fit in the
32 MB size cap and take 12 s and 1 GB), so a file is measured first, with work done in C over whole
buffers rather than a step of Python per token:

* the string contents are masked out (a quote opens or closes a string unless escaped; escapes are
  blanked first, keeping every offset), in chunks, with numpy's running XOR over the quotes;
* what is left is the file's skeleton: brackets, commas, colons, literals and one quote per string;
* values = 1 + commas + non-empty containers (every value but the first follows a comma or an
  opening bracket), counted on the skeleton;
* the depth is the running sum over the skeleton's brackets;
* numbers are "plain" when no run of digits is longer than MAX_INT_DIGITS and none has an exponent:
  the parser then needs no Python hook per number to refuse huge integers and overflowing floats.

A file whose strings are broken (an unterminated string) is measured as well as can be and then refused
by the parser itself, which never reads past the first broken token.

A file of at most SMALL bytes (every real map but the largest) is measured the same way with bytes
methods and ``re`` instead (also C, over the whole buffer): importing numpy costs more than that scan,
and a single-file `dambuster validate` would pay it on every start. So is a well-formed file of up to
PLAIN_SCAN bytes while numpy is not imported yet (the editor opening a 1000x1000 map: 1.5 MB, 6 ms
scanned, where importing numpy took 60-150 ms); one that is cut short or nests too deep goes on to
the numpy passes, which find the place.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from .errors import ScenarioError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MAX_DEPTH = 64
#: The busiest map we could build within the schema's caps (scripts/make_big_map.py at 1000 x 1000 plus
#: 200,000 hexside features and 10,000 units, both the schema's maxima: 17.7 MB) holds 1.4 million
#: values, the generated map alone 99,000; the cap leaves nearly three times the busiest.
MAX_VALUES = 4_000_000
MAX_INT_DIGITS = 18

_CHUNK = 1 << 22
#: Bytes up to which a file is measured without numpy: as fast below 100 KB, 8 ms for 1 MB of dense
#: JSON against numpy's 5 ms, when importing numpy takes 60 ms.
SMALL = 1 << 20
#: Bytes up to which a well-formed file is measured without numpy while numpy is not yet imported.
PLAIN_SCAN = 4 << 20
_QUOTE, _COMMA = ord('"'), ord(",")
_OPEN, _CLOSE = (ord("["), ord("{")), (ord("]"), ord("}"))


class _Tables(NamedTuple):
    """numpy's byte lookup tables, made on first use (every command imports the loader; the pre-scan
    runs only when a file is read: the functions that use numpy import it then)."""

    whitespace: npt.NDArray[np.bool_]
    bracket: npt.NDArray[np.bool_]
    digit: npt.NDArray[np.bool_]


@cache
def _tables() -> _Tables:
    import numpy

    def table(chars: bytes) -> npt.NDArray[np.bool_]:
        t = numpy.zeros(256, dtype=bool)
        t[list(chars)] = True
        return t

    return _Tables(table(b" \t\r\n"), table(b"[]{}"), table(b"0123456789"))


class Measure(NamedTuple):
    values: int
    plain_numbers: bool  # no number longer than MAX_INT_DIGITS digits, none with an exponent


def _blank_escapes(data: bytes) -> bytes:
    """The same bytes with every escaped backslash and escaped quote blanked (same length, same offsets)."""
    if b"\\" not in data:
        return data
    return data.replace(b"\\\\", b"__").replace(b'\\"', b"__")


def _outside_strings(data: bytes) -> Iterator[tuple[int, npt.NDArray[np.uint8], npt.NDArray[np.bool_]]]:
    """Per chunk: (offset, uint8 view of the chunk, mask of the bytes outside string contents).

    A byte is outside when the quotes up to it (its own included) are balanced: the closing quote of
    each string stays (one mark per string), the opening quote and the contents do not.
    """
    import numpy as np

    inside = 0
    view = np.frombuffer(_blank_escapes(data), dtype=np.uint8)
    for start in range(0, len(view), _CHUNK):
        chunk = view[start : start + _CHUNK]
        odd = np.bitwise_xor.accumulate((chunk == _QUOTE).view(np.uint8))
        odd ^= inside
        inside = int(odd[-1])
        yield start, chunk, odd == 0


def skeleton(data: bytes) -> npt.NDArray[np.uint8]:
    """The file without its string contents and whitespace: ``{"a": [1, "x"]}`` -> ``{":[1,"]}``."""
    import numpy as np

    whitespace = _tables().whitespace
    parts = [chunk[outside & ~whitespace[chunk]] for _, chunk, outside in _outside_strings(data)]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint8)


def count_values(bones: npt.NDArray[np.uint8]) -> int:
    """Objects, arrays, strings, numbers, true/false/null in a skeleton (object keys are not counted)."""
    if not len(bones):
        return 0
    import numpy as np

    opens = np.count_nonzero((bones == _OPEN[0]) | (bones == _OPEN[1]))
    empty = sum(np.count_nonzero((bones[:-1] == o) & (bones[1:] == c)) for o, c in zip(_OPEN, _CLOSE))
    return 1 + int(np.count_nonzero(bones == _COMMA)) + int(opens) - int(empty)


def _plain_numbers(bones: npt.NDArray[np.uint8]) -> bool:
    digit = _tables().digit[bones]
    if (((bones[1:] == ord("e")) | (bones[1:] == ord("E"))) & digit[:-1]).any():  # an exponent
        return False
    run = digit.copy()  # run[i]: digits from i on for k + 1 places
    for k in range(1, MAX_INT_DIGITS + 1):
        run[:-k] &= digit[k:]
        run[-k:] = False
    return not run.any()


def _deepest(bones: npt.NDArray[np.uint8]) -> int | None:
    """Index among the skeleton's brackets of the first one that opens level MAX_DEPTH + 1, or None."""
    import numpy as np

    brackets = bones[_tables().bracket[bones]]
    steps = np.where((brackets == _OPEN[0]) | (brackets == _OPEN[1]), 1, -1).astype(np.int32)
    over = np.flatnonzero(np.cumsum(steps) > MAX_DEPTH)
    return int(over[0]) if len(over) else None


def _offset_of_bracket(data: bytes, index: int) -> int:
    """Offset in the file of the index-th bracket outside strings (counting from 0)."""
    import numpy as np

    bracket = _tables().bracket
    seen = 0
    for start, chunk, outside in _outside_strings(data):
        hits = np.flatnonzero(outside & bracket[chunk])
        if seen + len(hits) > index:
            return start + int(hits[index - seen])
        seen += len(hits)
    return len(data)


#: For a small file's numbers: digits as 0, e and E as e, the rest a blank.
_NUMBER_SHAPE = bytes(
    ord("0") if b in b"0123456789" else ord("e") if b in b"eE" else ord(" ") for b in range(256)
)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_PARENTHESES = bytes.maketrans(b"[{]}", b"(())")


def _measure_small(data: bytes, follow: bool = True) -> tuple[Measure, bool | None]:
    """The measure and whether it nests deeper than MAX_DEPTH, as the numpy passes find them (None, with
    ``follow`` False, for a file whose brackets would have to be followed one by one)."""
    pieces = _blank_escapes(data).split(b'"')  # outside, a string, outside, ...: one quote kept per string
    bones = b'"'.join(pieces[0::2]).translate(None, b" \t\r\n")
    values = (
        1
        + bones.count(b",")
        + bones.count(b"[")
        + bones.count(b"{")
        - bones.count(b"[]")
        - bones.count(b"{}")
        if bones
        else 0
    )
    shape = bones.translate(_NUMBER_SHAPE)
    plain = b"0e" not in shape and b"0" * (MAX_INT_DIGITS + 1) not in shape
    return Measure(values, plain), _too_deep(bones.translate(None, _NOT_BRACKET), follow)


def _too_deep(brackets: bytes, follow: bool = True) -> bool | None:
    """Whether the running depth over the brackets (+1 opening, -1 closing, of either kind) passes
    MAX_DEPTH. Well-nested brackets empty after as many passes of removing each "()" as they are deep;
    only others (a file cut short, or one nested too deep) are followed bracket by bracket."""
    rest = brackets.translate(_PARENTHESES)
    for _ in range(MAX_DEPTH):
        shorter = rest.replace(b"()", b"")
        if not shorter:
            return False
        if len(shorter) == len(rest):
            break
        rest = shorter
    if not follow:
        return None
    depth = 0
    for b in brackets:
        depth += 1 if b in _OPEN else -1
        if depth > MAX_DEPTH:
            return True
    return False


def _measure(data: bytes) -> tuple[Measure, bool]:
    bones = skeleton(data)
    values = count_values(bones)
    if values > MAX_VALUES:  # refused on that alone
        return Measure(values, False), False
    return Measure(values, _plain_numbers(bones)), _deepest(bones) is not None


def check(data: bytes) -> Measure:
    """ScenarioError (JSON) when the file holds more than MAX_VALUES values or nests deeper than MAX_DEPTH."""
    if len(data) <= SMALL:
        measure, deep = _measure_small(data)
    else:
        plain = len(data) <= PLAIN_SCAN and "numpy" not in sys.modules
        small = _measure_small(data, follow=False) if plain else None
        measure, deep = small if small is not None and small[1] is not None else _measure(data)
    if measure.values > MAX_VALUES:
        raise ScenarioError.at(
            "JSON",
            "",
            f"the file holds {measure.values:,} JSON values (objects, arrays, strings, "
            f"numbers); a map holds at most {MAX_VALUES:,}",
        )
    if deep:  # where: found with the numpy passes, which only a refused file pays for
        index = _deepest(skeleton(data))  # never None here: the numpy passes find what deep says
        at = len(data) if index is None else _offset_of_bracket(data, index)
        line = data.count(b"\n", 0, at) + 1
        raise ScenarioError.at(
            "JSON", "", f"nesting deeper than {MAX_DEPTH} levels", line, at - data.rfind(b"\n", 0, at)
        )
    return measure


__all__ = ["MAX_DEPTH", "MAX_INT_DIGITS", "MAX_VALUES", "Measure", "check", "count_values", "skeleton"]
