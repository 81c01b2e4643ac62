"""Shy Monsters — guided mode: start a game (two players or solo), then one menu per hero step.

Only prompts and rendering here; every change is an action of ``actions.py`` recorded through the
core, every answer comes from ``hero.py`` / ``rules.py``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gm_assist.core import guided, prompts
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import t

from .model import LEVELS, Difficulty

RULES = (
    "shy-monsters/hero-phase",
    "shy-monsters/explore",
    "shy-monsters/jump",
    "shy-monsters/attack",
    "shy-monsters/skills",
    "shy-monsters/comfort-zones",
    "shy-monsters/fear",
)


def new_session() -> str | None:
    """The set-up wizard: who is the Dungeon Master, how strong (solo), which seed. Returns the new
    session's name, None if cancelled."""
    from gm_assist.core.session import create

    from .dungeon_master import new_game
    from .rules import load_patterns

    try:
        mode = prompts.select(
            t("shy_monsters.flow.mode"),
            [("solo", t("shy_monsters.flow.mode_solo")), ("two-players", t("shy_monsters.flow.mode_two"))],
            rules=("shy-monsters/solo", "shy-monsters/two-players"),
        )
        level: Difficulty = "best"
        seed = None
        if mode == "solo":
            level = prompts.select(
                t("shy_monsters.flow.difficulty"),
                [(level, t(f"shy_monsters.difficulty.{level}")) for level in reversed(LEVELS)],  # best first
                default="best",
            )
            raw = prompts.text(t("shy_monsters.flow.seed"), validate=_seed_problem).strip()
            seed = int(raw) if raw else None
        with prompts.working(t("shy_monsters.waiting")):  # the solo Dungeon Master's floor search
            state = new_game(mode, level, seed, load_patterns())
    except Cancelled:
        return None
    info = create("shy-monsters", state, label=("shy_monsters.action.new", {}))
    prompts.say(t("shy_monsters.new.done", name=info.name, mode=t(f"shy_monsters.mode.{mode}")))
    if mode == "solo":
        prompts.say(t("shy_monsters.new.seed", seed=state.seed, level=t(f"shy_monsters.difficulty.{level}")))
    return info.name


def _seed_problem(value: str) -> str | None:
    from gm_assist.core.dice import check_seed

    value = value.strip()
    if not value:
        return None
    if not value.isdecimal():
        return t("shy_monsters.flow.not_a_seed")
    try:
        check_seed(int(value))
    except GmError as exc:
        return exc.message()
    return None


def run(session_name: str) -> None:
    """The game menu: lay the floor (two players), turn tiles over, then explore / jump / attack,
    until the table leaves or the game ends."""
    from gm_assist.core.session import load

    from .view import render

    while True:
        _, state = load("shy-monsters", session_name)
        prompts.show(partial(render, state), status=True)
        if state.outcome != "playing":
            prompts.say(t("shy_monsters.flow.over"))
            return
        try:
            action = _next_action(state)
        except Cancelled:
            return
        if action is None:
            return
        if action == guided.AGAIN:
            continue
        try:
            from gm_assist.core.session import record

            record(action, session_name)
        except GmError as exc:
            prompts.say(exc.message())


def _next_action(state: Any) -> Any:
    """Ask what happens next; the action to record, or None to leave."""
    from . import actions

    play = state.floor
    if play.layout is None:
        if prompts.private_seats() and prompts.seat() != "dungeon-master":
            # the table view's phones: the floor is typed on the Dungeon Master's link only
            prompts.wait(t("shy_monsters.flow.dm_lays", floor=play.number))
            return guided.AGAIN
        return _lay_floor(state)
    if play.reveals_due > 0:
        return _reveal(state)
    choice = guided.menu(None, t("shy_monsters.flow.what_now"), menu_choices(state), rules=RULES)
    if choice == "leave":
        return None
    if choice == guided.AGAIN:
        return guided.AGAIN
    if choice == "attack":
        return actions.DeclareAttack()
    kind, direction = choice.split(".", 1)
    if kind == "explore":
        action: Any = actions.Explore(direction=direction)
    else:
        action = actions.Jump(direction=direction, attack=kind == "jump_attack")
    if _danger(state, direction, kind != "explore", kind == "jump_attack") and not prompts.confirm(
        t("shy_monsters.flow.danger"), default=False
    ):
        return _next_action(state)
    return action


def _danger(state: Any, direction: str, jumping: bool, attacking: bool) -> bool:
    from .hero import known_danger
    from .rules import patterns_from_grids

    return not attacking and known_danger(state, direction, jumping, patterns_from_grids(state.patterns))


def menu_choices(state: Any) -> list[tuple[str, str]]:
    """The hero's menu: the choices of the step the rules call for (``hero.next_step``: the tiles
    to turn over, or the moves), then Leave."""
    from .hero import next_step

    upcoming = next_step(state)
    own = [(c.key, t(c.message.key, **c.message.params)) for c in upcoming.choices]
    return [*own, ("leave", t("guided.leave"))]


def _reveal(state: Any) -> Any:
    from . import actions

    play = state.floor
    choice = guided.menu(  # a game menu: its Undo takes back a tile turned over by mistake
        None,
        t("shy_monsters.flow.reveal_prompt", count=play.reveals_due),
        menu_choices(state),
        rules=("shy-monsters/hero-phase",),
    )
    if choice == "leave":
        return None
    if choice == guided.AGAIN:
        return guided.AGAIN
    row, col = (int(n) - 1 for n in choice.removeprefix("reveal.").split(","))
    return actions.Reveal(row=row, col=col)


def _lay_floor(state: Any) -> Any:
    """Two players: the Dungeon Master types the floor masked (one ``*`` per key); every mistake is
    listed in full and the floor asked again; once it is right, the screen and its scrollback are
    cleared, so the hero finds the floor nowhere (menus, ``show``, ``history``, ``--json``: see
    docs/games/shy_monsters.md)."""
    from . import actions
    from .floor import construction_errors, parse_floor
    from .view import error_text

    prompts.show(lambda out: out.print(t("shy_monsters.help.floor_opt"), markup=False))
    while True:
        grid = prompts.secret(t("shy_monsters.flow.lay_prompt", floor=state.floor.number))
        try:
            errors = [error_text(e) for e in construction_errors(parse_floor(grid), used=state.used)]
        except GmError as exc:
            errors = [exc.message()]
        if not errors:
            break
        prompts.say(t("shy_monsters.flow.lay_mistakes", n=len(errors)))
        for error in errors:
            prompts.say(f"  • {error}")
    prompts.clear_screen()
    prompts.say(t("shy_monsters.flow.laid"))
    return actions.LayFloor(grid=grid)
