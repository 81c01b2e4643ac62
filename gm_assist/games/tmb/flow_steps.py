"""The steps of the guided day loop (one function per menu entry). Each asks what the rules leave
to the table, proposes the rule's value as the default, records one action, shows the result."""

from __future__ import annotations

from functools import partial
from typing import Any

from gm_assist.core import guided, prompts
from gm_assist.core.i18n import t

from . import actions, rules, sheet
from .model import TmbState
from .sheet import scout_choices, scout_odds_line


def _record(session: str, action: Any) -> TmbState:
    from gm_assist.core.session import record

    rec = record(action, session)
    prompts.say(f"✓ {rec.label}")
    prompts.events(rec.events)  # what the rules said about it: the commands' lines, with their card
    return rec.state


def _gearloc(state: TmbState, message: str, only: list[int] | None = None) -> int:
    idx = only if only is not None else list(range(len(state.party)))
    return prompts.select(message, [(i, state.party[i].name) for i in idx], default=idx[0])


def start_day(session: str, state: TmbState) -> None:
    """Begin day 1: the counter stays on 1 (p. 8); unspent adventure-mode training is asked first."""
    duties = rules.duties_before_next_day(state)
    if not guided.still_to_do(duties):
        return
    _record(session, actions.NextDay())


def next_day(session: str, state: TmbState) -> None:
    """New-day phase (p. 8, 22): the counter turns; past the last day the adventure is lost. What
    the rules still expect (training, loot over 4 slots, a gearloc to rest) is listed first, and
    the default answer is the duty (issue 14)."""
    duties = rules.duties_before_next_day(state)
    if not guided.still_to_do(duties):
        return
    _record(session, actions.NextDay(force=state.wiped))  # the table moved on past the rests


def draw(session: str, state: TmbState) -> None:
    """Encounter phase: draw the top card, read it, pick an option (p. 8)."""
    from .view import encounter_text

    fight = prompts.select(
        t("tmb.flow.ask_option"),
        [(False, t("tmb.flow.peaceful")), (True, t("tmb.flow.fight"))],
        default=False,
        rules=("tmb/encounters",),
    )
    title = prompts.text(t("tmb.flow.ask_title"), default="")
    new = _record(session, actions.DrawEncounter(title=title.strip(), fight=fight))
    prompts.say(encounter_text(new))


def challenge(session: str, state: TmbState) -> None:
    """Challenge the tyrant (p. 16): show the battle set-up from the catalog."""
    new = _record(session, actions.ChallengeTyrant())  # says the challenge and the card's set-up
    if new.tyrant.battle is not None:
        from .battle.view import tyrant_queue_line

        prompts.show(lambda out: out.print(tyrant_queue_line(new)))


def battle(session: str, state: TmbState) -> None:
    """Fight today's battle in the battle flow (battle.flow.run_battle)."""
    from .battle.flow import run_battle

    run_battle(session)


def resolve(session: str, state: TmbState) -> None:
    """Success or failure (p. 8): a won battle or a peaceful option succeeds by default."""
    proposed = rules.proposed_outcome(state)
    success = prompts.select(
        t("tmb.flow.ask_outcome"),
        [(True, t("tmb.flow.success")), (False, t("tmb.flow.failure"))],
        default=proposed,
        rules=("tmb/encounters", "tmb/battle-outcome"),
    )
    _record(session, actions.Resolve(success=success))


def reward(session: str, state: TmbState) -> None:
    """Reward phase (p. 9): progress kept with the card, training per gearloc, loot to draw."""
    progress = prompts.integer(t("tmb.flow.ask_progress_gain"), default=0, min=0, max=20)
    training = prompts.integer(t("tmb.flow.ask_training_gain"), default=0, min=0, max=10)
    loot = prompts.integer(t("tmb.flow.ask_loot"), default=0, min=0, max=20)
    locked = prompts.integer(t("tmb.flow.ask_locked"), default=0, min=0, max=20)
    _record(
        session,
        actions.TakeReward(
            reward=rules.Reward(progress=progress, training=training, loot=loot, locked=locked)
        ),
    )


def train(session: str, state: TmbState) -> None:
    """Spend a training point (p. 10-12): HP, dex, skills succeed; attack/defense are rolled. "Who
    trains?" is a sub-menu: Esc in the questions after it comes back to it."""

    def draw(now: TmbState) -> guided.Menu:
        idx = [i for i, g in enumerate(now.party) if g.training]
        return guided.Menu(
            t("tmb.flow.ask_who_trains"), [(i, now.party[i].name) for i in idx], idx[0] if idx else None
        )

    guided.submenu(session, draw, partial(_train, session))


def _train(session: str, state: TmbState, who: int) -> None:
    points = state.party[who].training
    # a stat every unspent point already failed is closed by the rules (p. 11): never offered again
    open_stats = [s for s in sheet.STATS if any(s not in p.failed for p in points)]
    stat = prompts.select(
        t("tmb.flow.ask_stat"),
        [(s, t(f"tmb.stat.{s}")) for s in open_stats],
        default="hp",
        rules=("tmb/training",),
    )
    success: bool | None = None
    skill = ""
    if stat in ("atk", "def"):
        success = prompts.confirm(t("tmb.flow.ask_no_bone", stat=t(f"tmb.stat.{stat}")), default=True)
        if stat == "def" and not success:  # p. 11: defense re-rolls its bones once
            success = prompts.confirm(t("tmb.flow.ask_reroll_bones"), default=True)
    elif stat == "skill":
        skill = prompts.text(t("tmb.flow.ask_skill"), default="")
    name = state.party[who].name
    _record(session, actions.Train(index=who, name=name, stat=stat, success=success, skill=skill))


def _scout(session: str, state: TmbState, who: int, name: str) -> None:
    from gm_assist.core.dice import new_seed, rng

    prompts.say(scout_odds_line() + " — tmb/scouting")
    how = prompts.select(
        t("tmb.flow.ask_roll_how"),
        [("table", t("tmb.flow.roll_table")), ("app", t("tmb.flow.roll_app"))],
        default="table",
    )
    roll = (
        prompts.integer(t("tmb.flow.ask_d6"), min=1, max=6)
        if how == "table"
        else rng(new_seed()).randint(1, 6)
    )
    choices = scout_choices(roll)
    prompts.say(
        t(
            "tmb.scout.done",
            name=name,
            roll=roll,
            choices=", ".join(map(str, choices)),
            rolled=t("tmb.scout.app_rolled") if how == "app" else "",
        )
    )
    stack = (
        choices[0]
        if len(choices) == 1
        else prompts.select(t("tmb.flow.ask_stack"), [(c, f"{c}") for c in choices], default=choices[0])
    )
    baddie = prompts.text(t("tmb.flow.ask_baddie"), default="")
    face_up = prompts.confirm(t("tmb.flow.ask_face_up"), default=True)
    _record(
        session, actions.Scout(index=who, name=name, roll=roll, stack=stack, baddie=baddie, face_up=face_up)
    )


def recovery(session: str, state: TmbState) -> None:
    """Recovery phase (p. 9): each gearloc's one option, lockpicking, loot trades. A sub-menu: Esc
    in a question after it comes back to it."""

    def draw(now: TmbState) -> guided.Menu:
        left = [i for i, g in enumerate(now.party) if g.recovery_day != now.day]
        choices: list[Any] = [(i, t("tmb.flow.option_for", name=now.party[i].name)) for i in left]
        if any(c.locked for g in now.party for c in g.loot):
            choices.append(("lockpick", t("tmb.flow.lockpick")))
        choices.append(("loot", t("tmb.flow.loot")))
        return guided.Menu(t("tmb.flow.ask_recovery"), choices, choices[0][0], ("tmb/recovery",))

    guided.submenu(session, draw, partial(_recovery, session))


def _recovery(session: str, state: TmbState, pick: Any) -> None:
    if pick == "lockpick":
        return lockpick(session, state)
    if pick == "loot":
        return loot(session, state)
    g = state.party[pick]
    default = "rest" if (state.wiped or g.hp < g.max_hp or g.ko) else "scout"
    options = [("rest", t("tmb.flow.rest")), ("search", t("tmb.flow.search")), ("scout", t("tmb.flow.scout"))]
    option = prompts.select(
        t("tmb.flow.ask_option_for", name=g.name),
        options,
        default=default,
        rules=("tmb/rest", "tmb/search-loot", "tmb/scouting"),
    )
    if option == "rest":
        _record(session, actions.Rest(index=pick, name=g.name))
    elif option == "search":
        if not g.loot:
            prompts.say(t("tmb.error.no_loot", name=g.name))
            return None
        card = prompts.select(t("tmb.flow.ask_discard"), [(str(i + 1), c.name) for i, c in enumerate(g.loot)])
        keep = prompts.text(t("tmb.flow.ask_keep"), default="")
        _record(session, actions.Search(index=pick, name=g.name, discard=card, keep=keep))
    else:
        _scout(session, state, pick, g.name)
    return None


def lockpick(session: str, state: TmbState) -> None:
    """One lockpicking attempt per gearloc per day (p. 21); opened locks stay open."""
    pickers = [i for i, g in enumerate(state.party) if g.lockpick_day != state.day]
    if not pickers:
        prompts.say(t("tmb.flow.no_lockpick"))
        return
    who = _gearloc(state, t("tmb.flow.ask_picker"), pickers)
    cards = [
        ((o, str(i + 1)), f"{state.party[o].name}: {c.name} ({c.locks_open}/{sheet.LOCKS})")
        for o, g in enumerate(state.party)
        for i, c in enumerate(g.loot)
        if c.locked
    ]
    owner, card = prompts.select(t("tmb.flow.ask_locked_card"), cards, default=cards[0][0])
    before = state.party[owner].loot[int(card) - 1].locks_open
    opened = prompts.integer(t("tmb.flow.ask_opened"), default=before, min=before, max=sheet.LOCKS)
    reveal, heavy = "", False
    if opened == sheet.LOCKS:
        reveal = prompts.text(t("tmb.flow.ask_reveal"), default="")
        heavy = prompts.confirm(t("tmb.flow.ask_heavy"), default=False)
    _record(
        session,
        actions.Lockpick(
            picker=who,
            owner=owner,
            name=state.party[who].name,
            card=card,
            opened=opened,
            revealed=reveal,
            heavy=heavy,
        ),
    )


def loot(session: str, state: TmbState) -> None:
    """Loot cards: take, drop, give (4 slots; heavy 3; locked 1 until opened, p. 14, 21). A
    sub-menu: Esc in a question after it comes back to it."""
    menu = guided.Menu(
        t("tmb.flow.ask_loot_action"),
        [
            ("add", t("tmb.flow.loot_add")),
            ("drop", t("tmb.flow.loot_drop")),
            ("give", t("tmb.flow.loot_give")),
        ],
        "add",
        ("tmb/loot", "tmb/heavy-loot"),
    )
    guided.submenu(session, lambda _now: menu, partial(_loot, session))


def _loot(session: str, state: TmbState, what: str) -> None:
    who = _gearloc(state, t("tmb.flow.ask_whose"))
    g = state.party[who]
    if what == "add":
        card = prompts.text(t("tmb.flow.ask_card"), default="")
        locked = prompts.confirm(t("tmb.flow.ask_locked_q"), default=False)
        heavy = False if locked else prompts.confirm(t("tmb.flow.ask_heavy"), default=False)
        _record(
            session, actions.AddLoot(index=who, name=g.name, card=card or "?", locked=locked, heavy=heavy)
        )
        return
    if not g.loot:
        prompts.say(t("tmb.error.no_loot", name=g.name))
        return
    place = prompts.select(t("tmb.flow.ask_which_card"), [(str(i + 1), c.name) for i, c in enumerate(g.loot)])
    card = g.loot[int(place) - 1].name
    if what == "drop":
        _record(session, actions.DropLoot(index=who, name=g.name, card=card))
        return
    others = [i for i in range(len(state.party)) if i != who]
    if not others:
        prompts.say(t("tmb.error.same_gearloc"))
        return
    taker = _gearloc(state, t("tmb.flow.ask_taker"), others)
    _record(
        session, actions.GiveLoot(giver=who, taker=taker, names=(g.name, state.party[taker].name), card=card)
    )


def sheet_step(session: str, state: TmbState) -> None:
    """Enter or correct the starting stats printed on a gearloc mat (p. 10)."""
    who = _gearloc(state, t("tmb.flow.ask_whose"))
    g = state.party[who]
    values = [
        prompts.integer(
            t(f"tmb.flow.ask_base_{s}", name=g.name),
            default=getattr(g, f"base_{s}"),
            min=1 if s == "hp" else 0,
            max=20,
        )
        for s in ("hp", "dex", "atk", "def")
    ]
    _record(
        session,
        actions.SetSheet(
            index=who, name=g.name, hp=values[0], dex=values[1], atk=values[2], defense=values[3]
        ),
    )


def status(session: str, state: TmbState) -> None:
    """The status panel; the menu shows the reminders and "→ Next" right after it, once."""
    from .view import render_status

    prompts.show(lambda out: render_status(state, out, reminders=False))
