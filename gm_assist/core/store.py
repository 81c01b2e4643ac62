"""Files on disk: atomic replace-on-write, file locks, and TinyDB over a crash-safe storage.

DESIGN §3/§7: TinyDB's own JSONStorage rewrites files in place and is not crash-safe, so every write
goes to a temporary file in the same folder, is flushed and fsynced, then ``os.replace``d over the
target. A separate lock file (filelock) guards each read-modify-write. A file that does not parse is
never overwritten.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gm_assist.core.errors import EnvError

DEFAULT_LOCK_TIMEOUT = 10.0


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves either the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # only when writing: reading commands skip it

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def keep_copy(path: Path, copy: Path, data: bytes) -> None:
    """Make ``copy`` the current (already durable) content of ``path``: a hard link costs no data
    write and no fsync; where links are not possible, ``data`` is written atomically instead."""
    tmp = copy.with_name(f".{copy.name}.link")
    try:
        tmp.unlink(missing_ok=True)
        os.link(path, tmp)
        os.replace(tmp, copy)
    except OSError:
        atomic_write_bytes(copy, data)


def atomic_write_text(path: Path, text: str) -> None:
    """``atomic_write_bytes`` for UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def lock_timeout() -> float:
    """Seconds to wait for a lock: ``$GM_ASSIST_LOCK_TIMEOUT`` or 10."""
    try:
        return float(os.environ.get("GM_ASSIST_LOCK_TIMEOUT", DEFAULT_LOCK_TIMEOUT))
    except ValueError:
        return DEFAULT_LOCK_TIMEOUT


@contextmanager
def file_lock(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the lock file ``path``; a clear EnvError when another process keeps it too long."""
    from filelock import FileLock, Timeout

    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(path), timeout=lock_timeout() if timeout is None else timeout)
    try:
        lock.acquire()
    except Timeout as exc:
        raise EnvError("core.error.lock_timeout", path=str(path), seconds=lock.timeout) from exc
    try:
        yield
    finally:
        lock.release()


def read_json_file(path: Path) -> tuple[Any, bytes]:
    """Parse a JSON file; EnvError naming the file when it is missing, empty or not JSON.

    Returns the parsed value and the raw bytes (kept as the "last good copy" before a write).
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError as exc:
        raise EnvError("core.error.file_missing", path=str(path)) from exc
    except OSError as exc:
        raise EnvError("core.error.file_unreadable", path=str(path), detail=str(exc)) from exc
    if not raw.strip():
        raise EnvError("core.error.file_corrupt", path=str(path), detail="empty file")
    try:
        return json.loads(raw), raw
    except ValueError as exc:
        raise EnvError("core.error.file_corrupt", path=str(path), detail=str(exc)) from exc


def tinydb_storage_class():  # type: ignore[no-untyped-def]
    """A TinyDB storage that reads strictly and writes atomically (imported lazily: tinydb costs ~40 ms)."""
    from tinydb.storages import Storage

    class AtomicJSONStorage(Storage):
        """TinyDB storage: strict read (an empty or broken file is an error, never an empty DB),
        atomic replace on write."""

        def __init__(self, path: str, create: bool = True) -> None:
            self.path = Path(path)
            self.create = create

        def read(self) -> dict[str, Any] | None:
            if not self.path.exists():
                return None
            data, _ = read_json_file(self.path)
            if not isinstance(data, dict):
                raise EnvError("core.error.file_corrupt", path=str(self.path), detail="not a document")
            return data

        def write(self, data: dict[str, Any]) -> None:
            atomic_write_text(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))

        def close(self) -> None:
            pass

    return AtomicJSONStorage


def open_db(path: Path):  # type: ignore[no-untyped-def]
    """A TinyDB database over ``path`` with the atomic storage."""
    from tinydb import TinyDB

    return TinyDB(str(path), storage=tinydb_storage_class())
