"""TMX from strangers: the XML parser refuses a DTD in every encoding, so no entity is expanded or fetched.

The old guard searched the raw bytes for ``<!DOCTYPE``, which a UTF-16 file never contains; a UTF-16 map
whose tile data was built from entities then cost seconds and gigabytes. Every test runs the installed
command as a user would, with a timeout that only catches a hang.
"""

from __future__ import annotations

import codecs
import subprocess
import sys
from pathlib import Path

import pytest

HANG = 60  # seconds: a refusal takes milliseconds; this only turns a hang into a failure

MAP = """<?xml version="1.0"{encoding}?>
{doctype}<map version="1.8" orientation="hexagonal" renderorder="right-down" width="4" height="3" tilewidth="28"
     tileheight="32" infinite="0" hexsidelength="16" staggeraxis="y" staggerindex="even" nextlayerid="3" nextobjectid="2">
 <tileset firstgid="1" name="ground" tilewidth="28" tileheight="32" tilecount="2" columns="2">
  <tile id="0"><properties><property name="terrain" value="clear"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="forest"/></properties></tile>
 </tileset>
 <layer id="1" name="terrain" width="4" height="3">
  <data encoding="csv">{tiles}</data>
 </layer>
 <objectgroup id="2" name="pieces">
  <object id="1" name="Ford" type="revetment" x="56" y="24" width="28" height="32">
   <properties><property name="id" value="rev-1"/><property name="size" value="large"/></properties>
  </object>
 </objectgroup>
</map>
"""
TILES = "1,1,2,1,1,2,2,1,1,1,1,2"

# Nine levels of ten: 10**9 tile entries if expanded (the billion laughs, spelt as CSV tile data).
BOMB = (
    '<!DOCTYPE map [<!ENTITY t0 "1,">'
    + "".join(f'<!ENTITY t{i} "{f"&t{i - 1};" * 10}">' for i in range(1, 10))
    + "]>\n"
)
EXTERNAL = '<!DOCTYPE map [<!ENTITY t0 SYSTEM "file:///etc/passwd">]>\n'

UTF16 = {  # name -> (codec, byte-order mark)
    "utf-16-le-bom": ("utf-16-le", codecs.BOM_UTF16_LE),
    "utf-16-le": ("utf-16-le", b""),
    "utf-16-be-bom": ("utf-16-be", codecs.BOM_UTF16_BE),
    "utf-16-be": ("utf-16-be", b""),
}


def tmx(doctype: str = "", tiles: str = TILES, encoding: str = "") -> str:
    return MAP.format(encoding=encoding, doctype=doctype, tiles=tiles)


def write(tmp_path: Path, text: str, variant: str, name: str = "map.tmx") -> Path:
    codec, bom = UTF16.get(variant, ("utf-8", b""))
    path = tmp_path / name
    path.write_bytes(bom + text.encode(codec))
    return path


def import_tiled(tmp_path: Path, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dambuster", "import-tiled", str(path), "-o", str(tmp_path / "out.json")],
        capture_output=True,
        text=True,
        timeout=HANG,
    )


ENCODINGS = [("utf-8", "")] + [(v, d) for v in UTF16 for d in ("", ' encoding="UTF-16"')]


@pytest.mark.parametrize(("variant", "declared"), ENCODINGS)
@pytest.mark.parametrize("doctype", [BOMB, EXTERNAL], ids=["entity-bomb", "external-entity"])
def test_a_dtd_is_refused_in_one_line_in_every_encoding(tmp_path, variant, declared, doctype):
    tiles = "&t9;1" if doctype is BOMB else "&t0;"
    r = import_tiled(tmp_path, write(tmp_path, tmx(doctype, tiles, declared), variant))
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "declares a DTD or entities, which are refused" in r.stderr
    assert not (tmp_path / "out.json").exists()


def test_a_large_utf16_map_built_from_entities_is_refused(tmp_path):
    """The reported case: about 3 MB of UTF-16 whose tile data is entity references (MemoryError before)."""
    doctype = '<!DOCTYPE map [<!ENTITY row "' + "1," * 2000 + '">]>\n'
    path = write(tmp_path, tmx(doctype, "&row;" * 300_000 + "1"), "utf-16-le-bom", "big.tmx")
    assert path.stat().st_size > 2_000_000
    r = import_tiled(tmp_path, path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "which are refused" in r.stderr


@pytest.fixture(scope="module")
def utf8_import(tmp_path_factory) -> bytes:
    """The scenario the UTF-8 map imports to."""
    folder = tmp_path_factory.mktemp("utf8")
    r = import_tiled(folder, write(folder, tmx(), "utf-8"))
    assert r.returncode == 0, r.stderr
    return (folder / "out.json").read_bytes()


@pytest.mark.parametrize(("variant", "declared"), ENCODINGS[1:])
def test_a_utf16_map_without_a_dtd_imports_like_its_utf8_twin(tmp_path, utf8_import, variant, declared):
    r = import_tiled(tmp_path, write(tmp_path, tmx(encoding=declared), variant))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out.json").read_bytes() == utf8_import


@pytest.mark.parametrize("encoding", ["Shift_JIS", "UTF-7", "rot13", "no-such-encoding", "UTF-32"])
def test_an_encoding_the_parser_cannot_read_is_one_line(tmp_path, encoding):
    path = tmp_path / "map.tmx"
    path.write_bytes(tmx(encoding=f' encoding="{encoding}"').encode("ascii"))
    r = import_tiled(tmp_path, path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
