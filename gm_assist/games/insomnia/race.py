"""Insomnia race tracking: the sheep, the nightmare, the fence, the rest phase. Pure functions.

Every function takes an :class:`InsomniaState` and returns a new one (never mutates its input);
what the table should hear about (scares, fence crossings, reminders) comes back beside it: each
public rule returns an ``Outcome(state, events)`` (``core.game``), the events are never saved
in the state, and the CLI and the guided flow say them from the recorded change.

Rulebook pages: turn structure p. 4, moving p. 4–5, the fence p. 6, drawing p. 7, nightmare and
scares p. 8–9, end of race p. 9, rest phase p. 10, solo p. 11.

Our readings where the rulebook leaves room:

* A sheep not yet on the board counts as space 0: moving 3 puts it on space 3 (p. 4).
* Landing on the nightmare's space is resolved before the rest of the move (p. 5): a sheep woken
  up by that scare does not also collect the fence's dodos of that move.
* Going to bed is possible from the moment the sheep crosses the fence until its turn ends
  (``end_turn`` = "I continue"); another sheep pushed over the fence on someone else's turn (tile
  *Guider le troupeau*) may go to bed too (p. 12).
* The nightmare moves like a sheep (p. 8): from the centre it starts before space 1; it never goes
  back over the fence (stops on space 1; from the centre it stays there). A forward move or jump
  past space 10 crosses the fence: every sheep still running wakes up and the race ends (p. 9).
  A jump "to space N" lands there directly and crosses nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import ParamSpec

from gm_assist.core.errors import GmError
from gm_assist.core.game import Outcome

from .model import BOARD_SPACES, FENCE_DODOS, Event, InsomniaState, Phase, Sheep, SheepStatus

P = ParamSpec("P")


def _ev(state: InsomniaState, key: str, card: str = "", **params: str | int | dict[str, str]) -> None:
    state._said.append(Event(key=f"insomnia.event.{key}", params=params, rule=card or None))


def _copy(state: InsomniaState) -> InsomniaState:
    new = state.model_copy(deep=True)
    new._said = []
    return new


def told(rule: Callable[P, InsomniaState]) -> Callable[P, Outcome]:
    """A public rule: the state it returns and, apart, the events it raised for the table."""

    @functools.wraps(rule)
    def outcome(*args: P.args, **kwargs: P.kwargs) -> Outcome:
        new = rule(*args, **kwargs)
        events, new._said = new._said, []
        return Outcome(new, events)

    return outcome


def _step(state: InsomniaState) -> InsomniaState:
    """:func:`_copy` for a step of the race: a chance to go to bed out of turn passes with it."""
    new = _copy(state)
    _moment_passes(new)
    return new


def _need_phase(state: InsomniaState, *phases: Phase) -> None:
    if state.phase not in phases:
        raise GmError(f"insomnia.error.phase_{phases[0].value}", phase=state.phase.value)


def _sheep(state: InsomniaState, name: str) -> Sheep:
    try:
        return state.players[state.index(name)]
    except KeyError as exc:
        raise GmError(
            "insomnia.error.no_such_player", name=name, players=", ".join(p.name for p in state.players)
        ) from exc


def _in_race(state: InsomniaState, name: str) -> Sheep:
    _need_phase(state, Phase.race)
    sheep = _sheep(state, name)
    if not sheep.in_race:
        raise GmError("insomnia.error.not_in_race", name=name, status=sheep.status.value)
    return sheep


def running(state: InsomniaState) -> list[Sheep]:
    """Sheep still in the race (running or scared), in seat order."""
    return [p for p in state.players if p.in_race]


# ---------------------------------------------------------------- set-up and race start


@told
def new_game(names: list[str], nightmare: str = "wolf", solo: bool = False) -> InsomniaState:
    """A new game (rulebook p. 3): pillows on 40, scores on 0, dream tiles on spaces 5 and 10, the
    nightmare in the centre, the first name holds the first-sheep marker. Solo: exactly one name."""
    if solo and len(names) != 1:
        raise GmError("insomnia.error.solo_one_player", count=len(names))
    if not solo and not 2 <= len(names) <= 4:
        key = "insomnia.error.game_player_count" + ("_one" if len(names) == 1 else "")
        raise GmError(key, count=len(names))
    state = InsomniaState(players=[Sheep(name=n) for n in names], nightmare=nightmare, solo=solo)
    return _start_race(state, race=1)


def _start_race(state: InsomniaState, race: int) -> InsomniaState:
    """Start race ``race``: sheep in front of their players, running, scores 0, nightmare in the
    centre, the first player is active; everyone draws 2 cards (p. 4, nightmare cards resolved at
    once in turn order until each holds 2 sheep cards)."""
    new = _copy(state)
    for p in new.players:
        p.space, p.status, p.score, p.can_go_to_bed, p.rested = None, SheepStatus.running, 0, False, False
    new.nightmare_space, new.phase, new.race, new.active = None, Phase.race, race, new.first
    new.moved = False
    _ev(new, "race_start", "insomnia/turn", race=race, first=new.players[new.first].name)
    _remind_last_sheep(new)
    return new


# ---------------------------------------------------------------- scares


def _wake(state: InsomniaState, sheep: Sheep) -> None:
    """Wake a sheep up (p. 8): in front of its player, score back to 0, hand discarded, out."""
    sheep.status, sheep.score, sheep.space, sheep.can_go_to_bed = SheepStatus.woken, 0, None, False
    _ev(state, "woken", "insomnia/woken-up", name=sheep.name)


def _scare(state: InsomniaState, sheep: Sheep) -> None:
    """Scare a sheep (p. 8): a running sheep lies down; a scared one wakes up."""
    if sheep.status is SheepStatus.scared:
        _wake(state, sheep)
    elif sheep.status is SheepStatus.running:
        sheep.status = SheepStatus.scared
        _ev(state, "scared", "insomnia/scared", name=sheep.name)


@told
def scare(state: InsomniaState, names: Iterable[str]) -> InsomniaState:
    """Scare the named sheep (a nightmare card or a dream tile says so; p. 8): a second scare wakes
    a sheep up."""
    new = _step(state)
    for name in names:
        _scare(new, _in_race(new, name))
    return _after(new)


@told
def brave(state: InsomniaState, name: str) -> InsomniaState:
    """Pull yourself together (se ressaisir, p. 9): a scared sheep stands up again (dream tiles)."""
    new = _step(state)
    sheep = _in_race(new, name)
    if sheep.status is not SheepStatus.scared:
        raise GmError("insomnia.error.not_scared", name=name)
    sheep.status = SheepStatus.running
    _ev(new, "brave", "insomnia/scared", name=name)
    return new


# ---------------------------------------------------------------- sheep moves


@told
def move_sheep(state: InsomniaState, name: str, spaces: int) -> InsomniaState:
    """Move a sheep ``spaces`` clockwise (negative: backward), p. 4–6.

    Forward: each pass from space 10 to space 1 crosses the fence (+5 dodos each) and opens the
    choice to go to bed. Backward: never over the fence; a sheep pushed back past space 1 stays on
    space 1. Ending on the nightmare's space scares the sheep first (p. 5).
    """
    return _move_sheep(state, name, spaces)


def _move_sheep(state: InsomniaState, name: str, spaces: int) -> InsomniaState:
    """The move itself (shared with :func:`move_sheep_to`)."""
    if spaces == 0:
        raise GmError("insomnia.error.zero_move")
    new = _step(state)
    sheep = _in_race(new, name)
    start = sheep.space or 0
    if spaces > 0:
        absolute = start + spaces
        crossings = (absolute - 1) // BOARD_SPACES
        sheep.space = (absolute - 1) % BOARD_SPACES + 1
    else:
        if sheep.space is None:
            raise GmError("insomnia.error.not_on_board", name=name)
        crossings = 0
        sheep.space = max(1, start + spaces)
        if start + spaces < 1:
            _ev(new, "fence_blocks", "insomnia/fence", name=name)
    _ev(new, "moved", "", name=name, space=sheep.space)
    if new.nightmare_space is not None and sheep.space == new.nightmare_space:
        _scare(new, sheep)
    if sheep.in_race and sheep.space in new.tiles:
        _remind_tile(new, sheep)
    if crossings and sheep.in_race:
        gained = FENCE_DODOS * crossings
        sheep.score += gained
        sheep.can_go_to_bed = True
        _ev(new, "crossed", "insomnia/fence", name=name, dodos=gained, score=sheep.score)
    if name == new.players[new.active].name:
        new.moved = True
    return _after(new)


def _remind_tile(state: InsomniaState, sheep: Sheep) -> None:
    """A sheep that ends its move on a dream tile's space may use the tile (p. 6): said at once,
    with the tile's name when the table named it."""
    from .catalog import tile_by_id

    assert sheep.space is not None
    tile = tile_by_id(state.tiles[sheep.space])
    if tile is None:
        _ev(state, "on_tile_unnamed", "insomnia/dream-tiles", name=sheep.name, space=sheep.space)
        return
    names = {"en": tile.en or tile.fr, "fr": tile.fr or tile.en}
    _ev(state, "on_tile", "insomnia/dream-tiles", name=sheep.name, space=sheep.space, tile=names)


@told
def move_sheep_to(state: InsomniaState, name: str, space: int) -> InsomniaState:
    """Move a sheep clockwise to ``space`` (1–10), crossing the fence if the space is behind it
    (tiles such as *Couvouurs!* or *Raccourci*, p. 12)."""
    if not 1 <= space <= BOARD_SPACES:
        raise GmError("insomnia.error.space_range", space=space)
    start = _in_race(state, name).space or 0
    if start == space:
        raise GmError("insomnia.error.zero_move")
    steps = space if start == 0 else (space - start) % BOARD_SPACES
    return _move_sheep(state, name, steps)


@told
def gain_dodos(state: InsomniaState, name: str, dodos: int) -> InsomniaState:
    """Add dodos to a sheep's score (a dream tile or a card gives them; p. 5)."""
    if dodos == 0:
        raise GmError("insomnia.error.zero_dodos")
    new = _step(state)
    sheep = _in_race(new, name)
    sheep.score = max(0, sheep.score + dodos)
    _ev(new, "dodos", "", name=name, dodos=dodos, score=sheep.score)
    return new


@told
def go_to_bed(state: InsomniaState, name: str) -> InsomniaState:
    """Go to bed (p. 6): only right after crossing the fence. The sheep leaves the race with its
    score, discards its hand and draws no more; its turn is skipped until the next race."""
    new = _copy(state)
    sheep = _in_race(new, name)
    if not sheep.can_go_to_bed:
        raise GmError("insomnia.error.bed_needs_fence", name=name)
    sheep.status, sheep.space, sheep.can_go_to_bed = SheepStatus.bed, None, False
    _ev(new, "bed", "insomnia/go-to-bed", name=name, score=sheep.score)
    if new.solo and sheep.score >= sheep.pillow:
        _ev(new, "solo_reached", "insomnia/solo", score=sheep.score, pillow=sheep.pillow)
    return _after(new)


@told
def end_turn(state: InsomniaState) -> InsomniaState:
    """End the active sheep's turn (p. 4, step 4): it stays in the race (the chance to go to bed
    passes) and draws back to 2 cards; play passes clockwise to the next sheep still running."""
    _need_phase(state, Phase.race)
    new = _copy(state)
    for p in new.players:
        p.can_go_to_bed = False
    _pass_turn(new)
    return new


def _moment_passes(state: InsomniaState, keep: str | None = None) -> None:
    """A sheep moved over the fence on another player's turn (the *Guider le troupeau* tile, rulebook
    p. 12) may go to bed at that moment only: the next step closes that chance. The active sheep
    keeps its own until its turn ends (p. 6)."""
    active = state.players[state.active].name
    for p in state.players:
        if p.name not in (active, keep):
            p.can_go_to_bed = False


def _pass_turn(state: InsomniaState) -> None:
    n = len(state.players)
    for k in range(1, n + 1):
        idx = (state.active + k) % n
        if state.players[idx].in_race:
            state.active, state.moved = idx, False
            _ev(state, "turn", "insomnia/turn", name=state.players[idx].name)
            _remind_last_sheep(state)
            return


def _remind_last_sheep(state: InsomniaState) -> None:
    """Last sheep running: reveal the top card of the deck before drawing (p. 7)."""
    if len(running(state)) == 1:
        _ev(state, "last_sheep", "insomnia/last-sheep", name=running(state)[0].name)


def _after(state: InsomniaState) -> InsomniaState:
    """After a change: pass the turn if the active sheep left the race; end the race when no sheep
    is still running (p. 9)."""
    if not running(state):
        state.phase = Phase.scoring
        _ev(state, "race_over", "insomnia/race-end")
        return state
    if not state.players[state.active].in_race:
        for p in state.players:
            p.can_go_to_bed = False
        _pass_turn(state)
    return state


# ---------------------------------------------------------------- the nightmare


@told
def nightmare_move(state: InsomniaState, spaces: int) -> InsomniaState:
    """The nightmare MOVES (p. 8): every sheep on a space it reaches or passes is scared. Forward
    past space 10 it crosses the fence: every sheep still running wakes up, the race ends (p. 9)."""
    return _nightmare(state, spaces, jump=False)


@told
def nightmare_jump(state: InsomniaState, spaces: int | None = None, to: int | None = None) -> InsomniaState:
    """The nightmare JUMPS (p. 8) by ``spaces`` or straight onto space ``to``: only the sheep on its
    landing space are scared. A relative jump forward past space 10 crosses the fence; a jump
    straight onto a space is a placement and crosses nothing (our reading)."""
    if to is None:
        return _nightmare(state, spaces or 0, jump=True)
    _need_phase(state, Phase.race)
    if not 1 <= to <= BOARD_SPACES:
        raise GmError("insomnia.error.space_range", space=to)
    if to == state.nightmare_space:
        raise GmError("insomnia.error.zero_move")
    new = _step(state)
    new.nightmare_space = to
    _ev(new, "nightmare_jumped", "insomnia/nightmare-jump", space=to)
    for sheep in running(new):
        if sheep.space == to:
            _scare(new, sheep)
    return _after(new)


def _nightmare(state: InsomniaState, spaces: int, jump: bool) -> InsomniaState:
    _need_phase(state, Phase.race)
    if spaces == 0:
        raise GmError("insomnia.error.zero_move")
    new = _step(state)
    start = new.nightmare_space or 0
    if spaces < 0:
        if new.nightmare_space is None:
            _ev(new, "nightmare_stays", "insomnia/nightmare")
            return new
        new.nightmare_space = max(1, start + spaces)
        path = [new.nightmare_space] if jump else list(range(new.nightmare_space, start))
    else:
        new.nightmare_space = (start + spaces - 1) % BOARD_SPACES + 1
        # one lap at most: further on it has crossed the fence and the path no longer matters
        # (a huge number used to build a path of billions of spaces, input fuzzing, issue 9)
        reached = range(start + 1, start + min(spaces, BOARD_SPACES) + 1)
        path = [new.nightmare_space] if jump else [(s - 1) % BOARD_SPACES + 1 for s in reached]
    card = "insomnia/nightmare-jump" if jump else "insomnia/nightmare-move"
    _ev(new, "nightmare_jumped" if jump else "nightmare_moved", card, space=new.nightmare_space)
    if spaces > 0 and start + spaces > BOARD_SPACES:
        for sheep in running(new):
            _wake(new, sheep)
        _ev(new, "nightmare_fence", "insomnia/nightmare")
        return _after(new)
    for sheep in running(new):
        if sheep.space is not None and sheep.space in path:
            _scare(new, sheep)
    return _after(new)
