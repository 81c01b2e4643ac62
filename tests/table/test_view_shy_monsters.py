"""Shy Monsters' table view model (`view.table_view`): what is drawn, and above all what is never sent.

The hidden-information rule (issue 16): in solo play, and for the hero's side of a two-player game,
no face-down tile's content reaches the browser. The properties play random floors with random
sequences of the game's real actions (reveal, explore, jump, attack) and check, after every step:

- each face-down place of the view is exactly ``{"row", "col", "hero": false, "tile": "hidden"}``;
- the colour of a face-down monster the hero cannot know (not turned over on this floor, not laid
  face up beside the play area) appears nowhere in ``json.dumps(view)``, in any language, and the
  word ``"exit"`` does not while the exit is face down;
- non-interference: shuffling the face-down tiles among themselves, giving the hidden monsters other
  unknown colours, and replacing the planned floors, the pile, the seed, the hand and the colours
  set aside gives exactly the same JSON.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_assist.core.i18n import LANGS, catalog
from gm_assist.core.session import load
from gm_assist.games.shy_monsters import actions
from gm_assist.games.shy_monsters.dungeon_master import new_game
from gm_assist.games.shy_monsters.hero import moves
from gm_assist.games.shy_monsters.model import COLOUR_OF, COLOURS, EXIT, LETTER_OF, Floor, ShyState
from gm_assist.games.shy_monsters.rules import load_patterns
from gm_assist.games.shy_monsters.view import table_view

SM = "shy-monsters"


# --- what the hero may know -------------------------------------------------------------------------


def unrevealed(state: ShyState) -> dict[tuple[int, int], str]:
    """Face-down tiles of the current floor and their letter."""
    f = state.floor
    if f.layout is None:
        return {}
    return {cell: ch for cell, ch in f.layout.tiles().items() if cell not in f.revealed}


def known_colours(state: ShyState) -> set[str]:
    f = state.floor
    shown = set(state.shown_monsters)
    if f.layout is not None:
        shown |= {COLOUR_OF[f.layout.at(c)] for c in f.revealed if f.layout.at(c) in COLOUR_OF}
    return shown


def colour_words(colour: str) -> list[str]:
    return [colour] + [catalog(lang, "shy_monsters")[f"shy_monsters.colour.{colour}"] for lang in LANGS]


def disguised(state: ShyState, rng: random.Random) -> ShyState:
    """The same public game with everything hidden changed."""
    other = state.model_copy(deep=True)
    f = other.floor
    hidden = unrevealed(state)
    if f.layout is not None and hidden:
        free = [c for c in COLOURS if c not in known_colours(state)]
        swap = dict(zip(free, rng.sample(free, len(free)), strict=True))
        letters = [LETTER_OF[swap[COLOUR_OF[ch]]] if ch in COLOUR_OF else ch for ch in hidden.values()]
        rng.shuffle(letters)
        rows = [list(row) for row in f.layout.rows]
        for (r, c), ch in zip(hidden, letters, strict=True):
            rows[r][c] = ch
        f.layout = Floor(rows=tuple("".join(row) for row in rows))
        f.hand = sorted(rng.sample(list(COLOURS), 2))  # type: ignore[assignment]
    other.planned = [Floor(rows=("E.",)) for _ in state.planned]
    other.pile = rng.sample(list(COLOURS), len(COLOURS))  # type: ignore[assignment]
    other.seed = rng.randrange(10**6)
    other.set_aside = rng.sample(list(COLOURS), len(state.set_aside))  # type: ignore[assignment]
    other.used = rng.sample(list(COLOURS), len(state.used))  # type: ignore[assignment]
    return other


def assert_nothing_hidden_is_shown(state: ShyState, rng: random.Random) -> None:
    view = table_view(state)
    dump = json.dumps(view, ensure_ascii=False)
    hidden = unrevealed(state)
    for (r, c), _ in hidden.items():
        assert view["grid"][r][c] == {"row": r + 1, "col": c + 1, "hero": False, "tile": "hidden"}
    secret = {COLOUR_OF[ch] for ch in hidden.values() if ch in COLOUR_OF} - known_colours(state)
    for colour in secret:
        for word in colour_words(colour):
            assert not re.search(rf"\b{re.escape(word)}\b", dump, re.IGNORECASE), (colour, word, dump)
    if EXIT in hidden.values():
        assert '"exit"' not in dump
    for _ in range(2):
        assert json.dumps(table_view(disguised(state, rng)), ensure_ascii=False) == dump


# --- random play through the real actions ------------------------------------------------------------


def step(state: ShyState, choose: Callable[[list[Any]], Any], floors: list[Floor]) -> ShyState:
    """One random legal action, applied through the game's actions: the hero's, or in a two-player
    game the Dungeon Master laying the next floor (taken from ``floors``)."""
    f = state.floor
    if f.layout is None:
        return actions.LayFloor(grid=floors[f.number - 1].notation()).apply(state)
    if f.reveals_due > 0:
        r, c = choose(sorted(unrevealed(state)))
        return actions.Reveal(row=r, col=c).apply(state)
    legal = moves(state)
    kind, direction = choose(
        [("explore", d) for d in legal["explore"]] + [("jump", d) for d in legal["jump"]]
    )
    attack = False if f.attack_used else choose([False, True])
    action = actions.Explore if kind == "explore" else actions.Jump
    return action(direction=direction, attack=attack).apply(state)


def play_out(
    state: ShyState, choose: Callable[[list[Any]], Any], rng: random.Random, steps: int, floors: list[Floor]
) -> ShyState:
    assert_nothing_hidden_is_shown(state, rng)
    for _ in range(steps):
        if state.outcome != "playing":
            break
        state = step(state, choose, floors)  # a legal step: any refusal is a failure, never skipped
        assert_nothing_hidden_is_shown(state, rng)
    return state


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 10**6), data=st.data())
def test_solo_never_shows_a_face_down_tile(seed: int, data: Any) -> None:
    state = new_game("solo", "random", seed, load_patterns())
    play_out(state, lambda options: data.draw(st.sampled_from(options)), random.Random(seed), 25, [])


@SETTINGS
@given(seed=st.integers(0, 10**6), data=st.data())
def test_two_players_hero_side_never_shows_a_face_down_tile(seed: int, data: Any) -> None:
    floors = new_game("solo", "random", seed, load_patterns()).planned
    state = new_game("two-players", "random", None, load_patterns())
    play_out(state, lambda options: data.draw(st.sampled_from(options)), random.Random(seed), 25, floors)


def test_finished_games_still_hide_the_face_down_tiles() -> None:
    rng = random.Random(7)
    outcomes = set()
    for seed in range(30):
        state = play_out(new_game("solo", "random", seed, load_patterns()), rng.choice, rng, 200, [])
        view = table_view(state)
        assert view["finished"] and view["next"]["key"] == f"shy_monsters.table.next.{state.outcome}"
        outcomes.add(state.outcome)
    assert outcomes == {"hero-won", "hero-died"}


# --- what is drawn -------------------------------------------------------------------------------------


def test_new_solo_game_through_the_command(gm):
    r = gm(SM, "new", "--solo", "--seed", "3", "--difficulty", "random", "--json")
    assert r.exit_code == 0, r
    _, state = load(SM)
    view = table_view(state)
    assert view["mode"] == "solo" and view["floor"] == 1 and view["floors"] == 3 and not view["finished"]
    assert view["rows"] == len(state.floor.layout.rows) and view["cols"] == len(state.floor.layout.rows[0])
    entrance = [cell for row in view["grid"] for cell in row if cell["tile"] == "entrance"]
    assert (
        len(entrance) == 1
        and entrance[0]["hero"]
        and view["hero"] == {"row": entrance[0]["row"], "col": entrance[0]["col"]}
    )
    assert {cell["tile"] for row in view["grid"] for cell in row} <= {"none", "hidden", "entrance"}
    assert view["reveals_due"] == 2 and view["next"] == {
        "key": "shy_monsters.table.next.reveal",
        "params": {"count": 2},
    }
    assert view["skills"] == {"attack": "ready", "jump": "ready"}
    assert "seed" not in json.dumps(view) and view["colours"] == {}
    assert view["events"][0]["text"]["fr"].startswith("L'étage 1")


def test_revealed_monster_is_drawn_with_its_colour_in_both_languages(gm):
    gm(SM, "new", "--solo", "--seed", "3", "--difficulty", "random")
    _, state = load(SM)
    monster = next(cell for cell, ch in state.floor.layout.tiles().items() if ch in COLOUR_OF)
    r = gm("--lang", "fr", SM, "reveal", f"{monster[0] + 1},{monster[1] + 1}", "--json")
    assert r.exit_code == 0, r
    _, state = load(SM)
    view = table_view(state)
    colour = COLOUR_OF[state.floor.layout.at(monster)]
    cell = view["grid"][monster[0]][monster[1]]
    assert cell == {
        "row": monster[0] + 1,
        "col": monster[1] + 1,
        "hero": False,
        "tile": "monster",
        "colour": colour,
        "killed": False,
    }
    names = {lang: catalog(lang, "shy_monsters")[f"shy_monsters.colour.{colour}"] for lang in LANGS}
    assert view["colours"] == {colour: names}
    event = view["events"][-1]
    assert event["params"]["colour"] == colour  # named in French when it happened, an id here
    assert names["en"] in event["text"]["en"] and names["fr"] in event["text"]["fr"]
    assert view["reveals_due"] == 1


def test_two_players_waiting_for_the_dungeon_master(gm):
    assert gm(SM, "new", "--json").exit_code == 0
    _, state = load(SM)
    view = table_view(state)
    assert view["waiting_for_floor"] and view["grid"] == [] and view["rows"] == 0
    assert view["next"] == {"key": "shy_monsters.table.next.lay_floor", "params": {"floor": 1}}
