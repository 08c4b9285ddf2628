"""`validate --scheduler`'s address and first contact, before Dask is imported: with the optional
``cluster`` extra (``dask[distributed]``), ``--scheduler tcp://HOST:PORT`` sends the checks to a Dask
cluster through ``distributed.Client(...).get_executor()`` (dambuster.batch.cluster). The workers need
dambuster installed (same version). Without --scheduler, files are checked in dambuster.batch.workers.

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

#: Seconds to wait for a scheduler to accept the connection and send its handshake.
CONNECT_TIMEOUT = 10
#: Seconds to wait for a worker: before the first task, and again whenever every worker is gone.
WORKER_WAIT = 30
#: Seconds between two looks at the cluster while results are awaited.
POLL = 1.0
_SCHEMES = ("tcp", "tls")


class ExecutorError(Exception):
    """The executor cannot be set up or was lost: one sentence for the user."""


def parse_address(address: str) -> tuple[str, str, int]:
    """(scheme, host, port) of ``tcp://HOST:PORT`` (``HOST:PORT`` means tcp); ExecutorError otherwise."""
    from urllib.parse import urlsplit  # (this module is imported by every validate: its imports are lazy)

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
    import socket

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
