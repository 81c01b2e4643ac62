"""`gm-assist stuffed-fables …` (alias `peluches`): calculators, the session and its turn commands.

Parse → build an action (or call a calculator) → record → render. No rules here: see `turn.py`,
`monsters.py`, `rules.py`, `bag.py`. Session commands print the same `--json` shape: the result
keys of the command, `session`, and `status` (the summary).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import confidence_words, t
from gm_assist.core.output import emit, why
from gm_assist.kit.options import JsonOpt

from . import bag, rules
from .cli_app import (  # noqa: F401  (the app the commands join, and what the command modules share)
    GAME,
    DiceOpt,
    RollsOpt,
    StoredOpt,
    _action_chances,
    _dice_args,
    _run,
    actions,
    app,
)
from .model import STARTING_STUFFING
from .parse import colours_of, ints, load_state, new_state, opt
from .view import dice_text, render, slot_name, stuffie_line, summary

if TYPE_CHECKING:
    from .actions import SfAction

# --- calculators (no session) ------------------------------------------------------------------


@app.command("threat", help=t("stuffed_fables.help.threat"))
def threat_cmd(
    black: Annotated[int, opt("--black", key="black")],
    monsters: Annotated[int, opt("--monsters", key="monsters")],
    stuffies: Annotated[int, opt("--stuffies", key="stuffies")],
    json_out: JsonOpt = False,
) -> None:
    result = rules.threat_check(black, monsters, stuffies)
    card = "stuffed-fables/surge" if result.outcome == "surge" else "stuffed-fables/threat-check"
    text = t(result.rule, black=black, monsters=monsters, stuffies=stuffies)
    data = {**result.model_dump(mode="json"), "rule_text": text, "card": card}
    emit(
        data,
        lambda out: out.print(f"{t(f'stuffed_fables.threat.outcome.{result.outcome}')} — {text} {why(card)}"),
        json_out,
    )


@app.command("defend", help=t("stuffed_fables.help.defend"))
def defend_cmd(
    attack: Annotated[int, opt("--attack", key="attack_value")],
    roll: Annotated[int | None, opt("--roll", key="defense_roll")] = None,
    json_out: JsonOpt = False,
) -> None:
    result = rules.defend(attack, roll)
    key = "none" if roll is None else ("kept" if result.die_kept else "lost")
    data = {**result.model_dump(mode="json"), "card": "stuffed-fables/defense"}
    emit(
        data,
        lambda out: out.print(
            t(f"stuffed_fables.defend.{key}", lost=result.stuffing_lost, attack=attack, roll=roll)
            + " "
            + why("stuffed-fables/defense")
        ),
        json_out,
    )


@app.command("colours", help=t("stuffed_fables.help.colours"))
def colours_cmd(
    edition: Annotated[str | None, opt("--edition", key="edition")] = None, json_out: JsonOpt = False
) -> None:
    from gm_assist.core.i18n import lang
    from gm_assist.core.output import table

    chosen, colours = bag.load_colours(edition)
    data = {"edition": chosen, "colours": [c.model_dump(mode="json") for c in colours]}

    def _text(out: Any) -> None:
        rows = [
            [
                c.name(lang()),
                ", ".join(t(f"stuffed_fables.use.{u}") for u in c.uses),
                str(c.count),
                t(f"stuffed_fables.bag_rule.{c.bag}"),
                confidence_words(c.confidence),
            ]
            for c in colours
        ]
        out.print(
            table(
                t("stuffed_fables.colours.title", edition=chosen),
                [
                    t("stuffed_fables.col.colour"),
                    t("stuffed_fables.col.uses"),
                    t("stuffed_fables.col.count"),
                    t("stuffed_fables.col.bag"),
                    t("stuffed_fables.col.source"),
                ],
                rows,
            )
        )
        out.print(t("stuffed_fables.colours.override"), markup=False)
        out.print(why("stuffed-fables/dice-colours"))

    emit(data, _text, json_out)


# --- session ------------------------------------------------------------------------------------


@app.command("new", help=t("stuffed_fables.help.new"))
def new_cmd(
    stuffie: Annotated[list[str], opt("--stuffie", key="stuffie")],
    edition: Annotated[str | None, opt("--edition", key="edition")] = None,
    stuffing: Annotated[int, opt("--stuffing", key="stuffing")] = STARTING_STUFFING,
    name: Annotated[str | None, opt("--name", key="name")] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import start
    from gm_assist.kit.envelope import envelope

    state, unknown = new_state(stuffie, edition, stuffing)
    rec = start(
        GAME,
        state,
        name=name,
        label=("stuffed_fables.action.new", {"names": ", ".join(s.name for s in state.stuffies)}),
    )
    info = rec.session
    own = {"unknown_stuffies": unknown, "bag": state.bag, "status": summary(state)}
    data = envelope(rec, **own) if json_out else {}

    def _text(out: Any) -> None:
        out.print(
            t("stuffed_fables.new.done", session=info.name, names=", ".join(s.name for s in state.stuffies)),
            markup=False,
        )
        if unknown:
            out.print(t("stuffed_fables.new.unknown", names=", ".join(unknown)), markup=False)
        out.print(
            t("stuffed_fables.new.bag", n=bag.pool_size(state.bag), stuffies=len(state.stuffies))
            + " "
            + why("stuffed-fables/dice-bag")
        )
        render(state, out)

    emit(data, _text, json_out)


@app.command("status", help=t("stuffed_fables.help.status"))
def status_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import load

    info, state = load(GAME)
    emit({"session": info.name, "status": summary(state)}, lambda out: render(state, out), json_out)


@app.command("draw", help=t("stuffed_fables.help.draw"))
def draw_cmd(
    stuffie: Annotated[str | None, opt("--stuffie", key="stuffie")] = None,
    dice: DiceOpt = None,
    random_: Annotated[bool, opt("--random", key="random")] = False,
    count: Annotated[int, opt("--count", key="count")] = 5,
    seed: Annotated[int | None, opt("--seed", key="seed")] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.dice import new_seed, rng

    state = load_state()
    name = rules.acting_stuffie(state, stuffie)
    rules.non_negative("--count", count)
    if dice and random_:
        raise GmError("stuffed_fables.error.draw_how")
    if dice:
        drawn = colours_of(state, dice)
    elif random_:
        seed = new_seed() if seed is None else seed
        drawn = bag.random_draw(state, count, rng(seed))
    else:
        raise GmError("stuffed_fables.error.draw_how")

    def _text(out: Any, info: dict, new: Any) -> None:
        out.print(
            t("stuffed_fables.draw.done", stuffie=name, dice=dice_text(new.colours, drawn))
            + " "
            + why("stuffed-fables/draw-dice")
        )
        if info["refilled"]:
            out.print(t("stuffed_fables.draw.refilled") + " " + why("stuffed-fables/dice-bag"))

    def _chances(before: Any) -> dict:
        from . import odds

        return {**odds.draw_chances(before, len(drawn)), "stuffie": name}

    _run(
        actions.Draw(stuffie=name, dice=drawn, seed=seed if random_ else None),
        json_out,
        _text,
        _chances,
        False,
    )


@app.command("recover", help=t("stuffed_fables.help.recover"))
def recover_cmd(
    rolls: RollsOpt = None,
    value: Annotated[int | None, opt("--value", key="value")] = None,
    json_out: JsonOpt = False,
) -> None:
    def _text(out: Any, info: dict, new: Any) -> None:
        c = info["check"]
        key = "stuffed_fables.recover.ok" if c.success else "stuffed_fables.recover.fail"
        out.print(t(key, total=c.total, value=c.target) + " " + why("stuffed-fables/stuffing-recovery"))
        out.print(stuffie_line(new, info["stuffie"]), markup=False)

    rolled = ints(rolls)

    def _chances(before: Any) -> dict | None:
        from . import odds

        stuffie = next((s for s in before.stuffies if s.name == before.current), None)
        known = value if value is not None else (stuffie.recovery_value if stuffie else None)
        return odds.recovery_chances(len(rolled), known) if known else None

    _run(actions.Recover(rolls=rolled, value=value), json_out, _text, _chances)


@app.command("place-threat", help=t("stuffed_fables.help.place_threat"))
def place_threat_cmd(json_out: JsonOpt = False) -> None:
    def _text(out: Any, info: dict, new: Any) -> None:
        spaces = ", ".join(map(str, info["spaces"])) or "—"
        out.print(
            t("stuffed_fables.threat.placed", spaces=spaces, n=new.track)
            + " "
            + why("stuffed-fables/threat-track")
        )

    _run(actions.PlaceThreat(), json_out, _text)


@app.command("move", help=t("stuffed_fables.help.move"))
def move_cmd(
    dice: DiceOpt = None, stored: StoredOpt = None, rolls: RollsOpt = None, json_out: JsonOpt = False
) -> None:
    def _text(out: Any, info: dict, new: Any) -> None:
        out.print(t("stuffed_fables.move.done", spaces=info["spaces"]) + " " + why("stuffed-fables/move"))
        out.print(t("stuffed_fables.move.reminder"), markup=False)

    _run(actions.Move(**_dice_args(dice, stored, rolls)), json_out, _text)


@app.command("store", help=t("stuffed_fables.help.store"))
def store_cmd(
    die: Annotated[str, opt("--die", key="die")],
    slot: Annotated[str, opt("--slot", key="slot")] = "board",
    json_out: JsonOpt = False,
) -> None:
    state = load_state()
    colour = colours_of(state, die)[0]

    def _text(out: Any, info: dict, new: Any) -> None:
        out.print(
            t("stuffed_fables.store.done", colour=dice_text(new.colours, [colour]), slot=slot_name(slot))
            + " "
            + why("stuffed-fables/store-die")
        )

    _run(actions.Store(colour=colour, slot=slot), json_out, _text)


@app.command("encourage", help=t("stuffed_fables.help.encourage"))
def encourage_cmd(
    to: Annotated[str, opt("--to", key="to")],
    die: Annotated[str, opt("--die", key="die")],
    give_stuffing: Annotated[bool, opt("--give-stuffing", key="give_stuffing")] = False,
    slot: Annotated[str, opt("--slot", key="slot")] = "board",
    json_out: JsonOpt = False,
) -> None:
    state = load_state()
    other = rules.find_stuffie(state, to).name
    colour = colours_of(state, die)[0]
    action: SfAction = (
        actions.EncourageStuffing(to=other, colour=colour)
        if give_stuffing
        else actions.EncourageDie(to=other, colour=colour, slot=slot)
    )

    def _text(out: Any, info: dict, new: Any) -> None:
        key = "stuffed_fables.encourage.stuffing" if give_stuffing else "stuffed_fables.encourage.die"
        out.print(
            t(key, to=other, colour=dice_text(new.colours, [colour])) + " " + why("stuffed-fables/encourage")
        )
        if info.get("discarded"):
            out.print(
                t("stuffed_fables.encourage.pushed", colour=dice_text(new.colours, [info["discarded"]]))
            )
        if info.get("unconscious"):  # the giver gave its last stuffing
            fell = t("stuffed_fables.unconscious.fell", stuffie=info["giver"])
            out.print(fell + " " + why("stuffed-fables/unconscious"))
        out.print(stuffie_line(new, other), markup=False)

    _run(action, json_out, _text)


from . import cli_turn  # noqa: E402,F401  (registers the group task, end of turn and monster commands)
