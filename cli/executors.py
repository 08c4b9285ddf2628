"""Where `dambuster validate` runs its checks: a concurrent.futures.Executor.

By default a local process pool. With the optional ``cluster`` extra (``dask[distributed]``),
``--scheduler tcp://HOST:PORT`` sends the work to a Dask cluster through
``distributed.Client(...).get_executor()``. The workers need dambuster installed (same version).

A cluster fails fast and never hangs a run:

* the address is checked before anything connects (``tcp://`` or ``tls://``, a host, a port 1-65535);
* a Dask scheduler speaks first: on connecting it sends its handshake at once. A server that stays
  silent for CONNECT_TIMEOUT seconds (a web server such as the dashboard's port 8787, anything else) is
  not a scheduler, and the run stops there, before ``distributed.Client`` (whose own wait has no bound
  in that case) is ever made;
* a scheduler with no worker is given WORKER_WAIT seconds (``--wait-workers``) for one to join;
* when every worker is lost in the middle of a run, the run waits WORKER_WAIT seconds for one to come
  back, then ends: the files not yet checked are reported as ENGINE errors.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from contextlib import contextmanager
from urllib.parse import urlsplit

#: Seconds to wait for a scheduler to accept the connection and send its handshake.
CONNECT_TIMEOUT = 10
#: Seconds to wait for a worker: before the first task, and again whenever every worker is gone.
WORKER_WAIT = 30
#: Seconds between two looks at the cluster while results are awaited.
POLL = 1.0
_SCHEMES = ("tcp", "tls")


class ExecutorError(Exception):
    """The executor cannot be set up or was lost: one sentence for the user."""


def local_pool(jobs: int) -> Executor:
    return ProcessPoolExecutor(max_workers=max(1, jobs))


def parse_address(address: str) -> tuple[str, str, int]:
    """(scheme, host, port) of ``tcp://HOST:PORT`` (``HOST:PORT`` means tcp); ExecutorError otherwise."""
    text = address.strip()
    if "://" not in text:
        text = "tcp://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        port, parts = None, None
    if (
        parts is None
        or parts.scheme not in _SCHEMES
        or not parts.hostname
        or port is None
        or not 0 < port < 65536
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise ExecutorError(f"{address!r} is not a Dask scheduler address; expected tcp://HOST:PORT")
    return parts.scheme, parts.hostname, port


def probe_scheduler(host: str, port: int, timeout: float, scheme: str = "tcp") -> None:
    """Raises ExecutorError unless something at HOST:PORT accepts and, over tcp, speaks first as Dask does."""
    where = f"{scheme}://{host}:{port}"
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as e:
        raise ExecutorError(f"cannot reach the Dask scheduler at {where}: {e.strerror or e}") from None
    try:
        if scheme != "tcp":  # TLS: the server waits for our hello; Client's own timeout covers that
            return
        sock.settimeout(timeout)
        try:
            first = sock.recv(8)
        except (TimeoutError, OSError):
            first = b""
        if len(first) == 0:
            raise ExecutorError(
                f"the server at {where} did not answer as a Dask scheduler within {timeout:g} s "
                "(is this the dashboard's port? the scheduler's is usually 8786)"
            )
    finally:
        sock.close()


class WatchedExecutor(Executor):
    """An executor whose ``map`` gives up when ``workers()`` stays at 0 for ``patience`` seconds."""

    def __init__(self, inner: Executor, workers: Callable[[], int], patience: float, poll: float = POLL):
        self.inner, self.workers, self.patience, self.poll = inner, workers, patience, poll

    def submit(self, fn, /, *args, **kwargs):
        return self.inner.submit(fn, *args, **kwargs)

    def map(self, fn, *iterables: Iterable, timeout=None, chunksize=1) -> Iterator:
        futures = [self.inner.submit(fn, *args) for args in zip(*iterables)]

        def results():
            pending = set(futures)
            alone_since = None
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
) -> Iterator[Executor]:
    """An executor on the Dask cluster whose scheduler listens at ``address`` (tcp://HOST:PORT)."""
    try:
        from distributed import Client
    except ImportError:
        raise ExecutorError(
            "--scheduler needs the optional cluster extra: pip install 'dambuster[cluster]'"
        ) from None
    timeout = timeout or CONNECT_TIMEOUT
    worker_wait = WORKER_WAIT if worker_wait is None else worker_wait
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
            return int(client.scheduler_info(n_workers=1).get("n_workers", 0))

        # pure=False: never a result kept from another run of the same paths
        yield WatchedExecutor(client.get_executor(pure=False), workers, worker_wait)
    finally:
        try:
            client.close(timeout=timeout)
        except Exception:  # a scheduler that is gone cannot be told goodbye
            pass


@contextmanager
def executor_for(
    jobs: int = 1, scheduler: str | None = None, worker_wait: float | None = None
) -> Iterator[Executor]:
    """The executor for a run: the Dask cluster at ``scheduler`` when given, else a local pool of ``jobs``."""
    if scheduler:
        with dask_executor(scheduler, worker_wait=worker_wait) as ex:
            yield ex
    else:
        with local_pool(jobs) as ex:
            yield ex
