"""An unexpected failure inside a command is one line on stderr and exit 2, never a traceback."""

import dambuster.schema
from dambuster import cli


def test_an_internal_error_is_one_line(monkeypatch, capsys):
    def boom():
        return 1 / 0

    monkeypatch.setattr(dambuster.schema, "schema_text", boom)  # `dambuster schema` fails inside
    monkeypatch.delenv("DAMBUSTER_DEBUG", raising=False)
    assert cli.main(["schema"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ZeroDivisionError" in err and "Traceback" not in err
