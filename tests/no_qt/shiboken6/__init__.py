"""Stands in for shiboken6 while tests/run_without_qt.py runs: any process started by a test (the installed
`dambuster` command included) finds this first on PYTHONPATH and fails to import Qt, as on a machine
without it."""

raise ModuleNotFoundError("No module named 'shiboken6'", name="shiboken6")
