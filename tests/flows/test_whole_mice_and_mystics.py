"""A whole Mice and Mystics chapter played through the guided menus only (issue 14), in English and
in French: the initiative track dealt by the table, turns with the minions' cheese, a surge, an
aggressive card moving up, enemies arriving on a track already laid, a boss ambush, defeats and a
heroic feat, two mistakes undone, a break (gm-assist quit and resumed), a new tile and the
carry-over into chapter 2."""

from __future__ import annotations

from typing import Any

import pytest

from gm_assist.core import context
from gm_assist.core.i18n import t
from gm_assist.core.session import load
from gm_assist.games.mice_and_mystics import catalog
from gm_assist.games.mice_and_mystics.model import Item, TrackCard
from tests.player import Pick, Tick, Type, Yes, home, quit_app, resume
from tests.player import undo as undo_entry

NS = "mice_and_mystics"


def menu(entry: str) -> tuple[str, Pick]:
    """An entry of the game menu ("What now?")."""
    return (t(f"{NS}.flow.menu"), Pick(t(f"{NS}.flow.menu_{entry}")))


def undo() -> tuple[str, Pick]:
    """The game menu's "Undo (u): …" entry, by its words."""
    return (t(f"{NS}.flow.menu"), undo_entry())


def enemy(ident: str) -> str:
    """An enemy type's name in the current language (as on the screen)."""
    return catalog.enemies()[ident].name.get(context.ctx().lang)


def vanestra(card: str) -> str:
    found = next(c for c in catalog.enemies()["vanestra"].cards if c.id == card)
    return found.fr if context.ctx().lang == "fr" else found.en


def lay(*enemies: tuple[str, int], dealt: tuple[str, ...] = ()) -> tuple[tuple[str, Any], ...]:
    """Lay initiative cards for ``enemies`` (type, figures on the tile), dealt by the table in the
    order ``dealt`` (top first; the last card needs no answer)."""
    return (
        menu("initiative"),
        (t(f"{NS}.flow.pick_enemies"), Tick(*(enemy(ident) for ident, _ in enemies))),
        *((t(f"{NS}.flow.how_many", type=enemy(ident)), Type(str(n))) for ident, n in enemies),
        (t(f"{NS}.flow.shuffle"), Pick(t(f"{NS}.flow.shuffle_dealt"))),
        *((t(f"{NS}.flow.dealt_card", n=i + 1), Pick(card)) for i, card in enumerate(dealt)),
    )


def defeat(ident: str, n: int, by: str = "") -> tuple[tuple[str, Any], ...]:
    return (
        menu("defeat"),
        (t(f"{NS}.flow.defeat_type"), Pick(enemy(ident))),
        (t(f"{NS}.flow.count"), Type(str(n))),
        (t(f"{NS}.flow.by"), Pick(by or t(f"{NS}.flow.nobody"))),
    )


def mouse(name: str, what: str, *answers: tuple[str, Any]) -> tuple[tuple[str, Any], ...]:
    return (
        menu("mouse"),
        (t(f"{NS}.flow.which_mouse"), Pick(name)),
        (t(f"{NS}.flow.what"), Pick(t(f"{NS}.flow.change_{what}"))),
        *answers,
    )


def card(kind: str, title: str, worn: bool = False) -> tuple[tuple[str, Any], ...]:
    """The answers for "A card": its name, its kind, worn or in the bag."""
    return (
        (t(f"{NS}.flow.item_name"), Type(title)),
        (t(f"{NS}.flow.item_kind"), Pick(t(f"{NS}.flow.kind_{kind}"))),
        (t(f"{NS}.flow.item_worn"), Yes if worn else Type(None)),
    )


def said(key: str, **params: Any) -> str:
    return t(f"{NS}.{key}", **params)


def names(track: list[TrackCard]) -> list[str]:
    return [c.name for c in track]


# in the default suite through tests/flows/test_screen_words.py, which plays this very script with
# every assertion in both languages and reads its screens; here again only with -m slow
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_chapter_from_set_up_to_carry_over(player: Any, capsys: Any, lang: str) -> None:
    context.reset(lang=lang)
    name = "mice-and-mystics-1"
    roach_slayer = catalog.text(catalog.feats()["roach_slayer"], "name", lang)
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.new"))),
        (t("core.menu.pick_game"), Pick(t("core.games.mice_and_mystics"))),
        (t(f"{NS}.flow.pick_mice"), Tick("Tilda", "Nez")),
        (t(f"{NS}.flow.other_mice"), Type(None)),
        (t(f"{NS}.flow.chapter"), Type(None)),  # 1, as proposed
        (t(f"{NS}.flow.end"), Type("8")),
        # tile 1: roaches and rat warriors; the table deals the cards and types the order
        (t(f"{NS}.flow.menu"), Pick(expect=t(f"{NS}.flow.menu_initiative"))),
        (t(f"{NS}.flow.pick_enemies"), Tick(enemy("roach"), enemy("rat_warrior"))),
        (t(f"{NS}.flow.how_many", type=enemy("roach")), Type("4")),
        (t(f"{NS}.flow.how_many", type=enemy("rat_warrior")), Type("2")),
        (t(f"{NS}.flow.shuffle"), Pick(t(f"{NS}.flow.shuffle_dealt"))),
        (t(f"{NS}.flow.dealt_card", n=1), Pick("Tilda")),
        (t(f"{NS}.flow.dealt_card", n=2), Pick(enemy("roach"))),
        (t(f"{NS}.flow.dealt_card", n=3), Pick("Nez")),  # the rat warriors' card is the last one
        (t(f"{NS}.flow.menu"), Pick(expect=t(f"{NS}.flow.menu_next"))),  # Tilda has played
        menu("next"),  # the roaches have played:
        (t(f"{NS}.flow.minion_cheese", card=enemy("roach")), Type("2")),
        # Nez's turn: the roaches bit… Nez? No, Tilda: undo
        *mouse("Nez", "wound", (t(f"{NS}.flow.count"), Type("2"))),
        undo(),
        *mouse("Tilda", "wound", (t(f"{NS}.flow.count"), Type("2"))),
        menu("next"),  # Nez has played
        menu("next"),  # the rat warriors have played: 4 cheese, the wheel is full
        (t(f"{NS}.flow.minion_cheese", card=enemy("rat_warrior")), Type("4")),
        (t(f"{NS}.flow.swap", type=enemy("rat_warrior"), above="Nez"), Yes),  # aggressive
        # the surge brings two more roaches and a spider: only the spider's card is new
        *lay(("roach", 2), ("spider", 1)),
        *defeat("roach", 4, by="Tilda"),  # four roaches by one mouse: Roach Slayer
        (t(f"{NS}.flow.menu"), Pick(t("guided.leave"))),
        quit_app(),
    )
    home(lang)
    out = capsys.readouterr().out
    assert not player.script
    assert t("core.undo.one", label=said("action.mouse_wound", mouse="Nez", n=2)) in out
    assert said("event.surge", hourglass=1) in out
    assert said("initiative.ignored", types=enemy("roach")) in out
    assert said("event.feat", feat=roach_slayer, mouse="Tilda") in out
    assert said("event.end_marker", end=9) in out
    _, state = load("mice-and-mystics", name)
    assert names(state.track) == ["Tilda", "roach", "rat_warrior", "Nez", "spider"]  # rats moved up
    assert state.round == 2 and state.turn == 0  # Tilda's turn again, the rats did not play twice
    assert state.minions == {"roach": 2, "rat_warrior": 2, "spider": 1}
    assert (state.wheel, state.hourglass, state.surged, state.end_page) == (0, 1, True, 9)
    assert [(m.name, m.wounds) for m in state.mice] == [("Tilda", 2), ("Nez", 0)]
    assert state.feats == {"roach_slayer": "Tilda"}

    # after the break: gm-assist again; Vanestra ambushes, the tile is cleared, the chapter ends
    player.queue(
        *resume(name),
        *lay(("vanestra", 1), dealt=(vanestra("web"), vanestra("sting"), vanestra("charm"))),
        menu("next"),  # Tilda
        menu("next"),  # the roaches: no cheese
        (t(f"{NS}.flow.minion_cheese", card=enemy("roach")), Type(None)),
        *defeat("roach", 2, by="Nez"),
        *defeat("rat_warrior", 2),
        *defeat("spider", 1, by="Nez"),
        # the party explores on too early (Vanestra is still there): undo
        menu("tile"),
        (t(f"{NS}.flow.tile_name"), Type("Kitchen")),
        undo(),
        *defeat("vanestra", 1, by="Tilda"),
        *mouse("Tilda", "item", *card("search", "Bow")),
        *mouse("Tilda", "item", *card("search", "Shield")),
        *mouse("Nez", "item", *card("starting", "Hammer", worn=True)),
        *mouse("Nez", "cheese", (t(f"{NS}.flow.count"), Type("3"))),
        menu("tile"),
        (t(f"{NS}.flow.tile_name"), Type("Kitchen")),
        menu("chapter"),
        (t(f"{NS}.flow.end_chapter", chapter=1), Yes),
        (t(f"{NS}.flow.keep", mouse="Tilda"), Pick("Shield")),  # Nez has no search card: not asked
        (t(f"{NS}.flow.menu"), Pick(t("guided.leave"))),
        quit_app(),
    )
    home(lang)
    out = capsys.readouterr().out
    assert not player.script
    dealt = ", ".join(vanestra(c) for c in ("web", "sting", "charm", "call"))
    assert "✓ " + said("action.initiative", cards=dealt) in out  # the cards as the track reads them
    assert said("initiative.ambush", boss=enemy("vanestra"), card=vanestra("web")) in out
    assert t("core.undo.one", label=said("action.tile", name="Kitchen")) in out
    for ident in ("roach", "rat_warrior", "spider", "vanestra"):
        assert said("event.type_removed", type=enemy(ident)) in out
    assert out.count(said("tile.done_guided", tile=2)) == 2  # explored twice, undone once
    assert said("carry.next", chapter=2) in out
    assert said("carry.kept", items="Shield", skills="-", feats="-") in out
    assert (
        said("carry.lost", items="Bow", heroic=roach_slayer, wounds=2, poison=0, cheese=0, conditions="-")
        in out
    )
    assert said("carry.lost", items="-", heroic="-", wounds=0, poison=0, cheese=3, conditions="-") in out
    _, state = load("mice-and-mystics", name)
    assert state.chapter == 2 and state.chapters_done == [1]
    assert state.track == [] and state.turn is None and state.minions == {} and state.feats == {}
    assert (state.tile, state.wheel, state.hourglass) == (1, 0, 0)
    tilda, nez = state.mice
    assert tilda.items == [Item(name="Shield", kind="search")] and (tilda.wounds, tilda.cheese) == (0, 0)
    assert nez.items == [Item(name="Hammer", kind="starting", equipped=True)] and nez.cheese == 0
