"""What makes a cache entry believable: its shape (a JSON Schema) and a signature only this machine can make.

A cache file may come from anywhere: a pull request can commit one where CI looks for it. So an entry is
used only when

* it matches ``schema/validate-cache.schema.json`` (``$defs/entry``): anything else is dropped, never an internal
  error later on; and
* its ``mac`` is the HMAC-SHA256, under this machine's cache key, of the entry and the tool fingerprint.

The key is 32 random bytes in ``$XDG_CACHE_HOME/dambuster/cache-key`` (``~/.cache/dambuster/cache-key``),
outside any checkout, created on first use (mode 0600, in a folder of mode 0700). Nobody who cannot read
that file can write an entry this machine believes: a forged "valid" is checked again like any unknown
file. A cache from another machine (or from CI without its key) is simply checked again.

As ssh refuses a loose private key, the key is used only when its folder belongs to the user running
dambuster and no one else may write in it (mode ``& 0o022 == 0``), and the key is a regular file (not a
link) of the same user that no one else may read or write (mode ``& 0o077 == 0``): otherwise another
account could have planted or read it, and forge entries. A key that breaks these rules is refused (one
warning line naming the file and the ``chmod`` that fixes it; the run goes on without the cache) and never
replaced; a damaged key (not 64 hex digits) is replaced only when it passes them, in the user's own folder.
"""

from __future__ import annotations

import hmac
import json
import os
import re
import secrets
import tempfile
from collections.abc import Callable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, cast

from dambuster.model.files import InputError, read_input

KEY_NAME = "cache-key"
_KEY_TEXT = re.compile(r"[0-9a-f]{64}\n?")


class CacheKeyError(OSError):
    """The cache key can neither be read nor created; the message says where and why."""


# ------------------------------------------------------------------------------ shape
@lru_cache(maxsize=1)
def cache_schema() -> dict[str, Any]:
    return json.loads(
        resources.files("dambuster.schema").joinpath("validate-cache.schema.json").read_text(encoding="utf-8")
    )


@lru_cache(maxsize=2)
def _validator(ref: str) -> Callable[[Any], bool]:
    """``is_valid`` for the schema (``ref`` "" ) or one of its $defs; jsonschema-rs when present (fast)."""
    schema = dict(cache_schema())
    if ref:
        schema = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{ref}"}
    try:
        import jsonschema_rs

        return jsonschema_rs.validator_for(schema).is_valid
    except ImportError:
        from jsonschema import Draft202012Validator
        from jsonschema.protocols import Validator

        # the protocol the class implements: the class's stub leaves a deprecated is_valid overload untyped
        validator = cast(Validator, Draft202012Validator(schema))
        return validator.is_valid


def top_level_ok(doc: Any) -> bool:
    return _validator("")(doc)


def entry_ok(entry: Any) -> bool:
    return _validator("entry")(entry)


# ------------------------------------------------------------------------------ signature
def signature(key: bytes, tool: str, version: int, entry: Mapping[str, object]) -> str:
    """HMAC-SHA256 of the entry (all but its ``mac``) with the cache format version and the tool fingerprint."""
    body = {k: v for k, v in entry.items() if k != "mac"}
    text = json.dumps([version, tool, body], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.digest(key, text.encode("ascii"), "sha256").hex()


def signed_by(key: bytes, tool: str, version: int, entry: Mapping[str, object]) -> bool:
    mac = entry["mac"]  # a string when entry_ok holds
    return isinstance(mac, str) and hmac.compare_digest(mac, signature(key, tool, version, entry))


# ------------------------------------------------------------------------------ the key
def key_folder() -> Path:
    """``$XDG_CACHE_HOME/dambuster`` (an absolute XDG_CACHE_HOME only, as the XDG spec says), else ~/.cache/dambuster."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg) / "dambuster"
    try:
        return Path.home() / ".cache" / "dambuster"
    except RuntimeError:  # no home folder
        raise CacheKeyError("no home folder and no XDG_CACHE_HOME to keep the cache key in") from None


def load_key() -> bytes:
    """This machine's cache key, created on first use; CacheKeyError when it can be neither read nor made,
    or when it or its folder could be another account's doing (see the module's docstring)."""
    path = key_folder() / KEY_NAME
    if os.path.isdir(path.parent):
        _check_own(path.parent, 0o022, "folder of the cache key", "700")
    if os.path.lexists(path):
        if os.path.islink(path):
            raise CacheKeyError(f"the cache key {path} is a symbolic link; refused (make it a file)")
        _check_own(path, 0o077, "cache key", "600")
    try:
        return _read_key(path)
    except InputError:
        pass
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        _check_own(path.parent, 0o022, "folder of the cache key", "700")
        _create_key(path)
        return _read_key(path)
    except CacheKeyError:
        raise
    except (OSError, InputError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise CacheKeyError(f"cannot keep the cache key {path}: {why}") from None


def _check_own(path: Path, loose: int, what: str, mode: str) -> None:
    """CacheKeyError unless ``path`` belongs to this user and its mode has none of the ``loose`` bits."""
    if not hasattr(os, "geteuid"):  # Windows: no owners or modes to look at
        return
    st = os.stat(path)
    if st.st_uid != os.geteuid():
        raise CacheKeyError(
            f"the {what} {path} belongs to another user (uid {st.st_uid}); refused, as ssh refuses a key "
            "another account could have written"
        )
    if st.st_mode & loose:
        raise CacheKeyError(
            f"the {what} {path} is open to other users (mode {st.st_mode & 0o777:04o}); refused, as ssh "
            f"refuses a loose key: chmod {mode} {path}"
        )


def _read_key(path: Path) -> bytes:
    text = read_input(path, 1024).decode("ascii", errors="replace")
    if not _KEY_TEXT.fullmatch(text):
        raise InputError("is not a cache key")
    return bytes.fromhex(text[:64])


def _create_key(path: Path) -> None:
    """Writes a fresh key beside the path and links it into place: of runs starting at once, one key wins."""
    fd, tmp = tempfile.mkstemp(prefix=f".{KEY_NAME}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secrets.token_hex(32) + "\n")
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:  # another run made one first, or a damaged one is there
            if not _is_key(path):
                os.replace(tmp, path)
                tmp = ""
    finally:
        if tmp:
            os.unlink(tmp)


def _is_key(path: Path) -> bool:
    try:
        _read_key(path)
    except InputError:
        return False
    return True


# ------------------------------------------------------------------------------ where the cache lies
def git_work_tree_of(path: str | os.PathLike[str]) -> Path | None:
    """The git work tree holding ``path`` (a folder with ``.git`` above it), or None."""
    folder = Path(os.path.abspath(path)).parent
    for d in (folder, *folder.parents):
        if os.path.lexists(d / ".git"):
            return d
    return None
