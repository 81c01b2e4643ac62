"""`gm-assist tmb battle …`: the battle of the current adventure, step by step (journaled, undoable).

Thin shell over ``battle/actions.py``: parse, preview which chips enter (to fill their stats from the
catalog), record the action, show the track and the next step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.output import emit, escape, event_text, why
from gm_assist.kit.app import game_app
from gm_assist.kit.envelope import envelope, next_json
from gm_assist.kit.lazy_cli import lazy_module
from gm_assist.kit.options import JsonOpt

from .cli import (
    BaddieSpecOpt,
    ExtraOpt,
    FirstOpt,
    _pair,
    baddie_add_cmd,
    baddie_list_cmd,
    cat,
    initiative_cmd,
    queue_cmd,
    specs,
    views,
)
from .rules.queue import BattleRuleError, QueueChip, rule_call
from .rules.track import LANES, check_lane, find_unit, plan_entries

if TYPE_CHECKING:
    from .rules.fight import UnitIn

ba = lazy_module(f"{__package__}.actions")

battle_app = game_app("tmb.help.app_battle")

TargetArg = Annotated[str, typer.Argument(help=t("tmb.help.opt_unit"))]


def show(rec: Any, json_out: bool, lines: list[str] | None = None) -> None:
    """Print what was recorded, what the rules did on their own (``rec.events``), the battle screen
    and the next step (or the JSON envelope, ``kit.envelope``, with the battle's keys)."""
    state = rec.state
    party = [{"name": g.name, "hp": g.hp, "max_hp": g.max_hp, "ko": g.ko} for g in state.party]
    data = envelope(rec, **views.battle_json(state.battle), party=party)

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(rec.label)}")
        for line in (lines or []) + [event_text(e) for e in rec.events]:
            out.print(line)
        views.render_battle(state.battle, out)

    emit(data, text, json_out)


def fill_named(queue: list[QueueChip], lanes: list[int], given: list[UnitIn]) -> list[UnitIn]:
    """Complete each flipped chip from the catalog when the chip is face up (scouted or named by a
    card) and the table gave no name; refuse when chips would enter without their stats."""
    filled = list(given)
    for index, spec in enumerate(filled):
        plan = plan_entries(queue, lanes, filled)
        if index < len(plan) and spec.name is None and plan[index][1].name:
            chip_name = plan[index][1].name or ""
            filled[index] = cat.fill_from_catalog(spec.model_copy(update={"name": chip_name}))
    plan = plan_entries(queue, lanes, filled)
    if len(filled) < len(plan):
        lane, chip = plan[len(filled)]
        raise GmError("tmb_battle.error.baddie_needed", lane=lane, points=chip.points)
    return filled


def _rolls(
    gearloc: list[str] | None, roll: bool, seed: int | None, party: list[Any]
) -> tuple[dict[str, int], list[str]]:
    from gm_assist.core.dice import new_seed, rng

    rolls = dict(_pair(v) for v in gearloc or [])
    lines: list[str] = []
    if roll:
        generator = rng(seed if seed is not None else new_seed())
        known = {cat.fold(n) for n in rolls}
        for g in ba.fighters_of(party):
            if cat.fold(g.name) not in known:
                rolls[g.name] = generator.randint(1, 6)
                lines.append(t("tmb_battle.start.rolled", name=escape(g.name), roll=rolls[g.name]))
    return rolls, lines


@battle_app.command("start", help=t("tmb.help.cmd_battle_start"))
def start_cmd(
    baddie: BaddieSpecOpt = None,
    gearloc: Annotated[
        list[str] | None, typer.Option("--gearloc", help=t("tmb.help.opt_gearloc_ini"))
    ] = None,
    roll: Annotated[bool, typer.Option("--roll", help=t("tmb.help.opt_roll"))] = False,
    seed: Annotated[int | None, typer.Option("--seed", help=t("tmb.help.opt_roll_seed"))] = None,
    extra_points: ExtraOpt = 0,
    add: Annotated[list[int] | None, typer.Option("--add", help=t("tmb.help.opt_card_chip"))] = None,
    first: FirstOpt = None,
    tyrant: Annotated[
        bool | None,
        typer.Option("--tyrant/--no-tyrant", help=t("tmb.help.opt_tyrant_battle")),
    ] = None,
    lead: Annotated[str | None, typer.Option("--lead", help=t("tmb.help.opt_lead"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import load, record

    _, state = load("tmb")
    from ..rules import tyrant_challenge

    is_tyrant = tyrant if tyrant is not None else tyrant_challenge(state)
    queue, _ = ba.start_queue(state, is_tyrant, extra_points, add or [])
    flipped = fill_named(queue, list(range(1, LANES + 1)), specs(baddie))
    rolls, lines = _rolls(gearloc, roll, seed, state.party)
    action = ba.StartBattle(
        extra_points=extra_points,
        added=add or [],
        baddies=flipped,
        rolls=rolls,
        first=first or [],
        tyrant=is_tyrant,
        lead=lead,
    )
    rec = record(action)
    said = [event_text(m) for m in views.setup_messages(state, is_tyrant, extra_points, add or [])]
    lines.append(t("tmb_battle.start.lanes") + " " + why("tmb/battle-setup"))
    show(rec, json_out, said + lines)


@battle_app.command("status", help=t("tmb.help.cmd_battle_status"))
def status_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import load

    info, state = load("tmb")
    battle = ba.running(state)
    emit(
        {"session": info.name, **views.battle_json(battle), "next": next_json("tmb", state)},
        lambda out: views.render_battle(battle, out),
        json_out,
    )


def _shown(target: str) -> str:
    """The name of the unit a target designates (for the journal label); errors come later."""
    from gm_assist.core.session import load

    try:
        battle = ba.running(load("tmb")[1])
        return find_unit(battle, target).name
    except (GmError, BattleRuleError):
        return target


def _amount(value: int) -> int:
    if value < 1:
        raise GmError("tmb_battle.error.amount", value=value)
    return value


@battle_app.command("damage", help=t("tmb.help.cmd_battle_damage"))
def damage_cmd(
    target: TargetArg,
    amount: Annotated[int, typer.Argument(help=t("tmb.help.opt_hp_lost"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    show(record(ba.ChangeHp(target=target, shown=_shown(target), amount=_amount(amount))), json_out)


@battle_app.command("heal", help=t("tmb.help.cmd_battle_heal"))
def heal_cmd(
    target: TargetArg,
    amount: Annotated[int, typer.Argument(help=t("tmb.help.opt_hp_healed"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    show(
        record(ba.ChangeHp(target=target, shown=_shown(target), amount=_amount(amount), heal=True)), json_out
    )


@battle_app.command("hp", help=t("tmb.help.cmd_battle_hp"))
def hp_cmd(
    target: TargetArg,
    value: Annotated[int, typer.Argument(help=t("tmb.help.opt_hp_now"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    if value < 0:
        raise GmError("tmb_battle.error.amount", value=value)
    show(record(ba.SetHp(target=target, shown=_shown(target), hp=value)), json_out)


@battle_app.command("defeat", help=t("tmb.help.cmd_battle_defeat"))
def defeat_cmd(target: TargetArg, json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import record

    show(
        record(ba.Defeat(target=target, shown=_shown(target))),
        json_out,
        [t("tmb_battle.defeat.why") + " " + why("tmb/arrivals")],
    )


@battle_app.command("ko", help=t("tmb.help.cmd_battle_ko"))
def ko_cmd(target: TargetArg, json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import record

    show(
        record(ba.KnockOut(target=target, shown=_shown(target))),
        json_out,
        [t("tmb_battle.ko.why") + " " + why("tmb/ko")],
    )


@battle_app.command("revive", help=t("tmb.help.cmd_battle_revive"))
def revive_cmd(
    target: TargetArg,
    hp: Annotated[int, typer.Option("--hp", help=t("tmb.help.opt_hp_back"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    show(
        record(ba.Revive(target=target, hp=_amount(hp))),
        json_out,
        [t("tmb_battle.revive.why") + " " + why("tmb/ko")],
    )


@battle_app.command(
    "move", help=t("tmb.help.cmd_battle_move"), context_settings={"ignore_unknown_options": True}
)  # "-3" is a number of steps up, not an option
def move_cmd(
    target: TargetArg,
    steps: Annotated[int, typer.Argument(help=t("tmb.help.opt_places"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    show(
        record(ba.MoveOnTrack(target=target, shown=_shown(target), steps=steps)),
        json_out,
        [t("tmb_battle.move.why") + " " + why("tmb/initiative")],
    )


@battle_app.command("place", help=t("tmb.help.cmd_battle_place"))
def place_cmd(
    target: TargetArg,
    lane: Annotated[int, typer.Option("--lane", help=t("tmb.help.opt_lane"))],
    position: Annotated[str, typer.Option("--position", help=t("tmb.help.opt_position"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    rule_call(check_lane, lane)
    kind = cat.attack_word(position)
    if kind is None:
        raise GmError("tmb_battle.error.attack_word", word=position)
    show(record(ba.PlaceUnit(target=target, shown=_shown(target), lane=lane, position=kind)), json_out)


@battle_app.command("next-turn", help=t("tmb.help.cmd_battle_next_turn"))
def next_turn_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import record

    show(record(ba.NextTurn()), json_out)


@battle_app.command("next-round", help=t("tmb.help.cmd_battle_next_round"))
def next_round_cmd(baddie: BaddieSpecOpt = None, first: FirstOpt = None, json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import load, record

    _, state = load("tmb")
    battle = ba.running(state)
    used = {u.lane for u in battle.units if u.kind == "baddie"}
    free = [lane for lane in range(1, LANES + 1) if lane not in used]
    arrivals = fill_named(battle.queue, free, specs(baddie)) if battle.outcome is None else specs(baddie)
    show(record(ba.NextRound(arrivals=arrivals, first=first or [])), json_out)


@battle_app.command("hit", help=t("tmb.help.cmd_battle_hit"))
def hit_cmd(
    target: TargetArg,
    damage: Annotated[int, typer.Argument(help=t("tmb.help.opt_hit_damage"))] = 0,
    crits: Annotated[int, typer.Option("--crits", "--true", help=t("tmb.help.opt_hit_crits"))] = 0,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    if damage < 0 or crits < 0 or damage + crits == 0:
        raise GmError("tmb_battle.error.hit_amount", damage=damage, crits=crits)
    show(record(ba.Hit(target=target, shown=_shown(target), damage=damage, crits=crits)), json_out)


@battle_app.command("effect", help=t("tmb.help.cmd_battle_effect"))
def effect_cmd(
    target: TargetArg,
    effect: Annotated[str, typer.Argument(help=t("tmb.help.opt_effect"))],
    value: Annotated[int, typer.Argument(help=t("tmb.help.opt_effect_face"))] = 1,
    off: Annotated[bool, typer.Option("--off", help=t("tmb.help.opt_effect_off"))] = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    from .rules.effects import effect_id

    which = effect_id(effect)
    if which is None:
        raise GmError("tmb_battle.error.effect_word", word=effect)
    face = 0 if off else value
    show(record(ba.SetEffect(target=target, shown=_shown(target), effect=which, value=face)), json_out)


def _counter_cmd(counter: str) -> Any:
    def command(
        target: TargetArg,
        value: Annotated[int, typer.Argument(help=t("tmb.help.opt_count_now"))],
        json_out: JsonOpt = False,
    ) -> None:
        from gm_assist.core.session import record

        if value < 0:
            raise GmError("tmb_battle.error.amount", value=value)
        show(
            record(ba.SetCounter(target=target, shown=_shown(target), counter=counter, value=value)), json_out
        )

    return command


battle_app.command("shields", help=t("tmb.help.cmd_battle_shields"))(_counter_cmd("shields"))
battle_app.command("bonus", help=t("tmb.help.cmd_battle_bonus"))(_counter_cmd("bonus_hp"))
battle_app.command("backup", help=t("tmb.help.cmd_battle_backup"))(_counter_cmd("backup"))


@battle_app.command("refill", help=t("tmb.help.cmd_battle_refill"))
def refill_cmd(
    value: Annotated[int, typer.Argument(help=t("tmb.help.opt_empty_stack"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import load, record

    if value not in (1, 5, 20):
        raise GmError("tmb_battle.error.point_value", value=value)
    _, before = load("tmb")
    chips = ba.graveyard_of(before).get(value, [])
    rec = record(ba.RefillStack(value=value))
    text = t("tmb_battle.refill.done", value=value, chips=", ".join(chips)) + " " + why("tmb/baddie-chips")
    data = envelope(rec, value=value, chips=chips, graveyard=rec.state.graveyard)
    emit(data, lambda out: out.print(f"[green]✓[/green] {escape(rec.label)}\n" + escape(text)), json_out)


@battle_app.command("end", help=t("tmb.help.cmd_battle_end"))
def end_cmd(
    outcome: Annotated[str | None, typer.Option("--outcome", help=t("tmb.help.opt_outcome"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    value = None
    if outcome is not None:
        value = {"victory": "victory", "victoire": "victory", "defeat": "defeat", "defaite": "defeat"}.get(
            cat.fold(outcome)
        )
        if value is None:
            raise GmError("tmb_battle.error.outcome", value=outcome)
    rec = record(ba.EndBattle(outcome=value))
    key = "tmb_battle.end.success" if rec.state.battle.outcome == "victory" else "tmb_battle.end.failure"
    show(rec, json_out, [t(key)])


__all__ = ["battle_app", "register"]


def register(app: typer.Typer) -> None:
    """Add the battle commands (``cli.py``'s and this module's) to the `tmb` app."""
    app.command("queue", help=t("tmb.help.cmd_queue"))(queue_cmd)
    app.command("initiative", help=t("tmb.help.cmd_initiative"))(initiative_cmd)
    baddie_app = game_app("tmb.help.app_baddie")
    baddie_app.command("add", help=t("tmb.help.cmd_baddie_add"))(baddie_add_cmd)
    baddie_app.command("list", help=t("tmb.help.cmd_baddie_list"))(baddie_list_cmd)
    app.add_typer(baddie_app, name="baddie")
    app.add_typer(battle_app, name="battle")
