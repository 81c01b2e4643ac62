"""Insomnia scoring: victory check, pillow moves, first-sheep marker, solo score. Pure functions.

Rulebook: « Fin de la manche et victoire » (p. 9) for the multiplayer end of a race, « Règles
Solo » (p. 11) for solo. The pillow reference values are data (``data/insomnia/pillow.toml``,
game-facts §2.1, confidence Low–Medium); the table may correct them (see :func:`pillow_table`).

Our reading of the rulebook, p. 9:

* A race ends with a winner when a player's score (dodos on the score track) reached or passed
  their pillow. With several such players the one furthest past their pillow wins; still tied,
  the one who collected the most dodos in that race; still tied, they share the victory. The score
  track is reset every race, so "dodos collected this race" is the score itself; a woken-up sheep's
  score went back to 0 (p. 8), so it counts 0, and a woken-up sheep never wins (it matters only
  for a pillow at the very bottom of the track, 0, which 0 dodos would otherwise "reach").
* With no winner, players are ranked by dodos collected in the race; tied players all take the
  best of the ranks they share (standard competition ranking: 1, 1, 3); each pillow moves down by
  the reference value of its rank for that player count, never below the bottom of the track.
* The first-sheep marker then goes to the player whose pillow is highest (moved least). On a tie,
  among the tied it goes to the one furthest from the current first player in turn order, i.e. the
  one sitting nearest to the first player's right (the last of them in turn order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gm_assist.core.errors import GmError
from gm_assist.core.step import Step, step

from .model import (
    BOARD_SPACES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRACK_BOTTOM,
    TRACK_TOP,
    InsomniaState,
    Phase,
    PillowTable,
    RaceEntry,
    RaceScore,
    SoloRank,
    SoloScore,
)

# ---------------------------------------------------------------- the reference tile


def parse_table_values(text: str) -> list[int]:
    """Parse ``"10,7,5"`` (the ``--table`` option) into ``[10, 7, 5]``; spaces moved, 1st place first.

    >>> parse_table_values("10, 7,5")
    [10, 7, 5]
    """
    try:
        values = [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError as exc:
        raise GmError("insomnia.error.table_format", value=text) from exc
    if not values:
        raise GmError("insomnia.error.table_format", value=text)
    return values


def check_table_values(values: Sequence[int], players: int) -> list[int]:
    """A reference-tile row must have one value per player, each between 0 and 40, and never grow
    from one rank to the next (a better rank never moves the pillow less; rulebook p. 9)."""
    vals = list(values)
    if len(vals) != players:
        raise GmError("insomnia.error.table_length", count=len(vals), players=players)
    if any(v < 0 or v > TRACK_TOP for v in vals):
        raise GmError("insomnia.error.table_range", values=",".join(map(str, vals)))
    if any(a < b for a, b in zip(vals, vals[1:], strict=False)):
        raise GmError("insomnia.error.table_order", values=",".join(map(str, vals)))
    return vals


def _woken_mode(raw: Any) -> int | None:
    """``"rank"`` (or missing) → None: the rulebook reading; a whole number ≥ 0 → fixed spaces."""
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("rank", "rulebook", "")):
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= TRACK_TOP:
        raise GmError("insomnia.error.woken_mode", value=str(raw))
    return raw


def pillow_table(
    players: int,
    shipped: Mapping[str, Any],
    user: Mapping[str, Any] | None = None,
    option: Sequence[int] | None = None,
) -> PillowTable:
    """The reference-tile row for ``players`` (2–4): ``--table`` beats the user's override file,
    which beats the shipped values (game-facts §2.1, Low–Medium). The woken-up rule comes from the
    user file when it has one, else from the shipped file (the rulebook reading).

    ``shipped``/``user`` have the shape of ``data/insomnia/pillow.toml``:
    ``{"moves": {"3": [10, 7, 5]}, "woken": {"mode": "rank" | N}}``.

    >>> pillow_table(3, {"moves": {"3": [10, 7, 5]}, "confidence": "low-medium"}).moves
    [10, 7, 5]
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GmError(_one_or_many("insomnia.error.player_count", players), count=players)
    woken = _woken_mode((shipped.get("woken") or {}).get("mode"))
    source, confidence = str(shipped.get("source", "")), str(shipped.get("confidence", "low-medium"))
    moves = list((shipped.get("moves") or {}).get(str(players), []))
    if user:
        if "woken" in user:
            woken = _woken_mode((user.get("woken") or {}).get("mode"))
            confidence = "table"
        row = (user.get("moves") or {}).get(str(players))
        if row is not None:
            moves, source, confidence = list(row), "user", "table"
    if option is not None:
        moves, source, confidence = list(option), "--table", "table"
    moves = check_table_values(moves, players)
    return PillowTable(players=players, moves=moves, woken=woken, confidence=confidence, source=source)


# ---------------------------------------------------------------- entries


def _one_or_many(key: str, count: int) -> str:
    """A player count refused: with one player the message points to the solo rule (p. 11);
    with too many it says only the limit."""
    return f"{key}_one" if count == 1 else key


def check_entries(entries: Sequence[RaceEntry]) -> None:
    """2 to 4 players for pillow scoring (solo has its own rule, p. 11) with distinct names."""
    from gm_assist.core.names import fold

    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise GmError(_one_or_many("insomnia.error.player_count", len(entries)), count=len(entries))
    seen: set[str] = set()
    for e in entries:
        if fold(e.name) in seen:
            raise GmError("insomnia.error.duplicate_name", name=e.name)
        seen.add(fold(e.name))


def counted_dodos(entry: RaceEntry) -> int:
    """Dodos that count for a player: a woken-up sheep's score went back to 0 (rulebook p. 8)."""
    return 0 if entry.woke else entry.dodos


# ---------------------------------------------------------------- victory


def victory(entries: Sequence[RaceEntry]) -> tuple[list[str], str]:
    """Who won at the end of the race (rulebook p. 9), and by which step of the chain.

    Players whose score reached or passed their pillow qualify. One → ``"single"``. Several → the
    largest ``score − pillow`` (``"margin"``); tied → the most dodos this race (``"dodos"``);
    still tied → everyone left shares it (``"shared"``). Nobody → ``([], "")``.

    >>> victory([RaceEntry(name="A", dodos=22, pillow=20), RaceEntry(name="B", dodos=25, pillow=22)])
    (['B'], 'margin')
    """
    qualified = [e for e in entries if not e.woke and e.dodos >= e.pillow]
    if not qualified:
        return [], ""
    if len(qualified) == 1:
        return [qualified[0].name], "single"
    best_margin = max(counted_dodos(e) - e.pillow for e in qualified)
    left = [e for e in qualified if counted_dodos(e) - e.pillow == best_margin]
    if len(left) == 1:
        return [left[0].name], "margin"
    best_dodos = max(counted_dodos(e) for e in left)
    left = [e for e in left if counted_dodos(e) == best_dodos]
    if len(left) == 1:
        return [left[0].name], "dodos"
    return [e.name for e in left], "shared"


# ---------------------------------------------------------------- pillow moves


def competition_ranks(values: Sequence[int]) -> list[int]:
    """Rank by value, highest first; equal values share the best rank (rulebook p. 9).

    >>> competition_ranks([12, 9, 12, 3])
    [1, 3, 1, 4]
    """
    return [1 + sum(1 for other in values if other > v) for v in values]


def pillow_moves(entries: Sequence[RaceEntry], table: PillowTable) -> tuple[dict[str, int], dict[str, int]]:
    """Ranks and *table* moves (before the bottom-of-track limit) for a race with no winner.

    With the rulebook reading (``table.woken is None``) woken-up sheep are ranked with 0 dodos.
    With a fixed woken-up value, woken-up sheep move that many spaces and are left out of the
    ranking (rank 0 in the result); the others are ranked among themselves.
    """
    ranked = [e for e in entries if table.woken is None or not e.woke]
    ranks_list = competition_ranks([counted_dodos(e) for e in ranked])
    ranks: dict[str, int] = {e.name: 0 for e in entries}
    moves: dict[str, int] = {e.name: table.woken or 0 for e in entries}
    for e, r in zip(ranked, ranks_list, strict=True):
        ranks[e.name] = r
        moves[e.name] = table.moves[r - 1]
    return ranks, moves


def first_sheep(names: Sequence[str], pillows: Mapping[str, int]) -> tuple[str, list[str]]:
    """Who takes the first-sheep marker (rulebook p. 9). ``names`` is in turn order, current first
    player first. The highest pillow takes it; among tied players the one furthest from the first
    player in turn order (the last of them) does. Returns the name and the tied names (empty when
    there was no tie).

    >>> first_sheep(["A", "B", "C"], {"A": 30, "B": 30, "C": 25})
    ('B', ['A', 'B'])
    """
    top = max(pillows[n] for n in names)
    tied = [n for n in names if pillows[n] == top]
    return tied[-1], (tied if len(tied) > 1 else [])


def score_race(entries: Sequence[RaceEntry], table: PillowTable) -> RaceScore:
    """The whole end of a multiplayer race (rulebook p. 9): victory check, else pillow moves and
    the new first player. ``entries`` are in turn order, the current first player first.

    When somebody wins the game ends: pillows stay where they are and the marker does not move.
    """
    check_entries(entries)
    if table.players != len(entries):
        raise GmError("insomnia.error.table_length", count=len(table.moves), players=len(entries))
    names = [e.name for e in entries]
    counted = {e.name: counted_dodos(e) for e in entries}
    winners, reason = victory(entries)
    if winners:
        pillows = {e.name: e.pillow for e in entries}
        return RaceScore(
            players=names,
            winners=winners,
            victory_reason=reason,
            counted=counted,
            ranks={},
            moves={n: 0 for n in names},
            pillows=pillows,
            first_player=names[0],
            table=table.moves,
            table_confidence=table.confidence,
            woken_rule=table.woken,
        )
    ranks, wanted = pillow_moves(entries, table)
    pillows = {e.name: max(TRACK_BOTTOM, e.pillow - wanted[e.name]) for e in entries}
    moves = {e.name: e.pillow - pillows[e.name] for e in entries}
    first, tie = first_sheep(names, pillows)
    return RaceScore(
        players=names,
        winners=[],
        counted=counted,
        ranks=ranks,
        moves=moves,
        pillows=pillows,
        first_player=first,
        first_player_tie=tie,
        table=table.moves,
        table_confidence=table.confidence,
        woken_rule=table.woken,
    )


# ---------------------------------------------------------------- solo (rulebook p. 11)


def solo_pillow_move(dodos: int, woke: bool) -> int:
    """Solo, a race without victory: the pillow moves down one space per full 5 dodos collected in
    the race, and not at all if the sheep was woken up (rulebook p. 11).

    >>> solo_pillow_move(14, False), solo_pillow_move(14, True)
    (2, 0)
    """
    if dodos < 0:
        raise GmError("insomnia.error.negative", what="dodos", value=dodos)
    return 0 if woke else dodos // 5


def solo_won(score: int, pillow: int, went_to_bed: bool) -> bool:
    """Solo victory: the score reached or passed the pillow when the sheep goes to bed (p. 11)."""
    return went_to_bed and score >= pillow


def solo_title(score: int, ranks: Sequence[SoloRank]) -> SoloRank:
    """The rank title for a solo score (rulebook p. 11: ≤9, 10–19, 20–29, ≥30)."""
    for rank in ranks:
        if rank.min <= score <= rank.max:
            return rank
    return ranks[0] if score < ranks[0].min else ranks[-1]


def solo_score(
    dodos: int,
    pillow_moved: int,
    races: int,
    ranks: Sequence[SoloRank],
    bonus_per_5: int = 2,
    race_penalty: int = 5,
) -> SoloScore:
    """Solo final score (rulebook p. 11): every dodo collected, + 2 per full 5 spaces the pillow
    moved down, − 5 per race played; then the rank title.

    >>> from .model import SoloRank
    >>> r = [SoloRank(min=-99, max=9, en="a", fr="a"), SoloRank(min=10, max=99, en="b", fr="b")]
    >>> solo_score(40, 12, 3, r).score   # 40 + 2×2 − 15
    29
    """
    if dodos < 0:
        raise GmError("insomnia.error.negative", what="--dodos", value=dodos)
    if not 0 <= pillow_moved <= TRACK_TOP:
        raise GmError("insomnia.error.pillow_moved", value=pillow_moved)
    if races < 1:
        raise GmError("insomnia.error.races", value=races)
    bonus = bonus_per_5 * (pillow_moved // 5)
    penalty = race_penalty * races
    total = dodos + bonus - penalty
    return SoloScore(
        dodos=dodos,
        pillow_moved=pillow_moved,
        races=races,
        pillow_bonus=bonus,
        race_penalty=penalty,
        score=total,
        title=solo_title(total, ranks),
    )


def parse_player_spec(text: str) -> RaceEntry:
    """Parse ``NAME:DODOS:PILLOW`` (the ``score --player`` option): dodos ≥ 0, pillow 0–40.

    >>> parse_player_spec("Zoé:12:40")
    RaceEntry(name='Zoé', dodos=12, pillow=40, woke=False)
    """
    name, sep, rest = text.rpartition(":")
    name, sep2, dodos_text = name.rpartition(":")
    if not sep or not sep2 or not name.strip():
        raise GmError("insomnia.error.player_spec", value=text)
    try:
        dodos, pillow = int(dodos_text), int(rest)
    except ValueError as exc:
        raise GmError("insomnia.error.player_spec", value=text) from exc
    if dodos < 0:
        raise GmError("insomnia.error.negative", what=name.strip(), value=dodos)
    if not TRACK_BOTTOM <= pillow <= TRACK_TOP:
        raise GmError("insomnia.error.pillow_range", name=name.strip(), value=pillow)
    return RaceEntry(name=name.strip(), dodos=dodos, pillow=pillow)


# ---------------------------------------------------------------- the step the rules call for next


def board_full(state: InsomniaState) -> bool:
    """All ten board spaces hold a dream tile (p. 10)."""
    return all(s in state.tiles for s in range(1, BOARD_SPACES + 1))


def free_spaces(state: InsomniaState) -> list[int]:
    """Board spaces without a dream tile, smallest first."""
    return [s for s in range(1, BOARD_SPACES + 1) if s not in state.tiles]


def resting_player(state: InsomniaState) -> str:
    """The player whose rest-phase choice is next: turn order from the first player (p. 10)."""
    for i in state.turn_order():
        if not state.players[i].rested:
            return state.players[i].name
    return ""


def next_step(state: InsomniaState) -> Step:
    """What the table does next (the guided menu's first entries, the "Next" line, ``next`` of
    ``--json``): ``race`` (the active sheep plays: ``move`` or ``end_turn``), ``bed`` (a sheep that
    just crossed the fence may go to bed, p. 6), ``scoring`` (p. 9), ``rest`` / ``rest_full`` (the
    next player's rest choice, ``tile`` or ``zzz``, p. 10), ``over``."""
    if state.phase is Phase.race:
        active = state.players[state.active].name
        keep_running = [("move", "insomnia.flow.move"), ("end_turn", "insomnia.flow.end_turn")]
        if state.moved:  # its card is played (p. 4): what is left is a tile, the fence, drawing
            keep_running.reverse()
        beds = [p.name for p in state.players if p.can_go_to_bed and p.in_race]
        if beds:  # the active sheep was asked right after its move: ending the turn comes first
            bed = [("bed", "insomnia.flow.bed")]
            choices = [*keep_running, *bed] if state.moved and beds == [active] else [*bed, *keep_running]
            return step("bed", "insomnia.next.bed", choices, names=", ".join(beds), name=active)
        if state.moved:
            return step("turn_over", "insomnia.next.turn_over", keep_running, name=active)
        return step("race", "insomnia.next.race", keep_running, name=active)
    if state.phase is Phase.scoring:
        return step("scoring", "insomnia.next.scoring")
    if state.phase is Phase.rest:
        name = resting_player(state)
        if board_full(state):
            zzz_only = [("zzz", "insomnia.flow.rest_zzz")]
            return step("rest_full", "insomnia.next.rest_full", zzz_only, name=name)
        choices = [("tile", "insomnia.flow.rest_tile"), ("zzz", "insomnia.flow.rest_zzz")]
        return step("rest", "insomnia.next.rest", choices, name=name)
    return step("over", "insomnia.next.over", names=", ".join(state.winners))
