"""The terminal and the page run the same procedures (issue 33 §1): a whole-game script of the five
games (tests/flows/test_whole_*.py, listed in tests/flows/test_screen_words.py) played in this
terminal by keys (tests/player.py) is played again on a phone's seat of the table view over HTTP
(tests/web_player.py), and every assertion of the script holds there too; the page asks the very
questions the terminal asks, in the same order (kind, message, entries: a menu, or one entry, that
exists on one screen and not on the other fails), the only difference allowed being the terminal's
own entry of the home menu (start the table view, added by its shell ``gm_assist.flow``); and the
saved games' journals are the same, every change with its action, data, label, events and states,
undone ones included (only the times and the session's random id differ).

In the default suite, tests/flows/test_screen_words.py does this for every script in English, after
reading its screens; here, in French (``-m slow``, with the same reading of the page), and the
proof that the check finds a menu that differs by screen.

The two-player Shy Monsters script types the Dungeon Master's floors: at the table that question is
asked on the Dungeon Master's seat only (the other phones wait for it), so that script plays on the
seat of the Dungeon Master's link (its token), which asks everything else as any phone does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gm_assist.core import prompts
from gm_assist.core.i18n import t
from tests.flows.test_screen_words import ON_THE_DM_SEAT, SCRIPTS, page_problems
from tests.web_player import same_on_the_page


@pytest.mark.slow
@pytest.mark.parametrize("game", list(SCRIPTS))
def test_the_page_asks_what_the_terminal_asks_and_saves_the_same_game_in_french(
    game: str, player: Any, web: Any, capsys: Any, home: Path, tmp_path: Path
) -> None:
    SCRIPTS[game](player, capsys, "fr")  # in this terminal, by keys
    page = same_on_the_page(
        SCRIPTS[game], "fr", player, web, capsys, home, tmp_path / "page", game in ON_THE_DM_SEAT
    )
    problems = page_problems(page, "fr")
    assert not problems, "on the page:\n" + "\n".join(problems)


def test_a_menu_entry_the_page_lacks_is_found(
    player: Any, web: Any, capsys: Any, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An Insomnia race menu without its "Scare" entry on the page only (a menu written for one
    screen): the script still plays to its end, and the check names the difference."""
    from gm_assist.games.insomnia import flow

    drawn = flow.menu_choices

    def menu_choices(state: Any) -> list[tuple[str, str]]:
        choices = drawn(state)
        return [c for c in choices if c[0] != "scare"] if prompts.surface() == "page" else choices

    monkeypatch.setattr(flow, "menu_choices", menu_choices)
    SCRIPTS["insomnia"](player, capsys, "en")
    with pytest.raises(AssertionError) as found:
        same_on_the_page(SCRIPTS["insomnia"], "en", player, web, capsys, home, tmp_path / "page")
    assert str(found.value).startswith("question ")
    assert f"only on the terminal [{t('insomnia.flow.scare')!r}], only on the page []" in str(found.value)
