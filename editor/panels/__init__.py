"""The docks around the map: the tool palette, the Place dock (placement tools and their options),
the Scenario dock with the selection inspector, and the minimap."""
