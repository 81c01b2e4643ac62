"""A whole Insomnia game through the guided menus only, in English and in French (issue 14): set-up
from the home menu, a race nobody wins (pillows move), the rest phase, two undos, leaving and resuming
from the home menu, then a won race and the end of the game."""

from __future__ import annotations

import pytest

from gm_assist.core import context
from gm_assist.core.i18n import t
from gm_assist.core.session import load
from tests.player import Pick, Type, Yes, home, undo


# in the default suite through tests/flows/test_screen_words.py, which plays this very script with
# every assertion in both languages and reads its screens; here again only with -m slow
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_of_two_races(player, capsys, lang):  # noqa: ANN001

    context.reset(lang=lang)
    ana, elo = "Ana", "Éloïse"
    menu = lambda who: t("insomnia.flow.race_menu", name=who)  # noqa: E731
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.new"))),
        (t("core.menu.pick_game"), Pick("Insomnia")),
        (t("insomnia.flow.player_first", n=1), Type(ana)),
        (t("insomnia.flow.player_next", n=2), Type(elo)),
        (t("insomnia.flow.player_next", n=3), Type("")),
        (t("insomnia.flow.nightmare"), Pick()),  # the Big Bad Wolf, proposed
        # race 1: Ana runs 11 over the fence and goes to bed…
        (menu(ana), Pick(t("insomnia.flow.move", name=ana))),
        (t("insomnia.flow.spaces"), Type("11")),
        (None, Yes),
        # …Éloïse's nightmare card: a mis-key (3), undone, then the right one (11, over the fence)
        (menu(elo), Pick(t("insomnia.flow.nightmare_move"))),
        (t("insomnia.flow.nightmare_spaces"), Type("3")),
        (menu(elo), undo()),
        (menu(elo), Pick(t("insomnia.flow.nightmare_move"))),
        (t("insomnia.flow.nightmare_spaces"), Type("11")),
        (t("insomnia.flow.table"), Type(None)),  # nobody reached a pillow: keep the proposed values
        # rest phase, in turn from the new first sheep
        (None, Pick(t("insomnia.flow.rest_tile"))),
        (t("insomnia.flow.space"), Pick()),
        (t("insomnia.flow.tile_name"), Type("")),
        (None, Pick(t("insomnia.flow.rest_zzz"))),
        # race 2 starts: leave the game, leave the home menu
        (None, Pick(t("guided.leave"))),
        (t("core.menu.title"), Pick(t("core.menu.quit"))),
    )
    home(lang)
    assert player.script == []
    info, state = load("insomnia")
    name = info.name
    assert state.race == 2 and state.phase.value == "race"
    assert [p.pillow for p in state.players] != [40, 40]  # nobody won race 1: pillows moved down
    assert len(state.tiles) == 3  # the rest phase added a dream tile
    race_1 = capsys.readouterr().out
    assert t("insomnia.flow.race_won", names=ana) not in race_1

    # resume from the home menu: Éloïse gains winks past her pillow (a card), a mis-key undone first
    first = state.players[state.first].name
    other = elo if first == ana else ana
    assert first == elo  # she went to bed last, so she holds the first-sheep marker
    pillow = next(p.pillow for p in state.players if p.name == elo)
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.resume"))),
        (t("core.menu.pick_session"), Pick(name)),
        (menu(first), Pick(t("insomnia.flow.dodos"))),
        (t("insomnia.flow.which_sheep"), Pick(ana)),
        (t("insomnia.flow.how_many"), Type("2")),
        (menu(first), undo()),
        (menu(first), Pick(t("insomnia.flow.dodos"))),
        (t("insomnia.flow.which_sheep"), Pick(elo)),
        (t("insomnia.flow.how_many"), Type(str(pillow))),
        (menu(first), Pick(t("insomnia.flow.move", name=first))),
        (t("insomnia.flow.spaces"), Type("11")),
        (None, Yes),  # Éloïse crosses the fence and goes to bed, past her pillow
        (menu(other), Pick(t("insomnia.flow.nightmare_move"))),
        (t("insomnia.flow.nightmare_spaces"), Type("12")),  # over the fence: the race ends
        (None, Yes),  # score it now: game over, back to the home menu
        (t("core.menu.title"), Pick(t("core.menu.quit"))),
    )
    home(lang)
    assert player.script == []
    _, state = load("insomnia")
    out = capsys.readouterr().out
    assert state.winners == [elo], out
    assert t("insomnia.flow.race_won", names=elo) in out
    assert "Traceback" not in out
