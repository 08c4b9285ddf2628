"""What the map view shows: the view itself (zoom, pan, tool dispatch) and the layers a scene
controller keeps in step with the Document's change signals -- cached terrain chunks, the hex
overlay (hexsides, rivers, roads, dams, units...) and the table map's shapes."""
