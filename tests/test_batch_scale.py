"""Batch validation at scale: a Dask cluster gives the local pool's report; --cache skips unchanged files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dambuster.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def run_json(capsys, *argv) -> tuple[int, dict, str]:
    code = main(["validate", "--format", "json", *argv])
    out = capsys.readouterr()
    return code, json.loads(out.out), out.err


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as c:
        yield c


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["samples", "samples/invalid"])
def test_a_dask_cluster_gives_the_same_report_as_the_local_pool(folder, cluster, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    local = run_json(capsys, folder, "--jobs", "2")
    remote = run_json(capsys, folder, "--scheduler", cluster.scheduler_address)
    assert remote[0] == local[0]
    assert remote[1] == local[1]
    assert len(remote[1]["files"]) >= 5


@pytest.mark.slow
def test_the_cluster_checks_a_file_again_after_it_changed(cluster, tmp_path, capsys):
    path = tmp_path / "map.json"
    shutil.copy(SAMPLES / "ogre-basic.json", path)
    assert run_json(capsys, str(path), "--scheduler", cluster.scheduler_address)[0] == 0
    path.write_text("{", encoding="utf-8")
    code, report, _ = run_json(capsys, str(path), "--scheduler", cluster.scheduler_address)
    assert code == 2 and report["files"][0]["violations"][0]["code"] == "JSON"


def test_an_unreachable_scheduler_is_one_line_and_exit_2(capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("dambuster.batch.executors.CONNECT_TIMEOUT", 1)
    code = main(["validate", str(SAMPLES / "ogre-basic.json"), "--scheduler", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert "Traceback" not in err


@pytest.fixture
def collection(tmp_path, monkeypatch):
    """Four maps in maps/ (the current folder) and the cache beside it, at ../cache.json."""
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("ogre-basic.json", "dbm-table.json", "sewer-flash-flood.json"):
        shutil.copy(SAMPLES / name, maps / name)
    shutil.copy(SAMPLES / "invalid" / "damage-over-sp.json", maps / "broken.json")
    monkeypatch.chdir(maps)
    return maps


def test_the_cache_skips_unchanged_files_and_rechecks_changed_ones(collection, capsys):
    first = run_json(capsys, ".", "--cache", "../cache.json")
    assert "0 unchanged, 4 checked" in first[2]
    second = run_json(capsys, ".", "--cache", "../cache.json")
    assert "4 unchanged, 0 checked" in second[2]
    assert second[:2] == first[:2]

    doc = json.loads((collection / "ogre-basic.json").read_text())
    doc["meta"]["title"] = "Edited"
    (collection / "ogre-basic.json").write_text(json.dumps(doc))
    (collection / "broken.json").write_text("{")
    third = run_json(capsys, ".", "--cache", "../cache.json")
    assert "2 unchanged, 2 checked" in third[2]
    broken = next(f for f in third[1]["files"] if f["path"].endswith("broken.json"))
    assert broken["violations"][0]["code"] == "JSON"
    assert third[1] == run_json(capsys, ".")[1]  # the same report as a run without the cache


def test_other_options_do_not_reuse_the_cached_report(collection, capsys):
    run_json(capsys, ".", "--cache", "../cache.json")
    _code, report, err = run_json(capsys, ".", "--cache", "../cache.json", "--ignore", "DBM-")
    assert "0 unchanged, 4 checked" in err
    assert report == run_json(capsys, ".", "--ignore", "DBM-")[1]


def test_a_new_tool_fingerprint_checks_everything_again(collection, capsys):
    run_json(capsys, ".", "--cache", "../cache.json")
    data = json.loads((collection.parent / "cache.json").read_text())
    data["tool"] = "an older dambuster"
    (collection.parent / "cache.json").write_text(json.dumps(data))
    assert "0 unchanged, 4 checked" in run_json(capsys, ".", "--cache", "../cache.json")[2]


@pytest.mark.parametrize(
    "junk", [b"{not json", b"\xff\xfe", b"[]", b'{"format": "something else", "entries": {}}']
)
def test_a_corrupted_cache_is_ignored_with_one_warning_and_rewritten(collection, capsys, junk):
    (collection.parent / "cache.json").write_bytes(junk)
    # --force: none of these is a dambuster cache, which --cache alone refuses to replace
    _code, report, err = run_json(capsys, ".", "--cache", "../cache.json", "--force")
    warnings = [line for line in err.splitlines() if "ignoring the cache" in line]
    assert len(warnings) == 1 and "Traceback" not in err
    assert report == run_json(capsys, ".")[1]
    assert "4 unchanged" in run_json(capsys, ".", "--cache", "../cache.json")[2]


def test_the_cache_file_is_written_atomically_and_leaves_no_temporary_files(collection, capsys):
    run_json(capsys, ".", "--cache", "../cache.json")
    run_json(capsys, ".", "--cache", "../cache.json")
    assert sorted(p.name for p in collection.parent.iterdir()) == ["cache.json", "maps"]


def test_a_cache_inside_the_checked_folder_is_not_taken_for_a_scenario(collection, capsys):
    run_json(capsys, ".", "--cache", "cache.json")
    _code, report, err = run_json(capsys, ".", "--cache", "cache.json")
    assert "4 unchanged, 0 checked" in err
    assert len(report["files"]) == 4


def test_entries_of_deleted_files_leave_the_cache_and_others_stay(collection, capsys):
    run_json(capsys, ".", "--cache", "../cache.json")
    (collection / "broken.json").unlink()
    run_json(capsys, "ogre-basic.json", "--cache", "../cache.json")  # a run over one file only
    entries = json.loads((collection.parent / "cache.json").read_text())["entries"]
    assert sorted(entries) == ["dbm-table.json", "ogre-basic.json", "sewer-flash-flood.json"]
    assert "3 unchanged, 0 checked" in run_json(capsys, ".", "--cache", "../cache.json")[2]


def test_any_executor_gives_the_in_process_report_in_input_order(monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from dambuster.batch.collect import collect_files
    from dambuster.batch.report import validate_files

    monkeypatch.chdir(ROOT)
    files, _ = collect_files(["samples", "samples/invalid"])
    serial = [r.to_json() for r in validate_files(files)]
    seen = []
    with ThreadPoolExecutor(3) as ex:
        threaded = validate_files(files, executor=ex, progress=lambda done, total: seen.append((done, total)))
    assert [r.to_json() for r in threaded] == serial
    assert seen[-1] == (len(files), len(files))
