"""Insomnia data files: catalogs load, i18n keys used exist, referenced rule cards exist."""

from __future__ import annotations

import re
from pathlib import Path

from gm_assist.core.data import data_dir
from gm_assist.games.insomnia import catalog

PKG = Path(__file__).resolve().parents[3] / "gm_assist" / "games" / "insomnia"


def _source() -> str:
    return "".join(p.read_text(encoding="utf-8") for p in PKG.glob("*.py"))


def test_catalogs() -> None:
    tiles = catalog.dream_tiles()
    assert len(tiles) == 29
    removed = sorted(t.fr for t in tiles if t.solo_removed)
    assert removed == sorted(["Rattrapage", "Copie", "Rival", "Doux rêve", "Raccourci", "Ami fidèle"])
    assert all(t.bonus in ("", "zzz3", "infinite") for t in tiles)
    assert all(t.bonus or t.confidence == "not-found" for t in tiles)
    assert catalog.dream_tile("bounce ahead").fr == "Bond en avant"
    assert catalog.dream_tile("reve recurrent").en == "Recurring Dream"
    assert catalog.nightmare("Méchant loup").id == "wolf"
    assert [r.min for r in catalog.solo_ranks()][1:] == [10, 20, 30]
    assert catalog.table_for(4).moves == [10, 8, 6, 5]


def test_rule_cards_referenced_exist() -> None:
    cards_dir = data_dir() / "rules" / "insomnia"
    used = set(re.findall(r'"(insomnia/[a-z-]+)"', _source()))
    used |= {t.card for t in catalog.dream_tiles() if t.card}
    missing = sorted(c for c in used if not (cards_dir / f"{c.split('/')[1]}.md").exists())
    assert missing == []


def test_i18n_keys_used_exist() -> None:
    from gm_assist.core.i18n import catalog as i18n_catalog

    en = i18n_catalog("en", "insomnia")
    src = _source()
    used = {f"insomnia.{k}" for k in re.findall(r'"insomnia\.([a-z_]+\.[a-z_0-9]+)"', src)}
    used |= {f"insomnia.event.{k}" for k in re.findall(r'_ev\(\w+, "([a-z_]+)"', src)}
    used |= {f"insomnia.setup.{k}" for k in re.findall(r'_line\("([a-z_]+)"', src)}
    used |= {f"insomnia.event.bonus_{b}" for b in ("zzz3", "infinite", "unknown")}
    used |= {
        f"insomnia.setup.{k}"
        for k in ("cards_2", "cards_3", "cards_4", "nightmare_wolf", "nightmare_bump", "nightmare_spider")
    }
    assert sorted(k for k in used if k not in en) == []
