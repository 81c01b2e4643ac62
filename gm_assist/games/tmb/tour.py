"""`gm-assist tmb tour`: the rulebook's live example (p. 24-27) replayed on a throw-away session.

Drellen; Capitank and Atomik in Adventure mode; day 1 peaceful (special encounter 001), recovery
scouting a bog toad and a bog worm; day 2 a fight with 4 baddie points (2 × 2) and its first round.
The session lives in a temporary gm-assist home deleted at the end: the user's saved games and
current session are never touched. Chip and mat figures the rulebook does not print are sample
values, shown as such.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from gm_assist.core.i18n import t
from gm_assist.core.output import console, escape, why

from .battle.rules.queue import AttackType, baddie_points
from .cli_app import actions, app, rules

#: sample figures for the tour only (the chips' and mats' real values are not public)
SAMPLE_HP = {"Capitank": 5, "Atomik": 4}
SAMPLE_BADDIES: list[tuple[str, int, int, AttackType]] = [
    ("crapaud des marais", 3, 4, "melee"),
    ("ver des marais", 3, 3, "melee"),
    ("golem d'argile", 1, 5, "melee"),
    ("tricheur goblin", 5, 3, "ranged"),
]
SAMPLE_ROLLS = {"Capitank": 2, "Atomik": 4}


class _Tour:
    def __init__(self, out: Any, pause: bool) -> None:
        self.out, self.pause, self.n = out, pause, 0

    def step(self, key: str, card: str, **params: Any) -> None:
        self.n += 1
        if self.pause and self.n > 1:
            from gm_assist.core import prompts

            prompts.confirm(t("tmb.tour.continue"), default=True)
        self.out.print()
        self.out.print(
            f"[bold magenta]{t('tmb.tour.step', n=self.n)}[/bold magenta] "
            f"{escape(t(key, **params))} {why(card)}"
        )

    def do(self, action: Any) -> Any:
        from gm_assist.core.session import record

        rec = record(action)
        self.out.print(f"  [green]✓[/green] {escape(rec.label)}")
        return rec.state


def _battle_steps(tour: _Tour) -> None:
    """Day 2's battle through the battle engineer's actions (set-up and round 1, p. 25-27)."""
    from .battle import actions as ba
    from .battle.rules import fight as bt

    specs = [
        bt.UnitIn(name=n, initiative=i, hp=hp, max_hp=hp, attack_type=a) for n, i, hp, a in SAMPLE_BADDIES
    ]
    tour.step("tmb.tour.battle_setup", "tmb/battle-setup")
    state = tour.do(ba.StartBattle(baddies=specs, rolls=SAMPLE_ROLLS))
    _track(tour.out, state)
    tour.step("tmb.tour.guards", "tmb/damage-types")
    for name, *_ in SAMPLE_BADDIES:
        tour.do(ba.ChangeHp(target=name, amount=1))
    tour.step("tmb.tour.goblin_turn", "tmb/baddie-turn")
    tour.do(ba.NextTurn())
    tour.step("tmb.tour.atomik_turn", "tmb/gearloc-turn")
    tour.do(ba.ChangeHp(target="ver des marais", amount=2))
    tour.do(ba.NextTurn())
    tour.step("tmb.tour.toad_turn", "tmb/baddie-turn")
    tour.do(ba.NextTurn())
    tour.step("tmb.tour.capitank_turn", "tmb/gearloc-turn")
    tour.do(ba.ChangeHp(target="Capitank", amount=2))
    tour.do(ba.ChangeHp(target="crapaud des marais", amount=2))
    tour.do(ba.NextTurn())
    tour.step("tmb.tour.golem_turn", "tmb/baddie-turn")
    tour.do(ba.NextTurn())
    tour.step("tmb.tour.round_end", "tmb/rounds")
    state = tour.do(ba.NextRound())
    tour.step("tmb.tour.guards2", "tmb/damage-types")
    for unit in [u for u in state.battle.units if u.kind == "baddie"]:
        state = tour.do(ba.ChangeHp(target=unit.name, amount=1))
    _track(tour.out, state)


def _track(out: Any, state: Any) -> None:
    battle = state.battle
    rows = [
        f"{i}. {u.name} ({u.kind}, {t('tmb.tour.lane', lane=u.lane) if u.lane else '—'}, "
        f"ini {u.initiative}, {u.hp if u.hp is not None else '?'} HP)"
        for i, u in enumerate(battle.ordered(), 1)
    ]
    out.print(f"  {t('tmb.tour.track', round=battle.round)}")
    for row in rows:
        out.print(f"    {row}", markup=False)


def run_tour(out: Any, pause: bool = False, with_battle: bool = True) -> None:
    """Replay the live example (p. 24-27) step by step on a throw-away session."""
    from gm_assist.core import context
    from gm_assist.core.i18n import lang
    from gm_assist.core.session import create

    from .view import render_setup, render_status

    old = context.ctx()
    saved = dict(session=old.session, lang=old.lang, home=old.home, debug=old.debug)
    with tempfile.TemporaryDirectory(prefix="gm-tmb-tour-") as tmp:
        context.reset(session=None, lang=lang(), home=Path(tmp), debug=old.debug)
        try:
            tour = _Tour(out, pause)
            out.print(f"[bold]{escape(t('tmb.tour.title'))}[/bold]")
            out.print(f"[dim]{escape(t('tmb.tour.sample'))}[/dim]")
            drellen = rules.find_tyrant("drellen")
            tour.step("tmb.tour.setup", "tmb/setup")
            state = rules.new_state(drellen, ["Capitank", "Atomik"], "adventure")
            create("tmb", state, "tour", ("tmb.action.new", {"tyrant": drellen.names["en"]}))
            render_setup(rules.setup_checklist(drellen, 2, "adventure"), drellen, out)
            steps: list[tuple[str, str, Callable[[], list[Any]]]] = [
                (
                    "tmb.tour.mats",
                    "tmb/stat-hp",
                    lambda: [
                        actions.SetSheet(index=i, name=n, hp=SAMPLE_HP[n]) for i, n in enumerate(SAMPLE_HP)
                    ],
                ),
                (
                    "tmb.tour.first_training",
                    "tmb/training",
                    lambda: [
                        actions.Train(index=0, name="Capitank", stat="hp"),
                        actions.Train(index=1, name="Atomik", stat="atk", success=True),
                    ],
                ),
                ("tmb.tour.day1", "tmb/new-day", lambda: [actions.NextDay()]),
                (
                    "tmb.tour.special1",
                    "tmb/encounters",
                    lambda: [actions.DrawEncounter(fight=False), actions.Resolve(success=True)],
                ),
                (
                    "tmb.tour.reward1",
                    "tmb/rewards",
                    lambda: [
                        actions.TakeReward(reward=rules.Reward(progress=1, training=1, loot=4)),
                        actions.AddLoot(index=0, name="Capitank", card="Encens parfumé"),
                        actions.AddLoot(index=1, name="Atomik", card="Marteau en pierre"),
                        actions.Train(index=0, name="Capitank", stat="dex"),
                        actions.Train(index=1, name="Atomik", stat="skill", skill="Grenade à fragmentation"),
                    ],
                ),
                (
                    "tmb.tour.scout",
                    "tmb/scouting",
                    lambda: [
                        actions.Scout(index=1, name="Atomik", roll=3, baddie="crapaud des marais"),
                        actions.Scout(index=0, name="Capitank", roll=1, baddie="ver des marais"),
                    ],
                ),
                ("tmb.tour.day2", "tmb/new-day", lambda: [actions.NextDay()]),
                ("tmb.tour.special2", "tmb/baddie-points", lambda: [actions.DrawEncounter(fight=True)]),
            ]
            for key, card, make in steps:
                tour.step(key, card)
                for action in make():
                    state = tour.do(action)
            out.print(
                "  "
                + escape(
                    t(
                        "tmb.tour.points",
                        points=baddie_points(state.day, len(state.party)),
                        day=state.day,
                        gearlocs=len(state.party),
                    )
                )
            )
            if with_battle:
                _battle_steps(tour)
            tour.step("tmb.tour.end", "tmb/battle-outcome")
            from gm_assist.core.session import load

            render_status(load("tmb")[1], out)
        finally:
            context.reset(**saved)
    out.print(f"[dim]{escape(t('tmb.tour.cleaned'))}[/dim]")


@app.command("tour", help=t("tmb.help.cmd_tour"))
def tour_cmd(
    pause: Annotated[bool, typer.Option("--pause", help=t("core.opt.tour_pause"))] = False,
) -> None:
    run_tour(console(), pause)
