"""Guided battle of a Too Many Bones adventure: set-up, turn after turn, round after round, outcome.

Every prompt proposes the rule's value (the queue from baddie points, the scouted chip on top, the
unit whose turn it is, the next round once everyone played, the outcome the mat shows); the table
may override it. Ties that involve a gearloc are asked to the party. "Rule?" shows the card.
Same actions as the `tmb battle` commands (journaled, undoable).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from gm_assist.core import guided, prompts
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import t

from ..rules import tyrant_challenge
from . import actions as ba
from . import catalog as cat
from .rules import effects as book
from .rules import fight as bt
from .rules.queue import Baddie, QueueChip, baddie_points, chip_types, queue_values, rule_call
from .rules.track import LANES, current_unit, find_unit, next_step, plan_entries
from .view import render_battle, setup_messages, values_text

OTHER = "__other__"
BATTLE_RULES = (
    "tmb/initiative",
    "tmb/rounds",
    "tmb/fatigue",
    "tmb/arrivals",
    "tmb/effect-dice",
    "tmb/damage-types",
    "tmb/bonus-hp",
    "tmb/ko",
    "tmb/battle-outcome",
)


def _load(session: str) -> Any:
    from gm_assist.core.session import load

    return load("tmb", session)[1]


def _record(action: Any, session: str) -> Any:
    from gm_assist.core.session import record

    rec = record(action, session)
    prompts.say("✓ " + rec.label)
    prompts.events(rec.events)
    return rec.state


def ask_chip(lane: int, chip: QueueChip, set_up: bool, types: Sequence[str]) -> bt.UnitIn:
    """Which baddie was flipped into ``lane``: from the catalog (completion by name) or typed;
    the stats the catalog lacks are asked (initiative only at set-up, p. 17), never invented.
    Offered: the catalog's baddies of the chip's value and of the tyrant's ``types``."""
    from gm_assist.core.i18n import lang

    offered = chip_types(chip, types)  # one name each, chips of this value and these types only
    names = cat.names(points=chip.points, language=lang(), types=offered)
    if chip.name and chip.name not in names:  # a scouted chip keeps the name it was scouted under
        names.insert(0, chip.name)
    choices = [(OTHER, t("tmb_battle.flow.other_baddie"))] + [(n, n) for n in names]
    default = chip.name if chip.name in names else OTHER
    if chip.tyrant and chip.name:  # the tyrant's token: the app knows who it is
        prompts.say(t("tmb_battle.flow.tyrant_enters", name=chip.name, lane=lane))
        name = chip.name
    else:
        name = prompts.select(
            t("tmb_battle.flow.ask_chip", lane=lane, points=chip.points),
            choices,
            default=default,
            rules=("tmb/baddie-chips",),
        )
    if name == OTHER:
        name = prompts.text(
            t("tmb_battle.flow.ask_name"),
            default=chip.name or "",
            validate=lambda s: None if s.strip() else t("tmb_battle.flow.name_needed"),
        ).strip()
    entry = cat.find(name)
    unit = cat.fill_from_catalog(bt.UnitIn(name=name))
    update: dict[str, Any] = {}
    if set_up and unit.initiative is None:
        update["initiative"] = prompts.integer(t("tmb_battle.flow.ask_ini", name=name), min=1, max=6)
    if unit.hp is None:
        update["hp"] = prompts.integer(t("tmb_battle.flow.ask_hp", name=name), min=1, max=99)
    if unit.attack_type is None:
        update["attack_type"] = prompts.select(
            t("tmb_battle.flow.ask_attack", name=name),
            [("melee", t("tmb_battle.flow.melee")), ("ranged", t("tmb_battle.flow.ranged"))],
            rules=("tmb/start-positions",),
        )
    if entry is None or entry.extra_baddies is None:
        update["extra_baddies"] = prompts.select(
            t("tmb_battle.flow.ask_extra", name=name),
            [(0, "0"), (1, "1"), (2, "2")],
            default=0,
            rules=("tmb/extra-baddies",),
        )
    unit = unit.model_copy(update=update)
    if update and not chip.tyrant and prompts.confirm(t("tmb_battle.flow.ask_save", name=name), default=True):
        _save(entry, unit, chip.points)
    return unit


def _save(entry: Baddie | None, unit: bt.UnitIn, points: int) -> None:
    from gm_assist.core.i18n import lang

    field = "name_fr" if lang() == "fr" else "name_en"
    base: dict[str, Any] = (
        entry.model_dump() if entry else {"id": cat.slug(unit.name or "baddie"), field: unit.name}
    )
    base.update(
        {
            k: v
            for k, v in {
                "points": points,
                "initiative": unit.initiative,
                "hp": unit.hp,
                "attack_type": unit.attack_type,
                "extra_baddies": unit.extra_baddies,
            }.items()
            if v is not None
        }
    )
    base.update(source=t("tmb_battle.baddie.source"), confidence="table")
    cat.add(Baddie(**base))


def ask_chips(
    queue: list[QueueChip], lanes: list[int], set_up: bool, types: Sequence[str]
) -> list[bt.UnitIn]:
    """Ask each chip that enters, in order (extra-baddie icons push 5-point chips on top); the
    tyrant's baddie ``types`` limit the catalog names offered."""
    specs: list[bt.UnitIn] = []
    while len(specs) < len(plan := plan_entries(queue, lanes, specs)):
        lane, chip = plan[len(specs)]
        specs.append(ask_chip(lane, chip, set_up, types))
    return specs


def ask_ties(groups: list[list[str]], gearlocs: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The party orders each tie that involves a gearloc (p. 17): who plays first, then next… Tied
    baddies keep their lane order among themselves (lower lane first): the party only chooses where
    its gearlocs go, so the only baddie offered at each step is the next one by lane."""
    first: list[str] = []
    for group in groups:
        left = list(group)
        prompts.say(t("tmb_battle.track.tie", names=", ".join(group)))
        while len(left) > 1 and (not gearlocs or any(n in gearlocs for n in left)):
            baddies = [n for n in left if n not in gearlocs] if gearlocs else []
            offered = [n for n in left if not gearlocs or n in gearlocs or n == baddies[0]]
            pick = prompts.select(
                t("tmb_battle.flow.ask_tie"),
                [(n, n) for n in offered],
                default=offered[0],
                rules=("tmb/initiative",),
            )
            first.append(pick)
            left.remove(pick)
        first.extend(left)
    return first


def _gearloc_names(battle: bt.Battle) -> set[str]:
    return {u.name for u in battle.units if u.kind == "gearloc"}


def _names(battle: bt.Battle, groups: list[list[str]]) -> list[list[str]]:
    by_uid = {u.uid: u.name for u in battle.units}
    return [[by_uid[uid] for uid in group if uid in by_uid] for group in groups]


def set_up(session: str, state: Any) -> Any:
    """Battle set-up (p. 18): queue with the rule's points (override allowed), chips, rolls, ties."""
    tyrant = tyrant_challenge(state)  # the same test as `tmb battle start`
    extra, added = 0, []
    if tyrant and state.tyrant.battle is not None:
        from gm_assist.core.i18n import lang

        prompts.say(state.tyrant.battle.text.get(lang(), state.tyrant.battle.text.get("en", "")))
    if not tyrant:
        base = rule_call(baddie_points, state.day, len(state.party))
        prompts.say(
            t(
                "tmb_battle.queue.why",
                points=base,
                day=state.day,
                gearlocs=len(state.party),
                queue=values_text(queue_values(base)),
            )
        )
        points = prompts.integer(t("tmb_battle.flow.ask_points"), default=base, min=0, max=400)
        extra = points - base
        text = prompts.text(t("tmb_battle.flow.ask_added"), validate=_added_problem)
        added = [int(v) for v in text.split()]
    queue, _ = ba.start_queue(state, tyrant, extra, added)
    prompts.events(setup_messages(state, tyrant, extra, added))  # as `tmb battle start` says it
    specs = ask_chips(queue, list(range(1, LANES + 1)), True, state.tyrant.baddie_types)
    rolls = {
        g.name: prompts.integer(t("tmb_battle.flow.ask_roll", name=g.name), min=1, max=6)
        for g in ba.fighters(state)
    }
    gearlocs = [
        bt.UnitIn(
            name=g.name, initiative=rolls[g.name], hp=g.hp if g.max_hp else None, max_hp=g.max_hp or None
        )
        for g in ba.fighters(state)
    ]
    rules = list(state.tyrant.battle.rules) if tyrant and state.tyrant.battle else []
    lead = None
    if "one_gearloc" in rules and len(gearlocs) > 1:  # Nom: one gearloc on the mat at a time
        names = [g.name or "" for g in gearlocs]
        lead = prompts.select(
            t("tmb_battle.flow.ask_lead"), names, default=names[0], rules=("tmb/tyrant-nom",)
        )
    preview = rule_call(
        bt.start_battle, queue, gearlocs, specs, tyrant_battle=tyrant, tyrant_rules=rules, lead=lead
    )
    first = ask_ties(_names(preview, preview.ties), _gearloc_names(preview))
    return _record(
        ba.StartBattle(
            extra_points=extra, added=added, baddies=specs, rolls=rolls, first=first, tyrant=tyrant, lead=lead
        ),
        session,
    )


def _added_problem(text: str) -> str | None:
    values = text.split()
    if all(v in ("1", "5", "20") for v in values):
        return None
    return t("tmb_battle.error.point_value", value=text)


def _pick_unit(battle: bt.Battle, kinds: tuple[str, ...], default: bt.Unit | None = None) -> str:
    units = [u for u in battle.ordered() if u.kind in kinds]
    if not units:
        raise GmError("tmb_battle.error.no_unit", name="—", names="—")
    keys = [u.name if u.kind == "gearloc" else str(u.lane) for u in units]
    choices = [(key, f"{u.name} ({_hp(u)})") for key, u in zip(keys, units, strict=True)]
    # a baddie's choice value is its lane, a gearloc's its name: propose ``default``'s own entry
    uid = default.uid if default else None
    proposed = next((key for key, u in zip(keys, units, strict=True) if u.uid == uid), None)
    return prompts.select(t("tmb_battle.flow.ask_unit"), choices, default=proposed)


def _hp(unit: bt.Unit) -> str:
    return f"{unit.hp if unit.hp is not None else '?'} {t('tmb_battle.col.hp')}"


def menu_choices(battle: bt.Battle) -> tuple[list[tuple[str, str]], str]:
    """The battle menu and the step the rules call for next (the default: ``battle.rules.track.next_step``,
    whose outcome steps are taken by "End the battle")."""
    current = current_unit(battle)
    items = [
        ("next_turn", t("tmb_battle.flow.next_turn", name=current.name if current else "—")),
        ("hit", t("tmb_battle.flow.hit")),
        ("effects", t("tmb_battle.flow.effects")),
        ("counters", t("tmb_battle.flow.counters")),
        ("damage", t("tmb_battle.flow.damage")),
        ("heal", t("tmb_battle.flow.heal")),
        ("defeat", t("tmb_battle.flow.defeat")),
        ("ko", t("tmb_battle.flow.ko")),
        ("revive", t("tmb_battle.flow.revive")),
        ("move", t("tmb_battle.flow.move")),
        ("next_round", t("tmb_battle.flow.next_round")),
        ("end", t("tmb_battle.flow.end")),
        ("leave", t("tmb_battle.flow.leave")),
    ]
    found = next_step(battle).key
    if found not in ("next_turn", "next_round"):  # the outcome the mat shows: end the battle
        return [i for i in items if i[0] in ("end", "leave")], "end"
    if not battle.knocked_out:
        items = [i for i in items if i[0] != "revive"]
    return (items if current else [i for i in items if i[0] != "next_turn"]), found


def likely_target(battle: bt.Battle, aim: dict[str, Any] | None = None) -> bt.Unit | None:
    """Who a hit most likely lands on: the unit the table last hit this round (``aim``, the memory
    of one sitting at the battle menu) while it is still on the mat, else the first opponent on the
    track of the unit whose turn it is."""
    remembered = (aim or {}).get("last")
    if remembered and remembered[0] == battle.round:
        unit = next((u for u in battle.units if u.uid == remembered[1]), None)
        if unit is not None:
            return unit
    current = current_unit(battle)
    if current is None:
        return None
    return next((u for u in battle.ordered() if u.kind != current.kind), None)


def _remember(aim: dict[str, Any], battle: bt.Battle, target: str) -> None:
    aim["last"] = (battle.round, find_unit(battle, target).uid)


def _bookkeeping(session: str, battle: bt.Battle, choice: str, aim: dict[str, Any]) -> Any:
    """A hit, an effect die or a count on a chip (shields, Buff HP, Backup Plan)."""
    if choice == "hit":
        target = _pick_unit(battle, ("baddie", "gearloc"), likely_target(battle, aim))
        _remember(aim, battle, target)
        damage = prompts.integer(t("tmb_battle.flow.ask_hit_damage"), default=1, min=0, max=99)
        crits = prompts.integer(t("tmb_battle.flow.ask_hit_crits"), default=0, min=0 if damage else 1, max=99)
        shown = find_unit(battle, target).name
        return _record(ba.Hit(target=target, shown=shown, damage=damage, crits=crits), session)
    if choice == "effects":
        target = _pick_unit(battle, ("baddie", "gearloc"), likely_target(battle, aim))
        unit = find_unit(battle, target)
        choices = [(e, _effect_choice(unit, e)) for e in book.EFFECTS]
        effect = prompts.select(t("tmb_battle.flow.ask_effect"), choices, rules=("tmb/effect-dice",))
        name = t(f"tmb_battle.effect.{effect}")
        face = prompts.integer(
            t("tmb_battle.flow.ask_face", effect=name, name=unit.name),
            default=unit.effects.get(effect, 1),
            min=0,
            max=book.MAX_FACE,
        )
        return _record(ba.SetEffect(target=target, shown=unit.name, effect=effect, value=face), session)
    counters = [(c, t(f"tmb_battle.flow.counter_{c}")) for c in ("shields", "bonus_hp", "backup")]
    counter = prompts.select(
        t("tmb_battle.flow.ask_counter"), counters, rules=("tmb/bonus-hp", "tmb/backup-plan")
    )
    kinds = ("baddie", "gearloc") if counter == "shields" else ("gearloc",)
    target = _pick_unit(battle, kinds, current_unit(battle))
    unit = find_unit(battle, target)
    value = prompts.integer(
        t("tmb_battle.flow.ask_value", name=unit.name),
        default=getattr(unit, counter),
        min=0,
        max=book.MAX_COUNTER,
    )
    return _record(ba.SetCounter(target=target, shown=unit.name, counter=counter, value=value), session)


def _effect_choice(unit: bt.Unit, effect: str) -> str:
    name = t(f"tmb_battle.effect.{effect}")
    return f"{name} {unit.effects[effect]}" if effect in unit.effects else name


def step(session: str, battle: bt.Battle, choice: str, aim: dict[str, Any] | None = None) -> Any:
    """Run one menu choice (asks what it needs, then records one action); ``aim`` remembers the
    table's last target while it stays at the battle menu."""
    aim = {} if aim is None else aim
    if choice == "next_turn":
        return _record(ba.NextTurn(), session)
    if choice in ("hit", "effects", "counters"):
        return _bookkeeping(session, battle, choice, aim)
    if choice in ("damage", "heal"):
        target = _pick_unit(
            battle,
            ("baddie", "gearloc"),
            likely_target(battle, aim) if choice == "damage" else current_unit(battle),
        )
        if choice == "damage":
            _remember(aim, battle, target)
        amount = prompts.integer(t(f"tmb_battle.flow.ask_{choice}"), default=1, min=1, max=99)
        shown = find_unit(battle, target).name
        return _record(ba.ChangeHp(target=target, shown=shown, amount=amount, heal=choice == "heal"), session)
    if choice == "defeat":
        target = _pick_unit(battle, ("baddie",))
        return _record(ba.Defeat(target=target, shown=find_unit(battle, target).name), session)
    if choice == "ko":
        target = _pick_unit(battle, ("gearloc",))
        return _record(ba.KnockOut(target=target, shown=find_unit(battle, target).name), session)
    if choice == "revive":
        name = prompts.select(t("tmb_battle.flow.ask_unit"), [u.name for u in battle.knocked_out])
        top = next(u.max_hp for u in battle.knocked_out if u.name == name)
        hp = prompts.integer(t("tmb_battle.flow.ask_revive_hp", name=name), default=1, min=1, max=top or 99)
        return _record(ba.Revive(target=name, hp=hp), session)
    if choice == "move":
        target = _pick_unit(battle, ("baddie", "gearloc"))
        steps = prompts.integer(t("tmb_battle.flow.ask_steps"), default=1, min=-12, max=12)
        shown = find_unit(battle, target).name
        return _record(ba.MoveOnTrack(target=target, shown=shown, steps=steps), session)
    if choice == "next_round":
        used = {u.lane for u in battle.units if u.kind == "baddie"}
        free = [lane for lane in range(1, LANES + 1) if lane not in used]
        arrivals = ask_chips(battle.queue, free, False, _load(session).tyrant.baddie_types)
        preview = rule_call(bt.next_round, battle, arrivals)
        first = ask_ties(_names(preview, preview.ties[len(battle.ties) :]), _gearloc_names(preview))
        return _record(ba.NextRound(arrivals=arrivals, first=first), session)
    outcome = battle.outcome or prompts.select(
        t("tmb_battle.flow.ask_outcome"),
        [("victory", t("tmb_battle.flow.victory")), ("defeat", t("tmb_battle.flow.defeat_outcome"))],
        rules=("tmb/battle-outcome", "tmb/party-wipe"),
    )
    return _record(ba.EndBattle(outcome=outcome), session)


def run_battle(session_name: str) -> None:
    """The guided battle of today's encounter; returns when the battle is closed or the table
    leaves (the battle stays saved and resumes here)."""
    state = _load(session_name)
    try:
        if not isinstance(state.battle, bt.Battle) or state.battle.closed:
            state = set_up(session_name, state)
    except Cancelled:
        return
    except GmError as exc:
        prompts.say(exc.message())
        return
    aim: dict[str, Any] = {}  # the table's last target, while it stays at this menu
    while True:
        state = _load(session_name)  # drawn from the saved game: another window may have changed it
        battle = state.battle
        if not isinstance(battle, bt.Battle):  # its set-up was undone
            return
        prompts.show(partial(render_battle, battle), status=True)
        if battle.closed:
            return
        items, default = menu_choices(battle)
        choice = guided.menu(
            session_name,
            t("tmb_battle.flow.menu"),
            items,
            default=default,
            rules=BATTLE_RULES,
            on_cancel="leave",
        )
        if choice == "leave":
            return
        if choice == guided.AGAIN:
            continue
        try:
            state = step(session_name, battle, choice, aim)
        except Cancelled:
            continue
        except GmError as exc:
            prompts.say(exc.message())
