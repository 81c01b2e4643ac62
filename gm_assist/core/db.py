"""TinyDB over the home's files: every session file and the index are TinyDB databases, read and
written through TinyDB's documented extension points with the store's guarantees.

- ``HomeStorage`` (a ``tinydb.storages.Storage``) reads with the store's strict reader
  (``store.read_tables``: size limit, no FIFO or device, an empty, broken or foreign file is an
  EnvError naming it, never an empty database) and writes with the store's atomic replace
  (``store.atomic_write_bytes``: temporary file, fsync, rename, fsync of the folder, private
  permissions, the crash test's counted steps), keeping the previous good copy first when asked (a
  session's ``.json.bak``). TinyDB's own ``JSONStorage`` rewrites a file in place and takes an empty
  file for an empty database: neither is acceptable for a saved game.
- ``OneWrite`` (a ``tinydb.middlewares.Middleware``) holds one operation's database: the file is
  read once, the operation's changes are written once, when it ends without an error, and nothing
  is written when it raises (a new session is listed and made current in one write of the index).
- ``open_db`` opens a fresh ``TinyDB`` for each operation and closes it at its end, inside the
  caller's file lock when there is one: no table, query result or document id cached by TinyDB
  outlives the operation, so nothing read before another process's change is ever written back.

Only session commands import this module (TinyDB's import costs ~3 ms once ``re``, ``typing`` and
``json`` are loaded, as the CLI has them; 13-23 ms alone); calculators peek at the index with
``store.read_tables`` alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from tinydb import TinyDB
from tinydb.middlewares import Middleware
from tinydb.storages import Storage

from gm_assist.core.store import atomic_write_bytes, json_bytes, keep_copy, read_tables

Missing = Literal["refuse", "create", "replace"]
"""What a storage does about its file: ``refuse`` reads it and refuses it missing (an existing
session); ``create`` takes a missing file for an empty database, made by the first write (the index
of a new home); ``replace`` never reads it: the operation writes the whole file (a new session, a
repaired one), whatever is there now."""

Check = Callable[[dict[str, Any]], str | None]
"""The file's own rules over its tables: what is wrong (None: nothing)."""


class HomeStorage(Storage):
    """A TinyDB storage over one file of the gm-assist home: strict reads, atomic replaces."""

    def __init__(
        self,
        path: Path,
        missing: Missing = "refuse",
        keep: tuple[Path, bytes] | None = None,
        check: Check | None = None,
    ) -> None:
        super().__init__()
        self.path = path
        self.missing = missing
        self.keep = keep
        """``(copy, previous)``: before the first replace, ``copy`` is made the file's previous
        content ``previous``, read under the same lock (a hard link where possible)."""
        self.check = check
        self.raw = b""
        """The bytes last read or written: the file's last good content."""

    def read(self) -> dict[str, Any] | None:
        if self.missing == "replace":
            return None
        data, self.raw = read_tables(self.path, missing_ok=self.missing == "create", check=self.check)
        return data

    def write(self, data: dict[str, Any]) -> None:
        body = json_bytes(data)
        if self.keep is not None:
            copy, previous = self.keep
            keep_copy(self.path, copy, previous)
            self.keep = None
        atomic_write_bytes(self.path, body)
        self.raw = body


class OneWrite(Middleware):
    """One operation's database: read once, written once by ``commit`` (nothing on an error)."""

    def __init__(self, storage_cls: type[HomeStorage]) -> None:
        super().__init__(storage_cls)
        self.data: dict[str, Any] | None = None
        self.loaded = False
        self.changed = False

    def read(self) -> dict[str, Any] | None:
        if not self.loaded:
            self.data = self.storage.read()
            self.loaded = True
        return self.data

    def write(self, data: dict[str, Any]) -> None:
        self.data = data
        self.loaded = True
        self.changed = True

    def commit(self) -> None:
        """Write what the operation changed, in one replace of the file."""
        if self.changed and self.data is not None:
            self.storage.write(self.data)
        self.changed = False

    def close(self) -> None:
        self.storage.close()  # never a write: an operation cut short leaves the file as it was

    @property
    def raw(self) -> bytes:
        storage = self.storage
        return storage.raw if isinstance(storage, HomeStorage) else b""


@contextmanager
def open_db(
    path: Path,
    missing: Missing = "refuse",
    keep: tuple[Path, bytes] | None = None,
    check: Check | None = None,
) -> Iterator[TinyDB]:
    """A TinyDB database over ``path`` for one operation (see ``HomeStorage`` for the arguments):
    what the block changes is written in one atomic replace when it ends without an error."""
    held = OneWrite(HomeStorage)
    db = TinyDB(path, missing=missing, keep=keep, check=check, storage=held)
    try:
        yield db
        held.commit()
    finally:
        db.close()


def raw_bytes(db: TinyDB) -> bytes:
    """The bytes ``db``'s file held when it was read (kept as the last good copy before a write)."""
    held = db.storage
    return held.raw if isinstance(held, OneWrite) else b""
