"""Live rule checks: re-run after edits (in a worker thread when they are slow) and listed in the
Validation dock, whose rows ring their place on the map."""
