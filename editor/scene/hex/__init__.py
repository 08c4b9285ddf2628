"""What only hex maps draw: ``scene`` (the controller filling the scene from the document and keeping it
in step), ``overlay`` (hexsides, rivers, roads, dams, bridges, towns, markers, zones in 16x16-hex
blocks), ``labels`` (hex labels) and ``tooltip`` (Qt-free: what a hex holds)."""
