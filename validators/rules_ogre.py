"""Rules: ogre (being written)."""
