"""Checking many files: which files (``collect``), each checked under a budget of time and memory
(``budget``, run in worker processes by ``workers`` or on a Dask cluster by ``cluster``), their
reports (``file_report``, ``report``) in every output format (``formats/``), and the cache of reports
of unchanged files (``cache/``). Qt-free; the command line and the web gallery build on it."""
