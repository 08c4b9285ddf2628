"""The web player: one self-contained HTML page of a scenario and its breach preview (docs/web.md).

Qt-free: the page draws the map in the browser from the scenario's JSON embedded in it, and runs the
breach and the flash flood with the conformance engine (conformance/js), inlined at build time."""
