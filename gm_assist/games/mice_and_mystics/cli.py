"""`gm-assist mice-and-mystics …` (alias `souris`): parse → rules/actions → emit.

Session and track commands here; the mice's records in ``cli_mouse.py``; reference sheets and the
enemy data in ``cli_reference.py`` (both register their commands on ``app``).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.output import emit, escape, why
from gm_assist.kit.options import JsonOpt

from . import catalog, parse, rules
from .cli_app import NS, actions, app, finish, load_state, record_action, session_mode
from .model import GAME, MiceState, MouseRecord

MiceOpt = Annotated[list[str] | None, typer.Option("--mouse", "-m", help=t(f"{NS}.help.mouse"))]
EnemyOpt = Annotated[list[str] | None, typer.Option("--enemy", "-e", help=t(f"{NS}.help.enemy"))]


@app.command("new", help=t(f"{NS}.cmd.new"))
def new_cmd(
    mouse: MiceOpt = None,
    chapter: Annotated[int, typer.Option("--chapter", help=t(f"{NS}.help.chapter"))] = 1,
    end: Annotated[int | None, typer.Option("--end", help=t(f"{NS}.help.end"))] = None,
    name: Annotated[str | None, typer.Option("--name", help=t(f"{NS}.help.name"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import start
    from gm_assist.kit.envelope import envelope

    state = new_state(parse.split_list(mouse), chapter, end)
    rec = start(GAME, state, name, (f"{NS}.action.new", {"mice": ", ".join(m.name for m in state.mice)}))

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(t(f'{NS}.new.done', name=rec.session.name, chapter=chapter))}")
        from .view import render_mice

        render_mice(state.mice, out)
        out.print(escape(rules.next_step(state).text()))

    emit(envelope(rec, chapter=chapter, mice=[m.name for m in state.mice]), text, json_out)


def new_state(mice: list[str], chapter: int = 1, end: int | None = None) -> MiceState:
    """The initial state of a session (names checked: at least one mouse, no mouse twice)."""
    names = [catalog.canonical_mouse(m) for m in mice]
    if not names:
        raise GmError(f"{NS}.error.no_mouse")
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup:
        raise GmError(f"{NS}.error.duplicate_mouse", name=dup)
    if chapter < 1 or (end is not None and end < 1):
        raise GmError(f"{NS}.error.at_least_one", value=min(chapter, end or 1))
    return MiceState(mice=[MouseRecord(name=n) for n in names], chapter=chapter, end_page=end)


@app.command("status", help=t(f"{NS}.cmd.status"))
def status_cmd(json_out: JsonOpt = False) -> None:
    from .view import render_status, summary

    info, state = load_state()
    data = {"session": info.name, **summary(state), "next": rules.next_step(state).as_json()}
    emit(data, lambda out: render_status(state, out), json_out)


@app.command("initiative", help=t(f"{NS}.cmd.initiative"))
def initiative_cmd(
    mouse: MiceOpt = None,
    enemy: EnemyOpt = None,
    present: Annotated[list[str] | None, typer.Option("--present", help=t(f"{NS}.help.present"))] = None,
    seed: Annotated[int | None, typer.Option("--seed", help=t(f"{NS}.help.seed"))] = None,
    track: Annotated[list[str] | None, typer.Option("--track", help=t(f"{NS}.help.track"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.dice import new_seed, rng

    cat = catalog.enemies()
    specs = [parse.enemy_count(e, cat) for e in parse.split_list(enemy)]
    counts: dict[str, int] = {}
    for e, n in specs:
        counts[e.id] = counts.get(e.id, 0) + n
    if present and seed is not None:
        raise GmError(f"{NS}.error.present_or_seed")
    saving = session_mode()
    if saving:
        if track:
            raise GmError(f"{NS}.error.track_in_session")
        _, state = load_state()
        named = [parse.session_mouse(state, m) for m in parse.split_list(mouse)]
        mice = named or [m.name for m in state.mice]
        existing = list(state.track)
    else:
        mice = [catalog.canonical_mouse(m) for m in parse.split_list(mouse)]
        existing = parse.track_cards(parse.split_list(track), cat)
        if not mice and not existing:
            raise GmError(f"{NS}.error.no_mouse")
    enemies = [e for e, _ in specs]
    draw = rules.cards_to_place(existing, mice, enemies)
    rules.check_something_to_place(draw, counts if saving else {})
    if present:
        ordered = rules.dealt(
            existing, draw, parse.card_names([*existing, *draw.cards], cat, parse.split_list(present))
        )
        seed_used = None
    else:
        seed_used = new_seed() if seed is None else seed
        ordered = rules.shuffled(draw.cards, rng(seed_used))
    result = rules.lay_out(existing, draw, ordered)
    data = {
        "order": [c.name for c in result.track],
        "added": result.added,
        "ignored": result.ignored,
        "ambush": result.ambush,
        "first": result.first,
        "seed": seed_used,
        "saved": saving,
    }

    def after(out: Any) -> None:
        from .view import render_initiative

        render_initiative(result, seed_used, out)

    if not saving:
        emit(data, after, json_out)
        return
    rec, events = record_action(
        actions.PlaceInitiative(mice=mice, enemies=enemies, counts=counts, ordered=ordered, seed=seed_used)
    )

    def after_and_turn(out: Any) -> None:
        after(out)
        _turn(rec.state, out)

    finish(rec, events, json_out, data, after_and_turn)


def _turn(state: MiceState, out: Any) -> None:
    from .view import render_turn

    render_turn(state, out)


@app.command("next", help=t(f"{NS}.cmd.next"))
def next_cmd(json_out: JsonOpt = False) -> None:
    _, state = load_state()
    ended = rules.current_card(state)
    rec, events = record_action(actions.EndTurn())
    card = rules.current_card(rec.state)
    finish(
        rec,
        events,
        json_out,
        {
            "ended": ended.name if ended else None,
            "turn": card.name if card else None,
            "round": rec.state.round,
            "runner": rules.minion_runner(rec.state.track),
        },
    )


@app.command("defeat", help=t(f"{NS}.cmd.defeat"))
def defeat_cmd(
    enemy: Annotated[str, typer.Argument(help=t(f"{NS}.help.enemy_type"))],
    count: Annotated[int, typer.Option("--count", "-n", help=t(f"{NS}.help.count"))] = 1,
    by: Annotated[str | None, typer.Option("--by", help=t(f"{NS}.help.by"))] = None,
    json_out: JsonOpt = False,
) -> None:
    _, state = load_state()
    ident = catalog.resolve_enemy(enemy).id
    who = parse.session_mouse(state, by) if by else None
    rec, events = record_action(actions.Defeat(type=ident, count=count, by=who))
    finish(
        rec,
        events,
        json_out,
        {
            "type": ident,
            "left": rec.state.minions.get(ident, 0),
            "removed": ident not in {c.owner for c in rec.state.track},
        },
    )


@app.command("wheel", help=t(f"{NS}.cmd.wheel"))
def wheel_cmd(
    cheese: Annotated[int, typer.Argument(help=t(f"{NS}.help.wheel"))] = 1,
    set_to: Annotated[int | None, typer.Option("--set", help=t(f"{NS}.help.wheel_set"))] = None,
    json_out: JsonOpt = False,
) -> None:
    if set_to is not None and not 0 <= set_to < 6:
        raise GmError(f"{NS}.error.wheel_range", value=set_to)
    if set_to is None and cheese < 1:
        raise GmError(f"{NS}.error.at_least_one", value=cheese)
    rec, events = record_action(actions.AddCheese(n=cheese, set_to=set_to))
    s = rec.state
    finish(
        rec,
        events,
        json_out,
        {"wheel": s.wheel, "hourglass": s.hourglass, "surged": s.surged},
        lambda out: out.print(
            f"{escape(t(f'{NS}.status.wheel', wheel=s.wheel, hourglass=s.hourglass, end=s.end_page or '?'))} "
            f"{why('mice-and-mystics/cheese-wheel')}"
        ),
    )


@app.command("swap", help=t(f"{NS}.cmd.swap"))
def swap_cmd(
    enemy: Annotated[str, typer.Argument(help=t(f"{NS}.help.enemy_type"))], json_out: JsonOpt = False
) -> None:
    ident = catalog.resolve_enemy(enemy).id
    rec, events = record_action(actions.SwapUp(type=ident))
    finish(rec, events, json_out, {"order": [c.name for c in rec.state.track]})


@app.command("tile", help=t(f"{NS}.cmd.tile"))
def tile_cmd(
    name: Annotated[str, typer.Option("--name", help=t(f"{NS}.help.tile_name"))] = "",
    json_out: JsonOpt = False,
) -> None:
    rec, events = record_action(actions.NewTile(name=name.strip()))
    finish(
        rec,
        events,
        json_out,
        {"tile": rec.state.tile, "tile_name": rec.state.tile_name},
        lambda out: out.print(escape(t(f"{NS}.tile.done", tile=rec.state.tile))),
    )


@app.command("hourglass", help=t(f"{NS}.cmd.hourglass"))
def hourglass_cmd(
    page: Annotated[int | None, typer.Option("--page", help=t(f"{NS}.help.page"))] = None,
    end: Annotated[int | None, typer.Option("--end", help=t(f"{NS}.help.end"))] = None,
    json_out: JsonOpt = False,
) -> None:
    if page is None and end is None:
        raise GmError(f"{NS}.error.hourglass_what")
    _, state = load_state()
    rec, events = record_action(actions.Hourglass(page=state.hourglass if page is None else page, end=end))
    s = rec.state
    finish(
        rec,
        events,
        json_out,
        {"hourglass": s.hourglass, "end_page": s.end_page},
        lambda out: out.print(
            escape(t(f"{NS}.status.wheel", wheel=s.wheel, hourglass=s.hourglass, end=s.end_page or "?"))
        ),
    )


@app.command("end-chapter", help=t(f"{NS}.cmd.end_chapter"))
def end_chapter_cmd(
    keep: Annotated[list[str] | None, typer.Option("--keep", help=t(f"{NS}.help.keep"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from .view import render_carry

    _, state = load_state()
    action = actions.EndChapter(keep=parse.keep_choices(state, parse.split_list(keep)))
    reports = action.reports(state)
    rec, _ = record_action(action)
    finish(
        rec,
        [],
        json_out,
        {"done": state.chapter, "chapter": rec.state.chapter, "mice": reports},
        lambda out: render_carry(reports, rec.state.chapter, out),
    )


@app.command("place", help=t(f"{NS}.cmd.place"))
def place_cmd(
    space: Annotated[list[str] | None, typer.Option("--space", help=t(f"{NS}.help.space"))] = None,
    enemy: Annotated[
        list[str] | None, typer.Option("--enemy", "-e", help=t(f"{NS}.help.place_enemy"))
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    from .view import placement_json, render_placement

    cat = catalog.enemies()
    spaces = [parse.space(s) for s in parse.split_list(space)]
    if not spaces:
        raise GmError(f"{NS}.error.no_space")
    groups = [parse.enemy_group(e, cat) for e in parse.split_list(enemy)]
    result = rules.place_enemies(spaces, groups)
    names = {g.type: (cat[g.type].name.get(_lang()) if g.type in cat else g.type) for g in groups}
    emit(placement_json(result), lambda out: render_placement(result, names, out), json_out)


def _lang() -> str:
    from gm_assist.core.i18n import lang

    return lang()


from . import cli_mouse, cli_reference  # noqa: E402,F401  (register their commands on `app`)
