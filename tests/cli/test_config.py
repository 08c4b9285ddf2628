"""Collection settings (`dambuster.toml`, `[tool.dambuster]` in pyproject.toml) as a map collection uses
them with `dambuster validate`: found from the maps' folder upwards, overridden by the command line,
`--config` and `--isolated`, per-file ignores, and one line naming the file and key when they are wrong."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCALE_ERRORS = ROOT / "samples" / "scale-errors"
SCRIPT = Path(sys.executable).with_name("dambuster")
RIVER_ERROR, WOOD_ERROR = "DBM-RIVER-WIDTH", "DBM-FEATURE-SIZE"


def validate(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(SCRIPT), "validate", *args], capture_output=True, text=True, timeout=120, cwd=cwd
    )


@pytest.fixture
def collection(tmp_path: Path) -> Path:
    """maps/river.json (a DBM-RIVER-WIDTH error) and maps/drafts/wood.json (a DBM-FEATURE-SIZE error)."""
    (tmp_path / "maps" / "drafts").mkdir(parents=True)
    (tmp_path / "maps" / "river.json").write_bytes(
        (SCALE_ERRORS / "river-201-paces-wide-25mm-inches.json").read_bytes()
    )
    (tmp_path / "maps" / "drafts" / "wood.json").write_bytes(
        (SCALE_ERRORS / "wood-1040-paces-15mm-mm.json").read_bytes()
    )
    return tmp_path


def codes(p: subprocess.CompletedProcess) -> dict[str, list[str]]:
    report = json.loads(p.stdout)
    return {Path(f["path"]).name: [v["code"] for v in f["violations"]] for f in report["files"]}


def test_dambuster_toml_is_found_from_the_maps_folder_upwards(collection):
    (collection / "dambuster.toml").write_text('ignore = ["DBM-RIVER-"]\nformat = "json"\n')
    p = validate("maps", cwd=collection)
    assert p.returncode == 1, p.stderr
    assert codes(p) == {"river.json": [], "wood.json": [WOOD_ERROR]}
    # from elsewhere too: the search starts at the first PATH's folder, not the current one
    elsewhere = validate(str(collection / "maps" / "river.json"), cwd=collection.parent)
    assert elsewhere.returncode == 0 and codes(elsewhere) == {"river.json": []}


def test_pyproject_tool_table_and_dambuster_toml_wins_in_the_same_folder(collection):
    (collection / "pyproject.toml").write_text(
        '[project]\nname = "maps"\n\n[tool.dambuster]\nselect = "DBM-RIVER-"\nformat = "json"\n'
    )
    p = validate("maps", cwd=collection)
    assert codes(p) == {"river.json": [RIVER_ERROR], "wood.json": []}
    (collection / "dambuster.toml").write_text('format = "json"\n')
    assert codes(validate("maps", cwd=collection)) == {"river.json": [RIVER_ERROR], "wood.json": [WOOD_ERROR]}


def test_a_pyproject_without_our_table_is_passed_by_even_when_broken(collection):
    (collection / "dambuster.toml").write_text('format = "json"\nignore = "DBM-"\n')
    (collection / "maps" / "pyproject.toml").write_text("[project\nthis is not TOML")
    p = validate("maps", cwd=collection)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize(
    "table",
    [
        '[tool . "dambuster"]\nselect = "DBM-RIVER-"\nformat = "json"\n',
        '[tool]\nblack = {}\ndambuster = { select = "DBM-RIVER-", format = "json" }\n',
        'tool = { dambuster = { select = "DBM-RIVER-", format = "json" } }\n',
        'tool.dambuster.select = "DBM-RIVER-"\ntool.dambuster.format = "json"\n',
        '"tool".dambuster.select = "DBM-RIVER-"\n"tool"."dambuster"."format" = "json"\n',
        '["tool".dambuster]\nselect = "DBM-RIVER-"\nformat = "json"\n',
        "['tool'.dambuster]\nselect = 'DBM-RIVER-'\nformat = 'json'\n",
        '[tool."dambu\\u0073ter"]\nselect = "DBM-RIVER-"\nformat = "json"\n',
        '[tool]\n"dambuster" = { select = "DBM-RIVER-", format = "json" }\n',
        "[tool]\n'dambuster'.select = 'DBM-RIVER-'\n'dambuster'.format = 'json'\n",
    ],
)
def test_every_toml_spelling_of_our_pyproject_table_is_read(collection, table):
    """pyproject.toml is parsed only when it may hold our table; each way TOML can write it is seen."""
    (collection / "pyproject.toml").write_text(table + '\n[project.scripts]\ndambuster = "x:y"\n')
    p = validate("maps", cwd=collection)
    assert codes(p) == {"river.json": [RIVER_ERROR], "wood.json": []}, p.stderr


def test_a_pyproject_naming_dambuster_as_a_script_only_is_passed_by(collection):
    (collection / "dambuster.toml").write_text('format = "json"\nignore = "DBM-"\n')
    (collection / "maps" / "pyproject.toml").write_text(
        '[project.scripts]\ndambuster = "dambuster.cli:main"\n['
    )
    p = validate("maps", cwd=collection)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize(
    "text",
    [
        "# configured like [tool.dambuster] one day\n[[[ broken",
        '[tool.other]\nnote = "see [tool.dambuster]"\n[[[ broken',
        "[project]\nkeywords = " + "[" * 3000 + "]" * 3000 + "\n",
    ],
)
def test_a_pyproject_naming_our_table_only_in_a_comment_or_a_string_is_passed_by(collection, text):
    """A broken or hostile pyproject.toml with no table of ours never fails a map check."""
    (collection / "dambuster.toml").write_text('format = "json"\nignore = "DBM-"\n')
    (collection / "maps" / "pyproject.toml").write_text(text)
    p = validate("maps", cwd=collection)
    assert p.returncode == 0, p.stderr


def test_a_table_past_the_first_megabyte_is_seen_and_the_file_refused(collection):
    """Our table after 3 MB of comments: not silently passed over; refused as too big."""
    (collection / "maps" / "pyproject.toml").write_text(
        "#" + "x" * (3 << 20) + '\n[tool.dambuster]\nignore = ["DBM-"]\n'
    )
    p = validate("maps", cwd=collection)
    assert p.returncode == 2 and "pyproject.toml: the file is more than the 1 MB limit" in p.stderr, p.stderr


def test_under_within_a_pyproject_that_is_a_link_is_passed_by_unread(collection, tmp_path_factory):
    """Another tool's file: a link is not read under --within, and not a reason to refuse the run."""
    outside = tmp_path_factory.mktemp("elsewhere") / "pyproject.toml"
    outside.write_text('[project]\nname = "maps"\n')
    (collection / "maps" / "pyproject.toml").symlink_to(outside)
    (collection / "maps" / "dambuster.toml").write_text('format = "json"\nignore = "DBM-"\n')
    p = validate("--within", ".", "maps", cwd=collection)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize(
    "within, why", [("nowhere", "no such folder"), ("maps/river.json", "is not a folder")]
)
def test_within_naming_no_folder_is_one_line(collection, within, why):
    p = validate("--isolated", "--within", within, "maps", cwd=collection)
    assert p.returncode == 2 and p.stderr == f"dambuster validate: --within {within}: {why}\n", p.stderr


def test_a_linked_settings_files_paths_are_of_the_folder_it_governs(collection, tmp_path_factory):
    """dambuster.toml a link to a shared file elsewhere: its within = "." is the collection, not the
    folder the link leads to (where every map would lie outside)."""
    shared = tmp_path_factory.mktemp("shared") / "d.toml"
    shared.write_text('within = "."\nformat = "json"\nignore = "DBM-"\n')
    (collection / "dambuster.toml").symlink_to(shared)
    p = validate("maps", cwd=collection)
    assert p.returncode == 0, p.stdout + p.stderr


def test_a_pyproject_listing_dambusters_modules_as_strings_is_passed_by(collection):
    """As our own pyproject.toml does ("dambuster.batch.cache" in a package list): a value, not our table."""
    (collection / "dambuster.toml").write_text('format = "json"\nignore = "DBM-"\n')
    (collection / "maps" / "pyproject.toml").write_text(
        '[tool.setuptools]\npackages = [\n    "dambuster",\n    "dambuster.batch.cache",\n]\n['
    )
    p = validate("maps", cwd=collection)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("kind", ["fifo", "folder", "broken link"])
def test_a_settings_file_that_is_not_a_file_is_refused_not_passed_over(collection, kind):
    """A dambuster.toml that cannot be read as a file is one line and exit 2: its settings are not
    silently left out (a collection's rules would quietly not apply)."""
    own = collection / "maps" / "dambuster.toml"
    if kind == "fifo":
        os.mkfifo(own)
    elif kind == "folder":
        own.mkdir()
    else:
        own.symlink_to(collection / "nowhere.toml")
    p = validate("maps", cwd=collection)
    assert p.returncode == 2 and p.stdout == "", p.stdout
    assert p.stderr.count("\n") == 1 and "dambuster.toml: is a " in p.stderr, p.stderr


def test_the_command_line_overrides_the_settings(collection):
    (collection / "dambuster.toml").write_text('ignore = ["DBM-"]\nformat = "json"\n')
    p = validate("maps", "--ignore", "DBM-FEATURE-", "--format", "text", cwd=collection)
    assert p.returncode == 1
    assert f"error {RIVER_ERROR}" in p.stdout and WOOD_ERROR not in p.stdout


def test_per_file_ignores_match_paths_relative_to_the_settings_file(collection):
    (collection / "dambuster.toml").write_text(
        f'format = "json"\n[per-file-ignores]\n"maps/drafts/*.json" = ["{WOOD_ERROR}"]\n"river.json" = "DBM-RIVER-"\n'
    )
    p = validate("maps", cwd=collection)
    assert p.returncode == 0, p.stdout + p.stderr
    assert codes(p) == {"river.json": [], "wood.json": []}
    # run from inside maps/: paths are still relative to the settings file's folder
    inside = validate(".", cwd=collection / "maps")
    assert codes(inside) == {"river.json": [], "wood.json": []}


def test_cache_is_relative_to_the_settings_file(collection):
    (collection / "ci" / ".cache").mkdir(parents=True)
    (collection / "ci" / "dambuster.toml").write_text('cache = ".cache/validate.json"\n')
    p = validate("maps", "--config", "ci/dambuster.toml", cwd=collection)
    assert p.returncode == 1
    assert "cache: 0 unchanged, 2 checked" in p.stderr
    assert (collection / "ci" / ".cache" / "validate.json").is_file()


@pytest.mark.parametrize(
    "name", ["../outside.json", "~/victim.json", "/tmp/victim.json", "link/victim.json", "sub/../.."]
)
def test_a_settings_file_cannot_point_the_cache_outside_its_collection(collection, tmp_path_factory, name):
    """A pull request can add a settings file: it must not make a run write anywhere but the collection."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (collection / "link").symlink_to(elsewhere, target_is_directory=True)
    (collection / "sub").mkdir()
    (collection / "dambuster.toml").write_text(f"cache = {json.dumps(name)}\n")
    p = validate("maps", cwd=collection)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.splitlines() == [p.stderr.strip()]
    assert "cache: must name a file inside the collection" in p.stderr and "--cache" in p.stderr
    assert list(elsewhere.iterdir()) == [] and not (collection.parent / "outside.json").exists()


@pytest.mark.slow
def test_a_cache_key_naming_another_file_is_refused_naming_the_settings(collection):
    """The refusal says where the name came from: the settings file's key, not a --cache never typed."""
    (collection / "notes.json").write_text('{"mine": true}')
    (collection / "dambuster.toml").write_text('cache = "notes.json"\n')
    p = validate("maps", cwd=collection)
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
    assert "dambuster.toml: cache = " in p.stderr and "--cache" not in p.stderr.split(":")[1], p.stderr
    assert "name another file in the settings, or add --force to the command" in p.stderr
    assert (collection / "notes.json").read_text() == '{"mine": true}'


def test_isolated_ignores_every_settings_file(collection):
    (collection / "dambuster.toml").write_text('ignore = ["DBM-"]\n')
    assert validate("maps", cwd=collection).returncode == 0
    assert validate("maps", "--isolated", cwd=collection).returncode == 1


def test_config_names_a_file_anywhere(collection, tmp_path_factory):
    other = tmp_path_factory.mktemp("settings") / "pyproject.toml"
    other.write_text('[tool.dambuster]\nprofile = ["ogre-basic"]\nformat = "json"\n')
    p = validate("maps/river.json", "--config", str(other), cwd=collection)
    assert p.returncode == 0  # the DBM table checked against the Ogre rules: nothing applies


@pytest.mark.parametrize(
    "text, key",
    [
        ('selct = ["DBM-"]\n', "selct: unknown key"),
        ('budget = "soon"\n', "budget: must be a number of seconds"),
        ("budget = -1\n", "budget: must be a number of seconds"),
        ('format = "html"\n', "format: must be one of"),
        ('profile = ["chess"]\n', "profile: unknown profile 'chess'"),
        ("select = [1, 2]\n", "select: must be a list of strings"),
        ('ignore = ["NOPE-"]\n', "ignore: unknown rule code or prefix: NOPE-"),
        (
            '[per-file-ignores]\n"*.json" = ["NOPE"]\n',
            'per-file-ignores."*.json": unknown rule code or prefix: NOPE',
        ),
        ("per-file-ignores = 3\n", "per-file-ignores: must be a table"),
        ("cache = 5\n", "cache: must be a file name"),
        ("select = [\n", "not valid TOML"),
        ('format = ["github"]\n', "format: must be one of text, json, sarif, junit, github, not a list"),
        ("format = {}\n", "format: must be one of text, json, sarif, junit, github, not a table"),
        (
            "budget = 1979-05-27\n",
            "budget: must be a number of seconds, 0 to 1,000,000; 0: no limit; not a date",
        ),
        (
            "budget = 1000001\n",
            "budget: must be a number of seconds, 0 to 1,000,000; 0: no limit; not 1000001",
        ),
        ("ignore = " + "[" * 600 + "]" * 600 + "\n", "values nested too deeply to read"),
        ('within = "nowhere"\n', "within: 'nowhere': no such folder"),
        ('cache = "newc/"\n', "cache: must name a file, not a folder ('newc/' ends in a folder separator)"),
    ],
)
def test_a_malformed_setting_is_one_line_naming_the_file_and_key_exit_2(collection, text, key):
    settings = collection / "dambuster.toml"
    settings.write_text(text)
    p = validate("maps", cwd=collection)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.splitlines() == [p.stderr.strip()]
    assert p.stderr.startswith(f"dambuster validate: {settings}: ") and key in p.stderr, p.stderr


def test_pyproject_errors_name_the_table_key(collection):
    (collection / "pyproject.toml").write_text("[tool.dambuster]\nformat = 3\n")
    p = validate("maps", cwd=collection)
    assert p.returncode == 2
    assert f"{collection / 'pyproject.toml'}: tool.dambuster.format: must be one of" in p.stderr


def test_a_missing_config_file_is_one_line(collection):
    p = validate("maps", "--config", "nope.toml", cwd=collection)
    assert p.returncode == 2 and p.stderr.strip() == "dambuster validate: nope.toml: no such file or folder"


def test_within_in_the_settings_refuses_links_and_the_command_line_wins(collection, tmp_path_factory):
    outside = tmp_path_factory.mktemp("runner") / "secret.json"
    outside.write_bytes((SCALE_ERRORS / "river-201-paces-wide-25mm-inches.json").read_bytes())
    (collection / "maps" / "link.json").symlink_to(outside)
    (collection / "dambuster.toml").write_text('within = "."\nformat = "json"\n')
    p = validate("maps", cwd=collection)
    assert p.returncode == 2
    [refused] = [f for f in json.loads(p.stdout)["files"] if f["path"].endswith("link.json")]
    assert (
        refused["violations"][0]["code"] == "JSON" and "symbolic link" in refused["violations"][0]["message"]
    )
    assert "link.json" in p.stderr and str(outside) not in p.stdout + p.stderr


def test_under_within_settings_above_dir_are_not_read_and_links_outside_are_refused_unread(
    collection, tmp_path_factory
):
    (collection / "dambuster.toml").write_text('ignore = ["DBM-"]\n')
    p = validate("--within", "maps", "maps", cwd=collection)
    assert p.returncode == 1  # the search stopped at maps/: the ignore above it does not apply
    secret = tmp_path_factory.mktemp("runner") / "secret.toml"
    secret.write_text('SECRET-KEY-7f3a = "x"\n')  # an unknown key would be quoted, were it read
    (collection / "maps" / "dambuster.toml").symlink_to(secret)
    p = validate("--within", ".", "maps", cwd=collection)
    assert p.returncode == 2 and p.stderr.splitlines() == [p.stderr.strip()]
    assert "the settings file is a symbolic link; refused" in p.stderr and "SECRET" not in p.stderr
    q = validate("--within", ".", "--config", str(secret), "maps", cwd=collection)
    assert q.returncode == 2 and "lies outside ." in q.stderr and "SECRET" not in q.stderr
