"""Every game's guided Undo entry says what comes back (issue 14), in both languages, and Shy
Monsters' never tells anything of the floor still face down."""

import pytest

from gm_assist.core import context
from gm_assist.core.guided import undo_redo_entries


def undo_entry(lang="en"):
    context.reset(lang=lang, guided=True)
    return undo_redo_entries(None)[0][0][1]


def test_stuffed_fables(gm):
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Theadora").exit_code == 0
    assert gm("stuffed-fables", "adjust", "--stuffie", "Lumpy", "--stuffing", "3").exit_code == 0
    assert undo_entry().endswith("— Lumpy: stuffing 3 → 5")
    assert undo_entry("fr").endswith("— Lumpy : rembourrage 3 → 5")


def test_insomnia(gm):
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Éloïse").exit_code == 0
    assert gm("insomnia", "move", "3").exit_code == 0  # Ana's turn
    assert "— Ana: space 3 → " in undo_entry()


def test_mice_and_mystics(gm):
    assert gm("mice-and-mystics", "new", "--mouse", "Collin", "--mouse", "Nez").exit_code == 0
    assert gm("mice-and-mystics", "wound", "Collin", "-n", "2").exit_code == 0
    assert undo_entry().endswith("— Collin: wounds 2 → 0")
    assert undo_entry("fr").endswith("— Collin : blessures 2 → 0")


def test_shy_monsters_says_only_what_the_hero_may_know(gm):
    assert gm("shy-monsters", "new", "--solo", "--seed", "7").exit_code == 0
    assert gm("shy-monsters", "reveal", "2,2").exit_code == 0
    entry = undo_entry()
    assert "tiles face up 2 → 1" in entry  # solo: the entrance was face up from the start
    from gm_assist.core.session import load

    layout = load("shy-monsters")[1].floor.layout.notation()
    assert layout not in entry and "monster" not in entry.split("—", 1)[1].replace("monsters killed", "")


def test_shy_monsters_attack_is_said_in_words(gm):
    """Issue 34.4: the attack's state in an Undo label is a word, never the catalog key."""
    assert gm("shy-monsters", "new", "--solo", "--seed", "7").exit_code == 0
    for tile in ("2,2", "2,4"):  # floor 1 asks two tiles turned over before the hero moves
        assert gm("shy-monsters", "reveal", tile).exit_code == 0
    assert gm("shy-monsters", "attack").exit_code == 0
    assert undo_entry().endswith("— attack declared → ready")
    assert undo_entry("fr").endswith("— attaque annoncée → disponible")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_game_words_missing(gm, lang):
    """Every game's change words exist in both languages (no raw key on a menu)."""
    from gm_assist.core.i18n import t

    context.reset(lang=lang)
    for key in (
        "stuffed_fables.change.stuffing",
        "mice_and_mystics.change.wheel",
        "insomnia.change.pillow",
        "shy_monsters.change.hero",
        "tmb.change.hp",
    ):
        assert t(key, name="X", a=1, b=2) != key


def test_tmb_training_and_mat_stats_are_said_as_the_table_knows_them(gm):
    """Issue 34.6: a skill training names the skill and its die (p. 12), never "stat die +1"; the
    status shows a trained stat die while the mat's value is unknown ("?+1"); the Undo of the mat's
    stats brings HP back to unknown ("?"), not to 0."""
    assert (
        gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Patches", "--gearloc", "Picket").exit_code == 0
    )
    trained = gm("tmb", "train", "Picket", "skill", "--skill", "Tinker")
    assert "Picket trains the skill Tinker: place its skill die on the mat." in trained.stdout
    assert "stat die +1" not in trained.stdout
    assert gm("tmb", "train", "Patches", "atk", "--ok").exit_code == 0
    assert "│ ?/?+1/?" in gm("tmb", "status").stdout
    assert gm("tmb", "sheet", "Patches", "--hp", "9", "--dex", "1", "--atk", "1", "--def", "1").exit_code == 0
    assert undo_entry().endswith("— Patches: HP 11 → ?")  # 9 on the mat + the adventure mode's die on 2
