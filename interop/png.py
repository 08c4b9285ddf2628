"""Tiny PNG writer (zlib + struct): the terrain tileset image Tiled shows, with no imaging library."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def encode_rgba(width: int, height: int, pixels: bytes) -> bytes:
    """A PNG of ``width`` x ``height`` RGBA pixels given row by row (4 bytes a pixel)."""
    if len(pixels) != width * height * 4:
        raise ValueError("pixel buffer does not match the size")
    stride = width * 4
    raw = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw, 9))
        + _chunk(b"IEND", b"")
    )


def hex_strip(
    colors: list[tuple[int, int, int]], tile_w: int, tile_h: int, inside: Callable[[float, float], bool]
) -> bytes:
    """One row of tiles, each filled with its colour where ``inside(x, y)`` holds, transparent elsewhere."""
    width = tile_w * len(colors)
    mask = [[inside(x + 0.5, y + 0.5) for x in range(tile_w)] for y in range(tile_h)]
    rows = bytearray()
    for y in range(tile_h):
        for rgb in colors:
            for x in range(tile_w):
                rows += bytes((*rgb, 255)) if mask[y][x] else b"\x00\x00\x00\x00"
    return encode_rgba(width, tile_h, bytes(rows))
