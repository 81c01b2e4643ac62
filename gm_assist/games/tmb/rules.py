"""Too Many Bones adventure rules: catalog look-up, set-up, the day loop, reminders.

Pure functions over the models of ``catalog.py`` and ``model.py`` (no I/O besides reading the shipped
catalogs).
Rulebook: Too Many Bones v2.1 (FR) — p. 6-7 "Mise en place", p. 8-9 "Phases du jeu",
p. 16 "Tyrans", p. 22 "Compte-journée", "Points de progrès", p. 23 "Modes de jeu".
The gearloc sheet (training, loot, lockpicking, recovery options) is in ``sheet.py``.
"""

from __future__ import annotations

from pydantic import Field

from gm_assist.core.errors import GmError
from gm_assist.core.model import Model
from gm_assist.core.step import Step, step

from . import model
from .battle.rules.queue import baddie_points
from .battle.rules.track import next_step as battle_next_step
from .catalog import (  # noqa: F401  (re-exported: rules.find_tyrant etc.)
    BADDIE_TYPES,
    MAX_DAYS,
    MIN_DAYS,
    Mode,
    SetupBaddie,
    Tyrant,
    custom_tyrant,
    find_tyrant,
    gearloc_catalog,
    gearloc_info,
    parse_types,
    tyrant_options,
    tyrants,
)
from .model import Encounter, Gearloc, TmbState

MAX_GEARLOCS = 4
SPECIALS = (1, 2, 3)
STACKS = (1, 5, 20)
#: mode -> (bonus HP as a health stat die, training points before day 1, blocked dice kept on KO)
MODE_BONUS: dict[str, tuple[int, int, bool]] = {
    "adventure": (2, 1, True),
    "heroic": (1, 1, False),
    "legendary": (0, 0, False),
}


# ---------------------------------------------------------------- set-up


class SetupChecklist(Model):
    """What to lay out before day 1 (p. 6-7, modes p. 23)."""

    tyrant: str
    tyrant_name: str
    days: int
    progress: int
    gearlocs: int
    solo: bool
    general_cards: int
    tyrant_cards: int
    deck_size: int
    specials_on_top: list[int] = Field(default_factory=lambda: list(SPECIALS))
    total_cards: int
    baddie_types: list[str]
    stacks: list[int] = Field(default_factory=lambda: list(STACKS))
    day: int = 1
    round_die: str = "M1"
    mode: str
    bonus_hp: int
    training_points: int
    keep_blocked_on_ko: bool
    confidence: str
    source: str


def check_party_size(n: int) -> None:
    """A party has 1 to 4 gearlocs (4 gearloc mats in the box, p. 4)."""
    if not 1 <= n <= MAX_GEARLOCS:
        raise GmError("tmb.error.gearlocs", n=n)


def setup_checklist(tyrant: Tyrant, gearlocs: int, mode: Mode = "adventure") -> SetupChecklist:
    """The set-up checklist: deck = (days − 3) classic cards (solo cards for one gearloc) + the
    tyrant's encounter cards, shuffled; specials 001-003 on top in order (p. 7); the three active
    baddie stacks from the tyrant's types; day counter 1; round die M1; mode bonuses (p. 23).

    Drellen, 2 gearlocs: 7 classic + 1 tyrant card = 8 shuffled, 11 with the specials:

    >>> c = setup_checklist(find_tyrant("Drellen"), 2)
    >>> (c.general_cards, c.tyrant_cards, c.deck_size, c.total_cards)
    (7, 1, 8, 11)
    """
    check_party_size(gearlocs)
    general = general_cards(tyrant)
    bonus_hp, training, keep = MODE_BONUS[mode]
    return SetupChecklist(
        tyrant=tyrant.id,
        tyrant_name=tyrant.names["en"],
        days=tyrant.days,
        progress=tyrant.progress,
        gearlocs=gearlocs,
        solo=gearlocs == 1,
        general_cards=general,
        tyrant_cards=tyrant.tyrant_cards,
        deck_size=deck_size(tyrant),
        total_cards=deck_size(tyrant) + len(SPECIALS),
        baddie_types=list(tyrant.baddie_types),
        mode=mode,
        bonus_hp=bonus_hp,
        training_points=training,
        keep_blocked_on_ko=keep,
        confidence=tyrant.confidence,
        source=tyrant.source,
    )


def new_state(tyrant: Tyrant, names: list[str], mode: Mode = "adventure") -> TmbState:
    """A fresh adventure on day 1: the deck built, each gearloc with its mode bonuses (p. 6-7, 23).

    Adventure mode puts a health stat die on 2 and gives 1 training point to spend before day 1.
    """
    check_party_size(len(names))
    from gm_assist.core.names import fold

    folded = [fold(n) for n in names]
    if any(not f for f in folded):
        raise GmError("tmb.error.gearloc_name")
    if len(set(folded)) != len(folded):
        raise GmError("tmb.error.duplicate_gearloc")
    check = setup_checklist(tyrant, len(names), mode)
    party = []
    for name in names:
        info = gearloc_info(name)
        party.append(
            model.Gearloc(
                name=name.strip(),
                catalog_id=info.id if info else None,
                hp_die=check.bonus_hp,
                training=[model.TrainingPoint() for _ in range(check.training_points)],
            )
        )
    return model.TmbState(mode=mode, tyrant=tyrant, party=party, deck_left=check.deck_size)


# ---------------------------------------------------------------- the day loop


def _check_playing(state: TmbState) -> None:
    if state.won or state.lost:
        raise GmError("tmb.error.over")


def can_challenge(state: TmbState) -> bool:
    """The tyrant may be challenged once progress ≥ the tyrant's requirement (p. 16, 22)."""
    return not (state.won or state.lost) and state.progress >= state.tyrant.progress


def next_day(state: TmbState, force: bool = False) -> TmbState:
    """New-day phase: turn the day counter one notch (p. 8, 22).

    On day 1 the phase is skipped: the first call only starts day 1. Turning past the tyrant's
    days without the tyrant defeated loses the adventure (p. 6, 22). Refused while today's
    encounter is not resolved, unless ``force``.
    """
    _check_playing(state)
    if not state.started:
        return state.model_copy(update={"started": True})
    if state.phase in ("encounter", "resolve") and not force:
        raise GmError("tmb.error.day_unfinished", day=state.day)
    if state.wiped and not force:  # « Dénouement du combat »: after a wipe every gearloc rests first
        resting = [g.name for g in state.party if g.recovery_day != state.day]
        if resting:
            raise GmError("tmb.error.wiped_next_day", names=", ".join(resting), day=state.day + 1)
    if state.day + 1 > state.tyrant.days:
        return state.model_copy(update={"lost": True})
    party = [g.model_copy(update={"recovery": None}) for g in state.party]
    return state.model_copy(
        update={
            "day": state.day + 1,
            "phase": "encounter",
            "encounter": None,
            "wiped": False,
            "battle": None,
            "party": party,
        }
    )


def set_day(state: TmbState, day: int) -> TmbState:
    """The table's override of the day counter (1 to the tyrant's days, p. 22); the day restarts
    at its encounter phase."""
    _check_playing(state)
    if not 1 <= day <= state.tyrant.days:
        raise GmError("tmb.error.day", day=day, days=state.tyrant.days)
    return state.model_copy(
        update={
            "day": day,
            "started": True,
            "phase": "encounter",
            "encounter": None,
            "battle": None,
            "wiped": False,
        }
    )


def draw_encounter(state: TmbState, title: str = "", fight: bool = False) -> TmbState:
    """Encounter phase: draw the top card — specials 001-003 first, then the shuffled deck (p. 7-8).

    An empty deck is refilled from the box (p. 7): the draw is still recorded.
    """
    _check_playing(state)
    if state.phase != "encounter":
        raise GmError("tmb.error.encounter_done", day=state.day)
    if state.specials_left > 0:
        number = len(SPECIALS) - state.specials_left + 1
        enc = model.Encounter(kind="special", number=number, title=title, fight=fight)
        update = {"specials_left": state.specials_left - 1}
    else:
        drawn = max(setup_size(state) - state.deck_left + 1, 1)
        enc = model.Encounter(kind="card", number=drawn, title=title, fight=fight)
        update = {"deck_left": max(state.deck_left - 1, 0)}
    return state.model_copy(update={**update, "encounter": enc, "phase": "resolve", "started": True})


def general_cards(tyrant: Tyrant) -> int:
    """Classic encounter cards shuffled into the deck: days − 3 (the three specials make up the
    rest of the days, p. 7).

    >>> general_cards(find_tyrant("Drellen"))
    7
    """
    return tyrant.days - len(SPECIALS)


def deck_size(tyrant: Tyrant) -> int:
    """Shuffled cards of the deck at set-up: (days − 3) classic cards + the tyrant's cards (p. 7).

    >>> deck_size(find_tyrant("Drellen"))
    8
    """
    return general_cards(tyrant) + tyrant.tyrant_cards


def setup_size(state: TmbState) -> int:
    """Shuffled cards the deck started with: (days − 3) + tyrant cards (p. 7)."""
    return deck_size(state.tyrant)


def battle_running(state: TmbState) -> bool:
    """A battle is on the mat and not closed yet (battle outcome, p. 20)."""
    return state.battle is not None and not state.battle.closed


def proposed_outcome(state: TmbState) -> bool:
    """The outcome the rules suggest: a fight succeeds when the battle was won (at least one
    gearloc standing once every baddie is beaten, p. 8); a peaceful choice succeeds unless the
    card says otherwise (p. 8)."""
    if state.encounter is not None and state.encounter.fight and state.battle is not None:
        return state.battle.outcome == "victory"
    return True


def choose_fight(state: TmbState, fight: bool) -> TmbState:
    """The table picks the card's option: a fight or a peaceful resolution (p. 8)."""
    if state.phase != "resolve" or state.encounter is None:
        raise GmError("tmb.error.no_encounter")
    if state.encounter.kind == "tyrant" and not fight:
        raise GmError("tmb.error.tyrant_is_fight")
    return state.model_copy(update={"encounter": state.encounter.model_copy(update={"fight": fight})})


def challenge_tyrant(state: TmbState) -> TmbState:
    """Encounter phase: challenge the tyrant instead of drawing, once progress ≥ the requirement;
    the tyrant card is today's encounter and always a fight (p. 16, 22)."""
    _check_playing(state)
    if state.phase != "encounter":
        raise GmError("tmb.error.encounter_done", day=state.day)
    if state.progress < state.tyrant.progress:
        raise GmError("tmb.error.not_enough_progress", progress=state.progress, needed=state.tyrant.progress)
    if all(g.ko for g in state.party):  # nobody could fight: never record a battle that cannot start
        raise GmError("tmb.error.all_ko")
    enc = model.Encounter(kind="tyrant", title=state.tyrant.names["en"], fight=True)
    return state.model_copy(
        update={
            "encounter": enc,
            "phase": "resolve",
            "started": True,
            "tyrant_attempts": state.tyrant_attempts + 1,
        }
    )


def resolve_encounter(state: TmbState, success: bool) -> TmbState:
    """Success → reward phase; failure → straight to recovery, no reward (p. 8-9, 20).

    A won tyrant battle wins the adventure; a lost one may be retried on a later day while days
    remain (p. 16). A fight lost with every gearloc KO is a party wipe: all must rest (p. 20).
    """
    _check_playing(state)
    if state.phase != "resolve" or state.encounter is None:
        raise GmError("tmb.error.no_encounter")
    if battle_running(state):
        raise GmError("tmb.error.battle_running")
    enc = state.encounter.model_copy(update={"outcome": "success" if success else "failure"})
    wiped = (not success) and enc.fight and all(g.ko for g in state.party)
    update: dict = {"encounter": enc, "wiped": wiped}
    if enc.kind == "tyrant" and success:
        update.update(won=True, phase="recovery")
    else:
        update["phase"] = "reward" if success else "recovery"
    return state.model_copy(update=update)


class Reward(Model):
    """What a successful encounter gave (p. 9): progress, training per gearloc, loot counts."""

    progress: int = Field(default=0, ge=0, le=20)
    training: int = Field(default=0, ge=0, le=10)
    loot: int = Field(default=0, ge=0, le=20)
    locked: int = Field(default=0, ge=0, le=20)


def take_reward(state: TmbState, reward: Reward, title: str = "") -> TmbState:
    """Reward phase: progress points kept with their encounter card, one training point per
    gearloc per training icon, loot and locked loot to draw now (p. 9, 22)."""
    _check_playing(state)
    if state.phase != "reward" or state.encounter is None:
        raise GmError("tmb.error.no_reward")
    cards = list(state.progress_cards)
    if reward.progress:
        label = title or state.encounter.title or _encounter_label(state.encounter)
        cards.append(model.ProgressCard(day=state.day, title=label, points=reward.progress))
    party = [
        g.model_copy(
            update={
                "training": [
                    *g.training,
                    *(model.TrainingPoint(day=state.day) for _ in range(reward.training)),
                ]
            }
        )
        for g in state.party
    ]
    return state.model_copy(update={"progress_cards": cards, "party": party, "phase": "recovery"})


def _encounter_label(enc: Encounter) -> str:
    return f"special {enc.number:03d}" if enc.kind == "special" else f"card {enc.number}"


def gearloc_index(state: TmbState, name: str) -> int:
    """Index of the party member called ``name`` (forgiving case/accents, EN/FR base names)."""
    from gm_assist.core.names import resolve

    # keyed by name, not by position: the error lists the names, and "0"/"1" are not gearlocs
    options = {g.name: _catalog_names(g) for g in state.party}
    found = resolve(name, options, "tmb.kind.gearloc")
    return next(i for i, g in enumerate(state.party) if g.name == found)


def _catalog_names(g: Gearloc) -> list[str]:
    info = next((i for i in gearloc_catalog() if i.id == g.catalog_id), None)
    return list(info.names.values()) if info else []


def tyrant_battle_extras(tyrant: Tyrant, party_size: int) -> list[tuple[SetupBaddie, int]]:
    """The tyrant card's extra baddies with their points for this party size (p. 16).

    Party of 1-2 takes ``points_small``, 3-4 ``points_large`` (e.g. Drellen: two bog baddies in
    lanes 2-3, 1-point for 1-2 gearlocs, 5-point for 3-4).
    """
    if tyrant.battle is None:
        return []
    return [
        (extra, extra.points_small if party_size <= 2 else extra.points_large)
        for extra in tyrant.battle.extras
    ]


def tyrant_battle_points(tyrant: Tyrant, day: int, party_size: int) -> int:
    """Baddie points of the tyrant battle's queue: day × gearlocs, 0 when a party of 1 skips it
    (tyrant card back; queue rule p. 18)."""
    setup = tyrant.battle
    if setup is None or setup.baddie_points == "points":
        if setup is not None and setup.skip_points_solo and party_size == 1:
            return 0
        return baddie_points(day, party_size)
    return 0


def known_types() -> tuple[str, ...]:
    """The six baddie creature types of the base box (p. 7, 15)."""
    return BADDIE_TYPES


def tyrant_challenge(state: TmbState) -> bool:
    """Today's encounter is the tyrant's challenge: its battle is set up from the tyrant's card
    (p. 16), not from the day's baddie points. The one test every command uses."""
    return bool(state.encounter and state.encounter.kind == "tyrant")


# ---------------------------------------------------------------- duties before moving on


def duties_before_next_day(state: TmbState) -> list:
    """What the rules still expect before the day counter turns (or day 1 begins), as ``Message``
    objects for the guided "Still to do" check (issue 14): training points are spent in the reward
    phase (p. 8), a gearloc carries at most 4 loot slots (p. 14), and a knocked-out gearloc (every
    gearloc after a party wipe) rests and recovers in the recovery phase (p. 20)."""
    from gm_assist.core.message import Message

    from .sheet import LOOT_SLOTS, loot_slots, over_slots

    duties = []
    for g in state.party:
        if g.training:
            duties.append(Message(key="tmb.duty.training", params={"name": g.name, "n": len(g.training)}))
        if over_slots(g):
            duties.append(
                Message(
                    key="tmb.duty.slots", params={"name": g.name, "slots": loot_slots(g), "max": LOOT_SLOTS}
                )
            )
        rested = g.recovery == "rest" and g.recovery_day == state.day
        if state.started and (g.ko or state.wiped) and not rested:
            duties.append(Message(key="tmb.duty.rest", params={"name": g.name}))
    return duties


# ---------------------------------------------------------------- the step the rules call for next


def training_due(state: TmbState) -> bool:
    """Training points are to be spent now: before day 1 begins (adventure mode, p. 23), or the
    reward's points today, before any gearloc takes its recovery option (p. 8)."""
    if not any(g.training for g in state.party):
        return False
    if not state.started:
        return True
    won_today = any(p.day == state.day for g in state.party for p in g.training)
    return won_today and state.phase == "recovery" and all(g.recovery_day != state.day for g in state.party)


def next_step(state: TmbState) -> Step:
    """The step the rules call for now (p. 8-9), one answer for the CLI's "Next:" line, the guided
    menu's default and ``--json``'s ``next``. Keys: ``won``, ``lost``, ``train``, ``start``,
    ``encounter`` (choices ``encounter``/``challenge`` when the tyrant can be challenged, p. 16),
    ``fight``, during a battle the battle's own step (``battle.rules.track.BATTLE_STEPS``), ``resolve``,
    ``reward``, ``recovery``, then ``next_day`` once every gearloc has recovered."""
    if state.won:
        return step("won", "tmb.next.won")
    if state.lost:
        return step("lost", "tmb.next.lost")
    if state.battle is not None and battle_running(state):  # during a battle: the battle's step
        return battle_next_step(state.battle)
    if training_due(state):
        return step("train", "tmb.next.train")
    if not state.started:
        return step("start", "tmb.next.start")
    if state.phase == "encounter":
        if can_challenge(state):
            choices = [("encounter", "tmb.flow.draw"), ("challenge", "tmb.flow.challenge")]
            return step("encounter", "tmb.next.encounter_or_challenge", choices, day=state.day)
        return step("encounter", "tmb.next.encounter", day=state.day)
    if state.phase == "resolve":
        fight = state.encounter is not None and state.encounter.fight
        if fight and state.battle is not None:  # the battle decided: its outcome is the encounter's
            won = state.battle.outcome == "victory"
            return step("resolve", "tmb.next.resolve_won" if won else "tmb.next.resolve_lost")
        return step("fight", "tmb.next.fight") if fight else step("resolve", "tmb.next.resolve")
    if state.phase == "reward":
        return step("reward", "tmb.next.reward")
    if all(g.recovery_day == state.day for g in state.party):
        return step("next_day", "tmb.next.next_day", day=state.day + 1)
    return step("recovery", "tmb.next.recovery", day=state.day + 1)
