"""The Preview dock: a dam breach stepped turn by turn with Monte Carlo flood chances (hex maps), or
a sewer flash flood event by event (table maps), drawn as scene items over the map. Never edits."""
