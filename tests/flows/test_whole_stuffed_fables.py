"""A whole Stuffed Fables page through the guided menus only, in English and in French (issues 14,
23): two stuffies; a threat check where nothing happens, one that brings a surge, one that gives the
minions a turn; a stored die spent to defend; a minion attack only inside its activation; a stuffie
knocked unconscious and brought back with a friend's stuffing; two undos; leaving and resuming."""

from __future__ import annotations

import pytest

from gm_assist.core import context
from gm_assist.core.i18n import t
from gm_assist.core.session import load
from tests.player import Enter, Pick, Type, home, undo


def step(name: str) -> str:
    return t(f"stuffed_fables.flow.step.{name}")


# in the default suite through tests/flows/test_screen_words.py, which plays this very script with
# every assertion in both languages and reads its screens; here again only with -m slow
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_page(player, capsys, lang):  # noqa: ANN001

    context.reset(lang=lang)
    menu = t("stuffed_fables.flow.menu")
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.new"))),
        (t("core.menu.pick_game"), Pick("Stuffed Fables")),
        (None, Type("Lumpy")),
        (None, Type("Stitch")),
        (None, Type("")),
        (t("stuffed_fables.flow.edition"), Pick()),
        # Lumpy's turn: draw, recover, black die to the track, store orange (a mis-store undone)
        (menu, Pick(step("draw"))),
        (t("stuffed_fables.flow.who"), Pick(expect="Lumpy")),
        (t("stuffed_fables.flow.draw_how"), Pick(t("stuffed_fables.flow.draw_table"))),
        (t("stuffed_fables.flow.drawn"), Type("orange, white, black, pink, yellow")),
        (menu, Pick(expect=step("recover"))),
        (t("stuffed_fables.flow.value", stuffie="Lumpy"), Type("4")),
        (None, Type("5")),  # the white die rolls 5
        (menu, Pick(expect=step("place_threat"))),
        (menu, Pick(step("store"))),
        (t("stuffed_fables.flow.die"), Pick("yellow" if lang == "en" else "jaune")),
        (None, Pick()),  # on the board
        (menu, undo()),  # undo 1: it was the orange die
        (menu, Pick(step("store"))),
        (t("stuffed_fables.flow.die"), Pick("orange")),
        (None, Pick()),
        (menu, Pick(step("end_turn"))),  # 1 black die, no minion, 2 stuffies: nothing happens
        # Stitch's turn: 2 more black dice → a surge brings Crawly, who acts at once
        (menu, Pick(step("draw"))),
        (t("stuffed_fables.flow.who"), Pick(expect="Stitch")),
        (t("stuffed_fables.flow.draw_how"), Pick(t("stuffed_fables.flow.draw_table"))),
        (t("stuffed_fables.flow.drawn"), Type("black, black, green, pink, purple")),
        (menu, Pick(expect=step("place_threat"))),
        (menu, Pick(step("end_turn"))),
        (menu, Pick(expect=step("surge"))),
        (t("stuffed_fables.flow.surge_monster", n=1), Type("Crawly")),
        (t("stuffed_fables.flow.surge_monster", n=2), Type("")),
        (menu, Pick(expect=step("activate"))),
        (t("stuffed_fables.flow.black_roll", monster="Crawly"), Type("3")),
        (menu, Pick(expect=step("monster_attack"))),  # in its activation: the attack is proposed
        (t("stuffed_fables.flow.attacked"), Pick("Lumpy")),
        (t("stuffed_fables.flow.attack_value"), Type("2")),
        (t("stuffed_fables.flow.defend_with"), Pick("orange")),  # the stored die, spent
        (t("stuffed_fables.flow.defense_roll"), Type("1")),
        (menu, Pick(expect=step("end_monsters"))),
        (menu, Pick(t("guided.leave"))),
        (t("core.menu.title"), Pick(t("core.menu.quit"))),
    )
    home(lang)
    assert player.script == []
    info, state = load("stuffed-fables")
    lumpy, stitch = state.stuffies
    assert lumpy.slots[0].die is None and lumpy.stuffing == 5  # 5 + 1 recovered − (2 − 1)
    assert [m.name for m in state.monsters] == ["Crawly"]
    stuffie_menus = [entries for _, entries in player.menus if step("draw") in entries]
    assert stuffie_menus and all(step("monster_attack") not in entries for entries in stuffie_menus)

    # resume: Lumpy's turn, one black die ≥ 1 minion → Crawly's turn knocks Stitch out (an attack
    # first recorded on Lumpy by mistake is undone); Stitch's own turn finds stuffing with a white die
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.resume"))),
        (t("core.menu.pick_session"), Pick(info.name)),
        (menu, Pick(step("draw"))),
        (t("stuffed_fables.flow.who"), Pick(expect="Lumpy")),
        (t("stuffed_fables.flow.draw_how"), Pick(t("stuffed_fables.flow.draw_table"))),
        (t("stuffed_fables.flow.drawn"), Type("black, orange, green, pink, yellow")),
        (menu, Pick(expect=step("place_threat"))),
        (menu, Pick(step("end_turn"))),
        (menu, Pick(expect=step("activate"))),
        (t("stuffed_fables.flow.black_roll", monster="Crawly"), Type("6")),
        (menu, Pick(expect=step("monster_attack"))),
        (t("stuffed_fables.flow.attacked"), Pick("Lumpy")),
        (t("stuffed_fables.flow.attack_value"), Type("1")),
        (menu, undo()),  # undo 2: Crawly was attacking Stitch
        (menu, Pick(expect=step("monster_attack"))),
        (t("stuffed_fables.flow.attacked"), Pick("Stitch")),
        (t("stuffed_fables.flow.attack_value"), Type("9")),
        (menu, Pick(expect=step("end_monsters"))),
        (menu, Pick(step("draw"))),
        (t("stuffed_fables.flow.who"), Pick(expect="Stitch")),  # unconscious, still its turn
        (t("stuffed_fables.flow.draw_how"), Pick(t("stuffed_fables.flow.draw_table"))),
        (t("stuffed_fables.flow.drawn"), Type("white, orange, green, yellow, purple")),
        (menu, Pick(expect=step("recover"))),
        (t("stuffed_fables.flow.value", stuffie="Stitch"), Type("4")),
        (None, Type("5")),  # the white die rolls 5: one stuffing back
        (menu, Pick(step("attack"))),  # Stitch attacks Crawly: the page is cleared
        (t("stuffed_fables.flow.monster"), Pick("Crawly")),
        (t("stuffed_fables.flow.kind"), Pick(t("stuffed_fables.use.melee"))),
        (t("stuffed_fables.flow.defense", monster="Crawly"), Type("2")),
        (None, Enter),  # the orange die, proposed
        (None, Type("6")),
        (menu, Pick(t("guided.leave"))),
        (t("core.menu.title"), Pick(t("core.menu.quit"))),
    )
    home(lang)
    assert player.script == []
    _, state = load("stuffed-fables")
    lumpy, stitch = state.stuffies
    out = capsys.readouterr().out
    assert not stitch.unconscious and stitch.stuffing == 1, out[-1500:]
    assert lumpy.stuffing == 5  # the attack on Lumpy was undone
    assert state.monsters == [] and state.track == 0  # Crawly defeated: the page is clear
    assert "Traceback" not in out
