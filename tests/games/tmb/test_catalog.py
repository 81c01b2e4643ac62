"""Tyrant and gearloc catalogs (game-facts §1.1-1.4): names, aliases, figures, custom tyrants."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.tmb import rules

BASE = {
    "nom": (8, 6, 1),
    "mulmesh": (9, 6, 1),
    "drellen": (10, 6, 1),
    "gendricks": (10, 8, 2),
    "goblin-king": (12, 8, 2),
    "marrow": (12, 10, 2),
    "duster": (13, 10, 3),
}


def test_base_tyrants_figures() -> None:
    """game-facts §1.1 table: days, progress, tyrant cards; 12 tyrant cards in the box."""
    core = {ty.id: (ty.days, ty.progress, ty.tyrant_cards) for ty in rules.tyrants() if ty.set == "core"}
    assert core == BASE
    assert sum(cards for _, _, cards in BASE.values()) == 12


def test_shuffled_deck_sizes() -> None:
    """game-facts §1.1: shuffled deck = days − 3 + tyrant cards."""
    sizes = {ty.id: rules.setup_checklist(ty, 2).deck_size for ty in rules.tyrants() if ty.set == "core"}
    assert sizes == {
        "nom": 6,
        "mulmesh": 7,
        "drellen": 8,
        "gendricks": 9,
        "goblin-king": 11,
        "marrow": 11,
        "duster": 13,
    }


def test_undertow_tyrants() -> None:
    under = {ty.id: (ty.days, ty.progress) for ty in rules.tyrants() if ty.set == "undertow"}
    assert under == {
        "barnacle": (8, 5),
        "goblin-queen": (9, 6),
        "kollossum": (7, 5),
        "volkesh": (11, 7),
        "nobulous": (10, 7),
    }
    assert all(ty.battle is None for ty in rules.tyrants() if ty.set == "undertow")


@pytest.mark.parametrize(
    ("query", "ident"),
    [
        ("Malmesh", "mulmesh"),
        ("MULMESH", "mulmesh"),
        ("Drellen le pâle", "drellen"),
        ("drellen le pale", "drellen"),
        ("Paleface", "drellen"),
        ("Chiffon", "duster"),
        ("goblin king", "goblin-king"),
        ("The Goblin King", "goblin-king"),
        ("vol'kesh", "volkesh"),
    ],
)
def test_names_and_aliases(query: str, ident: str) -> None:
    assert rules.find_tyrant(query).id == ident


def test_unknown_tyrant_suggests_closest() -> None:
    with pytest.raises(GmError) as exc:
        rules.find_tyrant("Drelen")
    assert exc.value.key == "core.error.unknown_name"
    assert exc.value.params["name"] == "Drelen"
    assert "Drellen" in exc.value.message()


def test_every_figure_has_confidence_and_source() -> None:
    for ty in rules.tyrants():
        assert ty.confidence in ("high", "medium") and ty.source
        assert set(ty.baddie_types) <= set(rules.known_types())
        if ty.battle is not None:
            assert set(ty.battle.text) == {"en", "fr"}


def test_custom_tyrant() -> None:
    ty = rules.custom_tyrant("Grumble", 9, 7, ["bog", "orc"], 0)
    assert ty.set == "custom" and ty.confidence == "table"
    check = rules.setup_checklist(ty, 3)
    assert check.deck_size == 6 and check.tyrant_cards == 0 and check.baddie_types == ["bog", "orc"]


def test_override_keeps_catalog_data() -> None:
    base = rules.find_tyrant("Gendricks")
    ty = rules.custom_tyrant("Gendricks", 11, None, None, None, base)
    assert (ty.days, ty.progress, ty.tyrant_cards, ty.id) == (11, 8, 2, "gendricks")
    assert ty.battle == base.battle


@pytest.mark.parametrize(
    ("days", "progress", "key"),
    [(3, 5, "tmb.error.days"), (10, 0, "tmb.error.progress"), (None, 5, "tmb.error.custom_needs")],
)
def test_custom_tyrant_bad_figures(days: int | None, progress: int, key: str) -> None:
    with pytest.raises(GmError) as exc:
        rules.custom_tyrant("X", days, progress, ["bog"], 1)
    assert exc.value.key == key


def test_parse_types_both_languages() -> None:
    assert rules.parse_types("marais, gobelins,Bêtes") == ["bog", "goblin", "beast"]
    assert rules.parse_types("scale,scales") == ["scale"]
    with pytest.raises(GmError):
        rules.parse_types("dragons")


def test_gearloc_names_both_editions() -> None:
    assert rules.gearloc_info("Capitank").id == "picket"
    assert rules.gearloc_info("picket").names["fr"] == "Capitank"
    assert rules.gearloc_info("Atomik").names["en"] == "Boomer"
    assert rules.gearloc_info("Sparadoc").id == "patches"
    assert rules.gearloc_info("furax").id == "tantrum"
    assert rules.gearloc_info("Mécanoc") is None


def test_the_chip_chooser_lists_one_name_per_baddie_of_the_value_placed() -> None:
    """Issue 14: the 5-point lane chooser offered 1-point chips, and each chip twice (both editions)."""
    from gm_assist.games.tmb.battle import catalog as cat

    ones = [b for b in cat.catalog() if b.points == 1]
    assert ones  # the shipped catalog knows some 1-point chips
    for points in (1, 5, 20):
        shown = cat.names(points=points, language="fr")
        entries = [cat.find(n) for n in shown]
        assert entries and all(e is not None and e.points in (None, points) for e in entries), points
        assert len({e.id for e in entries}) == len(shown), points  # one name per baddie
        assert (points == 1) == all(b.name_fr in shown for b in ones), points
    both = cat.names()
    assert len(both) > len(cat.names(language="en"))  # completion still knows both editions' names
