"""The guided Undo/Redo entries say what comes back, in the table's words (issue 14): "Undo: golem
defeated — Golem d'argile back in lane 3 with 2 HP"."""

from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

from gm_assist.core import context
from gm_assist.core.guided import undo_redo_entries


def entries():
    return [label for _, label in undo_redo_entries(None)[0]]


def test_undo_and_redo_entries_name_what_comes_back(gm):
    adventure_day_2(gm)
    assert gm("tmb", "battle", "start", *LIVE_START).exit_code == 0
    assert gm("tmb", "battle", "hit", "golem", "3").exit_code == 0
    context.reset(lang="en", guided=True)
    assert entries() == ["Undo (u): Golem d'argile takes a hit: 3 Dmg — Golem d'argile: HP 2 → 5"]
    assert gm("tmb", "battle", "hit", "golem", "2").exit_code == 0  # the golem falls
    assert entries()[0].endswith("— Golem d'argile back in lane 3 with 2 HP")
    assert gm("undo").exit_code == 0
    assert entries()[1] == "Redo (r): Golem d'argile takes a hit: 2 Dmg — Golem d'argile off the mat"
    context.reset(lang="fr", guided=True)
    assert entries()[0] == "Annuler (a) : Golem d'argile subit un coup : 3 dégâts — Golem d'argile : PV 2 → 5"


def test_a_new_day_undone_says_the_day_comes_back(gm):
    assert (
        gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--gearloc", "Boomer").exit_code == 0
    )
    for step in (
        ["next-day"],
        ["encounter", "--peaceful"],
        ["success"],
        ["reward", "--progress", "1"],
        ["rest", "Picket"],
        ["rest", "Boomer"],
    ):
        assert gm("tmb", *step).exit_code == 0, step
    assert gm("tmb", "next-day").exit_code == 0
    context.reset(lang="en", guided=True)
    assert "day 2 → 1" in entries()[0]
