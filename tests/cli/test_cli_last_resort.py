"""An unexpected failure inside a command is one line on stderr and exit 2, never a traceback."""

from dambuster import cli


def test_an_internal_error_is_one_line(monkeypatch, capsys):
    def boom(_sub):
        p = _sub.add_parser("boom")
        p.set_defaults(func=lambda _args: 1 / 0)

    monkeypatch.setattr(cli, "COMMANDS", cli.COMMANDS + [boom])
    monkeypatch.delenv("DAMBUSTER_DEBUG", raising=False)
    assert cli.main(["boom"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ZeroDivisionError" in err and "Traceback" not in err
