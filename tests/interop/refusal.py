"""What the Tiled tests share about broken input: the one shape of a refused import (exit 2, nothing on
standard output, one line on standard error without a traceback) and the helpers that damage a document
for the property tests (``paths``, ``damage``, ``junk``)."""

from __future__ import annotations


def assert_refused(result, message: str) -> None:
    """``result`` has returncode, stdout and stderr (a CompletedProcess or the in-process run's namespace)."""
    assert result.returncode == 2, result.stderr
    assert result.stdout == "", result.stdout
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert message in result.stderr, result.stderr


def paths(node, path=()):
    """Every path into a Tiled document (the first four items of each list), for damaging it."""
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:4]):
            yield from paths(v, (*path, i))


def damage(doc, edits) -> None:
    """Puts each (path, value) of ``edits`` into ``doc`` where the path still leads somewhere."""
    for path, value in edits:
        node = doc
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue


def junk():
    """What a broken or hostile file may hold where a value should be (a hypothesis strategy)."""
    from hypothesis import strategies as st

    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**6), 10**6),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=8),
        st.just([]),
        st.just({}),
        st.just([{"x": "a"}]),
    )
