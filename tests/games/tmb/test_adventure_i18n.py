"""Every adventure string exists in English and French with the same placeholders."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULES = [
    "__init__",
    "model",
    "rules",
    "catalog",
    "sheet",
    "report",
    "view",
    "actions",
    "cli",
    "cli_sheet",
    "tour",
    "flow",
    "flow_steps",
]


def _flat(table: dict, prefix: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _catalog(lang: str) -> dict[str, str]:
    with (ROOT / "data" / "i18n" / lang / "tmb.toml").open("rb") as fh:
        return _flat(tomllib.load(fh), "tmb.")


def test_same_keys_and_placeholders() -> None:
    en, fr = _catalog("en"), _catalog("fr")
    assert set(en) == set(fr)
    for key, text in en.items():
        assert set(re.findall(r"{(\w+)[}:]", text)) == set(re.findall(r"{(\w+)[}:]", fr[key])), key


def test_every_key_used_exists() -> None:
    en = _catalog("en")
    used: set[str] = set()
    for name in MODULES:
        source = (ROOT / "gm_assist" / "games" / "tmb" / f"{name}.py").read_text(encoding="utf-8")
        used |= set(re.findall(r"[\"'](tmb\.[a-z_0-9.]+[a-z_0-9])[\"']", source))
    dynamic = {
        f"tmb.{group}.{item}"
        for group, items in {
            "type": ("troll", "orc", "scale", "goblin", "bog", "beast"),
            "mode": ("adventure", "heroic", "legendary"),
            "setup.mode": ("adventure", "heroic", "legendary"),
            "stat": ("hp", "dex", "atk", "def", "skill"),
            "encounter": ("success", "failure"),
            "flow": ("ask_base_hp", "ask_base_dex", "ask_base_atk", "ask_base_def"),
            "status.col": ("gearloc", "hp", "stats", "training", "slots", "loot"),
            "tyrants.col": ("name", "days", "progress", "deck", "types", "confidence"),
        }.items()
        for item in items
    }
    missing = sorted(k for k in used | dynamic if k not in en and not k.startswith("tmb_battle"))
    assert missing == []
