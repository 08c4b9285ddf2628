"""The docks and bars around the map: the terrain palette, the tool-options bar, the Place dock
(placement tools and the selection's details), the Scenario dock with the selection inspector, the
minimap, the Layers dock (an eye and a lock per layer, remembered per file), the status bar's
readouts; and what keeps docks on the screen (``dock_fit``) and wheels off boxes (``wheel_guard``)."""
