"""The docks around the map: the tool palette, the Place dock (placement tools and their options),
the Scenario dock with the selection inspector, the minimap, and the Layers dock (an eye and a lock
per layer, remembered per file)."""
