"""Interoperability: GeoJSON export, player views and other ways in and out of dambuster."""
