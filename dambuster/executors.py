"""Where `dambuster validate` runs its checks: a concurrent.futures.Executor.

By default a local process pool. With the optional ``cluster`` extra (``dask[distributed]``),
``--scheduler tcp://HOST:PORT`` sends the work to a Dask cluster through
``distributed.Client(...).get_executor()``. The workers need dambuster installed (same version).
"""
from __future__ import annotations

from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Iterator

#: Seconds to wait for a scheduler before giving up with one line.
CONNECT_TIMEOUT = 10


class ExecutorError(Exception):
    """The executor cannot be set up (missing extra, unreachable scheduler): one sentence for the user."""


def local_pool(jobs: int) -> Executor:
    return ProcessPoolExecutor(max_workers=max(1, jobs))


@contextmanager
def dask_executor(address: str, timeout: float | None = None) -> Iterator[Executor]:
    """An executor on the Dask cluster whose scheduler listens at ``address`` (tcp://HOST:PORT)."""
    try:
        from distributed import Client
    except ImportError:
        raise ExecutorError("--scheduler needs the optional cluster extra: pip install 'dambuster[cluster]'") from None
    try:
        client = Client(address, timeout=timeout or CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as e:
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {str(e)[:160]}") from None
    try:
        yield client.get_executor(pure=False)  # never a result kept from another run of the same paths
    finally:
        client.close()


@contextmanager
def executor_for(jobs: int = 1, scheduler: str | None = None) -> Iterator[Executor]:
    """The executor for a run: the Dask cluster at ``scheduler`` when given, else a local pool of ``jobs``."""
    if scheduler:
        with dask_executor(scheduler) as ex:
            yield ex
    else:
        with local_pool(jobs) as ex:
            yield ex
