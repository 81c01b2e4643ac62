"""Too Many Bones in the rulebook's own words (issue 21): PV / Atq, "bone" (never "skull"), real
plurals ("1 gearloc"), "vilain à 20 pts", and whose turn it is said without a wrong article."""

from __future__ import annotations

from typing import Any

from tests_tmb_battle_helpers import LIVE_START, adventure_day_2


def test_training_labels_use_the_rulebooks_abbreviations(gm: Any) -> None:
    assert gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--hp", "Picket=5").exit_code == 0
    gm("tmb", "encounter")
    gm("tmb", "success")
    assert gm("tmb", "reward", "--training", "2").exit_code == 0
    assert gm("tmb", "train", "Picket", "hp").exit_code == 0
    assert gm("tmb", "train", "Picket", "atk", "--failed").exit_code == 0
    french = [e["label"] for e in gm("--lang", "fr", "history", "--json").json["entries"]]
    assert "Picket s'entraîne en PV" in french and "Picket rate son entraînement en Atq" in french
    english = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert "Picket trains HP" in english


def test_one_gearloc_is_singular_and_loot_search_counts_bones(gm: Any) -> None:
    out = gm("tmb", "queue", "--day", "3", "--gearlocs", "1").stdout
    assert "1 gearloc " in out or "1 gearloc)" in out or "1 gearloc →" in out, out
    assert "1 gearlocs" not in out
    for lang, bone, skull in (("en", "bone", "skull"), ("fr", "os", "crâne")):
        helped = gm("--lang", lang, "tmb", "search", "--help").stdout
        assert bone in helped and skull not in helped


def test_whose_turn_in_french_never_a_wrong_article(gm: Any) -> None:
    adventure_day_2(gm)
    out = gm("--lang", "fr", "tmb", "battle", "start", *LIVE_START).stdout
    assert "Tour : tricheur goblin." in out, out
    assert "À tricheur" not in out


def test_unspent_training_points_are_reminded_once_the_day_has_begun(gm: Any) -> None:
    assert gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--hp", "Picket=5").exit_code == 0
    assert gm("tmb", "next-day").exit_code == 0  # day 1 begins with the adventure mode's point unspent
    reminders = gm("tmb", "status", "--json").json["reminders"]
    assert any("training point" in r for r in reminders), reminders
