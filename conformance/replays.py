"""Replays for the conformance vectors: the exact output of `dambuster surge`, `flood` and `collapse`.

Each replay stores the command's JSON document (parsed) and the SHA-256 of the bytes it printed, so
another implementation proves byte-for-byte agreement (docs/engines.md). The commands run in this
process through dambuster's own command-line entry point.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
from pathlib import Path

from flood_scenarios import pick_seeds

#: no --budget limit, so a budgeted command's work stays in this process, whose standard output is
#: captured (with a budget it runs in a forked child: batch/workers.py)
IN_PROCESS = ("--budget", "0")


def command_output(argv: list[str], ok=(0,)) -> bytes:
    """What ``dambuster ARGV`` prints on standard output (its standard error is dropped)."""
    from dambuster.cli import main as cli_main

    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", newline="")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli_main(argv)
    out.flush()
    if code not in ok:
        raise RuntimeError(f"dambuster {' '.join(argv)} exited {code}")
    return raw.getvalue()


def surge_output(path: Path, dam: str, seed: int, turns: int | None) -> bytes:
    """The bytes ``dambuster surge PATH --dam DAM --seed SEED [--turns T] --format json`` prints."""
    argv = ["surge", str(path), "--dam", dam, "--seed", str(seed), "--format", "json", *IN_PROCESS]
    return command_output(argv + (["--turns", str(turns)] if turns is not None else []))


def flood_output(path: Path, seed: int) -> bytes:
    """The bytes ``dambuster flood PATH --seed SEED --format json`` prints."""
    return command_output(["flood", str(path), "--seed", str(seed), "--format", "json", *IN_PROCESS])


def flood_replays(path: Path, seeds) -> list[dict]:
    """For each seed: the flood's JSON output and the SHA-256 of its exact bytes; seeds None: the
    first seeds whose runs show every feature flood_scenarios.pick_seeds looks for."""
    if seeds is None:
        seeds = pick_seeds(lambda seed: json.loads(flood_output(path, seed)))
    out = []
    for seed in seeds:
        data = flood_output(path, seed)
        out.append({"seed": seed, "sha256": hashlib.sha256(data).hexdigest(), "output": json.loads(data)})
    return out


def breach_replays(path: Path, dam: str, runs) -> list[dict]:
    """For each (seed, turns): the run's JSON output and the SHA-256 of its exact bytes."""
    out = []
    for seed, turns in runs:
        data = surge_output(path, dam, seed, turns)
        out.append(
            {
                "dam": dam,
                "seed": seed,
                "turns": turns,
                "sha256": hashlib.sha256(data).hexdigest(),
                "output": json.loads(data),
            }
        )
    return out


def collapse_output(path: Path, dam: str, damage: int, seed: int, turns: int) -> bytes:
    """The bytes ``dambuster collapse PATH --dam DAM --damage N --seed SEED --turns T --format json`` prints."""
    argv = ["collapse", str(path), "--dam", dam, "--damage", str(damage), "--seed", str(seed)]
    return command_output(argv + ["--turns", str(turns), "--format", "json", *IN_PROCESS])


def collapse_replays(path: Path, dam: str, runs) -> list[dict]:
    """For each (damage, seed, turns): the collapse rolls and breach as JSON, and the SHA-256 of its bytes."""
    out = []
    for damage, seed, turns in runs:
        data = collapse_output(path, dam, damage, seed, turns)
        out.append(
            {
                "dam": dam,
                "damage": damage,
                "seed": seed,
                "turns": turns,
                "sha256": hashlib.sha256(data).hexdigest(),
                "output": json.loads(data),
            }
        )
    return out


def replay_text(x: dict, one) -> str:
    """A replay on a few lines of a vector: its header and the output's keys in their order, one event
    a line (``one`` writes a value on one line); a collapse's breach is written the same way."""
    parts = [f"{one(k)}: {one(val)}" for k, val in x.items() if k != "output"]
    return "    {" + ", ".join(parts) + ', "output": ' + _output_text(x["output"], one) + "}"


def _output_text(output: dict, one) -> str:
    inner = []
    for k, val in output.items():
        if k in ("events", "rolls"):
            lines = ",\n".join(f"      {one(e)}" for e in val)
            inner.append(f"{one(k)}: [\n{lines}\n    ]" if val else f"{one(k)}: []")
        elif k == "breach" and val is not None:
            inner.append(f"{one(k)}: " + _output_text(val, one))
        else:
            inner.append(f"{one(k)}: {one(val)}")
    return "{" + ", ".join(inner) + "}"
