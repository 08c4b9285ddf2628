"""The manual page ``docs/dambuster.1``, generated from the command's own argument parser.

``python -m dambuster.cli.docs.manpage`` writes it (argparse-manpage, a development tool: it is in the ``test``
extra); a test keeps it current. This module reads the parser of dambuster.cli; nothing in the command
line imports it.
"""

from __future__ import annotations

import os
import re
import sys

from dambuster import __version__
from dambuster.cli.main import build_parser

from .checkout import generated_doc_main

#: the date of release __version__, in the page's header (a date mandoc can read; set it with the version)
RELEASE_DATE = "November 25, 2026"
MAX_LINE = 80  # bytes of a text line (mandoc -T lint's style)


SENTENCE_END = re.compile(r"[.!?][\"')\]]*$")  # roff puts two spaces after it at a line's end


def _wrap(line: str) -> list[str]:
    """A filled text line in lines of at most MAX_LINE bytes where a space allows, each continuation
    starting with no space or control character and no line ending a sentence (roff joins them back
    with one space: the same page)."""
    if len(line.encode()) <= MAX_LINE or line.startswith((".", "'")):
        return [line]
    indent = len(line) - len(line.lstrip(" "))
    words = line[indent:].split(" ")
    out: list[str] = []
    current = [words[0]]
    for word in words[1:]:
        fits = len((line[:indent] * (not out) + " ".join([*current, word])).encode()) <= MAX_LINE
        if fits or not word:
            current.append(word)
            continue
        # the next line may not start with a control character, nor may this one end a sentence:
        # break a word earlier instead
        while len(current) > 1 and (word[:1] in ".'" or SENTENCE_END.search(current[-1])):
            word = current.pop() + " " + word
        if word[:1] in ".'" or SENTENCE_END.search(current[-1]):
            current.append(word)
            continue
        out.append(" ".join(current))
        current = word.split(" ")
    out.append(" ".join(current))
    return [line[:indent] + out[0], *out[1:]]


def lint_clean(page: str) -> str:
    """argparse-manpage's page without what ``mandoc -T lint`` reports: long text lines are wrapped
    (not a line a request takes as its text, such as the tag after ``.TP``), and the empty
    ``.UR``/``.UE`` link at the end becomes the address as text."""
    page = re.sub(r"^\.UR (\S+)\n\.UE$", r"\1", page, flags=re.M)
    lines: list[str] = []
    previous = ""
    for line in page.split("\n"):
        takes_next_line = previous.startswith(".") and (previous == ".TP" or " " not in previous)
        lines += [line] if takes_next_line else _wrap(line)
        previous = line
    return "\n".join(lines)


def manpage() -> str:
    """The roff text of dambuster(1)."""
    from argparse_manpage.manpage import Manpage  # pyright: ignore[reportMissingTypeStubs]  # argparse-manpage ships no types

    # the same bytes on every machine: a fixed wrapping width, and the release in the date's place
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"
    try:
        parser = build_parser()
        data = {
            "project_name": "dambuster",
            "version": __version__,
            "manual_section": "1",
            "manual_title": "dambuster manual",
            "url": "https://github.com/dambuster/dambuster",
            "description": parser.description,
            "date": RELEASE_DATE,
        }
        return lint_clean(str(Manpage(parser, _data=data, format="single-commands-section")))
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def main(argv: list[str] | None = None) -> int:
    return generated_doc_main(
        argv, prog="python -m dambuster.cli.docs.manpage", name="dambuster.1", render=manpage
    )


if __name__ == "__main__":
    sys.exit(main())
