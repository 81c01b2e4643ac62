"""The gearloc sheet: stats and training, loot slots, lockpicking, the recovery options.

Pure functions over ``TmbState``. Rulebook v2.1 (FR): p. 10-11 "Zone des caractéristiques"
(training), p. 14 "Zone des cartes Butin", p. 21 "Butins et butins verrouillés", "Crochetage",
p. 9 "Phase de récupération" (rest, search, scout with the d6 table), p. 22 "Points d'entraînement".
"""

from __future__ import annotations

from gm_assist.core.errors import GmError

from .model import LOCKS, Gearloc, Loot, TmbState

STATS = ("hp", "dex", "atk", "def", "skill")


def stat_label(stat: str) -> dict[str, str] | str:
    """A stat as the rulebook abbreviates it, in both languages (« PV », « Atq »…), for messages
    and journal labels; an unknown stat as typed."""
    from gm_assist.core.i18n import LANGS, t_in

    return {lg: t_in(lg, f"tmb.stat_short.{stat}") for lg in LANGS} if stat in STATS else stat


LOOT_SLOTS = 4
HEAVY_SLOTS = 3
STAT_DIE_MAX = 6
ALWAYS_SUCCEED = ("hp", "dex", "skill")
#: scouting d6 → the stacks the gearloc may reveal from (p. 9)
SCOUT_TABLE: dict[int, tuple[int, ...]] = {1: (1,), 2: (1,), 3: (1,), 4: (1, 5), 5: (1, 5), 6: (1, 5, 20)}


def _replace(state: TmbState, index: int, gearloc: Gearloc) -> TmbState:
    party = list(state.party)
    party[index] = gearloc
    return state.model_copy(update={"party": party})


def _gearloc(state: TmbState, index: int) -> Gearloc:
    if not 0 <= index < len(state.party):
        raise GmError("tmb.error.no_gearloc", index=index + 1)
    return state.party[index]


# ---------------------------------------------------------------- stats and training


def set_base_stats(
    state: TmbState,
    index: int,
    hp: int | None = None,
    dex: int | None = None,
    atk: int | None = None,
    defense: int | None = None,
) -> TmbState:
    """Enter the starting values printed on a gearloc mat (p. 10). Max HP = printed HP + the health
    die; entering HP for the first time fills the gearloc's HP to the maximum."""
    g = _gearloc(state, index)
    for value in (hp, dex, atk, defense):
        if value is not None and not 0 <= value <= 20:
            raise GmError("tmb.error.stat_value", value=value)
    update: dict = {}
    if dex is not None:
        update["base_dex"] = dex
    if atk is not None:
        update["base_atk"] = atk
    if defense is not None:
        update["base_def"] = defense
    if hp is not None:
        if hp < 1:
            raise GmError("tmb.error.stat_value", value=hp)
        new_max = hp + g.hp_die
        new_hp = new_max if g.base_hp is None else min(g.hp + new_max - g.max_hp, new_max)
        update.update(base_hp=hp, max_hp=new_max, hp=max(new_hp, 0))
    return _replace(state, index, g.model_copy(update=update))


def stat_total(g: Gearloc, stat: str) -> int | None:
    """Current stat = printed value + stat die (p. 10); None while the printed value is unknown."""
    base = {"hp": g.base_hp, "dex": g.base_dex, "atk": g.base_atk, "def": g.base_def}[stat]
    die = {"hp": g.hp_die, "dex": g.dex_die, "atk": g.atk_die, "def": g.def_die}[stat]
    return None if base is None else base + die


def train(
    state: TmbState, index: int, stat: str, success: bool | None = None, skill: str = ""
) -> tuple[TmbState, bool]:
    """Spend one training point on a stat or a skill (p. 10-12, 22).

    HP, dexterity and skills always succeed; an attack or defense attempt is rolled at the table
    (success = no bone): on a failure the point is kept but cannot be tried on that stat again.
    A stat die stops at 6. HP training also adds 1 HP. Returns the new state and whether it worked.
    """
    g = _gearloc(state, index)
    if stat not in STATS:
        raise GmError("tmb.error.stat", stat=stat)
    if not g.training:
        raise GmError("tmb.error.no_training", name=g.name)
    usable = [i for i, p in enumerate(g.training) if stat not in p.failed]
    if not usable:
        raise GmError("tmb.error.training_failed_before", name=g.name, stat=stat_label(stat))
    if stat in ALWAYS_SUCCEED:
        success = True
    elif success is None:
        raise GmError("tmb.error.training_roll", stat=stat_label(stat))
    die_field = f"{stat}_die"
    if stat != "skill" and getattr(g, die_field) >= STAT_DIE_MAX:
        raise GmError("tmb.error.die_max", name=g.name, stat=stat_label(stat))
    point = max(usable, key=lambda i: len(g.training[i].failed))
    points = list(g.training)
    if not success:
        points[point] = points[point].model_copy(update={"failed": [*points[point].failed, stat]})
        return _replace(state, index, g.model_copy(update={"training": points})), False
    del points[point]
    update: dict = {"training": points, "training_spent": g.training_spent + 1}
    if stat == "skill":
        update["skills"] = [*g.skills, skill.strip() or "?"]
    else:
        update[die_field] = getattr(g, die_field) + 1
    if stat == "hp":
        update.update(
            max_hp=g.max_hp + 1 if g.base_hp is not None else g.max_hp,
            hp=g.hp + 1 if g.base_hp is not None else g.hp,
        )
    return _replace(state, index, g.model_copy(update=update)), True


# ---------------------------------------------------------------- loot


def loot_slots(g: Gearloc) -> int:
    """Slots used: 1 per card, 3 for an opened heavy card, 1 for a locked card (p. 14, 21)."""
    return sum(HEAVY_SLOTS if (card.heavy and not card.locked) else 1 for card in g.loot)


def over_slots(g: Gearloc) -> int:
    """Slots beyond the 4 allowed (the table discards down to 4, p. 14)."""
    return max(loot_slots(g) - LOOT_SLOTS, 0)


def _card_index(g: Gearloc, card: str) -> int:
    from gm_assist.core.names import resolve

    if card.isdecimal() and 1 <= int(card) <= len(g.loot):
        return int(card) - 1
    # keyed by name, not by position: the error lists the cards (a number is the card's place, 1 first)
    options: dict[str, list[str]] = {c.name: [] for c in g.loot}
    if not options:
        raise GmError("tmb.error.no_loot", name=g.name)
    found = resolve(card, options, "tmb.kind.loot")
    return next(i for i, c in enumerate(g.loot) if c.name == found)


def loot_card(state: TmbState, index: int, card: str) -> str:
    """The name of the card a table means by ``card`` (its name, or its place: 1 is the first), so
    that the journal says "Capitank drops Rusty Key", not "drops 1"."""
    g = _gearloc(state, index)
    return g.loot[_card_index(g, card)].name


def add_loot(state: TmbState, index: int, name: str, locked: bool = False, heavy: bool = False) -> TmbState:
    """A gearloc takes a loot or locked-loot card (p. 9, 21). A locked card is never heavy until
    opened. Going over 4 slots is allowed here: the table then drops cards down to 4."""
    g = _gearloc(state, index)
    card = Loot(name=name.strip() or "?", locked=locked, heavy=heavy and not locked)
    return _replace(state, index, g.model_copy(update={"loot": [*g.loot, card]}))


def drop_loot(state: TmbState, index: int, card: str) -> TmbState:
    """Discard a loot card (any time outside battle, p. 21)."""
    g = _gearloc(state, index)
    i = _card_index(g, card)
    return _replace(state, index, g.model_copy(update={"loot": g.loot[:i] + g.loot[i + 1 :]}))


def give_loot(state: TmbState, giver: int, taker: int, card: str) -> TmbState:
    """Trade a loot card between gearlocs (recovery phase: free trades, p. 9)."""
    g = _gearloc(state, giver)
    i = _card_index(g, card)
    moved = g.loot[i]
    state = _replace(state, giver, g.model_copy(update={"loot": g.loot[:i] + g.loot[i + 1 :]}))
    t = _gearloc(state, taker)
    return _replace(state, taker, t.model_copy(update={"loot": [*t.loot, moved]}))


def lockpick(
    state: TmbState, picker: int, owner: int, card: str, opened: int, revealed: str = "", heavy: bool = False
) -> TmbState:
    """One lockpicking attempt per gearloc per day, in recovery, on its own or an ally's locked
    card (p. 21). Locks opened stay open (``opened`` = locks open after the attempt, never fewer
    than before); with all 3 open the card is revealed and becomes normal loot (maybe heavy)."""
    _need_recovery(state)
    p = _gearloc(state, picker)
    if p.lockpick_day == state.day:
        raise GmError("tmb.error.lockpick_done", name=p.name, day=state.day)
    o = _gearloc(state, owner)
    i = _card_index(o, card)
    target = o.loot[i]
    if not target.locked:
        raise GmError("tmb.error.not_locked", card=target.name)
    if not target.locks_open <= opened <= LOCKS:
        raise GmError("tmb.error.locks", opened=opened, before=target.locks_open)
    done = opened == LOCKS
    new_card = target.model_copy(
        update={
            "locks_open": opened,
            "locked": not done,
            "heavy": heavy and done,
            "name": (revealed.strip() or target.name) if done else target.name,
        }
    )
    loot = list(o.loot)
    loot[i] = new_card
    state = _replace(state, owner, o.model_copy(update={"loot": loot}))
    p = state.party[picker]
    return _replace(state, picker, p.model_copy(update={"lockpick_day": state.day}))


# ---------------------------------------------------------------- recovery options


def _need_recovery(state: TmbState) -> None:
    if state.won or state.lost:
        raise GmError("tmb.error.over")
    if state.phase != "recovery":
        raise GmError("tmb.error.not_recovery")


def _option(state: TmbState, index: int, option: str, force: bool) -> Gearloc:
    _need_recovery(state)
    g = _gearloc(state, index)
    if g.recovery_day == state.day:
        raise GmError("tmb.error.recovery_done", name=g.name, option=g.recovery or "")
    if state.wiped and option != "rest" and not force:
        raise GmError("tmb.error.wiped_rest", name=g.name)
    return g


def rest(state: TmbState, index: int) -> TmbState:
    """Rest and recover: the gearloc gets all its HP back (p. 9)."""
    g = _option(state, index, "rest", False)
    return _replace(
        state,
        index,
        g.model_copy(update={"hp": g.max_hp, "ko": False, "recovery": "rest", "recovery_day": state.day}),
    )


def search(state: TmbState, index: int, discard: str, keep: str = "", force: bool = False) -> TmbState:
    """Search for better loot: discard 1 card, roll 6 attack dice, reveal 1 loot per skull and keep
    one; with no skull the discarded card is lost anyway (p. 9)."""
    g = _option(state, index, "search", force)
    i = _card_index(g, discard)
    loot = g.loot[:i] + g.loot[i + 1 :]
    if keep.strip():
        loot.append(Loot(name=keep.strip()))
    return _replace(
        state, index, g.model_copy(update={"loot": loot, "recovery": "search", "recovery_day": state.day})
    )


def scout_choices(roll: int) -> tuple[int, ...]:
    """Stacks a scouting d6 lets the gearloc reveal from: 1-3 → 1 pt, 4-5 → 1 or 5, 6 → any (p. 9)."""
    if roll not in SCOUT_TABLE:
        raise GmError("tmb.error.d6", roll=roll)
    return SCOUT_TABLE[roll]


def scout_odds() -> dict:
    """Before the scouting d6 (p. 9): the exact chance that the roll lets the gearloc reveal from
    each stack (1 pt: always; 5 pts: 4-6, 1/2; 20 pts: 6, 1/6). One fair die: faces counted."""
    from fractions import Fraction

    from gm_assist.core.chance import chance

    stacks = {
        str(stack): chance(Fraction(sum(1 for allowed in SCOUT_TABLE.values() if stack in allowed), 6))
        for stack in (1, 5, 20)
    }
    return {"rule": "tmb/scouting", "die": "d6", "stacks": stacks}


def scout_odds_line() -> str:
    """The scouting chances in words (plain text; the caller names the card, tmb/scouting)."""
    from gm_assist.core.chance import percent
    from gm_assist.core.i18n import t

    stacks = scout_odds()["stacks"]
    p = {f"p{k}": percent(v["probability"]) for k, v in stacks.items()}
    return t("tmb.scout.odds", **p)


def scout(
    state: TmbState,
    index: int,
    roll: int,
    stack: int | None = None,
    baddie: str = "",
    face_up: bool = True,
    force: bool = False,
) -> TmbState:
    """Scout the area: reveal the first face-down chip of an allowed stack; it stays face up at
    the top of its stack (below earlier scouted chips) or goes face down to the bottom (p. 9)."""
    g = _option(state, index, "scout", force)
    choices = scout_choices(roll)
    if stack is None:
        if len(choices) > 1:
            raise GmError("tmb.error.scout_stack", roll=roll, choices=", ".join(str(c) for c in choices))
        stack = choices[0]
    if stack not in choices:
        raise GmError(
            "tmb.error.scout_not_allowed", roll=roll, stack=stack, choices=", ".join(str(c) for c in choices)
        )
    scouted = {k: list(v) for k, v in state.scouted.items()}
    if face_up:
        scouted.setdefault(stack, []).append(baddie.strip() or "?")
    state = state.model_copy(update={"scouted": scouted})
    return _replace(state, index, g.model_copy(update={"recovery": "scout", "recovery_day": state.day}))
