"""Insomnia between races: scoring the race in a session, the reset, the rest phase. Pure functions.

Rulebook: end of race and reset p. 9, rest phase p. 10, solo changes p. 11.

Our readings:

* The rest phase goes in turn order from the (new) first player; each player does exactly one of
  the two options, and the app keeps that order.
* A full board (a tile on all 10 spaces) leaves only the 2 Zzz option (p. 10).
* Solo: after the player's choice the top tile of the pile goes, without Zzz, on the free space
  with the smallest number (p. 11); the app records that space as holding an unnamed tile.
* Solo: the game ends when the sheep goes to bed with its score on or past its pillow (p. 11).
"""

from __future__ import annotations

from gm_assist.core.errors import GmError

from . import rules
from .model import (
    BOARD_SPACES,
    DreamTile,
    InsomniaState,
    Phase,
    PillowTable,
    RaceEntry,
    SheepStatus,
)
from .race import _copy, _ev, _need_phase, _sheep, _start_race, told
from .rules import board_full, free_spaces, resting_player


def race_entries(state: InsomniaState) -> list[RaceEntry]:
    """The race's results in turn order, the first player first, ready for :func:`rules.score_race`."""
    return [
        RaceEntry(name=p.name, dodos=p.score, pillow=p.pillow, woke=p.status is SheepStatus.woken)
        for p in (state.players[i] for i in state.turn_order())
    ]


@told
def finish_race(state: InsomniaState, table: PillowTable | None) -> InsomniaState:
    """Score the race that just ended (p. 9; solo p. 11), then reset the board for the rest phase.

    Multiplayer: :func:`rules.score_race` with ``table``. Solo: a win if the sheep went to bed on or
    past its pillow, else the pillow moves down 1 per full 5 dodos (0 if woken up).
    """
    _need_phase(state, Phase.scoring)
    new = _copy(state)
    if new.solo:
        _finish_solo(new)
    else:
        assert table is not None
        result = rules.score_race(race_entries(new), table)
        new.last_score = result
        if result.winners:
            new.winners, new.phase = result.winners, Phase.over
            _ev(new, "winners", "insomnia/victory", names=", ".join(result.winners))
            return new
        for p in new.players:
            p.pillow = result.pillows[p.name]
        new.first = new.index(result.first_player)
    if new.phase is Phase.over:
        return new
    _reset(new)
    return new


def _finish_solo(state: InsomniaState) -> None:
    sheep = state.players[0]
    state.solo_dodos += sheep.score
    if rules.solo_won(sheep.score, sheep.pillow, sheep.status is SheepStatus.bed):
        state.winners, state.phase = [sheep.name], Phase.over
        _ev(state, "solo_over", "insomnia/solo-score", races=state.race)
        return
    moved = min(sheep.pillow, rules.solo_pillow_move(sheep.score, sheep.status is SheepStatus.woken))
    sheep.pillow -= moved
    state.solo_pillow_moved += moved
    _ev(state, "solo_pillow", "insomnia/solo", moved=moved, pillow=sheep.pillow)


def _reset(state: InsomniaState) -> None:
    """Reset for the rest phase (p. 9): sheep in front of players, nightmare in the centre, scores
    to 0, every card gathered and shuffled into a new deck."""
    for p in state.players:
        p.space, p.status, p.score, p.can_go_to_bed, p.rested = None, SheepStatus.running, 0, False, False
    state.nightmare_space, state.phase = None, Phase.rest
    _ev(state, "reset", "insomnia/race-end")
    _ev(state, "rest_turn", "insomnia/rest-phase", name=resting_player(state))


def _rest_check(state: InsomniaState, name: str) -> None:
    _need_phase(state, Phase.rest)
    _sheep(state, name)
    expected = resting_player(state)
    if name != expected:
        raise GmError("insomnia.error.rest_order", name=name, expected=expected)


@told
def rest_tile(state: InsomniaState, name: str, space: int, tile: DreamTile | None = None) -> InsomniaState:
    """Rest option 1 (p. 10): put a market tile on an empty space and take its placement bonus
    (3 Zzz, or 1 infinite Zzz, on that tile); refill the market to 4. Not possible on a full board."""
    _rest_check(state, name)
    if board_full(state):
        raise GmError("insomnia.error.board_full")
    if not 1 <= space <= BOARD_SPACES:
        raise GmError("insomnia.error.space_range", space=space)
    if space in state.tiles:
        raise GmError("insomnia.error.space_taken", space=space, free=", ".join(map(str, free_spaces(state))))
    if tile is not None and state.solo and tile.solo_removed:
        raise GmError("insomnia.error.tile_not_in_solo", tile=tile.fr or tile.en)
    new = _copy(state)
    new.tiles[space] = tile.id if tile else ""
    bonus = tile.bonus if tile and tile.bonus else "unknown"
    _ev(
        new,
        f"bonus_{bonus}",
        tile.card if tile and tile.card else "insomnia/dream-tiles",
        name=name,
        space=space,
    )
    _ev(new, "market", "insomnia/dream-tiles")
    return _rested(new, name)


@told
def rest_zzz(state: InsomniaState, name: str) -> InsomniaState:
    """Rest option 2 (p. 10): place 2 Zzz on one or two dream tiles of the board."""
    _rest_check(state, name)
    new = _copy(state)
    _ev(new, "zzz", "insomnia/zzz", name=name)
    return _rested(new, name)


def _rested(state: InsomniaState, name: str) -> InsomniaState:
    state.players[state.index(name)].rested = True
    if state.solo and not board_full(state):
        space = free_spaces(state)[0]
        state.tiles[space] = ""
        _ev(state, "solo_tile", "insomnia/solo", space=space)
    nxt = resting_player(state)
    if nxt:
        _ev(state, "rest_turn", "insomnia/rest-phase", name=nxt)
        return state
    said = list(state._said)  # the last player's choice, then the new race
    started = _start_race(state, state.race + 1)
    started._said = said + started._said
    return started


def rest_choice_forced(state: InsomniaState) -> bool:
    """True when the 2 Zzz option is the only one left (full board, p. 10)."""
    return board_full(state)
