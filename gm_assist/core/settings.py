"""User settings kept in the gm-assist home (``settings.json``): the language chosen in the menu."""

from __future__ import annotations

import json
from functools import cache
from typing import Any


def _path():
    from gm_assist.core.context import home_dir

    return home_dir() / "settings.json"


@cache
def _settings(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def get_setting(name: str) -> Any:
    """A saved setting, or None."""
    return _settings(str(_path())).get(name)


def set_setting(name: str, value: Any) -> None:
    """Save a setting (atomic write)."""
    from gm_assist.core.store import atomic_write_text

    path = _path()
    data = dict(_settings(str(path)))
    data[name] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2))
    _settings.cache_clear()
