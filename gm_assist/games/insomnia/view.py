"""Insomnia text rendering and JSON summaries, shared by the CLI and the guided flow. No rules here:
everything shown is computed by rules.py, race.py or rest.py. rich is used only through the
Console handed in (imported lazily by core.output)."""

from __future__ import annotations

from typing import Any

from gm_assist.core.i18n import confidence_words, lang, provenance, t
from gm_assist.core.output import escape, why
from gm_assist.core.output import table as output_table

from .model import Event, InsomniaState, Phase, PillowTable, RaceScore, SheepStatus, SoloScore


def event_text(event: Event) -> str:
    """The translated text of an event (a reminder, a scare, a checklist line)."""
    return t(event.key, **event.params)


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    """Events for ``--json``: key, parameters, translated text, rule card."""
    return [{"key": e.key, "params": e.params, "text": event_text(e), "card": e.card} for e in events]


def print_events(out: Any, events: list[Event]) -> None:
    """Print events one a line, each naming its rule card."""
    for e in events:
        suffix = f" {why(e.card)}" if e.card else ""
        out.print(f"• {escape(event_text(e))}{suffix}")


def status_word(status: SheepStatus) -> str:
    """A sheep's state in the table's language (en course / effrayé / réveillé / couché)."""
    return t(f"insomnia.status.{status.value}")


def next_hint(state: InsomniaState) -> str:
    """What the table does next, as a sentence with the command to type (``rules.next_step``)."""
    from .rules import next_step

    return next_step(state).text()


def summary(state: InsomniaState) -> dict[str, Any]:
    """One-glance JSON summary of a session (used by ``show`` and ``status --json``)."""
    from .rest import resting_player

    return {
        "phase": state.phase.value,
        "race": state.race,
        "solo": state.solo,
        "nightmare": state.nightmare,
        "nightmare_space": state.nightmare_space,
        "first_player": state.players[state.first].name,
        "active": state.players[state.active].name if state.phase is Phase.race else None,
        "resting": resting_player(state) if state.phase is Phase.rest else None,
        "sheep": [
            {
                "name": p.name,
                "space": p.space,
                "status": p.status.value,
                "score": p.score,
                "pillow": p.pillow,
                "can_go_to_bed": p.can_go_to_bed,
            }
            for p in state.players
        ],
        "tiles": {str(k): v for k, v in sorted(state.tiles.items())},
        "tile_names": {str(k): tile_name(v) for k, v in sorted(state.tiles.items())},
        "winners": state.winners,
        "solo_score": final_solo_score(state),
        "next": next_hint(state),
    }


def tile_name(tile_id: str) -> str:
    """A board tile as the table reads it: its name in the reader's language, or "face up, not
    named" for a tile the table did not name (the app never guesses it)."""
    from . import catalog

    tile = catalog.tile_by_id(tile_id)
    if tile is None:
        return t("insomnia.tile_unnamed")
    return (tile.fr or tile.en) if lang() == "fr" else (tile.en or tile.fr)


def final_solo_score(state: InsomniaState) -> SoloScore | None:
    """The solo score once a solo game is over (rulebook p. 11), from the session's totals."""
    if not (state.solo and state.phase is Phase.over):
        return None
    from . import catalog, rules

    bonus, penalty = catalog.solo_settings()
    return rules.solo_score(
        state.solo_dodos, state.solo_pillow_moved, state.race, catalog.solo_ranks(), bonus, penalty
    )


def render(state: InsomniaState, out: Any) -> None:
    """The status panel: one row per sheep, the nightmare, the board's tiles, what comes next."""
    title = t("insomnia.view.title", race=state.race, phase=t(f"insomnia.phase.{state.phase.value}"))
    rows = []
    for i, p in enumerate(state.players):
        marks = (" ★" if i == state.first else "") + (
            " ◀" if state.phase is Phase.race and i == state.active else ""
        )
        status = status_word(p.status) if state.phase in (Phase.race, Phase.scoring) else "-"
        space = "-" if p.space is None else str(p.space)
        rows.append([p.name + marks, space, status, str(p.score), str(p.pillow)])
    cols = [t(f"insomnia.view.col_{col}") for col in ("player", "space", "status", "score", "pillow")]
    out.print(output_table(title, cols, rows))
    where = t("insomnia.view.centre") if state.nightmare_space is None else str(state.nightmare_space)
    out.print(t("insomnia.view.nightmare", name=t(f"insomnia.nightmare.{state.nightmare}"), space=where))
    spaces = ", ".join(str(s) for s in sorted(state.tiles))
    out.print(t("insomnia.view.tiles", spaces=spaces, count=len(state.tiles)))
    if state.solo:
        out.print(t("insomnia.view.solo_totals", dodos=state.solo_dodos, moved=state.solo_pillow_moved))
    solo = final_solo_score(state)
    if solo is not None:
        print_solo(out, solo)
    out.print(f"[bold]→[/bold] {escape(next_hint(state))}")


def print_score(out: Any, result: RaceScore, table: PillowTable) -> None:
    """The end-of-race result: who won, or each pillow's move with its rank, and the new first player."""
    if result.winners:
        key = "insomnia.score.winner" if len(result.winners) == 1 else "insomnia.score.shared"
        out.print(f"{escape(t(key, names=', '.join(result.winners)))} {why('insomnia/victory')}")
        out.print(t(f"insomnia.score.reason_{result.victory_reason}"))
        return
    rows = []
    for name in result.players:
        rank = str(result.ranks[name]) if result.ranks[name] else t("insomnia.score.woken_rank")
        before = result.pillows[name] + result.moves[name]
        rows.append(
            [
                name,
                str(result.counted[name]),
                rank,
                f"-{result.moves[name]}",
                f"{before} → {result.pillows[name]}",
            ]
        )
    cols = [t(f"insomnia.view.col_{col}") for col in ("player", "dodos", "rank", "move", "pillow")]
    out.print(output_table(t("insomnia.score.title"), cols, rows))
    out.print(f"{escape(table_line(table))} {why('insomnia/pillow-scoring')}")
    if result.first_player_tie:
        tied = ", ".join(result.first_player_tie)
        line = t("insomnia.score.first_tie", name=result.first_player, tied=tied)
    else:
        line = t("insomnia.score.first", name=result.first_player)
    out.print(f"{escape(line)} {why('insomnia/first-sheep')}")


def table_line(table: PillowTable) -> str:
    """ "Reference tile, 3 players: 10 / 7 / 5 (confidence: low-medium, source …)"."""
    woken = (
        t("insomnia.score.woken_rule_rank")
        if table.woken is None
        else t("insomnia.score.woken_rule_fixed", spaces=table.woken)
    )
    return t(
        "insomnia.score.table",
        players=table.players,
        values=" / ".join(map(str, table.moves)),
        confidence=confidence_words(table.confidence),
        source=provenance(table.source),
        woken=woken,
    )


def print_solo(out: Any, result: SoloScore) -> None:
    """Solo final score with its breakdown and rank title (rulebook p. 11)."""
    title = result.title.fr if lang() == "fr" else result.title.en
    out.print(
        escape(
            t(
                "insomnia.solo.breakdown",
                dodos=result.dodos,
                moved=result.pillow_moved,
                bonus=result.pillow_bonus,
                races=result.races,
                penalty=result.race_penalty,
                score=result.score,
            )
        )
        + f" {why('insomnia/solo-score')}"
    )
    out.print(f"[bold]{escape(t('insomnia.solo.title', title=title))}[/bold]")


def table_view(state: InsomniaState) -> dict[str, Any]:
    """The view model of the live table view (issue 16): the race board as a loop of spaces with
    the fence, each sheep, the nightmare, winks and pillows, whose turn. Pure and JSON-able;
    language-dependent texts are ``{"en", "fr"}``. Numbers come from the state and the rules
    (``rules.resting_player``, ``rules.next_step``, ``final_solo_score``), never re-derived by the page."""
    from gm_assist.core.i18n import both, table_words

    from . import catalog
    from .model import BOARD_SPACES, FENCE_DODOS, TRACK_TOP
    from .rules import next_step, resting_player

    racing = state.phase is Phase.race
    resting = resting_player(state) if state.phase is Phase.rest else None
    order = state.turn_order()
    sheep = []
    for i, p in enumerate(state.players):
        sheep.append(
            {
                "name": p.name,
                "seat": i,
                "turn_order": order.index(i),
                "space": p.space,
                "status": p.status.value,
                "status_text": both(f"insomnia.status.{p.status.value}"),
                "in_race": p.in_race,
                "winks": p.score,
                "pillow": p.pillow,
                "active": racing and i == state.active,
                "first": i == state.first,
                "resting": resting == p.name,
                "can_go_to_bed": p.can_go_to_bed,
            }
        )
    tiles = []
    for space in range(1, BOARD_SPACES + 1):
        if space not in state.tiles:
            continue
        tile = catalog.tile_by_id(state.tiles[space])
        tiles.append(
            {
                "space": space,
                "id": state.tiles[space] or None,
                "name": {"en": tile.en or tile.fr, "fr": tile.fr or tile.en} if tile else None,
            }
        )
    solo = final_solo_score(state)
    upcoming = next_step(state).message
    return {
        "phase": state.phase.value,
        "phase_text": both(f"insomnia.phase.{state.phase.value}"),
        "race": state.race,
        "solo": state.solo,
        "spaces": BOARD_SPACES,
        "fence_after": BOARD_SPACES,
        "fence_winks": FENCE_DODOS,
        "track_top": TRACK_TOP,
        "tiles": tiles,
        "sheep": sheep,
        "active": state.players[state.active].name if racing else None,
        "resting": resting,
        "nightmare": {
            "id": state.nightmare,
            "name": both(f"insomnia.nightmare.{state.nightmare}"),
            "space": state.nightmare_space,
        },
        "winners": list(state.winners),
        "solo_score": solo.score if solo else None,
        "solo_title": {"en": solo.title.en, "fr": solo.title.fr} if solo else None,
        "next": table_words(upcoming),
        "finished": state.phase is Phase.over,
    }


def changes(now: Any, then: Any) -> list[str]:
    """What moving from ``now`` to ``then`` changes, in the table's words (guided Undo/Redo): each
    sheep's space, dodos and pillow, the race, the nightmare's space and whose turn it is."""
    from gm_assist.core.changes import by_name, said

    out = said(
        item
        for name, a, b in by_name(now.players, then.players)
        if a is not None and b is not None
        for item in (
            ("insomnia.change.space", {"name": name}, _space(a.space), _space(b.space)),
            ("insomnia.change.dodos", {"name": name}, a.score, b.score),
            ("insomnia.change.pillow", {"name": name}, a.pillow, b.pillow),
        )
    )
    out += said([("insomnia.change.race", {}, now.race, then.race)])
    if now.players and then.players and now.phase == then.phase == "race" and now.active != then.active:
        names = now.players[now.active].name, then.players[then.active].name
        out.append(t("insomnia.change.turn", a=names[0], b=names[1]))
    return out


def _space(value: int | None) -> str:
    return "—" if value is None else str(value)
