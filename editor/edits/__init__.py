"""Edits as pure functions without Qt: each takes the scenario and returns the field changes of one
undo step (placements, strokes, deletes, table shapes, region copy and paste)."""
