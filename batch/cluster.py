"""The Dask side of `validate --scheduler` (dambuster.batch.executors says how a cluster fails fast): an
executor on the cluster that gives up when every worker is gone. Loaded only when a run names a scheduler."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from . import executors
from .executors import POLL, ExecutorError, parse_address, probe_scheduler

T = TypeVar("T")


class WatchedExecutor(Executor):
    """An executor whose ``map`` gives up when ``workers()`` stays at 0 for ``patience`` seconds."""

    def __init__(self, inner: Executor, workers: Callable[[], int], patience: float, poll: float = POLL):
        self.inner, self.workers, self.patience, self.poll = inner, workers, patience, poll

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        return self.inner.submit(fn, *args, **kwargs)

    def map(
        self,
        fn: Callable[..., T],
        *iterables: Iterable[Any],
        timeout: float | None = None,
        chunksize: int = 1,
    ) -> Iterator[T]:
        futures: list[Future[T]] = [self.inner.submit(fn, *args) for args in zip(*iterables)]

        def results() -> Iterator[T]:
            pending: set[Future[T]] = set(futures)
            alone_since: float | None = None
            try:
                for f in futures:
                    while not f.done():
                        done, pending = wait(pending, timeout=self.poll, return_when=FIRST_COMPLETED)
                        if done:
                            alone_since = None
                            continue
                        alone_since = self._check_workers(alone_since)
                    yield f.result()
            finally:
                for f in futures:
                    f.cancel()

        return results()

    def _check_workers(self, alone_since: float | None) -> float | None:
        try:
            count = self.workers()
        except Exception:  # the scheduler itself is gone
            count = 0
        if count:
            return None
        now = time.monotonic()
        if alone_since is None:
            return now
        if now - alone_since >= self.patience:
            raise ExecutorError(f"every Dask worker was lost and none came back within {self.patience:g} s")
        return alone_since

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)


@contextmanager
def dask_executor(
    address: str, timeout: float | None = None, worker_wait: float | None = None
) -> Generator[Executor, None, None]:
    """An executor on the Dask cluster whose scheduler listens at ``address`` (tcp://HOST:PORT)."""
    try:
        from distributed import Client
    except ImportError:
        raise ExecutorError(
            "--scheduler needs the optional cluster extra: pip install 'dambuster[cluster]'"
        ) from None
    timeout = timeout or executors.CONNECT_TIMEOUT
    worker_wait = executors.WORKER_WAIT if worker_wait is None else worker_wait
    scheme, host, port = parse_address(address)
    where = f"{scheme}://{host}:{port}"
    probe_scheduler(host, port, timeout, scheme)
    try:
        client = Client(where, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise ExecutorError(f"cannot reach the Dask scheduler at {where}: {str(e)[:160]}") from None
    try:
        try:
            client.wait_for_workers(1, timeout=worker_wait)
        except (OSError, TimeoutError):
            raise ExecutorError(
                f"the Dask scheduler at {where} has no worker; waited {worker_wait:g} s "
                "(--wait-workers sets how long)"
            ) from None

        def workers() -> int:
            info = cast("dict[str, Any]", client.scheduler_info(n_workers=1))  # distributed ships no types
            return int(info.get("n_workers", 0))

        # pure=False: never a result kept from another run of the same paths
        inner = cast("Executor", client.get_executor(pure=False))  # pyright: ignore[reportUnknownMemberType]  (distributed ships no types)
        yield WatchedExecutor(inner, workers, worker_wait)
    finally:
        try:
            client.close(timeout=timeout)  # pyright: ignore[reportUnknownMemberType]
        except Exception:  # a scheduler that is gone cannot be told goodbye
            pass
