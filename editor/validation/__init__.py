"""Live rule checks: when they run (``scheduler``: after edits, in a worker thread when they are slow),
where their findings go (``presenter``: the Validation dock, the status bar, rings on the map) and the
dock itself (``panel``), with the quick fixes of findings that have one."""
