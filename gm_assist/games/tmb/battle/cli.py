"""Battle commands of `gm-assist tmb`: `queue`, `initiative`, `baddie add/list` and `battle …`.

Thin shell: parse, call the pure battle code or record a battle action, render. Added to the tmb
app by ``cli_session.register(app)`` (called at the end of ``cli.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import provenance, t
from gm_assist.core.output import emit, escape, why
from gm_assist.kit.lazy_cli import lazy_module
from gm_assist.kit.options import JsonOpt

from .rules.queue import Baddie, baddie_points, build_queue, queue_values, rule_call
from .rules.track import check_initiative, initiative_track

if TYPE_CHECKING:
    from .rules.fight import UnitIn

cat = lazy_module(f"{__package__}.catalog")
views = lazy_module(f"{__package__}.view")


def _complete(incomplete: str) -> list[str]:
    """Shell completion for ``--baddie`` (the catalog is read only when completing)."""
    return cat.complete(incomplete)


DayOpt = Annotated[int | None, typer.Option("--day", "-d", help=t("tmb.help.opt_day_number"))]
GearlocsOpt = Annotated[int | None, typer.Option("--gearlocs", "-g", help=t("tmb.help.opt_party_default"))]
ExtraOpt = Annotated[int, typer.Option("--extra-points", help=t("tmb.help.opt_extra_points"))]
AddOpt = Annotated[
    list[int] | None,
    typer.Option("--add", help=t("tmb.help.opt_add_chip")),
]
FirstOpt = Annotated[
    list[str] | None,
    typer.Option("--first", help=t("tmb.help.opt_first")),
]
BaddieSpecOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--baddie",
        help=t("tmb.help.opt_baddie_chip"),
        autocompletion=_complete,
    ),
]


def _session_state() -> Any:
    from gm_assist.core.session import load

    return load("tmb")[1]


def queue_cmd(
    day: DayOpt = None,
    gearlocs: GearlocsOpt = None,
    extra_points: ExtraOpt = 0,
    add: AddOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Baddie points (day × gearlocs) and the Battle Queue, top first (rulebook p. 18)."""
    scouted: dict[int, list[str]] = {}
    if day is None or gearlocs is None:
        try:
            state = _session_state()
        except GmError as exc:
            raise GmError("tmb_battle.error.queue_needs", detail=exc.message()) from exc
        from ..rules import tyrant_challenge

        if tyrant_challenge(state) and not (extra_points or add):
            _tyrant_queue(state, json_out)  # the battle start's own set-up, not day × gearlocs
            return
        day = state.day if day is None else day
        gearlocs = len(state.party) if gearlocs is None else gearlocs
        scouted = state.scouted
    points = rule_call(baddie_points, day, gearlocs, extra_points)
    queue, _ = rule_call(build_queue, points, scouted, add or [])
    values = [c.points for c in queue]
    data = {
        "points": points,
        "queue": values,
        "day": day,
        "gearlocs": gearlocs,
        "extra_points": extra_points,
        "added": add or [],
        "chips": [c.model_dump(mode="json") for c in queue],
    }

    def text(out: Any) -> None:
        built = views.values_text(queue_values(points))
        if extra_points:
            base = t(
                "tmb_battle.queue.why_extra",
                points=points,
                day=day,
                gearlocs=gearlocs,
                extra=f"{extra_points:+d}",
                queue=built,
            )
        else:
            base = t("tmb_battle.queue.why", points=points, day=day, gearlocs=gearlocs, queue=built)
        out.print(escape(base) + " " + why("tmb/baddie-points"))
        if add:
            out.print(
                t("tmb_battle.queue.added", added=views.values_text(add), queue=views.values_text(values))
                + " "
                + why("tmb/battle-queue")
            )
        for chip in (c for c in queue if c.name):
            out.print(
                t("tmb_battle.queue.scouted", name=escape(chip.name or ""), points=chip.points)
                + " "
                + why("tmb/scouting")
            )
        out.print(t("tmb_battle.queue.next"))

    emit(data, text, json_out)


def _tyrant_queue(state: Any, json_out: bool) -> None:
    """``tmb queue`` during a tyrant challenge: the queue ``battle start`` will build from the
    tyrant's set-up (``battle.actions.start_queue``), the tyrant's token included."""
    from . import actions as battle_actions

    queue, _ = battle_actions.start_queue(state, True)
    values = [c.points for c in queue]
    data = {
        "points": sum(c.points for c in queue if not c.tyrant),
        "queue": values,
        "day": state.day,
        "gearlocs": len(state.party),
        "extra_points": 0,
        "added": [],
        "chips": [c.model_dump(mode="json") for c in queue],
        "tyrant_battle": True,
    }

    def text(out: Any) -> None:
        out.print(views.tyrant_queue_line(state))
        out.print(t("tmb_battle.queue.next"))

    emit(data, text, json_out)


def _pair(text: str, number_only: bool = False) -> tuple[str, int]:
    """``NAME=N`` (or ``N`` alone when allowed) → (name, N)."""
    name, sep, value = text.rpartition("=")
    if not sep:
        name, value = "", text
    if (not name and not number_only) or not value.strip().lstrip("-").isdecimal():
        raise GmError("tmb_battle.error.pair", text=text)
    return name.strip(), int(value)


def initiative_cmd(
    baddie: Annotated[list[str] | None, typer.Option("--baddie", help=t("tmb.help.opt_baddie_ini"))] = None,
    gearloc: Annotated[
        list[str] | None, typer.Option("--gearloc", help=t("tmb.help.opt_gearloc_roll"))
    ] = None,
    first: FirstOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """The set-up initiative track, top first: higher first; equal baddies by lane; ties with a
    gearloc are the party's choice (flagged; settle them with --first). Rulebook p. 17."""
    from .rules.fight import Unit

    units: list[Unit] = []
    for lane, spec in enumerate(baddie or [], 1):
        name, value = _pair(spec, number_only=True)
        if lane > 4:
            raise GmError("tmb_battle.error.lane", lane=lane)
        name = name or t("tmb_battle.lane_name", lane=lane)
        rule_call(check_initiative, value, name)
        units.append(Unit(uid=f"b{lane}", name=name, kind="baddie", lane=lane, initiative=value))
    for index, spec in enumerate(gearloc or []):
        name, value = _pair(spec)
        rule_call(check_initiative, value, name)
        units.append(Unit(uid=f"g{index}", name=name, kind="gearloc", initiative=value))
    if not units:
        raise GmError("tmb_battle.error.no_units")
    track, ties = rule_call(initiative_track, units, first or [])
    by_uid = {u.uid: u for u in units}
    tied = {uid for group in ties for uid in group}
    order = [
        {
            "name": by_uid[uid].name,
            "kind": by_uid[uid].kind,
            "lane": by_uid[uid].lane,
            "initiative": by_uid[uid].initiative,
            "tie_with_gearloc": uid in tied,
        }
        for uid in track
    ]
    groups = [[by_uid[uid].name for uid in group] for group in ties]
    data = {"order": order, "ties": groups, "needs_choice": bool(groups) and not first}

    def text(out: Any) -> None:
        from gm_assist.core.output import table

        rows = [
            [
                str(i),
                e["name"],
                t(f"tmb_battle.kind.{e['kind']}_plain"),
                str(e["lane"] or ""),
                str(e["initiative"]),
                "⚖" if e["tie_with_gearloc"] else "",
            ]
            for i, e in enumerate(order, 1)
        ]
        cols = [t(f"tmb_battle.col.{c}") for c in ("order", "unit", "kind", "lane", "ini", "tie")]
        out.print(table(t("tmb_battle.initiative.title"), cols, rows))
        out.print(t("tmb_battle.initiative.why") + " " + why("tmb/initiative"))
        for group in groups:
            out.print(t("tmb_battle.track.tie", names=escape(", ".join(group))) + " " + why("tmb/initiative"))
        if groups and not first:
            out.print(t("tmb_battle.initiative.choose"))

    emit(data, text, json_out)


def baddie_add_cmd(
    name: Annotated[str, typer.Argument(help=t("tmb.help.opt_baddie_name"))],
    points: Annotated[int, typer.Option("--points", "-p", help=t("tmb.help.opt_points"))],
    initiative: Annotated[
        int | None, typer.Option("--initiative", "-i", help=t("tmb.help.opt_initiative"))
    ] = None,
    hp: Annotated[int | None, typer.Option("--hp", help=t("tmb.help.opt_chip_hp"))] = None,
    attack: Annotated[str | None, typer.Option("--attack", help=t("tmb.help.opt_attack"))] = None,
    creature: Annotated[str | None, typer.Option("--type", help=t("tmb.help.opt_creature"))] = None,
    extra: Annotated[int, typer.Option("--extra", help=t("tmb.help.opt_extra_baddies"))] = 0,
    json_out: JsonOpt = False,
) -> None:
    """Add a baddie to your own catalog once; later commands and the guided flow complete its name
    and fill its stats (rulebook p. 15)."""
    if points not in (1, 5, 20):
        raise GmError("tmb_battle.error.point_value", value=points)
    if initiative is not None:
        rule_call(check_initiative, initiative, name)
    if hp is not None and hp < 1:
        raise GmError("tmb_battle.error.hp_range", name=name, hp=hp, max_hp=hp)
    kind = cat.attack_word(attack) if attack else None
    if attack and kind is None:
        raise GmError("tmb_battle.error.attack_word", word=attack)
    if not 0 <= extra <= 2:
        raise GmError("tmb_battle.error.extra", value=extra)
    from gm_assist.core.i18n import lang

    existing = cat.find(name)
    field = "name_fr" if lang() == "fr" else "name_en"
    base = existing.model_dump() if existing else {"id": cat.slug(name), field: name.strip()}
    base.update(
        points=points,
        initiative=initiative,
        hp=hp,
        attack_type=kind,
        extra_baddies=extra,
        creature_type=creature or base.get("creature_type"),
        source=t("tmb_battle.baddie.source"),
        confidence="table",
    )
    entry = cat.add(Baddie(**base))
    emit(
        {"baddie": entry.model_dump(mode="json")},
        lambda out: out.print(
            t("tmb_battle.baddie.added", name=escape(entry.display_name(lang())))
            + " "
            + why("tmb/baddie-chips")
        ),
        json_out,
    )


def baddie_list_cmd(json_out: JsonOpt = False) -> None:
    """The baddie catalog: the chips the rulebook shows, then yours; '?' = unknown, asked in battle."""
    from gm_assist.core.i18n import lang

    entries = cat.catalog()

    def text(out: Any) -> None:
        from gm_assist.core.output import table

        def show(value: Any) -> str:
            return "?" if value is None else str(value)

        rows = [
            [
                b.display_name(lang()),
                show(b.points),
                show(b.initiative),
                show(b.hp),
                show(b.attack_type),
                show(b.creature_type),
                show(b.extra_baddies),
                provenance(b.source),
            ]
            for b in entries
        ]
        cols = [
            t(f"tmb_battle.col.{c}")
            for c in ("unit", "points", "ini", "hp", "attack", "type", "extra", "source")
        ]
        out.print(table(t("tmb_battle.baddie.title"), cols, rows))
        out.print(t("tmb_battle.baddie.hint") + " " + why("tmb/baddie-chips"))

    emit({"baddies": [b.model_dump(mode="json") for b in entries]}, text, json_out)


def specs(values: list[str] | None) -> list[UnitIn]:
    """Parse every ``--baddie`` spec."""
    return [cat.parse_spec(v) for v in values or []]
