"""What the map view shows: the view itself (zoom, pan, tool dispatch, hover tooltip), the scene whose
items each belong to a layer (the one table of layers, which show, which are locked, levels of detail),
and what a scene controller keeps in step with the Document's change signals -- cached terrain chunks,
hex labels, the hex overlay (hexsides, rivers, roads, dams...), unit counters and the table map's
shapes."""
