"""The demo game's guided mode, built with the kit: the menu offers the step the rules call for
(``rules.next_step``) first, and records the same actions as the commands."""

from __future__ import annotations

from functools import partial

from gm_assist.core import guided, prompts
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import t

from . import rules, view
from .actions import Add
from .model import TARGET, Counter


def new_session() -> str | None:
    """Ask the target (the rule's 10 proposed) and start a session; None if the table backs out."""
    from gm_assist.core.session import start

    try:
        target = prompts.integer(t("demo.flow.target"), default=TARGET, min=1)
    except Cancelled:
        return None
    rec = start("demo", Counter(target=target), label=("demo.action.new", {"target": target}))
    return rec.session.name


def run(session_name: str) -> None:
    """One step at a time until the table leaves or the game is won."""
    from gm_assist.core.session import load, record

    while True:
        _, state = load("demo", session_name)
        prompts.show(partial(view.render_status, state))
        step = rules.next_step(state)
        prompts.say(step.text())
        if step.key == "won":
            return
        choices = [(c.key, t(c.message.key, **c.message.params)) for c in step.choices]
        choice = guided.menu(
            session_name, t("demo.flow.menu"), [*choices, ("leave", t("demo.flow.leave"))], on_cancel="leave"
        )
        if choice == "leave":
            return
        if choice == guided.AGAIN:
            continue
        try:
            rec = record(Add(n=prompts.integer(t("demo.flow.points"), default=1)), session_name)
        except Cancelled:
            continue
        except GmError as exc:
            prompts.say(exc.message())
            continue
        prompts.say(f"✓ {rec.label}")
        prompts.events(rec.events)
