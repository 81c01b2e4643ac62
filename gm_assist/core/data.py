"""Where content lives: shipped data (``data/``) and the user's own files under the gm-assist home.

Shipped data is found both from an editable install (``<repo>/data``) and from an installed wheel
(``gm_assist/data``, put there by the build). Shipped TOML files (catalogs, i18n) are read through
:func:`read_data_toml`, which keeps a parsed copy under ``<home>/cache/toml``.
"""

from __future__ import annotations

import json
import marshal
import os
from functools import cache
from pathlib import Path
from typing import Any

from gm_assist.core.errors import EnvError

_PKG = Path(__file__).resolve().parent.parent

CACHE_WRITES = True
"""False in a process that must never write to the home (the table view's server, issue 16): the
parsed-TOML cache is then read when present but never written."""


@cache
def data_dir() -> Path:
    """The folder of shipped data: ``gm_assist/data`` in a wheel, ``<repo>/data`` in a checkout."""
    for candidate in (_PKG / "data", _PKG.parent / "data"):
        if (candidate / "i18n").is_dir():
            return candidate
    raise EnvError("core.error.no_data", path=str(_PKG / "data"))


def read_data_toml(rel: str) -> dict[str, Any]:
    """Parse the shipped TOML file ``data/<rel>``, through a cache of parsed copies.

    Parsing TOML (and importing ``tomllib``) costs a calculator 3–6 ms for its catalogs and strings;
    a parsed copy, stored with ``marshal`` under ``<home>/cache/toml`` and keyed by the source's
    size and modification time, reads in ~0.1 ms. The cache is only an accelerator: a missing,
    stale, damaged or unwritable copy means the source is parsed again. Raises ``OSError`` or
    ``tomllib.TOMLDecodeError`` like ``tomllib.load``.
    """
    path = data_dir() / rel
    stat = path.stat()
    stamp = (stat.st_mtime_ns, stat.st_size)
    copy = _toml_cache_path(rel)
    try:
        cached_stamp, data = marshal.loads(copy.read_bytes())
        if tuple(cached_stamp) == stamp and isinstance(data, dict):
            return data
    except (OSError, EOFError, ValueError, TypeError):
        pass
    import tomllib

    with path.open("rb") as fh:
        data = tomllib.load(fh)
    _write_cache(copy, (stamp, data))
    return data


def _toml_cache_path(rel: str) -> Path:
    from gm_assist.core.context import home_dir

    return home_dir() / "cache" / "toml" / (rel.replace("/", "~") + ".marshal")


def _write_cache(path: Path, value: Any) -> None:
    try:
        payload = marshal.dumps(value)
    except ValueError:  # a value marshal cannot store
        return
    write_cache_file(path, payload)


def write_cache_file(path: Path, payload: bytes) -> None:
    """Replace a cache file under the home at once (a reader sees the old copy or the new one); never
    fails (a read-only home, a full disk: the cache is only an accelerator), and writes nothing where
    ``CACHE_WRITES`` is off."""
    if not CACHE_WRITES:
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(payload)
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


@cache
def load_toml(rel: str) -> dict[str, Any]:
    """Read a shipped TOML file, e.g. ``load_toml("tmb/tyrants.toml")`` (cached)."""
    try:
        return read_data_toml(rel)
    except (OSError, ValueError) as exc:  # tomllib.TOMLDecodeError is a ValueError
        raise EnvError("core.error.bad_data", path=str(data_dir() / rel), detail=str(exc)) from exc


def user_path(rel: str) -> Path:
    """A file of the user's own data (catalog additions, overrides) under the gm-assist home."""
    from gm_assist.core.context import home_dir

    return home_dir() / "user" / rel


def read_user_toml(rel: str) -> dict[str, Any] | None:
    """Read a TOML file the table wrote by hand (e.g. an override); None when it does not exist."""
    import tomllib

    path = user_path(rel)
    if not path.exists():
        return None
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise EnvError("core.error.bad_user_file", path=str(path), detail=str(exc)) from exc


def read_user_json(rel: str, default: Any = None) -> Any:
    """Read a JSON file the app keeps for the user; ``default`` when it does not exist."""
    path = user_path(rel)
    if not path.exists():
        return default
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EnvError("core.error.bad_user_file", path=str(path), detail=str(exc)) from exc


def write_user_json(rel: str, obj: Any) -> Path:
    """Write a JSON file of the user's data atomically, under a lock."""
    from gm_assist.core.store import atomic_write_text, file_lock

    path = user_path(rel)
    path.parent.mkdir(parents=True, exist_ok=True)
    with file_lock(path.with_suffix(path.suffix + ".lock")):
        atomic_write_text(path, json.dumps(obj, ensure_ascii=False, indent=2))
    return path
