"""`gm-assist shy-monsters …`: the floor referee, suggestions, and a game session (parse → core →
emit). Rules live in ``rules.py``, ``hero.py``, ``dungeon_master.py``; words in ``view.py``."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import confidence_words, provenance, t
from gm_assist.core.output import emit, escape, waiting, why
from gm_assist.kit.app import game_app
from gm_assist.kit.options import JsonOpt

app = game_app("shy_monsters.help.app")

FloorOpt = Annotated[str, typer.Option("--floor", help=t("shy_monsters.help.floor_opt"))]
CONSTRUCTION = "shy-monsters/floor-construction"
AttackOpt = Annotated[bool, typer.Option("--attack", help=t("shy_monsters.help.attack_opt"))]


def _patterns() -> Any:
    from .rules import load_patterns

    return load_patterns()


@app.command("check", help=t("shy_monsters.help.check"))
def check_cmd(
    floor: FloorOpt,
    revealed: Annotated[
        str | None, typer.Option("--revealed", help=t("shy_monsters.help.revealed_opt"))
    ] = None,
    killed: Annotated[str | None, typer.Option("--killed", help=t("shy_monsters.help.killed_opt"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from .floor import parse_floor
    from .rules import cells_of_colours, check_floor
    from .view import error_text, monster_line, parse_colours, report_json

    grid = parse_floor(floor)
    order = cells_of_colours(grid, parse_colours(revealed)) if revealed is not None else None
    dead = cells_of_colours(grid, parse_colours(killed)) if killed else []
    report = check_floor(grid, _patterns(), order, dead)

    def text(out: Any) -> None:
        if report.valid:
            out.print(f"[green]✓[/green] {t('shy_monsters.check.valid')} {why(CONSTRUCTION)}")
        else:
            out.print(f"[red]✗[/red] {t('shy_monsters.check.invalid')} {why(CONSTRUCTION)}")
            for error in report.errors:
                out.print("  • " + error_text(error), markup=False)
        for status in report.monsters:
            card = f"shy-monsters/comfort-{status.colour}"
            out.print("  " + escape(monster_line(status)) + " " + why(card))
        if report.adjacent:
            out.print(t("shy_monsters.check.adjacent_note") + " " + why("shy-monsters/fear"))
        out.print(
            t("shy_monsters.check.order_note" if order is None else "shy_monsters.check.order_given"),
            markup=False,
        )

    emit(report_json(report, grid.notation()), text, json_out)


@app.command("suggest", help=t("shy_monsters.help.suggest"))
def suggest_cmd(
    hand: Annotated[str, typer.Option("--hand", help=t("shy_monsters.help.hand_opt"))],
    floor_number: Annotated[
        int, typer.Option("--floor-number", help=t("shy_monsters.help.floor_number_opt"))
    ] = 1,
    top: Annotated[int, typer.Option("--top", help=t("shy_monsters.help.top_opt"))] = 5,
    json_out: JsonOpt = False,
) -> None:
    from .dungeon_master import suggest
    from .model import FLOORS, Hand
    from .view import parse_hand, reason_text

    colours = parse_hand(hand)
    if len(colours) != 2 or len(set(colours)) != 2:
        raise GmError("shy_monsters.error.bad_hand", hand=hand)
    if not 1 <= floor_number <= FLOORS:
        raise GmError("shy_monsters.error.bad_floor_number", value=floor_number)
    if top < 1:
        raise GmError("core.error.count_positive", value=top)
    with waiting(t("shy_monsters.waiting"), quiet=json_out):
        count, found = suggest(Hand(monsters=colours), _patterns(), floor_number, top)
    data = {
        "hand": {"exit": 1, "corridors": 3, "monsters": colours},
        "floor_number": floor_number,
        "count": count,
        "floors": [
            {
                "floor": s.floor.notation(),
                "rows": list(s.floor.rows),
                "score": s.score,
                "reason": reason_text(s.reasons),
            }
            for s in found
        ],
    }

    def text(out: Any) -> None:
        out.print(
            t("shy_monsters.suggest.header", count=count, floor=floor_number)
            + " "
            + why("shy-monsters/floor-construction")
        )
        for i, s in enumerate(found, 1):
            out.print(t("shy_monsters.suggest.item", rank=i, score=s.score), markup=False)
            for row in s.floor.rows:
                out.print("     " + " ".join(ch if ch != "." else "·" for ch in row), markup=False)
            out.print("     " + reason_text(s.reasons), markup=False)
        out.print(t("shy_monsters.suggest.next"), markup=False)

    emit(data, text, json_out)


@app.command("patterns", help=t("shy_monsters.help.patterns"))
def patterns_cmd(
    set_: Annotated[
        tuple[str, str] | None, typer.Option("--set", help=t("shy_monsters.help.set_opt"))
    ] = None,
    reset: Annotated[str | None, typer.Option("--reset", help=t("shy_monsters.help.reset_opt"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.data import read_user_json, write_user_json

    from .rules import pattern_grid_errors
    from .view import parse_colour

    if set_ is not None or reset is not None:
        overrides = dict(read_user_json("shy_monsters/patterns.json", {}) or {})
        if set_ is not None:
            colour = parse_colour(set_[0])
            grid = [row.strip().upper() for row in set_[1].split("/")]
            problem = pattern_grid_errors(grid)
            if problem:
                raise GmError(f"shy_monsters.error.pattern_{problem}", grid=set_[1])
            overrides[colour] = grid
        if reset is not None:
            overrides.pop(parse_colour(reset), None)
        write_user_json("shy_monsters/patterns.json", overrides)
    patterns = _patterns()
    data = {"patterns": [p.model_dump(mode="json") for p in patterns.values()]}

    def text(out: Any) -> None:
        from .rules import colour_name

        out.print(t("shy_monsters.patterns.legend") + " " + why("shy-monsters/comfort-zones"))
        for p in patterns.values():
            flag = t("shy_monsters.patterns.overridden") if p.overridden else ""
            out.print(
                escape(
                    t(
                        "shy_monsters.patterns.item",
                        colour=colour_name(p.colour),
                        confidence=confidence_words(p.confidence),
                        flag=flag,
                    )
                )
                + " "
                + why(f"shy-monsters/comfort-{p.colour}")
            )
            for row in p.grid:  # "must be empty" shown as "–": X is the exit on every board
                out.print("     " + " ".join("–" if ch == "X" else ch for ch in row), markup=False)
            if p.source:
                source = t("shy_monsters.patterns.source", source=provenance(p.source))
                out.print("     " + source, markup=False)
        out.print(t("shy_monsters.patterns.next"), markup=False)

    emit(data, text, json_out)


# --- a game session -------------------------------------------------------------------------------


@app.command("new", help=t("shy_monsters.help.new"))
def new_cmd(
    solo: Annotated[bool, typer.Option("--solo", help=t("shy_monsters.help.solo_opt"))] = False,
    difficulty: Annotated[
        str, typer.Option("--difficulty", help=t("shy_monsters.help.difficulty_opt"))
    ] = "best",
    seed: Annotated[int | None, typer.Option("--seed", help=t("shy_monsters.help.seed_opt"))] = None,
    name: Annotated[str | None, typer.Option("--name", help=t("shy_monsters.help.name_opt"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import start

    from .dungeon_master import new_game
    from .view import parse_difficulty, render

    level = parse_difficulty(difficulty)
    with waiting(t("shy_monsters.waiting"), quiet=json_out):  # the solo Dungeon Master's floor search
        state = new_game("solo" if solo else "two-players", level, seed, _patterns())
    rec = start("shy-monsters", state, name=name, label=("shy_monsters.action.new", {}))
    info = rec.session
    data = _public_beside_envelope(rec, seed=state.seed) if json_out else {}

    def text(out: Any) -> None:
        out.print(
            t("shy_monsters.new.done", name=info.name, mode=t(f"shy_monsters.mode.{state.mode}"))
            + " "
            + why("shy-monsters/solo" if solo else "shy-monsters/two-players")
        )
        if solo:
            out.print(
                t("shy_monsters.new.seed", seed=state.seed, level=t(f"shy_monsters.difficulty.{level}")),
                markup=False,
            )
        render(state, out)

    emit(data, text, json_out)


def _do(action: Any, json_out: bool, card: str) -> None:
    """Record an action, then show the referee's answers, the board and what to do next.

    ``--json``: the envelope (``session``, ``label``, ``events``: the answers with their rule card,
    ``next``, ``state``: the public view) beside the public view's keys (its answers as
    ``answers``, as before under ``events``). Never the hidden floor."""
    from gm_assist.core.session import record

    from .view import render

    rec = record(action)

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(rec.label)} {why(card)}")
        render(rec.state, out)

    if not json_out:
        emit(None, text, json_out)
        return
    emit(_public_beside_envelope(rec), text, json_out)


def _public_beside_envelope(rec: Any, **more: Any) -> dict[str, Any]:
    """The envelope of a recorded change beside the public view's keys (its answers as ``answers``,
    as they were under ``events`` before the envelope). Never the hidden floor."""
    from gm_assist.kit.envelope import envelope

    from .view import public_json

    own = public_json(rec.state, rec.session.name)
    del own["session"]  # the envelope's
    own["answers"] = own.pop("events")
    return envelope(rec, **own, **more)


@app.command("floor", help=t("shy_monsters.help.lay"))
def floor_cmd(
    grid: Annotated[str, typer.Option("--grid", help=t("shy_monsters.help.floor_opt"))],
    json_out: JsonOpt = False,
) -> None:
    from .actions import LayFloor
    from .floor import parse_floor

    parse_floor(grid)  # bad letters and ragged rows refused before anything is touched
    _do(LayFloor(grid=grid), json_out, "shy-monsters/floor-construction")


@app.command("reveal", help=t("shy_monsters.help.reveal"))
def reveal_cmd(
    cell: Annotated[str, typer.Argument(help=t("shy_monsters.help.cell_arg"))], json_out: JsonOpt = False
) -> None:
    from .actions import Reveal
    from .view import parse_cell

    row, col = parse_cell(cell)
    _do(Reveal(row=row, col=col), json_out, "shy-monsters/hero-phase")


@app.command("explore", help=t("shy_monsters.help.explore"))
def explore_cmd(
    direction: Annotated[str, typer.Argument(help=t("shy_monsters.help.direction_arg"))],
    attack: AttackOpt = False,
    json_out: JsonOpt = False,
) -> None:
    from .actions import Explore
    from .view import parse_direction

    _do(Explore(direction=parse_direction(direction), attack=attack), json_out, "shy-monsters/explore")


@app.command("jump", help=t("shy_monsters.help.jump"))
def jump_cmd(
    direction: Annotated[str, typer.Argument(help=t("shy_monsters.help.direction_arg"))],
    attack: AttackOpt = False,
    json_out: JsonOpt = False,
) -> None:
    from .actions import Jump
    from .view import parse_direction

    _do(Jump(direction=parse_direction(direction), attack=attack), json_out, "shy-monsters/jump")


@app.command("attack", help=t("shy_monsters.help.attack"))
def attack_cmd(json_out: JsonOpt = False) -> None:
    from .actions import DeclareAttack

    _do(DeclareAttack(), json_out, "shy-monsters/attack")


@app.command("status", help=t("shy_monsters.help.status"))
def status_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import load

    from .view import public_json, render

    info, state = load("shy-monsters")
    emit(public_json(state, info.name), lambda out: render(state, out), json_out)
