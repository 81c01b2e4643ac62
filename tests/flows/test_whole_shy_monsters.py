"""Whole Shy Monsters games played through the guided menus only (issue 14), in English and in
French: a solo game against the app's seeded Dungeon Master and a two-player game whose floors the
Dungeon Master types masked. Each one undoes mid-game, leaves and resumes, and is checked at the end
against what the table would see."""

from __future__ import annotations

from typing import Any

import pytest

from gm_assist.core import context
from gm_assist.core.i18n import t
from gm_assist.core.session import load
from tests.player import Pick, Type, Yes, home, quit_app, redo, resume, undo

LANGS = ["en", "fr"]


def cell(row: int, col: int) -> Pick:
    return Pick(t("shy_monsters.cell", row=row, col=col))


def explore(direction: str) -> tuple[str, Pick]:
    label = t(f"shy_monsters.direction.{direction}")
    return (t("shy_monsters.flow.what_now"), Pick(t("shy_monsters.flow.explore", direction=label)))


def jump(direction: str) -> tuple[str, Pick]:
    label = t(f"shy_monsters.direction.{direction}")
    return (t("shy_monsters.flow.what_now"), Pick(t("shy_monsters.flow.jump", direction=label)))


def reveal(row: int, col: int, left: int) -> tuple[str, Pick]:
    return (t("shy_monsters.flow.reveal_prompt", count=left), cell(row, col))


def undone(key: str, **params: Any) -> str:
    """What the screen says after the Undo entry: "Undone: <the step taken back>"."""
    return t("core.undo.one", label=t(key, **params))


def event(key: str, **params: Any) -> str:
    return t(f"shy_monsters.event.{key}", **params)


# Seed 7, « best » Dungeon Master (the app builds the three floors at the start, hidden):
#   floor 1  E C . . .    floor 2  . . R X    floor 3  E G C C
#            . P C B X             C T C .             O . X C
#            . . . C .             E C . .
SEED_7 = (("EC...", ".PCBX", "...C."), ("..RX", "CTC.", "EC.."), ("EGCC", "O.XC"))


def new_solo_game(seed: str) -> tuple[tuple[str, Any], ...]:
    """From the home menu: a new solo Shy Monsters game, the « best » Dungeon Master, ``seed``."""
    return (
        (t("core.menu.title"), Pick(t("core.menu.new"))),
        (t("core.menu.pick_game"), Pick(t("core.games.shy_monsters"))),
        (t("shy_monsters.flow.mode"), Pick(t("shy_monsters.flow.mode_solo"))),
        (t("shy_monsters.flow.difficulty"), Pick(expect=t("shy_monsters.difficulty.best"))),
        (t("shy_monsters.flow.seed"), Type(seed)),
    )


# in the default suite through tests/flows/test_screen_words.py, which plays this very script with
# every assertion in both languages and reads its screens; here again only with -m slow
@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_solo_game_of_three_floors(player: Any, capsys: Any, lang: str) -> None:
    context.reset(lang=lang)
    name = "shy-monsters-1"
    what_now = t("shy_monsters.flow.what_now")
    player.queue(
        *new_solo_game("7"),
        # floor 1: two tiles turned over before moving, both monsters active
        reveal(2, 2, left=2),
        reveal(2, 4, left=1),
        explore("east"),
        # south is the purple monster, face up and active: the app asks, the hero goes anyway
        explore("south"),
        (t("shy_monsters.flow.danger"), Yes),
        # the game is over: back at the home menu, whose Undo brings the hero back to life
        (t("core.menu.title"), undo()),
        *resume(name),
        (what_now, Pick(t("shy_monsters.flow.attack"))),
        explore("south"),  # with the attack: the purple monster dies
        explore("east"),
        (what_now, undo()),  # one step too far? back onto the dead purple monster…
        (what_now, redo()),  # …no, it was right
        jump("east"),  # over the blue monster onto the exit
        # floor 2: one tile before moving; then the table stops for dinner and quits gm-assist
        reveal(3, 2, left=1),
        (what_now, Pick(t("guided.leave"))),
        quit_app(),
    )
    home(lang)
    out = capsys.readouterr().out
    assert not player.script
    assert t("shy_monsters.new.seed_guided", seed=7, level=t("shy_monsters.difficulty.best")) in out
    assert event("reveal.monster_active", colour=t("shy_monsters.colour.purple"), row=2, col=2) in out
    assert event("step.monster_active", colour=t("shy_monsters.colour.purple"), row=2, col=2) in out
    assert t("shy_monsters.next.died_guided") in out  # the accidental death was shown…
    assert undone("shy_monsters.action.explore.south") in out
    assert event("attack.kill", colour=t("shy_monsters.colour.purple"), row=2, col=2) in out  # …then undone
    _, state = load("shy-monsters", name)
    assert state.outcome == "playing" and state.floors_cleared == 1 and state.floor.number == 2
    assert state.floor.revealed == [(2, 0), (2, 1)] and state.floor.reveals_due == 0
    assert state.shown_monsters == ["purple", "blue"]

    # after dinner: gm-assist again, resume, and play floors 2 and 3 to the end
    player.queue(
        *resume(name),
        explore("east"),
        jump("north-east"),  # over the corridor at row 2, column 3 onto the exit
        # floor 3: nothing turned over first; jump the green monster, then the exit
        jump("east"),
        explore("south"),
        # the end screen, then the home menu
        quit_app(),
    )
    home(lang)
    out = capsys.readouterr().out
    assert not player.script
    assert t("shy_monsters.next.won_guided") in out and t("shy_monsters.flow.over") in out
    assert t("shy_monsters.status.layout", floor="/".join(SEED_7[2])) in out
    _, state = load("shy-monsters", name)
    assert state.outcome == "hero-won" and state.floors_cleared == 3
    assert [floor.rows for floor in state.planned] == list(SEED_7)
    assert state.shown_monsters == ["purple", "blue", "green"]
    assert state.set_aside == ["red", "teal", "orange"]  # never turned over: they stay face down
    assert state.floor.hero == (1, 2) and state.floor.jump_used and not state.floor.attack_used


# Two players: the Dungeon Master's floors (typed in lower case, as a hurried hand types them).
#   floor 1  O P C    floor 2  E G C C    floor 3  C B E
#            . . C             C . . R             . C C
#            X E C             . . . X             X T .
FLOORS = ("opc/..c/xec", "egcc/c..r/...x", "cbe/.cc/xt.")


# in the default suite through tests/flows/test_screen_words.py, which plays this very script with
# every assertion in both languages and reads its screens; here again only with -m slow
@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_two_player_game_of_three_floors(player: Any, capsys: Any, lang: str) -> None:
    context.reset(lang=lang)
    name = "shy-monsters-1"
    what_now = t("shy_monsters.flow.what_now")
    lay = t("shy_monsters.flow.lay_prompt", floor=1).split(",")[0]  # "Dungeon Master"
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.new"))),
        (t("core.menu.pick_game"), Pick(t("core.games.shy_monsters"))),
        (t("shy_monsters.flow.mode"), Pick(t("shy_monsters.flow.mode_two"))),
        (lay, Type(FLOORS[0])),  # masked: one * per key
        # floor 1: a corridor turned over by mistake is taken back from the list of tiles
        reveal(1, 3, left=2),
        (t("shy_monsters.flow.reveal_prompt", count=1), undo()),
        reveal(1, 2, left=2),  # the purple monster, active
        reveal(3, 3, left=1),
        explore("east"),
        (what_now, undo()),  # the wrong way: the exit is west
        explore("west"),
        # floor 2: the Dungeon Master reuses the purple monster by mistake, then types it right
        (lay, Type("egcc/c..p/...x")),
        (lay, Type(FLOORS[1])),
        reveal(1, 2, left=1),  # the green monster, active
        (what_now, Pick(t("shy_monsters.flow.attack"))),
        explore("east"),  # the attack kills it
        (what_now, undo()),
        (what_now, redo()),
        explore("east"),
        (what_now, Pick(t("guided.leave"))),
        quit_app(),
    )
    home(lang)
    first = capsys.readouterr().out
    assert not player.script
    assert t("shy_monsters.flow.laid") in first
    assert t("shy_monsters.flow.lay_mistakes", n=1) in first
    purple_again = t(
        "shy_monsters.construction.monster_used",
        colour=t("shy_monsters.colour.purple"),
        cells=t("shy_monsters.cell", row=2, col=4),
    )
    assert f"  • {purple_again}" in first
    assert undone("shy_monsters.action.reveal", row=1, col=3) in first
    assert undone("shy_monsters.action.explore.east") in first
    assert event("attack.kill", colour=t("shy_monsters.colour.green"), row=1, col=2) in first
    _, state = load("shy-monsters", name)
    assert state.mode == "two-players" and state.floors_cleared == 1 and state.floor.number == 2
    assert state.floor.layout.notation() == FLOORS[1].upper()
    assert state.floor.hero == (0, 2) and state.floor.killed == [(0, 1)] and state.floor.attack_used
    assert state.shown_monsters == ["purple"] and state.set_aside == ["orange"]

    player.queue(
        *resume(name),
        explore("east"),
        explore("south"),  # the red monster is not in its comfort zone: harmless
        explore("south"),  # the exit
        (lay, Type(FLOORS[2])),
        # floor 3: nothing turned over first; the blue monster waits in its comfort zone
        explore("south"),
        explore("west"),
        explore("north"),
        quit_app(),
    )
    home(lang)
    second = capsys.readouterr().out
    assert not player.script
    assert event("step.monster_uncomfortable", colour=t("shy_monsters.colour.red"), row=2, col=4) in second
    assert event("step.monster_active", colour=t("shy_monsters.colour.blue"), row=1, col=2) in second
    assert t("shy_monsters.next.died_guided") in second and t("shy_monsters.flow.over") in second
    # the hero never saw a floor before the game revealed it: the last one, once the game is over
    shown = t("shy_monsters.status.layout", floor=FLOORS[2].upper())
    assert second.count(shown) == 1
    before_the_end = first + second.split(shown)[0]
    for floor in FLOORS:
        assert floor not in before_the_end and floor.upper() not in before_the_end
    assert FLOORS[0].upper() not in second and FLOORS[1].upper() not in second
    _, state = load("shy-monsters", name)
    assert state.outcome == "hero-died" and state.floors_cleared == 2 and state.floor.number == 3
    assert state.used == ["orange", "purple", "green", "red"]
    assert state.shown_monsters == ["purple", "green", "red"] and state.set_aside == ["orange"]
    assert state.floor.hero == (0, 1) and state.floor.revealed == [(0, 2), (1, 2), (1, 1), (0, 1)]
