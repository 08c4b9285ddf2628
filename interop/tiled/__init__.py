"""dambuster.interop.tiled: scenarios to and from Tiled maps (TMJ and TMX), hex maps as hexagonal
tile maps and tables as orthogonal object maps. ``export`` and ``importer`` are the entry points;
``doc``, ``properties`` and ``read`` hold what both directions and both map kinds share; ``objects``,
``table_export`` and ``table_import`` the per-kind handlers; ``tmx_read`` and ``tmx_write`` the XML
form. See docs/tiled.md."""
