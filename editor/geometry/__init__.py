"""Drawing arithmetic without Qt: hex centres, corners and hexsides for every offset (``hexes``),
DBM sectors and models along corridors (``table``), and where on the map a violation lies (``locate``)."""
