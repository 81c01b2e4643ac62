"""Guided mode for a Too Many Bones adventure: the set-up wizard and the day loop.

Each screen shows where the adventure stands and proposes, as the default choice, the step the
rules call for next (new day → encounter → success/failure → reward → recovery → new day). The
table may pick anything else. Steps are in ``flow_steps.py``; battles run in ``battle/flow.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from gm_assist.core import guided, prompts
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import lang, t
from gm_assist.core.step import Step

from . import flow_steps as steps
from . import rules
from .battle.rules.track import BATTLE_STEPS
from .model import TmbState


def _pick_tyrant() -> Any:
    choices: list[Any] = [
        (ty.id, f"{ty.name(lang())} — {t('tmb.flow.tyrant_line', days=ty.days, progress=ty.progress)}")
        for ty in rules.tyrants()
    ]
    choices.append(("custom", t("tmb.flow.custom_tyrant")))
    ident = prompts.select(t("tmb.flow.ask_tyrant"), choices, default="drellen", rules=("tmb/tyrants",))
    if ident != "custom":
        return next(ty for ty in rules.tyrants() if ty.id == ident)
    name = prompts.text(
        t("tmb.flow.ask_custom_name"), validate=lambda s: None if s.strip() else t("tmb.error.gearloc_name")
    )
    days = prompts.integer(t("tmb.flow.ask_days"), default=10, min=rules.MIN_DAYS, max=rules.MAX_DAYS)
    progress = prompts.integer(t("tmb.flow.ask_progress"), default=6, min=1, max=40)
    types = prompts.checkbox(
        t("tmb.flow.ask_types"),
        [(ty, t(f"tmb.type.{ty}")) for ty in rules.known_types()],
        default=("bog", "goblin", "beast"),
    )
    cards = prompts.integer(t("tmb.flow.ask_cards"), default=1, min=0, max=6)
    return rules.custom_tyrant(name.strip(), days, progress, list(types) or None, cards)


def _pick_party() -> list[str]:
    count = prompts.integer(t("tmb.flow.ask_count"), default=2, min=1, max=rules.MAX_GEARLOCS)
    names: list[str] = []
    for i in range(count):
        left = [
            (g.names[lang()], g.names[lang()])
            for g in rules.gearloc_catalog()
            if g.names[lang()] not in names
        ]
        left.append(("", t("tmb.flow.other_gearloc")))
        name = prompts.select(t("tmb.flow.ask_gearloc", n=i + 1), left, default=left[0][0])
        if not name:
            name = prompts.text(
                t("tmb.flow.ask_gearloc_name"),
                validate=lambda s: (
                    None if s.strip() and s.strip() not in names else t("tmb.error.duplicate_gearloc")
                ),
            )
        names.append(name.strip())
    return names


def new_session() -> str | None:
    """The set-up wizard: tyrant, party, mode, printed HP; prints the checklist (p. 6-7, 23)."""
    from gm_assist.core.session import create, record

    from . import actions
    from .view import render_setup

    try:
        tyrant = _pick_tyrant()
        names = _pick_party()
        mode = prompts.select(
            t("tmb.flow.ask_mode"),
            [(m, t(f"tmb.mode.{m}")) for m in rules.MODE_BONUS],
            default="adventure",
            rules=("tmb/game-modes",),
        )
        hps = [prompts.integer(t("tmb.flow.ask_hp", name=n), min=1, max=20) for n in names]
        session_name = prompts.text(t("tmb.flow.ask_session"), default="", validate=_name_problem)
    except Cancelled:
        return None
    try:
        state = rules.new_state(tyrant, names, mode)
        sheets = actions.starting_sheets(state, dict(enumerate(hps)))
        info = create(
            "tmb", state, session_name.strip() or None, ("tmb.action.new", {"tyrant": tyrant.names["en"]})
        )
    except GmError as exc:
        prompts.say(exc.message())
        return None
    for action in sheets:  # the same history as `tmb new --hp …`
        record(action, info.name)
    prompts.show(lambda out: render_setup(rules.setup_checklist(tyrant, len(names), mode), tyrant, out))
    return info.name


def _name_problem(text: str) -> str | None:
    """The adventure's name: empty for an automatic one, else a free, valid session name."""
    from gm_assist.core.index import new_name_problem

    return new_name_problem(text) if text.strip() else None


MENU_ENTRY = {"won": "leave", "lost": "leave", "encounter": "draw", "fight": "battle"}
"""The menu entry of a step of ``rules.next_step`` whose key is not an entry's own (a battle's
steps are all taken from the "Fight the battle" entry)."""


def menu_entry(found: Step) -> str:
    """The menu entry that takes the step the rules call for (``rules.next_step``): the default."""
    if found.key in BATTLE_STEPS:
        return "battle"
    return MENU_ENTRY.get(found.key, found.key)


def menu(state: TmbState) -> tuple[list[tuple[str, str]], str]:
    """The choices of the day-loop menu and the one the rules propose (the default: the entry of
    ``rules.next_step``, the step the CLI's "Next:" line names)."""
    choices: list[tuple[str, str]] = []
    proposed = menu_entry(rules.next_step(state))
    if state.won or state.lost:
        return [("leave", t("guided.leave"))], proposed
    if rules.battle_running(state):
        choices.append(("battle", t("tmb.flow.battle")))
    if not state.started:
        choices.append(("start", t("tmb.flow.start_day1")))
    if state.phase == "encounter":
        choices.append(("draw", t("tmb.flow.draw")))
        if rules.can_challenge(state):
            choices.append(("challenge", t("tmb.flow.challenge")))
    elif state.phase == "resolve":
        fight = state.encounter is not None and state.encounter.fight
        if fight and state.battle is None:
            choices.append(("battle", t("tmb.flow.battle")))
        choices.append(("resolve", t("tmb.flow.resolve")))
    elif state.phase == "reward":
        choices.append(("reward", t("tmb.flow.reward")))
    else:
        choices.append(("recovery", t("tmb.flow.recovery")))
        choices.append(("next_day", t("tmb.flow.next_day", day=state.day + 1)))
    if any(g.training for g in state.party):
        choices.append(("train", t("tmb.flow.train")))
    choices += [
        ("loot", t("tmb.flow.loot")),
        ("sheet", t("tmb.flow.sheet")),
        ("status", t("tmb.flow.status")),
        ("leave", t("guided.leave")),
    ]
    return choices, proposed


def run(session_name: str) -> None:
    """The adventure menu: one screen per step of the day until the table leaves (p. 8-9)."""
    from gm_assist.core.session import load

    from .view import render_reminders

    handlers: dict[str, Callable[[str, TmbState], None]] = {
        "start": steps.start_day,
        "draw": steps.draw,
        "challenge": steps.challenge,
        "battle": steps.battle,
        "resolve": steps.resolve,
        "reward": steps.reward,
        "recovery": steps.recovery,
        "next_day": steps.next_day,
        "train": steps.train,
        "loot": steps.loot,
        "sheet": steps.sheet_step,
        "status": steps.status,
    }
    while True:
        _, state = load("tmb", session_name)
        prompts.show(partial(render_reminders, state))
        choices, proposed = menu(state)
        header = t(
            "tmb.flow.menu",
            day=state.day,
            days=state.tyrant.days,
            progress=state.progress,
            needed=state.tyrant.progress,
        )
        choice = guided.menu(
            session_name, header, choices, default=proposed, rules=("tmb/day-phases",), on_cancel="leave"
        )
        if choice == "leave":
            return
        if choice == guided.AGAIN:
            continue
        try:
            handlers[choice](session_name, state)
        except Cancelled:
            continue
        except GmError as exc:
            prompts.say("! " + exc.message())
