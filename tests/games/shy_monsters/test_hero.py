"""The hero phase and the floor sequence: reveals, explore, jump, attack, death, exit, game over."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.shy_monsters import hero
from gm_assist.games.shy_monsters.floor import construction_errors, parse_floor
from gm_assist.games.shy_monsters.model import ShyState
from gm_assist.games.shy_monsters.rules import load_patterns

P = load_patterns()

# Row 0: E C O      orange (0,2): dead end (only the corridor west) -> comfortable
# Row 1: . C .
# Row 2: C B X      blue (2,1): corridor north, corridor west, exit east -> comfortable
FLOOR_A = "ECO/.C./CBX"
# O P C     orange (0,0) dead end and purple (0,1) (corridor diagonal at (1,2)) share a side
# . . C
# X E C
FLOOR_B = "OPC/..C/XEC"


def game(grid: str = FLOOR_A, number: int = 1) -> ShyState:
    state = ShyState(mode="two-players")
    state.floor.number = number
    return hero.enter_floor(state, parse_floor(grid))


def ready(grid: str = FLOOR_A) -> ShyState:
    """Floor 3: nothing to turn over before moving."""
    return game(grid, 3)


def test_test_floors_are_valid() -> None:
    assert construction_errors(parse_floor(FLOOR_A)) == []
    assert construction_errors(parse_floor(FLOOR_B)) == []


def test_tiles_to_reveal_before_moving_by_floor() -> None:
    assert [game(number=n).floor.reveals_due for n in (1, 2, 3)] == [2, 1, 0]
    state = game()
    with pytest.raises(GmError) as caught:
        hero.explore(state, "east", P)
    assert caught.value.key == "shy_monsters.error.reveal_first"
    state = hero.reveal(state, (2, 1), P)
    assert state.floor.events[0].key == "reveal.monster_active"
    state = hero.reveal(state, (0, 1), P)
    assert state.floor.reveals_due == 0
    with pytest.raises(GmError):
        hero.reveal(state, (1, 1), P)


def test_reveal_refuses_empty_and_face_up_cells() -> None:
    state = game()
    with pytest.raises(GmError) as caught:
        hero.reveal(state, (1, 0), P)
    assert caught.value.key == "shy_monsters.error.no_tile_at"
    with pytest.raises(GmError) as caught:
        hero.reveal(state, (0, 0), P)
    assert caught.value.key == "shy_monsters.error.already_revealed"


def test_explore_is_orthogonal_onto_a_tile() -> None:
    state = ready()
    with pytest.raises(GmError) as caught:
        hero.explore(state, "south", P)
    assert caught.value.params == {"row": 2, "col": 1}
    with pytest.raises(GmError) as caught:
        hero.explore(state, "south-east", P)
    assert caught.value.key == "shy_monsters.error.explore_diagonal"
    state = hero.explore(state, "east", P)
    assert state.floor.hero == (0, 1) and (0, 1) in state.floor.revealed
    assert state.floor.events[-1].key == "step.corridor"


def test_stepping_onto_an_active_monster_kills_the_hero() -> None:
    state = hero.explore(hero.explore(ready(), "east", P), "east", P)
    assert state.outcome == "hero-died"
    assert state.floor.events[-1].key == "step.monster_active"
    with pytest.raises(GmError) as caught:
        hero.explore(state, "west", P)
    assert caught.value.key == "shy_monsters.error.game_over"


def test_stepping_onto_a_panicking_monster_is_safe() -> None:
    state = game(FLOOR_B, 2)
    state = hero.reveal(state, (0, 0), P)  # orange first: it acts normally
    assert state.floor.events[0].key == "reveal.monster_active"
    for step in ("east", "north", "north", "west"):  # purple revealed second, next to orange
        state = hero.explore(state, step, P)
    assert state.outcome == "playing"
    assert state.floor.events[-1].key == "step.monster_panics"
    because = state.floor.events[-1].params["because"]  # the reason, in both languages
    assert because["en"] == "the orange monster next to it, row 1, column 1, was turned over first"
    assert because["fr"] == "le Monstre orange à côté, ligne 1, colonne 1, a été révélé avant lui"


def test_attack_kills_and_the_next_monster_panics_by_the_body() -> None:
    state = game(FLOOR_B, 3)
    for step in ("east", "north", "north"):
        state = hero.explore(state, step, P)
    state = hero.explore(state, "west", P, attack=True)  # purple killed on reveal
    assert state.floor.killed == [(0, 1)] and state.floor.attack_used
    assert state.floor.events[-1].key == "attack.kill"
    state = hero.explore(state, "west", P)  # orange revealed next to the body
    assert state.outcome == "playing"
    assert state.floor.events[-1].key == "step.monster_panics"
    assert state.floor.events[-1].params["because"]["en"].endswith("row 1, column 2, was killed first")


def test_attack_on_nothing_is_lost_and_once_per_floor() -> None:
    state = hero.declare_attack(ready())
    assert state.floor.attack_declared
    with pytest.raises(GmError) as caught:
        hero.declare_attack(state)
    assert caught.value.key == "shy_monsters.error.attack_already_declared"
    state = hero.explore(state, "east", P)
    assert state.floor.events[0].key == "attack.lost"
    assert state.floor.attack_used and not state.floor.attack_declared
    with pytest.raises(GmError) as caught:
        hero.declare_attack(state)
    assert caught.value.key == "shy_monsters.error.attack_used"


# E P C     purple (0,1): corridor diagonal at (1,2) -> comfortable
# . . C
# C X O     orange (2,2): two neighbours -> not comfortable
FLOOR_C = "EPC/..C/CXO"


def test_jump_over_an_active_monster_is_safe_and_reveals_it() -> None:
    state = hero.jump(ready(FLOOR_C), "east", P)
    assert state.outcome == "playing" and state.floor.hero == (0, 2)
    assert state.floor.revealed[-2:] == [(0, 2), (0, 1)]  # landing first, then the jumped tile
    assert [e.key for e in state.floor.events] == ["jump.over", "step.corridor", "jump.monster_active"]
    assert state.floor.jump_used
    with pytest.raises(GmError) as caught:
        hero.jump(state, "south", P)
    assert caught.value.key == "shy_monsters.error.jump_used"


def test_jump_onto_an_active_monster_kills_before_the_reveal() -> None:
    state = hero.jump(hero.explore(ready(), "east", P), "south", P)  # over (1,1) onto blue (2,1)
    assert state.outcome == "hero-died"
    assert (1, 1) not in state.floor.revealed


def test_jump_onto_an_uncomfortable_monster_is_safe() -> None:
    state = hero.explore(hero.explore(ready(FLOOR_C), "east", P, attack=True), "east", P)
    assert state.floor.killed == [(0, 1)]
    state = hero.jump(state, "south", P)  # over (1,2) onto orange (2,2)
    assert state.outcome == "playing"
    assert [e.key for e in state.floor.events][-2:] == ["step.monster_uncomfortable", "jump.corridor"]


def test_jumping_attack_uses_both_skills() -> None:
    state = hero.jump(hero.explore(ready(), "east", P), "south", P, attack=True)
    assert state.outcome == "playing"
    assert state.floor.killed == [(2, 1)] and state.floor.attack_used and state.floor.jump_used
    assert [e.key for e in state.floor.events] == ["jump.over", "attack.kill", "jump.corridor"]


def test_diagonal_jump_and_public_view() -> None:
    state = hero.explore(ready(), "east", P)
    assert hero.moves(state) == {"explore": ["east", "south", "west"], "jump": ["south"]}
    assert hero.public_rows(state.floor) == ["EC?", ".?.", "???"]


def test_floor_sequence_two_players() -> None:
    state = game(FLOOR_A, 1)
    state = hero.reveal(hero.reveal(state, (0, 2), P), (1, 1), P)
    state = hero.jump(state, "south-east", P, attack=True)  # jumping attack onto the exit: lost; cleared
    assert state.floors_cleared == 1 and state.floor.number == 2
    assert state.floor.layout is None and state.outcome == "playing"
    assert state.shown_monsters == ["orange"] and state.set_aside == ["blue"]
    assert state.used == ["orange", "blue"]
    assert construction_errors(parse_floor(FLOOR_C), used=state.used)[0].code == "monster_used"
    with pytest.raises(GmError) as caught:
        hero.explore(state, "east", P)
    assert caught.value.key == "shy_monsters.error.no_floor"
    state = hero.enter_floor(state, parse_floor("EGC/.CR/.CX"))
    assert state.floor.reveals_due == 1
    assert not state.floor.attack_used and not state.floor.jump_used
    with pytest.raises(GmError):
        hero.enter_floor(state, parse_floor("EGC/.CR/.CX"))


def test_three_exits_win_the_game() -> None:
    state = ShyState(mode="two-players")
    for number, grid in enumerate(["EXC/CCP/..O", "EXC/CCG/..R", "EXC/CCT/..B"], 1):
        state = hero.enter_floor(state, parse_floor(grid))
        for cell in [(1, 0), (1, 1)][: state.floor.reveals_due]:
            state = hero.reveal(state, cell, P)
        state = hero.explore(state, "east", P)
        assert state.floors_cleared == number
    assert state.outcome == "hero-won"
    assert state.set_aside == ["purple", "orange", "green", "red", "teal", "blue"]
    with pytest.raises(GmError):
        hero.enter_floor(state, parse_floor("EXC/CCP/..O"))
