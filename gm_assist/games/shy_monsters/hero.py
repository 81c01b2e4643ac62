"""Shy Monsters — the hero phase and the sequence of floors, as pure functions over ``ShyState``.

Our reading of the rulebook (« Phase héros », « Phase de destruction de l'étage »):

- Each floor the Dungeon Master lays the exit, the 3 corridors and 2 newly drawn monsters around the
  entrance (7 tiles). Monsters left unrevealed when the hero leaves a floor are set aside face down
  and never come back; revealed ones are laid face up beside the play area. Six monsters, two per
  floor: the pile is exactly used up by the third floor.
- Before the first move the hero turns over 2 tiles (floor 1), 1 (floor 2), 0 (floor 3), any
  face-down tiles of their choice; a monster turned over this way is revealed (it counts in the
  reveal order) but attacks no one.
- Explore: one step through a side onto a tile, turning it over if needed. Stepping onto an active
  monster kills the hero; an inactive one (uncomfortable or panicking) is harmless, even later.
- Jump (once per floor): over an adjacent tile in any of the 8 directions onto the tile beyond.
  The landing is judged first (an active monster there kills the hero), then the jumped tile is
  turned over.
- Attack (once per floor): declared, then applied to the next tile the hero enters (by exploring or
  jumping, which makes a jumping attack): a living monster there dies; otherwise the attack is lost.
- Entering the exit ends the floor at once. Game over when the hero dies, or after the third exit.

:func:`next_step` is the step the rules call for now (the guided menu's first entries, the "Next"
line, ``next`` of ``--json``); :func:`answers` turns a change's answers into the events of its
``Outcome``, each with its rule card. Neither ever names what a face-down tile is.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import LANGS, t_in
from gm_assist.core.message import Message, Params
from gm_assist.core.step import Choice, Step

from .floor import ALL_DIRECTIONS, ORTHOGONAL
from .model import (
    COLOUR_OF,
    CORRIDOR,
    ENTRANCE,
    EXIT,
    FLOORS,
    REVEALS_BEFORE_MOVING,
    Cell,
    Event,
    Floor,
    FloorPlay,
    Pattern,
    ShyState,
)
from .rules import colour_name, monster_statuses

DIRECTIONS: dict[str, Cell] = {
    "north": (-1, 0),
    "north-east": (-1, 1),
    "east": (0, 1),
    "south-east": (1, 1),
    "south": (1, 0),
    "south-west": (1, -1),
    "west": (0, -1),
    "north-west": (-1, -1),
}
"""Direction names (English ids) and their (row, col) steps; north is the top row."""


def start_floor(state: ShyState, layout: Floor) -> ShyState:
    """Open a floor: the hero on the entrance (face up), skills reset, tiles to turn over before
    moving set by the floor number (« Phase héros »: 2, 1, 0)."""
    new = state.model_copy(deep=True)
    number = new.floor.number
    entrance = layout.find(ENTRANCE)[0]
    new.floor = FloorPlay(
        number=number,
        layout=layout,
        hand=sorted(layout.monsters().values()),
        revealed=[entrance],
        hero=entrance,
        reveals_due=REVEALS_BEFORE_MOVING[number - 1],
        events=[Event(key="floor_ready", params={"floor": number})],
    )
    return new


def _playing(state: ShyState) -> tuple[FloorPlay, Floor]:
    if state.outcome != "playing":
        raise GmError("shy_monsters.error.game_over")
    play = state.floor
    if play.layout is None or play.hero is None:
        raise GmError("shy_monsters.error.no_floor", floor=play.number)
    return play, play.layout


def _status(play: FloorPlay, layout: Floor, patterns: dict[str, Pattern], cell: Cell) -> tuple[bool, bool]:
    """(comfortable, active) of the monster at ``cell`` given the floor's reveal order so far."""
    for status in monster_statuses(layout, patterns, play.revealed, play.killed):
        if status.cell == cell:
            return status.comfortable, status.active
    raise AssertionError(cell)  # pragma: no cover - only called on monster cells


def _panic_reason(play: FloorPlay, layout: Floor, patterns: dict[str, Pattern], cell: Cell) -> dict[str, Any]:
    """Why the monster at ``cell`` panics (« La peur des autres »): the first monster next to it
    that was turned over before it, or killed before it was seen."""
    status = next(s for s in monster_statuses(layout, patterns, play.revealed, play.killed) if s.cell == cell)
    other = status.scared_by[0]
    colour = colour_name(COLOUR_OF[layout.at(other)])
    key = "shy_monsters.why_panic.killed" if other in play.killed else "shy_monsters.why_panic.first"
    return {"because": {lg: t_in(lg, key, colour=colour, row=other[0] + 1, col=other[1] + 1) for lg in LANGS}}


def _describe(play: FloorPlay, layout: Floor, patterns: dict[str, Pattern], cell: Cell, how: str) -> Event:
    """The referee's answer for a tile just turned over (``how``: reveal | jump)."""
    letter = layout.at(cell)
    where: Params = {"row": cell[0] + 1, "col": cell[1] + 1}
    if letter in COLOUR_OF:
        comfortable, active = _status(play, layout, patterns, cell)
        state = "active" if active else ("panics" if comfortable else "uncomfortable")
        why = _panic_reason(play, layout, patterns, cell) if state == "panics" else {}
        return Event(
            key=f"{how}.monster_{state}", params={"colour": colour_name(COLOUR_OF[letter]), **where, **why}
        )
    kind = {CORRIDOR: "corridor", EXIT: "exit", ENTRANCE: "entrance"}[letter]
    return Event(key=f"{how}.{kind}", params=where)


def reveal(state: ShyState, cell: Cell, patterns: dict[str, Pattern]) -> ShyState:
    """Turn over one face-down tile before the first move (« Phase héros »: 2/1/0 tiles)."""
    play, layout = _playing(state)
    if play.reveals_due <= 0:
        raise GmError("shy_monsters.error.no_reveal_due")
    if layout.at(cell) == ".":
        raise GmError("shy_monsters.error.no_tile_at", row=cell[0] + 1, col=cell[1] + 1)
    if cell in play.revealed:
        raise GmError("shy_monsters.error.already_revealed", row=cell[0] + 1, col=cell[1] + 1)
    new = state.model_copy(deep=True)
    f = new.floor
    f.revealed.append(cell)
    f.reveals_due -= 1
    f.events = [_describe(f, layout, patterns, cell, "reveal")]
    return new


def declare_attack(state: ShyState) -> ShyState:
    """Declare the attack for the next tile entered (« Attaquer »; once per floor)."""
    play, _ = _playing(state)
    _ready_to_move(play)
    if play.attack_used:
        raise GmError("shy_monsters.error.attack_used", floor=play.number)
    if play.attack_declared:
        raise GmError("shy_monsters.error.attack_already_declared")
    new = state.model_copy(deep=True)
    new.floor.attack_declared = True
    new.floor.events = [Event(key="attack.declared")]
    return new


def _ready_to_move(play: FloorPlay) -> None:
    if play.reveals_due > 0:
        raise GmError("shy_monsters.error.reveal_first", count=play.reveals_due)


def _target(play: FloorPlay, layout: Floor, step: Cell, distance: int) -> Cell:
    assert play.hero is not None
    cell = (play.hero[0] + step[0] * distance, play.hero[1] + step[1] * distance)
    if layout.at(cell) == ".":
        raise GmError("shy_monsters.error.no_tile_at", row=cell[0] + 1, col=cell[1] + 1)
    return cell


def explore(state: ShyState, direction: str, patterns: dict[str, Pattern], attack: bool = False) -> ShyState:
    """Explore: one step north, east, south or west onto a tile (« Explorer »), with the declared
    attack (or ``attack=True`` to declare it now)."""
    step = DIRECTIONS[direction]
    if step not in ORTHOGONAL:
        raise GmError("shy_monsters.error.explore_diagonal")
    if attack and not state.floor.attack_declared:
        state = declare_attack(state)
    play, layout = _playing(state)
    _ready_to_move(play)
    target = _target(play, layout, step, 1)
    new = state.model_copy(deep=True)
    new.floor.events = []
    _arrive(new, layout, patterns, target)
    if new.outcome == "playing" and target == layout.find(EXIT)[0]:
        return finish_floor(new)
    return new


def jump(state: ShyState, direction: str, patterns: dict[str, Pattern], attack: bool = False) -> ShyState:
    """Jump over an adjacent tile, diagonals included, onto the tile beyond (« Sauter »; once per
    floor). The landing is judged first, then the jumped tile is turned over."""
    play, layout = _playing(state)
    _ready_to_move(play)
    if play.jump_used:
        raise GmError("shy_monsters.error.jump_used", floor=play.number)
    step = DIRECTIONS[direction]
    assert step in ALL_DIRECTIONS
    over = _target(play, layout, step, 1)
    land = _target(play, layout, step, 2)
    if attack and not play.attack_declared:
        state = declare_attack(state)
    new = state.model_copy(deep=True)
    new.floor.jump_used = True
    new.floor.events = [Event(key="jump.over", params={"row": over[0] + 1, "col": over[1] + 1})]
    _arrive(new, layout, patterns, land)
    if new.outcome != "playing":
        return new
    if over not in new.floor.revealed:
        new.floor.revealed.append(over)
        new.floor.events.append(_describe(new.floor, layout, patterns, over, "jump"))
    if land == layout.find(EXIT)[0]:
        return finish_floor(new)
    return new


def _arrive(state: ShyState, layout: Floor, patterns: dict[str, Pattern], cell: Cell) -> None:
    """The hero enters ``cell`` (mutates the fresh copy ``state``): attack, turn over, judge."""
    f = state.floor
    letter = layout.at(cell)
    where: Params = {"row": cell[0] + 1, "col": cell[1] + 1}
    alive_monster = letter in COLOUR_OF and cell not in f.killed
    if f.attack_declared:
        f.attack_declared = False
        f.attack_used = True
        if alive_monster:
            if cell not in f.revealed:
                f.revealed.append(cell)
            f.killed.append(cell)
            f.hero = cell
            colour = colour_name(COLOUR_OF[letter])
            f.events.append(Event(key="attack.kill", params={"colour": colour, **where}))
            return
        f.events.append(Event(key="attack.lost", params=where))
    if cell not in f.revealed:
        f.revealed.append(cell)
    f.hero = cell
    if alive_monster:
        comfortable, active = _status(f, layout, patterns, cell)
        colour = colour_name(COLOUR_OF[letter])
        if active:
            state.outcome = "hero-died"
            f.events.append(Event(key="step.monster_active", params={"colour": colour, **where}))
            return
        key = "step.monster_panics" if comfortable else "step.monster_uncomfortable"
        why = _panic_reason(f, layout, patterns, cell) if comfortable else {}
        f.events.append(Event(key=key, params={"colour": colour, **where, **why}))
        return
    if letter in COLOUR_OF:
        f.events.append(Event(key="step.dead_monster", params=where))
        return
    kind = {CORRIDOR: "corridor", EXIT: "exit", ENTRANCE: "entrance"}[letter]
    f.events.append(Event(key=f"step.{kind}", params=where))


def finish_floor(state: ShyState) -> ShyState:
    """The hero went through the exit (« Phase de destruction de l'étage »): revealed monsters go
    face up beside the play area, unrevealed ones are set aside face down; the next floor opens with
    the hero on the entrance and both skills back, or the hero wins after the third floor."""
    new = state.model_copy(deep=True)
    f = new.floor
    assert f.layout is not None
    for cell, colour in sorted(f.layout.monsters().items()):
        new.used.append(colour)
        (new.shown_monsters if cell in f.revealed else new.set_aside).append(colour)
    new.floors_cleared += 1
    events = list(f.events)
    if new.floors_cleared >= FLOORS:
        new.outcome = "hero-won"
        f.events = [*events, Event(key="won")]
        return new
    new.floor = FloorPlay(number=f.number + 1)
    if new.mode == "solo":
        new = start_floor(new, new.planned[f.number])
    new.floor.events = [*events, Event(key="next_floor", params={"floor": f.number + 1}), *new.floor.events]
    return new


def enter_floor(state: ShyState, layout: Floor) -> ShyState:
    """Two players: the Dungeon Master lays the current floor (checked before, see ``floor.py``)."""
    if state.outcome != "playing":
        raise GmError("shy_monsters.error.game_over")
    if state.floor.layout is not None:
        raise GmError("shy_monsters.error.floor_already_laid", floor=state.floor.number)
    return start_floor(state, layout)


def moves(state: ShyState) -> dict[str, list[str]]:
    """The hero's legal moves now: ``explore`` and ``jump`` directions (public information only:
    the shape of the floor is visible, the tiles are face down)."""
    if state.outcome != "playing" or state.floor.layout is None or state.floor.hero is None:
        return {"explore": [], "jump": []}
    play, layout = state.floor, state.floor.layout
    if play.reveals_due > 0:
        return {"explore": [], "jump": []}
    assert play.hero is not None
    out: dict[str, list[str]] = {"explore": [], "jump": []}
    for name, (dr, dc) in DIRECTIONS.items():
        one = (play.hero[0] + dr, play.hero[1] + dc)
        two = (play.hero[0] + 2 * dr, play.hero[1] + 2 * dc)
        if (dr, dc) in ORTHOGONAL and layout.at(one) != ".":
            out["explore"].append(name)
        if not play.jump_used and layout.at(one) != "." and layout.at(two) != ".":
            out["jump"].append(name)
    return out


def public_rows(play: FloorPlay) -> list[str]:
    """The floor as the hero sees it: ``?`` face-down tile, letters for turned-over tiles, lower
    case for killed monsters, ``.`` for no tile."""
    if play.layout is None:
        return []
    rows = []
    for r, row in enumerate(play.layout.rows):
        line = []
        for c, ch in enumerate(row):
            if ch == ".":
                line.append(".")
            elif (r, c) in play.killed:
                line.append(ch.lower())
            elif (r, c) in play.revealed:
                line.append(ch)
            else:
                line.append("?")
        rows.append("".join(line))
    return rows


def known_danger(state: ShyState, direction: str, jumping: bool, patterns: dict[str, Pattern]) -> bool:
    """True when the move leads onto a face-up living active monster (the hero would die unless
    attacking): public information the table can be warned about."""
    play, layout = state.floor, state.floor.layout
    if layout is None or play.hero is None or play.attack_declared:
        return False
    dr, dc = DIRECTIONS[direction]
    steps = 2 if jumping else 1
    cell = (play.hero[0] + dr * steps, play.hero[1] + dc * steps)
    if cell not in play.revealed or cell in play.killed or layout.at(cell) not in COLOUR_OF:
        return False
    return _status(play, layout, patterns, cell)[1]


# --- what the table hears, what comes next ----------------------------------------------------------

CARDS = {
    "reveal": "shy-monsters/hero-phase",
    "step": "shy-monsters/explore",
    "jump": "shy-monsters/jump",
    "attack": "shy-monsters/attack",
    "floor_ready": "shy-monsters/floor-sequence",
    "next_floor": "shy-monsters/floor-sequence",
    "won": "shy-monsters/victory",
}
"""The rule card behind each kind of answer (the first part of its key)."""


def answers(state: ShyState) -> list[Message]:
    """The referee's answers of the change that made ``state`` (``floor.events``, the last answers
    the board shows) as the events of its ``Outcome``: full i18n keys, each with its rule card."""
    return [
        Message(key=f"shy_monsters.event.{e.key}", params=e.params, rule=CARDS.get(e.key.split(".")[0]))
        for e in state.floor.events
    ]


def _words(key: str, **params: Any) -> Message:
    return Message(key=key, params=params)


def next_step(state: ShyState) -> Step:
    """The step the rules call for now: ``hero-won`` / ``hero-died``, ``lay_floor`` (two players),
    ``reveal`` (choices: the face-down tiles, ``reveal.ROW,COL``), or a move — ``move`` while the
    floor's attack is ready, ``move_declared`` once declared (the next tile entered is attacked),
    ``move_no_attack`` once used (choices: ``explore.DIR``, ``jump.DIR``, ``attack``,
    ``jump_attack.DIR``). Public information only: the floor's shape, never a face-down tile."""
    f = state.floor
    if state.outcome != "playing":
        word = {"hero-won": "won", "hero-died": "died"}[state.outcome]
        return Step(key=state.outcome, message=_words(f"shy_monsters.next.{word}"))
    if f.layout is None:
        return Step(key="lay_floor", message=_words("shy_monsters.next.lay_floor", floor=f.number))
    if f.reveals_due > 0:
        hidden = [cell for cell in sorted(f.layout.tiles()) if cell not in f.revealed]
        choices = [
            Choice(key=f"reveal.{r + 1},{c + 1}", message=_words("shy_monsters.cell", row=r + 1, col=c + 1))
            for r, c in hidden
        ]
        due = _words("shy_monsters.next.reveal", count=f.reveals_due)
        return Step(key="reveal", message=due, choices=choices)
    key = "move_declared" if f.attack_declared else ("move_no_attack" if f.attack_used else "move")
    return Step(key=key, message=_words(f"shy_monsters.next.{key}"), choices=_move_choices(state))


def _move_choices(state: ShyState) -> list[Choice]:
    def way(kind: str, direction: str) -> Choice:
        named = {lg: t_in(lg, f"shy_monsters.direction.{direction}") for lg in LANGS}
        return Choice(key=f"{kind}.{direction}", message=_words(f"shy_monsters.flow.{kind}", direction=named))

    legal = moves(state)
    out = [way("explore", d) for d in legal["explore"]] + [way("jump", d) for d in legal["jump"]]
    if not state.floor.attack_used and not state.floor.attack_declared:
        out.append(Choice(key="attack", message=_words("shy_monsters.flow.attack")))
        out += [way("jump_attack", d) for d in legal["jump"]]
    return out
