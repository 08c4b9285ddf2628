"""Rules: sewer (being written)."""
