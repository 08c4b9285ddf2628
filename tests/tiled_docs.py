"""Tiled maps as a designer draws them, for the tests of the Tiled import (command line and editor)."""

from __future__ import annotations


def hand_made(orientation="hexagonal", data=None, objects=(), tiles=None, layer="stuff") -> dict:
    """A 3x2 map as a designer would draw it in Tiled: no dambuster properties at all."""
    tiles = (
        tiles
        if tiles is not None
        else [
            {"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "clear"}]},
            {"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "forest"}]},
        ]
    )
    return {
        "type": "map",
        "orientation": orientation,
        "width": 3,
        "height": 2,
        "tilewidth": 32,
        "tileheight": 28,
        "hexsidelength": 16,
        "staggeraxis": "x",
        "staggerindex": "odd",
        "infinite": False,
        "tilesets": [{"firstgid": 1, "name": "t", "tiles": tiles}],
        "layers": [
            {
                "type": "tilelayer",
                "name": "ground",
                "width": 3,
                "height": 2,
                "data": data or [1, 2, 1, 1, 1, 2],
            },
            {"type": "objectgroup", "name": layer, "objects": list(objects)},
        ],
    }
