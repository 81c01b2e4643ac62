"""Pure rules of Mice and Mystics: the initiative track, turns, the cheese wheel, enemy placement.

Sources: the rulebook (``mice-and-mystics.fr.txt``), sections « Déterminer une ordre d'initiative »
and « Placement des ennemis »; game-facts.md §3.2 for the minion turn and the cheese wheel (high
confidence). The mice's own records (wounds, items, feats, carry-over) are in ``campaign.py``.
No I/O here: every function takes models and returns new ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from gm_assist.core.errors import GmError
from gm_assist.core.step import Step, step

from .model import (
    WHEEL_SIZE,
    Draw,
    EnemyGroup,
    EnemyType,
    Event,
    InitiativeResult,
    MiceState,
    Placement,
    Space,
    SpaceFill,
    TrackCard,
)

# ---------------------------------------------------------------- initiative track


def mouse_card(name: str) -> TrackCard:
    """The initiative card of a mouse."""
    return TrackCard(kind="mouse", owner=name)


def enemy_cards(enemy: EnemyType) -> list[TrackCard]:
    """The initiative cards of an enemy type: one per type, several for some bosses (Brodie, Vanestra)."""
    return [TrackCard(kind="enemy", owner=enemy.id, card=c) for c in enemy.card_ids()]


def has_enemy(track: Sequence[TrackCard]) -> bool:
    """True when at least one enemy card lies on the track."""
    return any(c.kind == "enemy" for c in track)


def _unique(names: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for n in names:
        seen.setdefault(n, None)
    return list(seen)


def cards_to_place(track: Sequence[TrackCard], mice: Sequence[str], enemies: Sequence[EnemyType]) -> Draw:
    """Which initiative cards to shuffle now (rulebook « Déterminer une ordre d'initiative »).

    With no enemy on the track: every mouse's card (``mice``, or the mice already on the track when
    none is named) and one card per enemy type, to be shuffled together. With enemies on the track:
    only the types not yet on it (and any named mouse missing from it), to be laid after the last
    card. A type named twice, or already on the track, is not added again (``ignored``).
    """
    first = not has_enemy(track)
    present = {c.owner for c in track if c.kind == "enemy"}
    types: list[EnemyType] = []
    ignored: list[str] = []
    for enemy in enemies:
        if enemy.id in present or any(t.id == enemy.id for t in types):
            ignored.append(enemy.id)
        else:
            types.append(enemy)
    if first:
        names = _unique(mice) or [c.owner for c in track if c.kind == "mouse"]
    else:
        on_track = {c.owner for c in track if c.kind == "mouse"}
        names = [m for m in _unique(mice) if m not in on_track]
    cards = [mouse_card(m) for m in names]
    for enemy in types:
        cards.extend(enemy_cards(enemy))
    return Draw(first=first, cards=cards, added=[t.id for t in types], ignored=ignored)


def check_something_to_place(draw: Draw, counts: Mapping[str, int]) -> None:
    """Refuse an initiative that lays no new card and counts no new figure (the types named are
    already on the track): the one check of the command, the guided menu and the action.
    ``counts`` are the figures counted on the tile (empty when nothing is saved: a calculator)."""
    if not draw.cards and not any(n > 0 for n in counts.values()):
        raise GmError("mice_and_mystics.error.nothing_to_place", ignored=", ".join(draw.ignored) or "-")


def shuffled(cards: Sequence[TrackCard], rng: random.Random) -> list[TrackCard]:
    """The cards in a random order drawn from ``rng`` (seed it to replay the same shuffle)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def dealt(track: Sequence[TrackCard], draw: Draw, names: Sequence[str]) -> list[TrackCard]:
    """The order the table dealt by hand, as card names top first (``TrackCard.name``).

    ``names`` lists the cards laid out now; for an addition the whole track (the present cards then
    the new ones) is accepted too. Each card must appear exactly once.
    """
    wanted = list(names)
    present = [c.name for c in track]
    if not draw.first and len(wanted) == len(present) + len(draw.cards) and wanted[: len(present)] == present:
        wanted = wanted[len(present) :]
    by_name = {c.name: c for c in draw.cards}
    if sorted(wanted) != sorted(by_name):
        raise GmError(
            "mice_and_mystics.error.dealt_mismatch",
            expected=", ".join(by_name) or "-",
            got=", ".join(names) or "-",
        )
    return [by_name[n] for n in wanted]


def lay_out(track: Sequence[TrackCard], draw: Draw, ordered: Sequence[TrackCard]) -> InitiativeResult:
    """Lay the shuffled cards: the whole track on a first placement, else after the last card.

    A boss added with several initiative cards ambushes on its card highest on the track
    (rulebook « Déterminer une ordre d'initiative »); ``ambush`` maps the boss to that card.
    """
    if sorted(c.name for c in ordered) != sorted(c.name for c in draw.cards):
        raise GmError(
            "mice_and_mystics.error.dealt_mismatch",
            expected=", ".join(c.name for c in draw.cards) or "-",
            got=", ".join(c.name for c in ordered) or "-",
        )
    new_track = list(ordered) if draw.first else [*track, *ordered]
    ambush: dict[str, str] = {}
    if not draw.first:
        for ident in draw.added:
            own = [c for c in new_track if c.kind == "enemy" and c.owner == ident and c.card]
            if len(own) > 1:
                ambush[ident] = own[0].card or ""
    return InitiativeResult(
        track=new_track, first=draw.first, added=draw.added, ignored=draw.ignored, ambush=ambush
    )


def apply_initiative(state: MiceState, result: InitiativeResult, counts: Mapping[str, int]) -> MiceState:
    """Put a laid-out track into the session and count the minions now on the tile.

    A first placement starts a new encounter: round 1, the top card to play, the minion counts
    replaced. An addition keeps the turn pointer and adds the new figures to the counts.
    """
    s = state.model_copy(deep=True)
    s.track = list(result.track)
    if result.first:
        s.minions = {k: v for k, v in counts.items() if v > 0}
        s.turn, s.round = (0, 1) if s.track else (None, 0)
    else:
        for ident, n in counts.items():
            s.minions[ident] = s.minions.get(ident, 0) + n
    return s


def minion_runner(track: Sequence[TrackCard]) -> str | None:
    """The mouse lowest on the track: its player runs the minions (game-facts §3.2)."""
    mice = [c.owner for c in track if c.kind == "mouse"]
    return mice[-1] if mice else None


def current_card(state: MiceState) -> TrackCard | None:
    """The card whose turn it is, or None before any initiative."""
    if state.turn is None or not state.track:
        return None
    return state.track[state.turn]


def chapter_lost(state: MiceState) -> bool:
    """The hourglass has reached the End marker's page: the chapter is lost (game-facts §3.2)."""
    return state.end_page is not None and state.hourglass >= state.end_page


def next_step(state: MiceState) -> Step:
    """The step the rules call for now, one answer for the CLI's "Next:" line, the guided menu's
    default and ``--json``'s ``next``. Keys: ``chapter_lost`` (the hourglass reached the End
    marker), ``initiative`` (no track yet: lay it), ``mouse_turn`` or ``minion_turn`` (the card
    whose turn it is plays, then ``next``; the end of the round follows the last card)."""
    if chapter_lost(state):
        return step("chapter_lost", "mice_and_mystics.next.chapter_lost", hourglass=state.hourglass)
    card = current_card(state)
    if card is None:
        return step("initiative", "mice_and_mystics.status.next_initiative")
    key = "minion_turn" if card.kind == "enemy" else "mouse_turn"
    return step(key, "mice_and_mystics.turn.next", card=card.name, round=state.round)


def remove_type(state: MiceState, ident: str) -> MiceState:
    """Take every initiative card of an enemy type off the track, keeping the turn pointer on the
    same card (or on the next one when the current card is the one removed)."""
    s = state.model_copy(deep=True)
    gone = [i for i, c in enumerate(s.track) if c.kind == "enemy" and c.owner == ident]
    s.track = [c for i, c in enumerate(state.track) if i not in gone]
    s.minions.pop(ident, None)
    if s.turn is not None:
        s.turn -= sum(1 for i in gone if i < s.turn)
        if not s.track:
            s.turn = None
        elif s.turn >= len(s.track):
            s.turn = 0
            s.round += 1
    return s


def swap_up(state: MiceState, ident: str) -> MiceState:
    """An aggressive type's card trades places with the card just above it after acting
    (game-facts §3.1, Rat Warrior). The pointer stays put, so the card moved down does not act twice."""
    idx = next((i for i, c in enumerate(state.track) if c.kind == "enemy" and c.owner == ident), None)
    if idx is None:
        raise GmError("mice_and_mystics.error.not_on_track", name=ident)
    if idx == 0:
        raise GmError("mice_and_mystics.error.already_top", name=ident)
    s = state.model_copy(deep=True)
    s.track[idx - 1], s.track[idx] = s.track[idx], s.track[idx - 1]
    return s


# ---------------------------------------------------------------- cheese wheel and turns


MAX_CHEESE_AT_ONCE = 60
"""Ten full wheels: far beyond one roll of the minions; a bigger number is a typo (issue 9 fuzzing)."""


def add_cheese(state: MiceState, n: int) -> tuple[MiceState, list[Event]]:
    """Put ``n`` cheese on the wheel (game-facts §3.2, high confidence).

    Each time the wheel fills (6th cheese) it empties and the hourglass moves one page; the first
    time on a tile the minions also surge, later fills only move the hourglass.
    **Our reading:** cheese beyond the 6th stays on the emptied wheel.
    """
    if n < 0:
        raise GmError("mice_and_mystics.error.negative", value=n)
    if n > MAX_CHEESE_AT_ONCE:
        raise GmError("mice_and_mystics.error.too_much_cheese", value=n, max=MAX_CHEESE_AT_ONCE)
    s = state.model_copy(deep=True)
    events: list[Event] = []
    s.wheel += n
    while s.wheel >= WHEEL_SIZE:
        s.wheel -= WHEEL_SIZE
        s.hourglass += 1
        if not s.surged:
            s.surged = True
            events.append(Event(key="surge", params={"hourglass": s.hourglass}))
        else:
            events.append(Event(key="surge_spent", params={"hourglass": s.hourglass}))
        if s.end_page is not None and s.hourglass >= s.end_page:
            events.append(Event(key="chapter_lost", params={"hourglass": s.hourglass}))
    return s, events


def minions_cheese(state: MiceState, n: int) -> tuple[MiceState, list[Event]]:
    """Cheese rolled by the minions goes on the wheel (:func:`add_cheese`), and is counted as this
    turn's, so the end of the turn does not ask for it again."""
    s, events = add_cheese(state, n)
    s.turn_cheese += n
    return s, events


def swap_due(state: MiceState, cat: dict[str, EnemyType]) -> str | None:
    """The aggressive enemy type whose card has just acted and may now trade places with the card
    above it (game-facts §3.1, e.g. Rat Warrior), or None: not an aggressive card, or already on top.

    Asked before the turn ends, so the card moved down does not act twice (see :func:`swap_up`).
    """
    card = current_card(state)
    if card is None or card.kind != "enemy" or state.turn in (None, 0):
        return None
    enemy = cat.get(card.owner)
    return card.owner if enemy is not None and enemy.aggressive else None


def end_turn(state: MiceState) -> tuple[MiceState, list[Event]]:
    """End the current card's turn and move the pointer down the track (wrapping to a new round).

    When the mouse lowest on the track ends its turn with no minion on the tile, one cheese goes on
    the wheel (game-facts §3.2). A charm ends with the charmed mouse's turn (rulebook « Effets »).
    """
    card = current_card(state)
    if card is None or state.turn is None:
        raise GmError("mice_and_mystics.error.no_track")
    s = state.model_copy(deep=True)
    events: list[Event] = []
    if card.kind == "mouse":
        mouse = next((m for m in s.mice if m.name == card.owner), None)
        if mouse is not None and "charmed" in mouse.conditions:
            mouse.conditions.remove("charmed")
            events.append(Event(key="charm_ended", params={"mouse": mouse.name}))
        if card.owner == minion_runner(s.track) and sum(s.minions.values()) == 0:
            events.append(Event(key="quiet_cheese", params={"mouse": card.owner}))
            s, more = add_cheese(s, 1)
            events.extend(more)
    s.turn = state.turn + 1
    s.turn_cheese = 0
    if s.turn >= len(s.track):
        s.turn = 0
        s.round += 1
        events.append(Event(key="new_round", params={"round": s.round}))
    return s, events


def set_hourglass(state: MiceState, page: int, end_page: int | None) -> tuple[MiceState, list[Event]]:
    """Set the hourglass page (and the End marker's page when the table gives it)."""
    if page < 0 or (end_page is not None and end_page < 1):
        raise GmError("mice_and_mystics.error.negative", value=min(page, end_page or 0))
    s = state.model_copy(deep=True)
    s.hourglass = page
    if end_page is not None:
        s.end_page = end_page
    events = []
    if s.end_page is not None and s.hourglass >= s.end_page:
        events.append(Event(key="chapter_lost", params={"hourglass": s.hourglass}))
    return s, events


# ---------------------------------------------------------------- enemy placement


def place_enemies(spaces: Sequence[Space], groups: Sequence[EnemyGroup]) -> Placement:
    """Place enemies on a tile's blue-paw spaces (rulebook « Placement des ennemis »).

    1. Small ranged enemies: first on red-circled spaces, then on the space farthest from the mice,
       then the next farthest once it is full.
    2. Each large enemy, one at a time, on the nearest empty space.
    3. Each small melee enemy, one at a time, on the nearest space that is not full.
    A space holds 4 small or 1 large figure. Spaces at the same distance are taken in the order given.
    What finds no room is reported in ``unplaced``.
    """
    ids = [s.id for s in spaces]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise GmError("mice_and_mystics.error.duplicate_space", space=dup)
    fills = [SpaceFill(space=s.id, distance=s.distance, red=s.red) for s in spaces]
    far = sorted(range(len(spaces)), key=lambda i: (-spaces[i].distance, i))
    near = sorted(range(len(spaces)), key=lambda i: (spaces[i].distance, i))
    reds = [i for i in far if spaces[i].red]
    unplaced: dict[str, int] = {}

    def put(group: EnemyGroup, choices: list[int], fits) -> None:
        for _ in range(group.count):
            spot = next((i for i in choices if fits(fills[i])), None)
            if spot is None:
                unplaced[group.type] = unplaced.get(group.type, 0) + 1
                continue
            fill = fills[spot]
            fill.enemies[group.type] = fill.enemies.get(group.type, 0) + 1
            if group.size == "large":
                fill.large += 1
            else:
                fill.small += 1

    for g in groups:
        if g.size == "small" and g.attack == "ranged":
            put(g, reds + far, lambda f: not f.full())
    for g in groups:
        if g.size == "large":
            put(g, near, lambda f: f.empty())
    for g in groups:
        if g.size == "small" and g.attack == "melee":
            put(g, near, lambda f: not f.full())
    return Placement(spaces=fills, unplaced=unplaced)
