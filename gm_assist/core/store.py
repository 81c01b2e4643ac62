"""Files on disk: atomic replace-on-write, file locks, strict reads.

DESIGN §3/§7: TinyDB's own JSONStorage rewrites files in place and is not crash-safe, so every write
goes to a temporary file in the same folder, is flushed and fsynced, then ``os.replace``d over the
target. A separate lock file (filelock) guards each read-modify-write. A file that does not parse is
never overwritten.

Sessions and the index are TinyDB databases (``{"<table>": {"<doc id>": {...}}}``), read and written
through TinyDB with ``core.db``'s storage, which reads with ``read_tables`` and writes with
``atomic_write_bytes`` (docs/FOUNDATION.md, "TinyDB: the store's database"). This module imports no
TinyDB: calculators use it too.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gm_assist.core.errors import EnvError

DEFAULT_LOCK_TIMEOUT = 10.0

_CRASH_AT = int(os.environ.get("GM_ASSIST_CRASH_AT") or 0)
"""TEST ONLY (tests/stress/test_crash_points.py): ``GM_ASSIST_CRASH_AT=N`` ends the process with
``os._exit(137)``, as a SIGKILL would, just before its N-th file-system step. 0 (unset): never."""
_STOP_AT = int(os.environ.get("GM_ASSIST_STOP_AT") or 0)
"""TEST ONLY (tests/stress/test_cli_torture.py): ``GM_ASSIST_STOP_AT=N`` stops the process (SIGSTOP)
just before its N-th file-system step, where the test, seeing it stopped, sends it a real SIGKILL."""
_steps = 0
changed = False
"""True once this process has changed anything on disk: "Nothing was changed" is said only while
it is False (gm_assist.cli)."""


def fs_step(change: bool = False) -> None:
    """Count one file-system step, the crash test's kill point; ``change``: the step about to run
    changes the home even if it fails half-way (an append), so mark it changed now."""
    global _steps
    _steps += 1
    if _CRASH_AT and _steps == _CRASH_AT:
        os._exit(137)
    if _STOP_AT and _steps == _STOP_AT:
        import signal

        os.kill(os.getpid(), signal.SIGSTOP)
    if change:
        mark_changed()


def mark_changed() -> None:
    """The home was changed by this process (after a replace, an unlink, an append)."""
    global changed
    changed = True


def make_dir(folder: Path) -> None:
    """Create a private folder (and its parents) if missing; a file in its place is a clear error."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except FileExistsError as exc:
        raise EnvError("core.error.not_a_folder", path=str(folder)) from exc
    except NotADirectoryError as exc:
        raise EnvError("core.error.not_a_folder", path=str(folder)) from exc


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves either the old or the new file, never half."""
    make_dir(path.parent)
    import tempfile  # only when writing: reading commands skip it

    fs_step()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fs_step()
            fh.write(data)
            fh.flush()
            fs_step()
            os.fsync(fh.fileno())
        fs_step()
        os.replace(tmp, path)
        mark_changed()
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fs_step()
    _fsync_dir(path.parent)


def unlink(path: Path) -> bool:
    """Remove a file if it is there (one counted step); True if it was removed."""
    fs_step()
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    mark_changed()
    return True


def keep_copy(path: Path, copy: Path, data: bytes) -> None:
    """Make ``copy`` the current (already durable) content of ``path``: a hard link costs no data
    write and no fsync; where links are not possible, ``data`` is written atomically instead."""
    tmp = copy.with_name(f".{copy.name}.link")
    try:
        tmp.unlink(missing_ok=True)
        fs_step()
        os.link(path, tmp)
        fs_step()
        os.replace(tmp, copy)
        mark_changed()
        if os.path.lexists(tmp):  # both names were links to one file: rename did nothing
            tmp.unlink()
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
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
    """Seconds to wait for a lock: ``$GM_ASSIST_LOCK_TIMEOUT`` (0 to 3600), else 10. A negative,
    non-numeric or endless value means the default: gm-assist never waits forever."""
    import math

    try:
        value = float(os.environ.get("GM_ASSIST_LOCK_TIMEOUT", DEFAULT_LOCK_TIMEOUT))
    except ValueError:
        return DEFAULT_LOCK_TIMEOUT
    if not math.isfinite(value) or value < 0:
        return DEFAULT_LOCK_TIMEOUT
    return min(value, 3600.0)


@contextmanager
def file_lock(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the lock file ``path``; a clear EnvError when another process keeps it too long, or
    at once when the lock file cannot be made (a folder in its place, a read-only folder)."""
    from filelock import FileLock, Timeout

    make_dir(path.parent)
    if os.path.lexists(path) and not path.is_file():
        raise EnvError("core.error.lock_unusable", path=str(path), detail="not a regular file")
    try:  # filelock retries a lock it cannot create until the timeout: find out first
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    except OSError as exc:
        raise EnvError("core.error.lock_unusable", path=str(path), detail=exc.strerror or str(exc)) from exc
    lock = FileLock(str(path), timeout=lock_timeout() if timeout is None else timeout, mode=0o600)
    try:
        lock.acquire()
    except Timeout as exc:
        raise EnvError("core.error.lock_timeout", path=str(path), seconds=lock.timeout) from exc
    try:
        yield
    finally:
        lock.release()


MAX_FILE_BYTES = 20 * 1024 * 1024
"""The largest session, index or import file gm-assist reads (20 MB; a long campaign's export is
well under 1 MB)."""


class FileUnreadable(EnvError):
    """The file is there but cannot be read (permissions, a folder in its place): not damage."""


def read_limited(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Never blocks on a FIFO or reads a
    device: OSError for those, ValueError("too big") for a larger file."""
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise IsADirectoryError(21, "not a regular file", str(path))
        if info.st_size > limit:
            raise ValueError("too big")
        chunks = []
        size = 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise ValueError("too big")
        return b"".join(chunks)
    finally:
        os.close(fd)


def parse_json(raw: bytes) -> Any:
    """``json.loads`` that turns hostile nesting into a ValueError (never a RecursionError)."""
    try:
        return json.loads(raw)
    except RecursionError as exc:
        raise ValueError("nested too deeply") from exc


def read_json_file(path: Path) -> tuple[Any, bytes]:
    """Parse a JSON file; EnvError naming the file when it is missing, empty or not JSON.

    Returns the parsed value and the raw bytes (kept as the "last good copy" before a write).
    """
    try:
        raw = read_limited(path)
    except FileNotFoundError as exc:
        raise EnvError("core.error.file_missing", path=str(path)) from exc
    except OSError as exc:
        raise FileUnreadable(
            "core.error.file_unreadable", path=str(path), detail=exc.strerror or str(exc)
        ) from exc
    except ValueError as exc:
        raise EnvError(
            "core.error.file_corrupt", path=str(path), detail=f"larger than {MAX_FILE_BYTES // 2**20} MB"
        ) from exc
    if not raw.strip():
        raise EnvError("core.error.file_corrupt", path=str(path), detail="empty file")
    try:
        return parse_json(raw), raw
    except ValueError as exc:
        raise EnvError("core.error.file_corrupt", path=str(path), detail=str(exc)) from exc


def json_bytes(data: Any) -> bytes:
    """The content of a JSON file the store writes (a TinyDB database, settings): UTF-8, compact."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def tables_problem(data: Any) -> str | None:
    """What keeps ``data`` from being a TinyDB database (None: nothing): an object of tables, each
    an object of documents (objects) under numeric ids. TinyDB itself would fail on anything else
    with a bare KeyError or ValueError, or take it for an empty database."""
    if not isinstance(data, dict):
        return "not a TinyDB database"
    for name, table in data.items():
        if not isinstance(table, dict):
            return f"table {name!r} is not an object"
        for key, doc in table.items():
            if not (key.isascii() and key.isdigit()):
                return f"table {name!r}: document id {key!r} is not a number"
            if not isinstance(doc, dict):
                return f"table {name!r}: document {key} is not an object"
    return None


def read_tables(
    path: Path, missing_ok: bool = False, check: Callable[[dict[str, Any]], str | None] | None = None
) -> tuple[dict[str, Any] | None, bytes]:
    """The tables of a TinyDB file and its raw bytes, read strictly: an EnvError naming the file
    when it is empty, not JSON, larger than the limit, not TinyDB's layout or refused by ``check``
    (the file's own rules: a problem, or None) — never an empty database over a damaged file. A
    missing file is ``(None, b"")`` with ``missing_ok`` (a database not created yet), an EnvError
    otherwise. ``core.db``'s TinyDB storage reads with this; calculators peek at the index with it
    without loading TinyDB."""
    if missing_ok and not path.exists():
        return None, b""
    data, raw = read_json_file(path)
    problem = tables_problem(data) or (check(data) if check else None)
    if problem:
        raise EnvError("core.error.file_corrupt", path=str(path), detail=problem)
    return data, raw
