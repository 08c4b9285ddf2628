"""The tools: each turns mouse presses, moves and releases on the map into one undo command on the
Document (terrain painting, paths, placements, hexsides, selection, regions, table shapes)."""
