"""Hypothesis properties of Insomnia pillow scoring (rulebook p. 9)."""

from __future__ import annotations

from collections import Counter

from hypothesis import currently_in_test_context, event, given, target
from hypothesis import strategies as st

from gm_assist.games.insomnia import rules
from gm_assist.games.insomnia.model import PillowTable, RaceEntry

TABLES = {2: [8, 5], 3: [10, 7, 5], 4: [10, 8, 6, 5]}


@st.composite
def races(draw: st.DrawFn, high_pillows: bool = False) -> tuple[list[RaceEntry], PillowTable]:
    n = draw(st.integers(2, 4))
    woken_rule = draw(st.sampled_from([None, 0, 3]))
    entries = []
    for i in range(n):
        pillow = draw(st.integers(30, 40) if high_pillows else st.integers(0, 40))
        entries.append(
            RaceEntry(
                name=f"P{i}",
                dodos=draw(st.integers(0, 29 if high_pillows else 45)),
                pillow=pillow,
                woke=draw(st.booleans()),
            )
        )
    return entries, PillowTable(players=n, moves=TABLES[n], woken=woken_rule)


@given(races())
def test_pillows_never_rise_and_stay_on_the_track(race: tuple[list[RaceEntry], PillowTable]) -> None:
    entries, table = race
    r = rules.score_race(entries, table)
    for e in entries:
        assert 0 <= r.pillows[e.name] <= e.pillow
        assert r.moves[e.name] == e.pillow - r.pillows[e.name]


@given(races(high_pillows=True))
def test_moves_follow_rank_order(race: tuple[list[RaceEntry], PillowTable]) -> None:
    entries, table = race
    r = rules.score_race(entries, table)
    assert not r.winners  # pillows ≥ 30 and at most 29 dodos
    ranked = [e for e in entries if table.woken is None or not e.woke]
    for a in ranked:
        for b in ranked:
            if r.counted[a.name] > r.counted[b.name]:
                assert r.ranks[a.name] < r.ranks[b.name]
                assert r.moves[a.name] >= r.moves[b.name]
            if r.counted[a.name] == r.counted[b.name]:
                assert r.moves[a.name] == r.moves[b.name]
    # a tied group shares the best of its ranks: the best rank is always 1
    assert min(r.ranks[e.name] for e in ranked or entries) in (0, 1)


@given(races())
def test_winners_reached_their_pillow_and_first_player_has_highest_pillow(
    race: tuple[list[RaceEntry], PillowTable],
) -> None:
    entries, table = race
    r = rules.score_race(entries, table)
    for name in r.winners:
        e = next(x for x in entries if x.name == name)
        assert not e.woke and e.dodos >= e.pillow
    if not r.winners:
        assert r.pillows[r.first_player] == max(r.pillows.values())


# ---------------------------------------------------------------- race invariants

_STEPS = st.lists(
    st.tuples(
        st.sampled_from(["move", "back", "nm", "jump", "scare", "bed", "end", "dodos"]),
        st.integers(0, 3),
        st.integers(1, 12),
    ),
    max_size=40,
)


def _apply(state, kind: str, name: str, n: int):  # noqa: ANN001, ANN202
    from gm_assist.games.insomnia import race

    if kind in ("move", "back"):
        return race.move_sheep(state, name, n if kind == "move" else -n).state
    if kind == "nm":
        return race.nightmare_move(state, n).state
    if kind == "jump":
        return race.nightmare_jump(state, n).state
    if kind == "scare":
        return race.scare(state, [name]).state
    if kind == "bed":
        return race.go_to_bed(state, name).state
    if kind == "dodos":
        return race.gain_dodos(state, name, n).state
    return race.end_turn(state).state


@given(_STEPS)
def test_race_invariants(steps: list[tuple[str, int, int]]) -> None:
    applied = _play(steps)
    target(float(sum(applied.values())), label="steps applied")


def _play(steps: list[tuple[str, int, int]]) -> Counter[str]:
    """Play ``steps`` in a four-player race, checking the invariants after each applied step and
    the reason of each refused one; the steps the rules applied, by kind."""
    from gm_assist.core.errors import GmError
    from gm_assist.games.insomnia import race
    from gm_assist.games.insomnia.model import Phase, SheepStatus

    state = race.new_game(["A", "B", "C", "D"]).state
    applied: Counter[str] = Counter()
    for kind, who, n in steps:
        name = state.players[who].name
        before = state.model_copy(deep=True)
        try:
            state = _apply(state, kind, name, n)
        except GmError as refused:
            # a refusal is explained by the state it was asked of: never any other error
            sheep = before.players[who]
            why = {
                "insomnia.error.phase_race": before.phase is not Phase.race,
                "insomnia.error.not_in_race": before.phase is Phase.race and not sheep.in_race,
                "insomnia.error.not_on_board": sheep.in_race and sheep.space is None and kind == "back",
                "insomnia.error.bed_needs_fence": kind == "bed" and sheep.in_race and not sheep.can_go_to_bed,
            }
            assert why.get(refused.key), (kind, refused.key, before)
            assert state == before, f"{kind} refused ({refused.key}) but changed the state"
            if currently_in_test_context():  # the statistics of a hypothesis run
                event(f"{kind} refused: {refused.key}")
            continue
        applied[kind] += 1
        for old, p in zip(before.players, state.players, strict=True):
            assert p.space is None or 1 <= p.space <= 10
            assert p.score >= 0
            if p.status is SheepStatus.woken:
                assert p.score == 0 and p.space is None
            if old.status in (SheepStatus.woken, SheepStatus.bed):
                assert p.status is old.status  # leaving the race is final until the next race
            if p.status is SheepStatus.bed:
                assert p.score == old.score or old.status is not SheepStatus.bed
        if state.phase is Phase.race:
            assert state.players[state.active].in_race
        else:
            assert not any(p.in_race for p in state.players)
    return applied


def test_the_random_races_really_play() -> None:
    """The invariants above are checked only on the steps the rules apply: over fixed runs, every
    kind of step is applied, and a good share of all steps (a driver or a rule refusing everything
    would leave the property checking nothing)."""
    import random

    # a scare wakes a sheep and three end the race: rarer here, so that the runs stay in the race
    kinds = {"move": 4, "back": 2, "nm": 2, "jump": 1, "scare": 1, "bed": 3, "end": 4, "dodos": 3}
    applied: Counter[str] = Counter()
    tried = 0
    for seed in range(40):
        r = random.Random(seed)
        steps = [
            (r.choices(list(kinds), list(kinds.values()))[0], r.randint(0, 3), r.randint(1, 12))
            for _ in range(25)
        ]
        applied += _play(steps)
        tried += len(steps)
    assert sorted(kind for kind in kinds if not applied[kind]) == []
    assert sum(applied.values()) >= tried // 3, (sum(applied.values()), tried, applied)  # 474 of 1000
