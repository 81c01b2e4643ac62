"""Insomnia guided mode: the set-up wizard and the game menu, over the same actions as the CLI.

Each screen shows the race, proposes what the rules allow at that moment and says what comes
next. Ctrl-C / Esc in a step goes back to the menu without recording anything.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gm_assist.core import guided, prompts
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import t

from . import actions, catalog, rules, view
from .model import BOARD_SPACES, MAX_PLAYERS, InsomniaState, Phase


def new_session() -> str | None:
    """Set-up wizard (rulebook p. 3): players in turn order, nightmare, then the checklist."""
    from gm_assist.core.names import fold
    from gm_assist.core.session import create

    from . import race
    from .checklists import setup_checklist

    try:
        names: list[str] = []
        while len(names) < MAX_PLAYERS:

            def _check(value: str) -> str | None:
                if fold(value) in {fold(n) for n in names}:
                    return t("insomnia.error.duplicate_name", name=value)
                if not value.strip() and not names:
                    return t("insomnia.error.empty_name")
                return None

            key = "insomnia.flow.player_first" if not names else "insomnia.flow.player_next"
            name = prompts.text(t(key, n=len(names) + 1), validate=_check).strip()
            if not name:
                break
            names.append(name)
        solo = len(names) == 1
        choices = [(n.id, n.fr if _fr() else n.en) for n in catalog.nightmares()]
        chosen = catalog.nightmare(
            prompts.select(
                t("insomnia.flow.nightmare"), choices, default="wolf", rules=("insomnia/nightmare",)
            )
        )
    except Cancelled:
        return None
    state = race.new_game(names, chosen.id, solo).state
    table = None if solo else catalog.table_for(len(names))
    removed = [tl.fr for tl in catalog.dream_tiles() if tl.solo_removed]
    info = create("insomnia", state, None, ("insomnia.action.new", {"players": ", ".join(names)}))
    prompts.say(t("insomnia.new.created", name=info.name))
    prompts.say(t("insomnia.new.checklist"))
    prompts.show(lambda out: view.print_events(out, setup_checklist(state, chosen, table, removed)))
    return info.name


def _fr() -> bool:
    from gm_assist.core.i18n import lang

    return lang() == "fr"


def run(session_name: str) -> None:
    """The game menu: one step at a time until the table leaves or the game ends."""
    from gm_assist.core.session import load

    while True:
        _, state = load("insomnia", session_name)
        prompts.show(partial(view.render, state), status=True)
        if state.phase is Phase.over:
            _game_over(state)
            return
        try:
            step = {Phase.race: _race_step, Phase.scoring: _scoring_step, Phase.rest: _rest_step}[state.phase]
            if step(state, session_name) == "leave":
                return
        except Cancelled:
            prompts.say(t("insomnia.flow.back"))
        except GmError as exc:
            prompts.say(exc.message())


def _record(action: Any, session_name: str, table: Any = None) -> InsomniaState:
    from gm_assist.core.session import record

    rec = record(action, session_name)
    prompts.say(f"✓ {rec.label}")
    if table is not None and rec.state.last_score is not None:
        prompts.show(lambda out: view.print_score(out, rec.state.last_score, table))
    prompts.show(lambda out: view.print_events(out, rec.events))
    return rec.state


def _pick_sheep(state: InsomniaState, message: str) -> str:
    names = [p.name for p in state.players if p.in_race]
    default = state.players[state.active].name
    return str(prompts.select(message, names, default=default))


def menu_choices(state: InsomniaState) -> list[tuple[str, str]]:
    """The menu of a race or a rest phase: first what the rules call for (``rules.next_step``,
    the same answer as the "Next" line), then the other things a card or a tile may ask for."""
    upcoming = rules.next_step(state)
    choices = [(c.key, t(c.message.key, **c.message.params)) for c in upcoming.choices]
    if state.phase is Phase.race:
        choices += [
            ("nightmare_move", t("insomnia.flow.nightmare_move")),
            ("nightmare_jump", t("insomnia.flow.nightmare_jump")),
            ("scare", t("insomnia.flow.scare")),
            ("dodos", t("insomnia.flow.dodos")),
            ("brave", t("insomnia.flow.brave")),
            ("other", t("insomnia.flow.move_other")),
        ]
    return [*choices, ("leave", t("guided.leave"))]


def _race_step(state: InsomniaState, session_name: str) -> str | None:
    active = state.players[state.active].name
    beds = [p.name for p in state.players if p.can_go_to_bed and p.in_race]
    choices = menu_choices(state)
    choice = guided.menu(
        session_name,
        t("insomnia.flow.race_menu", name=active),
        choices,
        on_cancel="leave",
        rules=("insomnia/turn", "insomnia/fence", "insomnia/nightmare"),
    )
    if choice == "leave":
        return "leave"
    if choice == guided.AGAIN:
        return None
    if choice in ("move", "other"):
        who = active if choice == "move" else _pick_sheep(state, t("insomnia.flow.which_sheep"))
        spaces = prompts.integer(t("insomnia.flow.spaces"), min=-BOARD_SPACES * 2, max=BOARD_SPACES * 3)
        new = _record(actions.MoveSheep(name=who, spaces=spaces), session_name)
        _offer_bed(new, who, session_name)
    elif choice == "bed":
        who = beds[0] if len(beds) == 1 else str(prompts.select(t("insomnia.flow.which_sheep"), beds))
        _record(actions.GoToBed(name=who), session_name)
    elif choice == "end_turn":
        _record(actions.EndTurn(name=active), session_name)
    elif choice in ("nightmare_move", "nightmare_jump"):
        spaces = prompts.integer(t("insomnia.flow.nightmare_spaces"), min=-BOARD_SPACES, max=BOARD_SPACES * 2)
        _record(actions.NightmareAct(jump=choice == "nightmare_jump", spaces=spaces), session_name)
    elif choice == "scare":  # a nightmare card may scare several sheep at once (the Wolf's): one step
        names = [p.name for p in state.players if p.in_race]
        chosen = prompts.checkbox(t("insomnia.flow.which_sheep_scared"), names)
        if not chosen:
            raise Cancelled
        _record(actions.Scare(names=chosen), session_name)
    elif choice == "dodos":
        who = _pick_sheep(state, t("insomnia.flow.which_sheep"))
        _record(
            actions.GainDodos(name=who, dodos=prompts.integer(t("insomnia.flow.how_many"), min=1)),
            session_name,
        )
    elif choice == "brave":
        _record(actions.Brave(name=_pick_sheep(state, t("insomnia.flow.which_sheep"))), session_name)
    return None


def _offer_bed(state: InsomniaState, who: str, session_name: str) -> None:
    """Right after a fence crossing: "+5, go to bed?" (rulebook p. 6)."""
    sheep = state.players[state.index(who)]
    if state.phase is Phase.race and sheep.in_race and sheep.can_go_to_bed:
        if prompts.confirm(t("insomnia.flow.go_to_bed", name=who, score=sheep.score), default=False):
            _record(actions.GoToBed(name=who), session_name)


def _scoring_step(state: InsomniaState, session_name: str) -> str | None:
    """End of race (p. 9): show the reference values, let the table correct them, score."""
    from .rest import race_entries

    table = None
    winners = [] if state.solo else rules.victory(race_entries(state))[0]
    if winners:  # someone reached their pillow: the race has a winner and no pillow moves (p. 9)
        table = catalog.table_for(len(state.players))
        prompts.say(t("insomnia.flow.race_won", names=", ".join(winners)))
        try:
            if not prompts.confirm(t("insomnia.flow.score_now"), default=True):
                return "leave"
        except Cancelled:
            return "leave"
    elif not state.solo:
        table = catalog.table_for(len(state.players))
        prompts.say(view.table_line(table))

        def _check(value: str) -> str | None:
            try:
                rules.check_table_values(rules.parse_table_values(value), len(state.players))
            except GmError as exc:
                return exc.message()
            return None

        default = ",".join(map(str, table.moves))
        try:  # scoring is this phase's only step: Esc here goes back to the home menu
            values = prompts.text(t("insomnia.flow.table"), default=default, validate=_check)
        except Cancelled:
            return "leave"
        if values.strip() != default:
            table = catalog.table_for(len(state.players), rules.parse_table_values(values))
    else:
        try:
            if not prompts.confirm(t("insomnia.flow.score_solo"), default=True):
                return "leave"
        except Cancelled:
            return "leave"
    _record(actions.EndRace(table=table), session_name, table)
    return None


def _rest_step(state: InsomniaState, session_name: str) -> str | None:
    """Rest phase (p. 10): the next player adds a dream tile (with its bonus) or places 2 Zzz."""
    from .rules import free_spaces, resting_player

    who = resting_player(state)
    choices = menu_choices(state)
    choice = guided.menu(
        session_name,
        t("insomnia.flow.rest_menu", name=who),
        choices,
        rules=("insomnia/rest-phase", "insomnia/dream-tiles"),
        on_cancel="leave",
    )
    if choice == "leave":
        return "leave"
    if choice == guided.AGAIN:
        return None
    if choice == "zzz":
        _record(actions.RestZzz(name=who), session_name)
        return None
    space = int(prompts.select(t("insomnia.flow.space"), [(s, str(s)) for s in free_spaces(state)]))

    def _check(value: str) -> str | None:
        if not value.strip():
            return None
        try:
            catalog.dream_tile(value)
        except GmError as exc:
            return exc.message()
        return None

    name = prompts.text(t("insomnia.flow.tile_name"), validate=_check).strip()
    tile = catalog.dream_tile(name) if name else None
    _record(actions.RestTile(name=who, space=space, tile=tile), session_name)
    return None


def _game_over(state: InsomniaState) -> None:
    """The end: winners; in solo, the final score and rank title (rulebook p. 11)."""
    result = view.final_solo_score(state)  # the winners are on the panel just shown
    if result is not None:
        prompts.show(lambda out: view.print_solo(out, result))
