"""`gm-assist stuffed-fables …`: skill test, search, attack, group task, end of turn, surge,
encounters, the monster turn and the table's corrections. Registered on the app of `cli.py`; no rules here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.output import emit, why
from gm_assist.kit.options import JsonOpt

from . import monsters, rules
from .cli_app import (
    DiceOpt,
    RollsOpt,
    StoredOpt,
    _action_chances,
    _dice_args,
    _nothing_more,
    _run,
    actions,
    app,
)
from .parse import colours_of, kind_opt, load_state, monsters_of, opt
from .turn import CMD
from .view import entered_lines, stuffie_line

if TYPE_CHECKING:
    from .actions import SfAction

MonsterOpt = Annotated[list[str] | None, opt("--monster", key="monster_spec")]


@app.command("test", help=t("stuffed_fables.help.test"))
def test_cmd(
    colour: Annotated[str, opt("--colour", "--color", key="test_colour")],
    target: Annotated[int, opt("--target", key="target")],
    dice: DiceOpt = None,
    stored: StoredOpt = None,
    rolls: RollsOpt = None,
    json_out: JsonOpt = False,
) -> None:
    state = load_state()
    asked = colours_of(state, colour)[0]
    args = _dice_args(dice, stored, rolls)
    _run(
        actions.SkillTest(colour=asked, target=target, **args),
        json_out,
        _nothing_more,
        _action_chances("test", target, args, asked),
    )


@app.command("search", help=t("stuffed_fables.help.search"))
def search_cmd(
    target: Annotated[int, opt("--target", key="target")],
    dice: DiceOpt = None,
    stored: StoredOpt = None,
    rolls: RollsOpt = None,
    json_out: JsonOpt = False,
) -> None:
    args = _dice_args(dice, stored, rolls)
    _run(
        actions.Search(target=target, **args),
        json_out,
        _nothing_more,
        _action_chances("search", target, args),
    )


@app.command("attack", help=t("stuffed_fables.help.attack"))
def attack_cmd(
    monster: Annotated[str, opt("--monster", key="monster")],
    kind: Annotated[str, opt("--kind", key="kind")] = "melee",
    defense: Annotated[int | None, opt("--defense", key="defense")] = None,
    dice: DiceOpt = None,
    stored: StoredOpt = None,
    rolls: RollsOpt = None,
    json_out: JsonOpt = False,
) -> None:
    state = load_state()
    target = rules.find_monster(state, monster).name
    chosen = kind_opt(kind)

    args = _dice_args(dice, stored, rolls)
    known = defense if defense is not None else rules.find_monster(state, target).defense
    _run(
        actions.Attack(monster=target, kind=chosen, defense=defense, **args),
        json_out,
        _nothing_more,
        _action_chances(chosen, known, args),
    )


@app.command("group-task", help=t("stuffed_fables.help.group_task"))
def group_task_cmd(target: Annotated[int, opt("--target", key="target")], json_out: JsonOpt = False) -> None:
    def _text(out: Any, info: dict, new: Any) -> None:
        out.print(t("stuffed_fables.group.open", target=target) + " " + why("stuffed-fables/group-task"))

    _run(actions.OpenGroupTask(target=target), json_out, _text)


@app.command("contribute", help=t("stuffed_fables.help.contribute"))
def contribute_cmd(
    dice: DiceOpt = None, stored: StoredOpt = None, rolls: RollsOpt = None, json_out: JsonOpt = False
) -> None:
    def _text(out: Any, info: dict, new: Any) -> None:
        key = "stuffed_fables.group.done" if info["done"] else "stuffed_fables.group.progress"
        out.print(t(key, total=info["total"], target=info["target"]) + " " + why("stuffed-fables/group-task"))

    args = _dice_args(dice, stored, rolls)
    _run(actions.Contribute(**args), json_out, _text, _action_chances("group", None, args))


def _reminders(out: Any) -> None:
    out.print(t("stuffed_fables.reminder.move") + " " + why("stuffed-fables/monster-movement"))
    out.print(t("stuffed_fables.reminder.attack") + " " + why("stuffed-fables/monster-attack"))


def _order_text(out: Any, new: Any) -> None:
    by_name = {m.name: m for m in new.monsters}
    order = new.monster_turn.order if new.monster_turn else []
    lines = [t("stuffed_fables.monsters.line", position=by_name[n].position, name=n) for n in order]
    out.print(
        t("stuffed_fables.monsters.order", order="; ".join(lines)) + " " + why("stuffed-fables/monster-turn")
    )
    _reminders(out)


@app.command("end-turn", help=t("stuffed_fables.help.end_turn"))
def end_turn_cmd(json_out: JsonOpt = False) -> None:
    def _text(out: Any, info: dict, new: Any) -> None:  # the discard and the threat check: events
        if info["threat"].outcome == "monsters":
            _order_text(out, new)

    _run(actions.EndTurn(), json_out, _text)


@app.command("surge", help=t("stuffed_fables.help.surge"))
def surge_cmd(monster: MonsterOpt = None, json_out: JsonOpt = False) -> None:
    specs = monsters_of(list(monster or []))

    def _text(out: Any, info: dict, new: Any) -> None:
        if info["monsters_enter"]:
            out.print(t("stuffed_fables.surge.monsters") + " " + why("stuffed-fables/surge"))
            for line in entered_lines(info["entered"]):
                out.print(line, markup=False)
            _order_text(out, new)
        else:
            out.print(t("stuffed_fables.surge.done") + " " + why("stuffed-fables/surge"))

    _run(actions.Surge(monsters=specs), json_out, _text)


@app.command("encounter", help=t("stuffed_fables.help.encounter"))
def encounter_cmd(
    monster: MonsterOpt = None,
    random_: Annotated[bool, opt("--random", key="encounter_random")] = False,
    json_out: JsonOpt = False,
) -> None:
    state = load_state()
    expected = rules.encounter_size(len(state.stuffies))
    if not monster:
        key = "stuffed_fables.error.encounter_random" if random_ else "stuffed_fables.error.no_monster_given"
        raise GmError(key, n=expected)
    specs = monsters_of(list(monster))

    def _text(out: Any, info: dict, new: Any) -> None:
        for line in entered_lines(info["entered"]):
            out.print(line, markup=False)
        if random_ and len(specs) != expected:
            out.print(
                t("stuffed_fables.encounter.count_differs", n=len(specs), expected=expected)
                + " "
                + why("stuffed-fables/encounters")
            )
        if not random_ and not any(k in ("chief", "boss") for _, k in specs):
            out.print(t("stuffed_fables.encounter.chief_hint") + " " + why("stuffed-fables/encounters"))

    _run(actions.Encounter(mode="random" if random_ else "identified", monsters=specs), json_out, _text)


@app.command("activate", help=t("stuffed_fables.help.activate"))
def activate_cmd(
    roll: Annotated[int, opt("--roll", key="black_roll")],
    monster: Annotated[str | None, opt("--monster", key="monster")] = None,
    json_out: JsonOpt = False,
) -> None:
    state = load_state()
    name = rules.find_monster(state, monster).name if monster else monsters.next_monster(state)

    def _text(out: Any, info: dict, new: Any) -> None:
        m = info["monster"]
        key = "stuffed_fables.activate.done" if info["had_die"] else "stuffed_fables.activate.no_die"
        out.print(
            t(key, name=m.name, position=m.position, roll=info["roll"])
            + " "
            + why("stuffed-fables/monster-turn")
        )
        _reminders(out)

    _run(actions.Activate(monster=name, roll=roll), json_out, _text)


@app.command("monster-attack", help=t("stuffed_fables.help.monster_attack"))
def monster_attack_cmd(
    stuffie: Annotated[str, opt("--stuffie", key="stuffie")],
    attack: Annotated[int, opt("--attack", key="attack_value")],
    slot: Annotated[str | None, opt("--slot", key="defend_slot")] = None,
    roll: Annotated[int | None, opt("--roll", key="defense_roll")] = None,
    force: Annotated[bool, opt("--force", key="force_attack")] = False,
    json_out: JsonOpt = False,
) -> None:
    name = rules.find_stuffie(load_state(), stuffie).name

    def _text(out: Any, info: dict, new: Any) -> None:  # the defence and a fall: the action's events
        out.print(stuffie_line(new, name), markup=False)

    def _chances(before: Any) -> dict | None:
        from . import odds

        stuffing = next(s for s in before.stuffies if s.name == name).stuffing
        return odds.defence_chances(attack, stuffing) if slot else None

    action = actions.MonsterAttack(stuffie=name, attack=attack, slot=slot, roll=roll, force=force)
    _run(action, json_out, _text, _chances)


@app.command("monsters-end", help=t("stuffed_fables.help.monsters_end"))
def monsters_end_cmd(json_out: JsonOpt = False) -> None:
    def _text(out: Any, info: dict, new: Any) -> None:
        if info["not_acted"]:
            out.print(t("stuffed_fables.monsters.skipped", names=", ".join(info["not_acted"])), markup=False)
        out.print(
            t("stuffed_fables.monsters.end", n=info["black_discarded"])
            + " "
            + why("stuffed-fables/monster-turn")
        )

    _run(actions.EndMonsterTurn(), json_out, _text)


@app.command("monsters", help=t("stuffed_fables.help.monsters_show"))
def monsters_cmd(json_out: JsonOpt = False) -> None:
    state = load_state()
    order = rules.monster_order(state.monsters)
    data = {
        "order": order,
        "next": monsters.next_monster(state),
        "track": state.track,
        "monsters": [m.model_dump(mode="json") for m in state.monsters],
    }

    def _text(out: Any) -> None:
        if not order:
            out.print(t("stuffed_fables.monsters.none", cmd=CMD), markup=False)
            return
        by_name = {m.name: m for m in state.monsters}
        lines = [t("stuffed_fables.monsters.line", position=by_name[n].position, name=n) for n in order]
        out.print(
            t("stuffed_fables.monsters.order", order="; ".join(lines))
            + " "
            + why("stuffed-fables/monster-turn")
        )
        _reminders(out)

    emit(data, _text, json_out)


@app.command("adjust", help=t("stuffed_fables.help.adjust"))
def adjust_cmd(
    stuffie: Annotated[str | None, opt("--stuffie", key="stuffie")] = None,
    monster: Annotated[str | None, opt("--monster", key="monster")] = None,
    stuffing: Annotated[int | None, opt("--stuffing")] = None,
    hearts: Annotated[int | None, opt("--hearts")] = None,
    buttons: Annotated[int | None, opt("--buttons")] = None,
    value: Annotated[int | None, opt("--value", key="value")] = None,
    defense: Annotated[int | None, opt("--defense")] = None,
    position: Annotated[int | None, opt("--position", key="position")] = None,
    remove: Annotated[bool, opt("--remove", key="remove")] = False,
    add_slot: Annotated[str | None, opt("--add-slot", key="add_slot")] = None,
    brave: Annotated[bool, opt("--brave", key="brave")] = False,
    slot: Annotated[str | None, opt("--slot", key="slot")] = None,
    die: Annotated[str | None, opt("--die", key="adjust_die")] = None,
    track: Annotated[int | None, opt("--track", key="track")] = None,
    json_out: JsonOpt = False,
) -> None:
    state = load_state()
    if (track is not None) + bool(stuffie) + bool(monster) != 1:
        raise GmError("stuffed_fables.error.adjust_who")
    action: SfAction
    name = ""
    if track is not None:
        action = actions.AdjustTrack(black=track)
    elif stuffie:
        name = rules.find_stuffie(state, stuffie).name
        action = _stuffie_correction(
            state, name, add_slot, brave, slot, die, stuffing, hearts, buttons, value
        )
    else:
        name = rules.find_monster(state, monster or "").name
        counters = {"stuffing": stuffing, "defense": defense, "position": position}
        changes = {k: v for k, v in counters.items() if v is not None}
        if not changes and not remove:
            raise GmError("stuffed_fables.error.adjust_nothing")
        action = actions.AdjustMonster(monster=name, changes=changes, remove=remove)

    def _text(out: Any, info: dict, new: Any) -> None:
        if track is not None:
            out.print(t("stuffed_fables.status.track", n=new.track), markup=False)
            return
        out.print(t("stuffed_fables.adjust.done", name=name), markup=False)
        if stuffie:
            out.print(stuffie_line(new, name), markup=False)

    _run(action, json_out, _text)


def _stuffie_correction(
    state: Any, name: str, add_slot: str | None, brave: bool, slot: str | None, die: str | None, *counts: Any
) -> SfAction:
    """The correction of a stuffie: a new slot, a stored die (``--slot`` / ``--die``, ``none`` to
    empty it), or its counters."""
    if add_slot:
        return actions.AddSlot(stuffie=name, slot=add_slot, brave=brave)
    if slot or die:
        if die is None:
            raise GmError("stuffed_fables.error.adjust_nothing")
        empty = (die or "").strip().casefold() in ("none", "aucun", "-", "")
        colour = None if empty else colours_of(state, die or "")[0]
        return actions.AdjustSlot(stuffie=name, slot=slot or "board", die=colour)
    keys = ("stuffing", "hearts", "buttons", "recovery_value")
    changes = {k: v for k, v in zip(keys, counts, strict=True) if v is not None}
    if not changes:
        raise GmError("stuffed_fables.error.adjust_nothing")
    return actions.AdjustStuffie(stuffie=name, changes=changes)


from . import cli_odds  # noqa: E402,F401  (registers `stuffed-fables odds`)
