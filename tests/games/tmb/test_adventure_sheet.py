"""Gearloc sheet: training, loot slots, lockpicking, recovery options (rulebook p. 9-14, 21-22)."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.tmb import report, rules, sheet
from gm_assist.games.tmb.model import TmbState, TrainingPoint


def recovery_state(points: int = 1) -> TmbState:
    state = rules.new_state(rules.find_tyrant("Drellen"), ["Capitank", "Atomik"], "legendary")
    state = sheet.set_base_stats(state, 0, hp=5, dex=2, atk=1, defense=2)
    state = sheet.set_base_stats(state, 1, hp=4, dex=3, atk=1, defense=1)
    state = rules.resolve_encounter(rules.draw_encounter(rules.next_day(state)), True)
    return rules.take_reward(state, rules.Reward(training=points))


def test_hp_and_dex_training_always_succeed() -> None:
    """p. 10: HP training adds a die pip and 1 HP token; dexterity always succeeds."""
    state, ok = sheet.train(recovery_state(2), 0, "hp", success=False)
    assert ok and state.party[0].hp_die == 1 and state.party[0].max_hp == 6 and state.party[0].hp == 6
    state, ok = sheet.train(state, 0, "dex")
    assert ok and sheet.stat_total(state.party[0], "dex") == 3 and state.party[0].training == []
    assert state.party[0].training_spent == 2


def test_attack_training_needs_the_table_roll() -> None:
    with pytest.raises(GmError) as exc:
        sheet.train(recovery_state(), 1, "atk")
    assert exc.value.key == "tmb.error.training_roll"


def test_failed_attack_keeps_the_point_for_something_else() -> None:
    """p. 11, 22: a failed attack attempt keeps the point, usable for defense or anything else."""
    state, ok = sheet.train(recovery_state(), 1, "atk", success=False)
    assert not ok and len(state.party[1].training) == 1
    with pytest.raises(GmError) as exc:
        sheet.train(state, 1, "atk", success=True)
    assert exc.value.key == "tmb.error.training_failed_before"
    state, ok = sheet.train(state, 1, "def", success=True)
    assert ok and state.party[1].def_die == 1 and state.party[1].training == []


def test_second_point_may_retry_the_failed_stat() -> None:
    state, _ = sheet.train(recovery_state(2), 1, "atk", success=False)
    state, ok = sheet.train(state, 1, "atk", success=True)
    assert ok and state.party[1].atk_die == 1
    # the untouched point paid for the success; the one that failed attack is left
    assert state.party[1].training == [TrainingPoint(failed=["atk"], day=1)]  # won with day 1's reward


def test_point_with_failures_is_spent_first() -> None:
    state, _ = sheet.train(recovery_state(2), 1, "atk", success=False)
    state, _ = sheet.train(state, 1, "dex")
    assert state.party[1].training == [TrainingPoint(day=1)]


def test_stat_die_stops_at_six() -> None:
    state = recovery_state(7)
    for _ in range(6):
        state, _ = sheet.train(state, 0, "dex")
    with pytest.raises(GmError) as exc:
        sheet.train(state, 0, "dex")
    assert exc.value.key == "tmb.error.die_max"


def test_no_training_point() -> None:
    with pytest.raises(GmError) as exc:
        sheet.train(recovery_state(0), 0, "hp")
    assert exc.value.key == "tmb.error.no_training"


def test_skill_training_records_the_skill() -> None:
    state, ok = sheet.train(recovery_state(), 1, "skill", skill="Grenade à fragmentation")
    assert ok and state.party[1].skills == ["Grenade à fragmentation"]


def test_loot_slots_heavy_and_locked() -> None:
    """p. 14: 4 slots; heavy loot takes 3; a locked card takes 1 until opened."""
    state = recovery_state()
    state = sheet.add_loot(state, 0, "Heavy hammer", heavy=True)
    state = sheet.add_loot(state, 0, "Chest", locked=True, heavy=True)
    assert sheet.loot_slots(state.party[0]) == 4 and sheet.over_slots(state.party[0]) == 0
    state = sheet.add_loot(state, 0, "Potion")
    assert sheet.over_slots(state.party[0]) == 1
    assert any(key == "tmb.remind.slots" for key, _ in report.reminders(state))
    state = sheet.drop_loot(state, 0, "potion")
    assert sheet.over_slots(state.party[0]) == 0


def test_give_loot() -> None:
    state = sheet.add_loot(recovery_state(), 0, "Encens parfumé")
    state = sheet.give_loot(state, 0, 1, "encens parfume")
    assert state.party[0].loot == [] and state.party[1].loot[0].name == "Encens parfumé"


def test_lockpicking_keeps_opened_locks_and_once_per_day() -> None:
    """p. 21: one attempt per gearloc per day; opened locks stay open; 3 open → revealed."""
    state = sheet.add_loot(recovery_state(), 1, "Chest", locked=True)
    state = sheet.lockpick(state, 0, 1, "chest", 2)
    assert state.party[1].loot[0].locks_open == 2 and state.party[1].loot[0].locked
    with pytest.raises(GmError) as exc:
        sheet.lockpick(state, 0, 1, "chest", 3)
    assert exc.value.key == "tmb.error.lockpick_done"
    with pytest.raises(GmError) as exc:
        sheet.lockpick(state, 1, 1, "chest", 1)
    assert exc.value.key == "tmb.error.locks"
    state = sheet.lockpick(state, 1, 1, "1", 3, revealed="Great axe", heavy=True)
    card = state.party[1].loot[0]
    assert not card.locked and card.heavy and card.name == "Great axe"
    assert sheet.loot_slots(state.party[1]) == 3


def test_lockpick_only_in_recovery() -> None:
    state = rules.new_state(rules.find_tyrant("Nom"), ["A", "B"])
    state = sheet.add_loot(state, 0, "Chest", locked=True)
    with pytest.raises(GmError) as exc:
        sheet.lockpick(state, 0, 0, "chest", 1)
    assert exc.value.key == "tmb.error.not_recovery"


@pytest.mark.parametrize(
    ("roll", "stacks"), [(1, (1,)), (3, (1,)), (4, (1, 5)), (5, (1, 5)), (6, (1, 5, 20))]
)
def test_scouting_table(roll: int, stacks: tuple[int, ...]) -> None:
    """p. 9: 1-3 a 1-point baddie; 4-5 a 1- or 5-point; 6 any."""
    assert sheet.scout_choices(roll) == stacks


def test_scouting_live_example_order() -> None:
    """p. 24-25: Atomik scouts a bog toad, then Capitank a bog worm: toad on top, worm under it."""
    state = sheet.scout(recovery_state(), 1, 3, baddie="crapaud des marais")
    state = sheet.scout(state, 0, 2, baddie="ver des marais")
    assert state.scouted[1] == ["crapaud des marais", "ver des marais"]


def test_scouting_rules() -> None:
    state = recovery_state()
    with pytest.raises(GmError) as exc:
        sheet.scout(state, 0, 5)
    assert exc.value.key == "tmb.error.scout_stack"
    with pytest.raises(GmError) as exc:
        sheet.scout(state, 0, 3, stack=5)
    assert exc.value.key == "tmb.error.scout_not_allowed"
    with pytest.raises(GmError) as exc:
        sheet.scout(state, 0, 7)
    assert exc.value.key == "tmb.error.d6"
    state = sheet.scout(state, 0, 6, stack=20, baddie="dragon", face_up=False)
    assert state.scouted[20] == []
    with pytest.raises(GmError) as exc:
        sheet.rest(state, 0)
    assert exc.value.key == "tmb.error.recovery_done"


def test_rest_restores_all_hp() -> None:
    state = recovery_state()
    hurt = state.party[0].model_copy(update={"hp": 1})
    state = state.model_copy(update={"party": [hurt, state.party[1]]})
    assert sheet.rest(state, 0).party[0].hp == 5


def test_search_discards_and_keeps_one() -> None:
    state = sheet.add_loot(recovery_state(), 0, "Old boots")
    state = sheet.search(state, 0, "old boots", keep="Shiny sword")
    assert [c.name for c in state.party[0].loot] == ["Shiny sword"]
    state2 = sheet.add_loot(recovery_state(), 1, "Old boots")
    assert sheet.search(state2, 1, "1").party[1].loot == []


def test_next_day_clears_recovery_choice() -> None:
    state = sheet.rest(recovery_state(), 0)
    state = rules.next_day(state)
    assert state.party[0].recovery is None
    state = rules.take_reward(rules.resolve_encounter(rules.draw_encounter(state), True), rules.Reward())
    assert sheet.rest(state, 0).party[0].recovery_day == 2
