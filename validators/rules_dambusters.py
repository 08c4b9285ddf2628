"""Rules: dambusters (being written)."""
