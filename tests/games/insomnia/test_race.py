"""Insomnia race tracking and rest phase, pure functions (rulebook p. 4–11)."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.insomnia import race, rest
from gm_assist.games.insomnia.model import DreamTile, Event, InsomniaState, Phase, PillowTable, SheepStatus

T3 = PillowTable(players=3, moves=[10, 7, 5])
BOND = DreamTile(
    id="bond-en-avant",
    fr="Bond en avant",
    en="Bounce Ahead",
    bonus="infinite",
    card="insomnia/tile-bond-en-avant",
)
RIVAL = DreamTile(id="rival", fr="Rival", bonus="", solo_removed=True, card="insomnia/tile-rival")


def keys(events: list[Event]) -> list[str]:
    """The events a rule raised (its ``Outcome.events``), without their namespace."""
    return [e.key.removeprefix("insomnia.event.") for e in events]


def sheep(state: InsomniaState, name: str):  # noqa: ANN201
    return state.players[state.index(name)]


@pytest.fixture
def game() -> InsomniaState:
    return race.new_game(["Ana", "Bo", "Cy"], "wolf").state


def test_new_game_setup(game: InsomniaState) -> None:
    assert [p.pillow for p in game.players] == [40, 40, 40]
    assert [p.score for p in game.players] == [0, 0, 0]
    assert game.tiles == {5: "", 10: ""}
    assert game.nightmare_space is None and game.phase is Phase.race and game.active == 0


@pytest.mark.parametrize("names,solo", [(["A"], False), (list("ABCDE"), False), (["A", "B"], True)])
def test_new_game_player_counts(names: list[str], solo: bool) -> None:
    with pytest.raises(GmError):
        race.new_game(names, solo=solo)


def test_move_from_off_board_starts_at_space_one(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 3).state
    assert sheep(s, "Ana").space == 3
    assert game.players[0].space is None  # input untouched


def test_fence_crossing_gives_five_and_opens_bed(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 9).state
    s, said = race.move_sheep(s, "Ana", 3)
    a = sheep(s, "Ana")
    assert (a.space, a.score, a.can_go_to_bed) == (2, 5, True)
    assert "crossed" in keys(said)


def test_two_crossings_in_one_move(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 10).state
    s = race.move_sheep(s, "Ana", 11).state
    assert (sheep(s, "Ana").space, sheep(s, "Ana").score) == (1, 10)


def test_backward_never_over_the_fence(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 2).state
    s, said = race.move_sheep(s, "Ana", -5)
    assert sheep(s, "Ana").space == 1 and sheep(s, "Ana").score == 0
    assert "fence_blocks" in keys(said)


def test_move_to_space_behind_crosses_fence(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 8).state
    s = race.move_sheep_to(s, "Ana", 2).state
    assert (sheep(s, "Ana").space, sheep(s, "Ana").score) == (2, 5)
    with pytest.raises(GmError):
        race.move_sheep_to(s, "Ana", 2)  # already there: no move (rulebook p. 12, nearest target)


def test_bed_only_after_crossing(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 4).state
    with pytest.raises(GmError) as err:
        race.go_to_bed(s, "Ana")
    assert err.value.key == "insomnia.error.bed_needs_fence"
    s = race.move_sheep(s, "Ana", 8).state
    s = race.go_to_bed(s, "Ana").state
    assert sheep(s, "Ana").status is SheepStatus.bed and sheep(s, "Ana").score == 5
    assert s.players[s.active].name == "Bo"  # going to bed ends the turn


def test_continuing_closes_the_bed_choice(game: InsomniaState) -> None:
    s = race.move_sheep(race.move_sheep(game, "Ana", 9).state, "Ana", 2).state
    s = race.end_turn(s).state
    assert s.players[s.active].name == "Bo"
    with pytest.raises(GmError):
        race.go_to_bed(s, "Ana")


def test_landing_on_nightmare_scares_passing_does_not(game: InsomniaState) -> None:
    s = race.nightmare_move(game, 3).state  # nightmare on 3, nobody on board
    assert s.nightmare_space == 3 and all(p.status is SheepStatus.running for p in s.players)
    s2 = race.move_sheep(s, "Ana", 5).state  # passes 3
    assert sheep(s2, "Ana").status is SheepStatus.running
    s3 = race.move_sheep(s, "Ana", 3).state  # lands on 3
    assert sheep(s3, "Ana").status is SheepStatus.scared


def test_nightmare_move_scares_every_sheep_reached_or_passed(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 2).state
    s = race.move_sheep(s, "Bo", 4).state
    s = race.move_sheep(s, "Cy", 7).state
    s = race.nightmare_move(s, 4).state
    assert [p.status for p in s.players] == [SheepStatus.scared, SheepStatus.scared, SheepStatus.running]


def test_nightmare_jump_scares_only_landing_space(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 2).state
    s = race.move_sheep(s, "Bo", 4).state
    s = race.nightmare_jump(s, 4).state
    assert [p.status for p in s.players][:2] == [SheepStatus.running, SheepStatus.scared]
    s = race.nightmare_jump(s, to=2).state  # straight onto space 2: Ana is scared, no fence crossed
    assert s.nightmare_space == 2 and s.phase is Phase.race
    assert sheep(s, "Ana").status is SheepStatus.scared
    s = race.nightmare_jump(s, 9).state  # 2 + 9 = 11: a relative jump over the fence
    assert s.phase is Phase.scoring


def test_second_scare_wakes_up(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Bo", 9).state
    s = race.move_sheep(s, "Bo", 3).state  # crossed: 5 dodos
    s = race.scare(s, ["Bo"]).state
    s = race.scare(s, ["Bo"]).state
    b = sheep(s, "Bo")
    assert (b.status, b.score, b.space) == (SheepStatus.woken, 0, None)
    with pytest.raises(GmError):
        race.move_sheep(s, "Bo", 1)


def test_brave_stands_up(game: InsomniaState) -> None:
    s = race.brave(race.scare(game, ["Cy"]).state, "Cy").state
    assert sheep(s, "Cy").status is SheepStatus.running
    with pytest.raises(GmError):
        race.brave(s, "Cy")


def test_woken_by_landing_gets_no_fence_dodos(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 9).state
    s = race.nightmare_move(s, 1).state  # nightmare on 1
    s = race.scare(s, ["Ana"]).state
    s = race.move_sheep(s, "Ana", 2).state  # crosses, lands on 1 with the nightmare: second scare
    assert sheep(s, "Ana").status is SheepStatus.woken and sheep(s, "Ana").score == 0


def test_nightmare_crossing_fence_wakes_all_running_and_ends_race(game: InsomniaState) -> None:
    s = race.move_sheep(race.move_sheep(game, "Ana", 9).state, "Ana", 2).state
    s = race.go_to_bed(s, "Ana").state
    s = race.nightmare_move(s, 8).state
    s, said = race.nightmare_move(s, 3)
    assert s.phase is Phase.scoring
    assert [p.status for p in s.players] == [SheepStatus.bed, SheepStatus.woken, SheepStatus.woken]
    assert sheep(s, "Ana").score == 5
    assert "race_over" in keys(said)


def test_nightmare_backward_stops_on_one(game: InsomniaState) -> None:
    assert race.nightmare_jump(game, -1).state.nightmare_space is None
    s = race.nightmare_move(game, 2).state
    assert race.nightmare_jump(s, -3).state.nightmare_space == 1


def test_last_sheep_reminder(game: InsomniaState) -> None:
    s = race.move_sheep(game, "Ana", 11).state
    s = race.go_to_bed(s, "Ana").state
    s = race.move_sheep(s, "Bo", 10).state
    s = race.move_sheep(s, "Bo", 1).state
    s, said = race.go_to_bed(s, "Bo")
    assert s.players[s.active].name == "Cy"
    assert "last_sheep" in keys(said)


def test_actions_refused_outside_race(game: InsomniaState) -> None:
    s = race.nightmare_move(game, 11).state
    with pytest.raises(GmError):
        race.move_sheep(s, "Ana", 1)
    with pytest.raises(GmError):
        race.end_turn(s)


def _three_in_bed(game: InsomniaState, dodo_moves: dict[str, int]) -> InsomniaState:
    s = game
    for name, extra in dodo_moves.items():
        s = race.move_sheep(s, name, 11).state
        if extra:
            s = race.gain_dodos(s, name, extra).state
        s = race.go_to_bed(s, name).state
    return s


def test_full_race_scoring_and_rest_phase(game: InsomniaState) -> None:
    s = _three_in_bed(game, {"Ana": 7, "Bo": 0, "Cy": 7})  # 12, 5, 12
    assert s.phase is Phase.scoring
    s = rest.finish_race(s, T3).state
    assert [p.pillow for p in s.players] == [30, 35, 30]
    assert s.players[s.first].name == "Bo" and s.phase is Phase.rest
    assert all(p.score == 0 and p.space is None for p in s.players)
    with pytest.raises(GmError) as err:
        rest.rest_zzz(s, "Ana")  # Bo chooses first now
    assert err.value.key == "insomnia.error.rest_order"
    s, said = rest.rest_tile(s, "Bo", 3, BOND)
    assert "bonus_infinite" in keys(said) and s.tiles[3] == "bond-en-avant"
    with pytest.raises(GmError):
        rest.rest_tile(s, "Cy", 3)  # taken
    s, said = rest.rest_tile(s, "Cy", 7, RIVAL)
    assert "bonus_unknown" in keys(said)
    s, said = rest.rest_zzz(s, "Ana")
    assert s.phase is Phase.race and s.race == 2 and s.players[s.active].name == "Bo"
    # the last choice is told, then the race it starts (nothing of the rest phase is lost)
    assert keys(said)[0] == "zzz" and "race_start" in keys(said)


def test_full_board_forces_zzz(game: InsomniaState) -> None:
    s = _three_in_bed(game, {"Ana": 0, "Bo": 1, "Cy": 2})
    s = rest.finish_race(s, T3).state
    s = s.model_copy(update={"tiles": {i: "" for i in range(1, 11)}})
    assert rest.rest_choice_forced(s)
    with pytest.raises(GmError) as err:
        rest.rest_tile(s, rest.resting_player(s), 4)
    assert err.value.key == "insomnia.error.board_full"


def test_finish_with_winner_ends_game(game: InsomniaState) -> None:
    g = game.model_copy(deep=True)
    g.players[1].pillow = 12
    s = _three_in_bed(g, {"Ana": 0, "Bo": 9, "Cy": 0})  # Bo 14 ≥ 12
    s = rest.finish_race(s, T3).state
    assert s.phase is Phase.over and s.winners == ["Bo"]


def test_solo_races() -> None:
    s, said = race.new_game(["Solo"], solo=True)
    assert "last_sheep" in [e.key.removeprefix("insomnia.event.") for e in said]
    s = race.move_sheep(s, "Solo", 11).state
    s = race.gain_dodos(s, "Solo", 9).state  # 14
    s = race.go_to_bed(s, "Solo").state
    s = rest.finish_race(s, None).state
    assert s.players[0].pillow == 38 and s.solo_pillow_moved == 2 and s.solo_dodos == 14
    with pytest.raises(GmError):
        rest.rest_tile(s, "Solo", 1, RIVAL)  # removed in solo
    s = rest.rest_tile(s, "Solo", 1, BOND).state
    assert s.tiles[2] == "" and s.race == 2  # the solo extra tile went on the smallest free space
    # race 2: woken up, pillow does not move
    s = race.move_sheep(s, "Solo", 11).state
    s = race.scare(race.scare(s, ["Solo"]).state, ["Solo"]).state
    s = rest.finish_race(s, None).state
    assert s.players[0].pillow == 38 and s.solo_dodos == 14
    s = rest.rest_zzz(s, "Solo").state
    # race 3: reach the pillow and go to bed: the game ends
    s.players[0].pillow = 10
    s = race.gain_dodos(race.move_sheep(s, "Solo", 11).state, "Solo", 5).state
    s = race.go_to_bed(s, "Solo").state
    s = rest.finish_race(s, None).state
    assert s.phase is Phase.over and s.winners == ["Solo"] and s.race == 3 and s.solo_dodos == 24
