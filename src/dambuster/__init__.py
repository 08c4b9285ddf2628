"""dambuster: scenario and map editor for hex and tabletop wargames."""

__version__ = "0.1.0"
