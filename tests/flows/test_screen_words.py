"""Issue 34.9: the whole-game scripts of the five games, in both languages, read again for what a
family must never see: every screen and event printed, every question and menu entry (the Undo and
Redo labels among them), and, from each saved game's journal, every Undo/Redo label, next step and
status screen — no raw i18n key, no internal id, no word of the other language, no wrong plural.

Issue 33 §1: in English each script is then played again on a phone's seat of the table view, over
HTTP (tests/web_player.py): the page asks the terminal's questions and saves the same journal, and
what it tells and asks reads right too, without a word that only means something at a keyboard
(French on the page: tests/table/test_same_procedure.py, ``-m slow``). The French scripts are read
under ``-m slow`` (CI's second step) since the page replays joined the default suite's 3 minutes, and
so are the page replays of the three longest English scripts (``LONGEST``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gm_assist.core import context
from gm_assist.core.manage import listing
from tests.flows import (
    test_whole_insomnia,
    test_whole_mice_and_mystics,
    test_whole_shy_monsters,
    test_whole_stuffed_fables,
    test_whole_tmb,
)
from tests.screen_words import (
    Screens,
    all_slips,
    journal_labels,
    journal_screens,
    page_slips,
    question_slips,
    slips,
)
from tests.web_player import same_on_the_page

SCRIPTS = {
    "tmb": test_whole_tmb.test_a_whole_adventure_against_nom,
    "stuffed-fables": test_whole_stuffed_fables.test_a_whole_page,
    "insomnia": test_whole_insomnia.test_a_whole_game_of_two_races,
    "mice-and-mystics": test_whole_mice_and_mystics.test_a_chapter_from_set_up_to_carry_over,
    "shy-monsters-solo": test_whole_shy_monsters.test_solo_game_of_three_floors,
    "shy-monsters-two": test_whole_shy_monsters.test_two_player_game_of_three_floors,
}
ON_THE_DM_SEAT = {"shy-monsters-two"}
"""Scripts that type the Dungeon Master's floor: on the table, only the Dungeon Master's seat asks it
(the other phones wait), so they play on the Dungeon Master's link."""
PAGE_TOO = {"en"}
"""Languages whose scripts are played on the page too in the default suite (both: -m slow)."""


LONGEST = {"tmb", "stuffed-fables", "mice-and-mystics"}
"""Scripts whose page replay (2–7 s each of the default suite's 3 minutes on two cores) runs under
``-m slow`` only (test_the_longest_replays_on_the_page); their screens are read in the default suite."""


@pytest.mark.parametrize("lang", ["en", pytest.param("fr", marks=pytest.mark.slow)])  # the suite's 3 minutes
@pytest.mark.parametrize("game", list(SCRIPTS))
def test_every_screen_of_a_scripted_game_reads_right(
    game: str, lang: str, player: Any, web: Any, capsys: Any, home: Path, tmp_path: Path
) -> None:
    read_every_screen(game, lang, player, capsys)
    if lang in PAGE_TOO and game not in LONGEST:
        read_the_page(game, lang, player, web, capsys, home, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(LONGEST))
def test_the_longest_replays_on_the_page(
    game: str, player: Any, web: Any, capsys: Any, home: Path, tmp_path: Path
) -> None:
    read_every_screen(game, "en", player, capsys)
    read_the_page(game, "en", player, web, capsys, home, tmp_path)


def read_every_screen(game: str, lang: str, player: Any, capsys: Any) -> None:
    """Play the script at the terminal and read every screen, question, menu entry and journal label."""
    screens = Screens(capsys)
    SCRIPTS[game](player, screens, lang)
    screens.readouterr()
    context.reset(lang=lang, guided=True)
    shown = list(screens.seen)
    whole = [*player.asked, *(entry for _, titles in player.menus for entry in titles)]
    for row in listing():
        shown += journal_screens(row["name"])
        whole += journal_labels(row["name"])
    problems = all_slips(shown, lang) + all_slips(whole, lang, whole=True)
    problems += [p for q in player.asked for p in question_slips(q)]
    assert not problems, "\n".join(problems)


def read_the_page(
    game: str, lang: str, player: Any, web: Any, capsys: Any, home: Path, tmp_path: Path
) -> None:
    """Play the same script again on a phone's seat and read what the page told and asked."""
    page = same_on_the_page(
        SCRIPTS[game], lang, player, web, capsys, home, tmp_path / "page", game in ON_THE_DM_SEAT
    )
    problems = page_problems(page, lang)
    assert not problems, "on the page:\n" + "\n".join(problems)


def page_problems(page: Any, lang: str) -> list[str]:
    """What a page (``tests.web_player.WebPlayer``) told and asked that does not read right, or
    that only means something at a keyboard."""
    told = [item["text"] for view in page.views for item in view["told"]]
    whole = [*page.asked, *(entry for _, entries in page.menus for entry in entries)]
    problems = all_slips(told, lang) + all_slips(whole, lang, whole=True)
    return problems + [f"{p} — in {text!r}" for text in (*told, *whole) for p in page_slips(text)]


@pytest.mark.parametrize(
    ("text", "lang", "problem"),
    [
        ("Attack declared — attack shy_monsters.table.declared → ready", "en", "raw i18n key"),
        ("Égalité avec un gearloc (au choix du groupe) : Picket, u4.", "fr", "internal id 'u4'"),
        ("Ana: dodos 3 → 0", "en", "French word 'dodos'"),
        ("Lane 2 joue", "fr", "English word 'Lane'"),
        ("Encounter (1 minions)", "en", "plural after 1: 1 minions"),
        ("3 rembourrage perdu", "fr", "singular after 3: 3 rembourrage"),
        ("0 winks", "en", ""),
        ("1 cards", "en", "plural after 1: 1 cards"),
        ("0 cartes", "fr", "plural after 0: 0 cartes"),
        ("2 card", "en", "singular after 2: 2 card"),
        ("Lumpy : plateau: —", "fr", "no space before ':'"),
        ("tricheur goblin est vaincu.", "fr", "a sentence starts in lower case"),
    ],
)
def test_the_checker_finds_each_kind_of_slip(text: str, lang: str, problem: str) -> None:
    found = slips(text, lang)
    assert (problem in " ".join(found)) if problem else found == []
    assert found or not problem


def test_the_checker_finds_a_key_hint_said_twice() -> None:
    assert question_slips("Which mice are playing? (space to tick, Enter to confirm)")
    assert question_slips("Which mice are playing?") == []
