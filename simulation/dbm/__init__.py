"""DBM's terrain-choosing procedure (dbm-terrain.txt): ``setup`` runs it, ``request`` reads what each
player asks for, ``place`` and ``roads`` put features on the table, ``shapes`` draws their outlines,
``cli`` is `dambuster dbm-setup`. See docs/dbm-setup.md."""
