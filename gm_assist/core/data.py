"""Where content lives: shipped data (``data/``) and the user's own files under the gm-assist home.

Shipped data is found both from an editable install (``<repo>/data``) and from an installed wheel
(``gm_assist/data``, put there by the build).
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from gm_assist.core.errors import EnvError

_PKG = Path(__file__).resolve().parent.parent


@cache
def data_dir() -> Path:
    """The folder of shipped data: ``gm_assist/data`` in a wheel, ``<repo>/data`` in a checkout."""
    for candidate in (_PKG / "data", _PKG.parent / "data"):
        if (candidate / "i18n").is_dir():
            return candidate
    raise EnvError("core.error.no_data", path=str(_PKG / "data"))


@cache
def load_toml(rel: str) -> dict[str, Any]:
    """Read a shipped TOML file, e.g. ``load_toml("tmb/tyrants.toml")`` (cached)."""
    path = data_dir() / rel
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise EnvError("core.error.bad_data", path=str(path), detail=str(exc)) from exc


def user_path(rel: str) -> Path:
    """A file of the user's own data (catalog additions, overrides) under the gm-assist home."""
    from gm_assist.core.context import home_dir

    return home_dir() / "user" / rel


def read_user_toml(rel: str) -> dict[str, Any] | None:
    """Read a TOML file the table wrote by hand (e.g. an override); None when it does not exist."""
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
