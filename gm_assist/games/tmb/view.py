"""How a Too Many Bones adventure is shown.

- Text screens on a rich console passed in (set-up checklist, tyrants, status, reminders, what an
  undo brings back); no game logic here.
- The live table view's model (issue 16), ``table_view(state)``: pure and JSON-able;
  language-dependent texts are ``{"en", "fr"}``. Every number comes from the state or the rules
  (``report.status``, ``battle.rules.track``), never re-derived by the page.

The battle's own screens are in ``battle/view.py``.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.i18n import confidence_words, lang, provenance, t
from gm_assist.core.output import escape, why

from . import report, rules
from .battle.rules.fight import Battle
from .catalog import Tyrant
from .model import TmbState
from .rules import SetupChecklist, deck_size, tyrants


def type_names(types: list[str]) -> str:
    """Baddie types in the edition's vocabulary."""
    return ", ".join(t(f"tmb.type.{ty}") for ty in types)


def tyrant_name(tyrant: Tyrant) -> str:
    """The tyrant's name in the current language."""
    return tyrant.name(lang())


def render_setup(check: SetupChecklist, tyrant: Tyrant, out: Any) -> None:
    """The set-up checklist (p. 6-7, modes p. 23)."""
    out.print(f"[bold]{escape(t('tmb.setup.title', tyrant=tyrant_name(tyrant)))}[/bold]")
    deck_key = "tmb.setup.deck_solo" if check.solo else "tmb.setup.deck"
    lines = [
        t("tmb.setup.goal", days=check.days, progress=check.progress) + " " + why("tmb/tyrants"),
        t(
            deck_key,
            general=check.general_cards,
            days=check.days,
            tyrant_cards=check.tyrant_cards,
            deck=check.deck_size,
        )
        + " "
        + why("tmb/encounter-deck"),
        t("tmb.setup.specials", total=check.total_cards) + " " + why("tmb/encounter-deck"),
        t("tmb.setup.stacks", types=type_names(check.baddie_types)) + " " + why("tmb/setup"),
        t("tmb.setup.counters") + " " + why("tmb/setup"),
        t(f"tmb.setup.mode.{check.mode}", hp=check.bonus_hp, training=check.training_points)
        + " "
        + why("tmb/game-modes"),
    ]
    for line in lines:
        out.print(f"  • {line}")
    if tyrant.confidence not in ("high", "rulebook"):
        note = t(
            "tmb.setup.confidence",
            confidence=confidence_words(tyrant.confidence),
            source=provenance(tyrant.source),
        )
        out.print(f"  [yellow]{escape(note)}[/yellow]")


def render_tyrants(out: Any) -> None:
    """The tyrant catalog as a compact table (fits 80 columns)."""
    from gm_assist.core.output import table

    rows = []
    for ty in tyrants():
        name = tyrant_name(ty) + (" (UT)" if ty.set == "undertow" else "")
        deck = f"{deck_size(ty)} ({ty.tyrant_cards})"
        rows.append(
            [
                name,
                str(ty.days),
                str(ty.progress),
                deck,
                type_names(ty.baddie_types),
                confidence_words(ty.confidence),
            ]
        )
    cols = [
        t(f"tmb.tyrants.col.{col}") for col in ("name", "days", "progress", "deck", "types", "confidence")
    ]
    out.print(table(t("tmb.tyrants.title"), cols, rows))
    out.print(t("tmb.tyrants.hint") + " " + why("tmb/tyrants"))


def render_status(state: TmbState, out: Any, reminders: bool = True) -> None:
    """The status panel: day, progress, challenge, party, then (unless the caller shows them itself,
    as the guided menu does right after) the reminders and the next step."""
    from gm_assist.core.output import table

    data = report.status(state)
    title = t("tmb.status.title", tyrant=tyrant_name(state.tyrant), mode=t(f"tmb.mode.{state.mode}"))
    out.print(f"[bold]{escape(title)}[/bold]")
    out.print(
        t("tmb.status.day", day=state.day, days=state.tyrant.days, left=data["days_left"])
        + " "
        + why("tmb/new-day")
    )
    out.print(
        t("tmb.status.progress", progress=state.progress, needed=state.tyrant.progress)
        + " "
        + why("tmb/progress-points")
    )
    if state.encounter is not None:
        out.print(escape(encounter_text(state)))
    rows = []
    for g in data["party"]:
        hp = f"{g['hp']}/{g['max_hp']}" if not g["sheet_missing"] else "?"
        stats = "/".join("?" if g[s] is None else str(g[s]) for s in ("dex", "atk", "def"))
        rows.append(
            [
                g["name"] + (" (KO)" if g["ko"] else ""),
                hp,
                stats,
                str(g["training_unspent"]),
                f"{g['slots']}/{g['slots_max']}",
                ", ".join(c["name"] + ("🔒" if c["locked"] else "") for c in g["loot"]),
            ]
        )
    cols = [t(f"tmb.status.col.{c}") for c in ("gearloc", "hp", "stats", "training", "slots", "loot")]
    out.print(table(None, cols, rows))
    scouted = [f"{k} pt: {', '.join(v)}" for k, v in data["scouted"].items() if v]
    if scouted:
        out.print(escape(t("tmb.status.scouted", list="; ".join(scouted))) + " " + why("tmb/scouting"))
    if reminders:
        render_reminders(state, out)


def encounter_text(state: TmbState) -> str:
    """Today's encounter in one line."""
    enc = state.encounter
    if enc is None:
        return ""
    if enc.kind == "tyrant":
        head = t("tmb.encounter.tyrant", tyrant=tyrant_name(state.tyrant))
    elif enc.kind == "special":
        head = t("tmb.encounter.special", number=f"{enc.number:03d}")
    else:
        head = t("tmb.encounter.card", number=enc.number)
    if enc.title:
        head += f" « {enc.title} »"
    kind = t("tmb.encounter.fight") if enc.fight else t("tmb.encounter.peaceful")
    outcome = t(f"tmb.encounter.{enc.outcome}") if enc.outcome else t("tmb.encounter.open")
    return f"{head} — {kind} — {outcome}"


def render_reminders(state: TmbState, out: Any) -> None:
    """Reminders due now, then what to do next."""
    cards = {
        "tmb.remind.last_day": "tmb/adventure-end",
        "tmb.remind.can_challenge": "tmb/tyrants",
        "tmb.remind.wiped": "tmb/party-wipe",
        "tmb.remind.training": "tmb/training",
        "tmb.remind.slots": "tmb/loot",
        "tmb.remind.lost": "tmb/adventure-end",
        "tmb.remind.won": "tmb/adventure-end",
        "tmb.remind.deck_empty": "tmb/encounter-deck",
        "tmb.remind.days_short": "tmb/adventure-end",
        "tmb.remind.sheet": "tmb/stat-hp",
    }
    for key, params in report.reminders(state):
        card = cards.get(key)
        out.print(f"[yellow]! {escape(t(key, **params))}[/yellow]" + (f" {why(card)}" if card else ""))
    out.print(f"[bold cyan]→ {escape(rules.next_step(state).text())}[/bold cyan]")


def changes(now: TmbState, then: TmbState) -> list[str]:
    """What moving from ``now`` to ``then`` changes, in the table's words (the guided Undo/Redo
    entries): the day and progress, each unit's HP, effect dice and counts on the mat, who comes
    back on the mat or leaves it, the round and whose turn, each gearloc's training points and loot."""
    from .battle.rules.fight import Battle

    out: list[str] = []
    if now.day != then.day:
        out.append(t("tmb.change.day", a=now.day, b=then.day))
    if now.progress != then.progress:
        out.append(t("tmb.change.progress", a=now.progress, b=then.progress))
    a = now.battle if isinstance(now.battle, Battle) and not now.battle.closed else None
    b = then.battle if isinstance(then.battle, Battle) and not then.battle.closed else None
    if (a is None) != (b is None):
        out.append(t("tmb.change.battle_back" if b is not None else "tmb.change.battle_gone"))
    on_mat: set[str] = set()
    if a is not None and b is not None:
        out += _battle_changes(a, b)
        on_mat = {u.name for u in a.units + b.units if u.kind == "gearloc"}
    for g, h in zip(now.party, then.party, strict=False):
        if g.hp != h.hp and g.name not in on_mat:
            out.append(t("tmb.change.hp", name=g.name, a=g.hp, b=h.hp))
        if len(g.training) != len(h.training):
            out.append(t("tmb.change.training", name=g.name, a=len(g.training), b=len(h.training)))
        if len(g.loot) != len(h.loot):
            out.append(t("tmb.change.loot", name=g.name, a=len(g.loot), b=len(h.loot)))
    return out


def _battle_changes(a: Any, b: Any) -> list[str]:
    from .battle.rules.track import current_unit
    from .battle.view import on_chip

    out: list[str] = []
    before = {u.uid: u for u in a.units}
    after = {u.uid: u for u in b.units}
    for uid, u in after.items():
        old = before.get(uid)
        if old is None:
            key = "tmb.change.back_lane" if u.lane else "tmb.change.back_track"
            out.append(t(key, name=u.name, lane=u.lane or 0, hp=_or_q(u.hp)))
            continue
        if old.hp != u.hp:
            out.append(t("tmb.change.hp", name=u.name, a=_or_q(old.hp), b=_or_q(u.hp)))
        if on_chip(old) != on_chip(u):
            out.append(t("tmb.change.chip", name=u.name, a=on_chip(old) or "—", b=on_chip(u) or "—"))
    out += [t("tmb.change.leaves", name=u.name) for uid, u in before.items() if uid not in after]
    if a.round != b.round:
        out.append(t("tmb.change.round", a=a.round, b=b.round))
    ca, cb = current_unit(a), current_unit(b)
    if ca is not None and cb is not None and ca.uid != cb.uid:
        out.append(t("tmb.change.turn", a=ca.name, b=cb.name))
    return out


def _or_q(value: int | None) -> str:
    return "?" if value is None else str(value)


def table_view(state: TmbState) -> dict[str, Any]:
    """Day counter out of the tyrant's days, progress against the challenge, the tyrant, the
    party's HP; in battle the track, the mat, the queue, the round die (see docs/table-view.md)."""
    from gm_assist.core.i18n import both, table_words

    from .report import reminders, status
    from .rules import next_step

    summary = status(state)
    found = next_step(state)  # in a running battle, the battle's step
    battle = battle_view(state.battle) if state.battle is not None and _battle_shown(state) else None
    return {
        "tyrant": {
            "id": state.tyrant.id,
            "name": {"en": state.tyrant.name("en"), "fr": state.tyrant.name("fr")},
        },
        "mode": state.mode,
        "day": state.day,
        "days": state.tyrant.days,
        "days_left": summary["days_left"],
        "phase": state.phase,
        "phase_text": both(f"tmb.table.phase.{state.phase}"),
        "progress": summary["progress"],
        "progress_needed": summary["progress_needed"],
        "can_challenge": summary["can_challenge"],
        "tyrant_attempts": state.tyrant_attempts,
        "won": state.won,
        "lost": state.lost,
        "finished": state.won or state.lost,
        "encounter": _encounter(state),
        "party": [
            {
                "name": g.name,
                "hp": g.hp,
                "max_hp": g.max_hp,
                "ko": g.ko,
                "dex": row["dex"],
                "atk": row["atk"],
                "def": row["def"],
            }
            for g, row in zip(state.party, summary["party"], strict=True)
        ],
        "battle": battle,
        "next": table_words(_named(found.message, battle)),
        "reminders": [both(k, **p) for k, p in reminders(state)],
    }


def _named(message: Any, battle: dict[str, Any] | None) -> Any:
    """The step's message with the unit it names in each page's language (``unit_label``)."""
    name = message.params.get("name")
    labels = {row["name"]: row["label"] for row in battle["track"]} if battle else {}
    if name not in labels:
        return message
    return message.model_copy(update={"params": {**message.params, "name": labels[name]}})


def _battle_shown(state: TmbState) -> bool:
    """The battle is drawn while it runs, and once closed only until the encounter is recorded
    (``tmb success`` / ``failure``): a finished battle does not stay on the table's screen."""
    battle = state.battle
    return battle is not None and (not battle.closed or state.phase == "resolve")


def _encounter(state: TmbState) -> dict[str, Any] | None:
    enc = state.encounter
    if enc is None:
        return None
    return {"kind": enc.kind, "title": enc.title, "fight": enc.fight, "outcome": enc.outcome}


def unit_label(name: str) -> dict[str, str]:
    """A unit's name in each language for the table view: a catalog baddie by its edition's name
    (``crapaud des marais`` / ``Bog Toad``, first letter up), an unnamed chip as ``5-pt #2`` /
    ``5 pt n° 2``, a gearloc or a name the catalog does not know as it is."""
    import re

    from gm_assist.core.i18n import both

    from .battle import catalog

    chip = re.fullmatch(r"(\d+)-pt #(\d+)", name)
    if chip:
        return both("tmb.table.chip_name", points=int(chip[1]), lane=int(chip[2]))
    found = catalog.find(name)
    if found is None:
        return {"en": name, "fr": name}
    texts = {"en": found.name_en or name, "fr": found.name_fr or name}
    return {k: v[:1].upper() + v[1:] for k, v in texts.items()}


def battle_view(battle: Battle) -> dict[str, Any]:
    """The battle drawn on the page: the track top first (whose turn, played, HP, lane and
    position, ties), the mat's eight positions, the queue's chips, the round die, arrivals, KO."""
    from .battle.rules.queue import LANES
    from .battle.rules.track import arrivals_due, current_unit, round_face
    from .battle.view import battle_json

    data = battle_json(battle)
    current = None if battle.closed else current_unit(battle)  # a closed battle has no turn
    tie_of = {uid: n for n, group in enumerate(battle.ties) for uid in group}
    track = []
    for row, unit in zip(data["track"], battle.ordered(), strict=True):
        track.append(
            {
                **row,
                "uid": unit.uid,
                "attack_type": unit.attack_type,
                "tie": tie_of.get(unit.uid),
                "current": current is not None and unit.uid == current.uid,
                "label": unit_label(unit.name)
                if unit.kind == "baddie"
                else {"en": unit.name, "fr": unit.name},
            }
        )
    spots = [
        {
            "lane": lane,
            "type": kind,
            "unit": next((u.name for u in battle.units if u.spot_lane == lane and u.spot == kind), None),
        }
        for kind in ("ranged", "melee")
        for lane in range(1, LANES + 1)
    ]
    labels = {row["name"]: row["label"] for row in track}
    for spot in spots:
        spot["label"] = labels.get(spot["unit"]) if spot["unit"] else None
    return {
        "round": battle.round,
        "round_die": round_face(battle.round),
        "fatigue": data["fatigue"],
        "current": current.name if current is not None else None,
        "current_label": labels.get(current.name) if current is not None else None,
        "track": track,
        "ties": data["ties"],
        "lanes": LANES,
        "spots": spots,
        "queue": [
            {"points": c.points, "name": c.name, "tyrant": c.tyrant, "lane": c.lane} for c in battle.queue
        ],
        "queue_points": sum(c.points for c in battle.queue),
        "arrivals_due": [
            {"lane": lane, "points": c.points, "name": c.name} for lane, c in arrivals_due(battle)
        ],
        "knocked_out": data["knocked_out"],
        "revivals": data["revivals"],
        "defeated": data["defeated"],
        "outcome": battle.outcome,
        "closed": battle.closed,
        "tyrant_battle": battle.tyrant_battle,
    }
