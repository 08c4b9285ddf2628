"""Rules: dbm (being written)."""
