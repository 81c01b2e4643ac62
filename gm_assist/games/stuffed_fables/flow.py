"""Stuffed Fables guided mode: the set-up wizard and the game menu, over the same actions as the CLI.

The menu follows the turn (« Tour des peluches »): a stuffie draws, rolls its white dice, puts its
black dice on the threat track, acts, ends its turn; the threat check then leads the table through
a surge or the monster turn, monster by monster. Ctrl-C / Esc in a step goes back to the menu
without recording anything; a refused step shows why and the menu goes on.
"""

from __future__ import annotations

from functools import partial

from gm_assist.core import guided, prompts
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import t

from . import actions, bag, rules, turn
from .flow_adjust import adjust
from .flow_dice import ask_rolls, pick_colour, pick_dice, pick_test_colour, require_usable
from .flow_threat import THREAT_STEPS, _encounter, _record, _say_odds
from .model import STARTING_STUFFING, SfState
from .parse import colours_of, known_stuffies, new_state
from .view import dice_text, render, slot_name, stuffie_line

GAME = "stuffed-fables"


def new_session() -> str | None:
    """Set-up wizard: the stuffies (5 stuffing each) and the dice edition; the bag is built from it."""
    from gm_assist.core.session import create

    try:
        names: list[str] = []
        while True:
            hint = ", ".join(known_stuffies())
            name = prompts.text(t("stuffed_fables.flow.stuffie_name", n=len(names) + 1, known=hint)).strip()
            if not name:
                if names:
                    break
                prompts.say(t("stuffed_fables.error.no_stuffie"))
                continue
            names.append(name)
        edition = prompts.select(
            t("stuffed_fables.flow.edition"),
            [("fr", t("stuffed_fables.flow.edition_fr")), ("en", t("stuffed_fables.flow.edition_en"))],
            default="fr",
            rules=("stuffed-fables/dice-colours",),
        )
        state, _ = new_state(names, edition, STARTING_STUFFING)
    except Cancelled:
        return None
    except GmError as exc:
        prompts.say(exc.message())
        return None
    info = create(GAME, state, None, ("stuffed_fables.action.new", {"names": ", ".join(names)}))
    prompts.say(
        t("stuffed_fables.new.done", session=info.name, names=", ".join(s.name for s in state.stuffies))
    )
    return info.name


def run(session_name: str) -> None:
    """The game menu, one step at a time, until the table leaves."""
    from gm_assist.core.session import load

    while True:
        _, state = load(GAME, session_name)
        prompts.show(partial(render, state), status=True)
        try:
            menu = _menu(state)
            choice = guided.menu(
                session_name,
                t("stuffed_fables.flow.menu"),
                menu,
                default=turn.next_step(state).key,
                rules=("stuffed-fables/turn", "stuffed-fables/threat-check"),
                on_cancel="leave",
                shortcuts={t("stuffed_fables.flow.end_turn_key"): "end_turn"}
                if any(i == "end_turn" for i, _ in menu)
                else None,
            )
            if choice == "leave":
                return
            if choice == guided.AGAIN:
                continue
            STEPS[choice](session_name, state)
        except Cancelled:
            prompts.say(t("core.menu.back"))
        except GmError as exc:
            prompts.say(exc.message())


def _menu(state: SfState) -> list[tuple[str, str]]:
    """The steps the moment allows, in the turn's order; the corrections in every menu."""
    if state.pending == "monsters":
        ids = ["activate", "monster_attack", "end_monsters", "adjust"]
    elif state.pending == "surge":
        ids = ["surge", "adjust"]
    elif state.current is None:
        ids = ["draw", "encounter", "adjust"]
    else:
        white = any(state.hand.get(c) for c in bag.with_use(state.colours, "stuffing"))
        black = any(state.hand.get(c) for c in bag.with_use(state.colours, "threat"))
        ids = [
            *(["recover"] if white else []),
            *(["place_threat"] if black else []),
            "move",
            "store",
            "encourage",
            "test",
            "search",
            "attack",
            "group_task",
            "draw",
            "end_turn",
            "encounter",
            "adjust",
        ]
    return [*((i, t(f"stuffed_fables.flow.step.{i}")) for i in ids), ("leave", t("guided.leave"))]


# --- the stuffie's turn --------------------------------------------------------------------------


def _ask_dice(state: SfState, key: str) -> list[str]:
    """Dice named by colour (what the table drew from the bag), in either language."""

    def _check(value: str) -> str | None:
        try:
            colours_of(state, value)
        except GmError as exc:
            return exc.message()
        return None

    return colours_of(state, prompts.text(t(key), validate=_check))


def _draw(session: str, state: SfState) -> None:
    names = [(s.name, stuffie_line(state, s.name)) for s in state.stuffies]
    who = state.current or prompts.select(
        t("stuffed_fables.flow.who"), names, default=turn.next_stuffie(state)
    )
    _say_odds(state, "draw", stuffie=who)
    how = prompts.select(
        t("stuffed_fables.flow.draw_how"),
        [("table", t("stuffed_fables.flow.draw_table")), ("app", t("stuffed_fables.flow.draw_app"))],
        rules=("stuffed-fables/draw-dice", "stuffed-fables/dice-bag"),
    )
    seed = None
    if how == "app":
        from gm_assist.core.dice import new_seed, rng

        count = prompts.integer(t("stuffed_fables.flow.count"), default=5, min=0)
        seed = new_seed()
        dice = bag.random_draw(state, count, rng(seed))
    else:
        dice = _ask_dice(state, "stuffed_fables.flow.drawn")
    new, info = _record(session, actions.Draw(stuffie=who, dice=dice, seed=seed))
    prompts.say(t("stuffed_fables.draw.done", stuffie=who, dice=dice_text(new.colours, dice)))
    if info["refilled"]:
        prompts.say(t("stuffed_fables.draw.refilled"))


def _recover(session: str, state: SfState) -> SfState:
    """« Remboursement »: the stuffie's stuffing value is asked once (then remembered, corrected
    through the correction menu), then one roll per white die of the hand."""
    stuffie = turn.acting(state, allow_unconscious=True)
    white = len(turn.white_in_hand(state))
    if not white:
        raise GmError("stuffed_fables.error.no_white_dice", stuffie=stuffie.name)
    value = stuffie.recovery_value or prompts.integer(
        t("stuffed_fables.flow.value", stuffie=stuffie.name), min=1
    )
    _say_odds(state, "recover", white=white, value=value)
    rolls = ask_rolls(turn.white_in_hand(state), state)
    new, info = _record(session, actions.Recover(rolls=rolls, value=value))
    c = info["check"]
    prompts.say(
        t(
            "stuffed_fables.recover.ok" if c.success else "stuffed_fables.recover.fail",
            total=c.total,
            value=c.target,
        )
    )
    return new


def _place_threat(session: str, state: SfState) -> None:
    new, info = _record(session, actions.PlaceThreat())
    prompts.say(
        t("stuffed_fables.threat.placed", spaces=", ".join(map(str, info["spaces"])) or "—", n=new.track)
    )


def _move(session: str, state: SfState) -> None:
    _, info = _record(session, actions.Move(**pick_dice(state, "move")))
    prompts.say(t("stuffed_fables.move.done", spaces=info["spaces"]))
    prompts.say(t("stuffed_fables.move.reminder"))


def _store(session: str, state: SfState) -> None:
    stuffie = turn.acting(state)
    colour = pick_colour(state, "stuffed_fables.flow.die", bag.with_use(state.colours, "store"))
    free = [s.name for s in stuffie.slots if not s.die] or ["board"]
    slot = prompts.select(t("stuffed_fables.flow.slot"), [(s, slot_name(s)) for s in free])
    _record(session, actions.Store(colour=colour, slot=slot))
    prompts.say(
        t("stuffed_fables.store.done", colour=bag.display(state.colours, colour), slot=slot_name(slot))
    )


def _encourage(session: str, state: SfState) -> None:
    other = prompts.select(
        t("stuffed_fables.flow.to"),
        [s.name for s in state.stuffies if s.name != state.current],
        rules=("stuffed-fables/encourage",),
    )
    give = prompts.select(
        t("stuffed_fables.flow.encourage_how"),
        [
            ("die", t("stuffed_fables.flow.encourage_die")),
            ("stuffing", t("stuffed_fables.flow.encourage_stuffing")),
        ],
    )
    giver = turn.acting(state)
    kinds = [c.id for c in state.colours] if give == "stuffing" else bag.with_use(state.colours, "store")
    colour = pick_colour(state, "stuffed_fables.flow.die", kinds, stuffie=giver.name)
    action = (
        actions.EncourageStuffing(to=other, colour=colour)
        if give == "stuffing"
        else actions.EncourageDie(to=other, colour=colour)
    )
    new, info = _record(session, action)
    if info.get("unconscious"):  # the giver gave its last stuffing: said as an attack says it
        fell = t("stuffed_fables.unconscious.fell", stuffie=info["giver"])
        prompts.say(f"{fell} — stuffed-fables/unconscious")
    prompts.say(stuffie_line(new, other))


def _test(session: str, state: SfState) -> None:
    """« Test de compétence »: the colour asked is picked from the list, then the dice that may roll
    for it (that colour and the wild dice, in hand or stored), that colour's dice ticked; without
    any such die the test fails on its own."""
    asked = pick_test_colour(state)
    target = prompts.integer(t("stuffed_fables.flow.target"), min=0)
    _say_odds(state, "test", target=target, colour=asked)
    hand, stored = turn.usable_dice(state, "test", asked)
    step = pick_dice(state, "test", asked) if hand or stored else {"dice": [], "stored": [], "rolls": []}
    _record(session, actions.SkillTest(colour=asked, target=target, **step))  # its result: an event


def _search(session: str, state: SfState) -> None:
    require_usable(state, "search")
    target = prompts.integer(t("stuffed_fables.flow.target"), min=0)
    _say_odds(state, "search", target=target)
    _record(session, actions.Search(target=target, **pick_dice(state, "search")))  # its result: an event


def _attack(session: str, state: SfState) -> None:
    if not state.monsters:
        raise GmError("stuffed_fables.error.no_monster")
    target = prompts.select(t("stuffed_fables.flow.monster"), rules.monster_order(state.monsters))
    kind = prompts.select(
        t("stuffed_fables.flow.kind"),
        [("melee", t("stuffed_fables.use.melee")), ("ranged", t("stuffed_fables.use.ranged"))],
        rules=("stuffed-fables/attack-melee", "stuffed-fables/attack-ranged"),
    )
    require_usable(state, kind)
    known = next(m for m in state.monsters if m.name == target).defense
    defense = prompts.integer(t("stuffed_fables.flow.defense", monster=target), default=known, min=0)
    _say_odds(state, kind, target=defense)
    step = pick_dice(state, kind)
    # the hit or miss, a defeat, a brave card, the stuffing left: the action's events
    _record(session, actions.Attack(monster=target, kind=kind, defense=defense, **step))


def _group_task(session: str, state: SfState) -> None:
    if state.group_task is None:
        target = prompts.integer(t("stuffed_fables.flow.target"), min=1)
        state, _ = _record(session, actions.OpenGroupTask(target=target))
    _say_odds(state, "group")
    _, info = _record(session, actions.Contribute(**pick_dice(state, "group")))
    key = "stuffed_fables.group.done" if info["done"] else "stuffed_fables.group.progress"
    prompts.say(t(key, total=info["total"], target=info["target"]))


def _end_turn(session: str, state: SfState) -> None:
    """« Fin du tour d'une peluche »; what is still due first (the white dice's stuffing recovery),
    with the duty as the default answer: the table rolls them now, then the turn ends."""
    if not guided.still_to_do(turn.duties(state)):
        state = _recover(session, state)
    _record(session, actions.EndTurn())  # the discard and the threat check: the action's events


STEPS = {
    "draw": _draw,
    "recover": _recover,
    "place_threat": _place_threat,
    "move": _move,
    "store": _store,
    "encourage": _encourage,
    "test": _test,
    "search": _search,
    "attack": _attack,
    "group_task": _group_task,
    "end_turn": _end_turn,
    "encounter": _encounter,
    "adjust": adjust,
    **THREAT_STEPS,
}
