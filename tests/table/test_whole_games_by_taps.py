"""A whole game of each of the five games played by taps only on the guided page, set-up to end, in
English and in French (issue 33, Proof): the whole-game scripts (tests/flows/test_whole_*.py) are
played in this terminal by keys, then again on a phone (Chromium at 390×844) by tapping the page's
buttons (tests/page_player.py), and

- every assertion of the script holds on the page too (it reads what the page was told);
- the page asks the terminal's questions in the same order (kind, message, entries; the terminal's
  own home entry, start the table view, aside);
- the saved games' journals equal the terminal's, change by change (only the times differ).

The table view runs in this process (uvicorn in a thread), so that its screens are drawn as the
captured terminal draws them: a phone's 44 columns would cut the lines a script looks for. The
two-player Shy Monsters script types the Dungeon Master's floors: at the table only the Dungeon
Master's link asks for them (the other phones wait), so it plays on that link.

All with ``-m slow`` (CI's second step): the default suite's 3 minutes keep the guided page's own
browser tests (tests/table/test_guided_page.py) and the English replays over HTTP (test_screen_words).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

import tests.player
from gm_assist.table.config import TableConfig
from tests.flows.test_screen_words import ON_THE_DM_SEAT, SCRIPTS
from tests.page_player import PagePlayer, table_in_this_process
from tests.web_player import DM, PLAY, as_the_terminal_prints, same_on_the_page

PHONE = {"width": 390, "height": 844}
DEFAULT_SUITE: set[tuple[str, str]] = set()


@pytest.fixture
def taps(browser: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``taps(dm=False)``: a table view over the current home and a PagePlayer on a phone opened on
    its play link (``dm``: the Dungeon Master's), which ``tests.player.home`` runs from then on."""
    from gm_assist.core import data
    from gm_assist.table import seats

    monkeypatch.setattr(data, "CACHE_WRITES", False)
    monkeypatch.setattr(seats, "render_text", as_the_terminal_prints)
    with ExitStack() as stack:

        def start(dm: bool = False) -> PagePlayer:
            url = stack.enter_context(table_in_this_process(TableConfig(play_token=PLAY, dm_token=DM)))
            phone = browser.new_context(viewport=PHONE)
            stack.callback(phone.close)
            link = f"{url}?token={DM if dm else PLAY}&play=1" + ("&dm=1" if dm else "")
            who = PagePlayer(phone.new_page(), link)
            monkeypatch.setattr(tests.player, "RUNNER", who.home)
            return who

        yield start


def beside_the_browser(script: Any, *args: Any) -> None:
    """Run ``script(*args)`` in a thread of its own with this thread's context: Playwright's sync API
    keeps an event loop running in this one, where the terminal's prompts cannot run theirs."""
    import contextvars
    import threading

    context = contextvars.copy_context()
    failed: list[BaseException] = []

    def run() -> None:
        try:
            context.run(script, *args)
        except BaseException as exc:  # a failed assertion or pytest.fail: raised again here
            failed.append(exc)

    thread = threading.Thread(target=run, name="gm-terminal-script")
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def cases() -> list[Any]:
    return [
        pytest.param(
            game,
            lang,
            marks=() if (game, lang) in DEFAULT_SUITE else (pytest.mark.slow,),
            id=f"{game}-{lang}",
        )
        for lang in ("en", "fr")
        for game in SCRIPTS
    ]


@pytest.mark.parametrize(("game", "lang"), cases())
def test_a_whole_game_by_taps_saves_the_terminals_journal(
    game: str, lang: str, player: Any, taps: Any, capsys: Any, home: Path, tmp_path: Path
) -> None:
    beside_the_browser(SCRIPTS[game], player, capsys, lang)  # in this terminal, by keys
    phone = same_on_the_page(
        SCRIPTS[game], lang, player, taps, capsys, home, tmp_path / "page", game in ON_THE_DM_SEAT
    )
    assert phone.taps >= len(phone.questions)
