"""The dbm-terrain profile's rules (dbm-terrain.txt): ``rules`` registers them all; ``areas`` (sectors,
feature size and count, BUA), ``pairs`` (overlaps, roads), ``rivers``, ``waterway`` (waterway, islands,
promontories), ``curvature`` (the exact river-curvature test) and ``table`` (edges, sectors, paces to
the table's unit). Importing this package registers nothing."""
