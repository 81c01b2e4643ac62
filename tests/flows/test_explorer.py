"""The menu explorer (tests/explorer.py) over every game: random answers through the real guided
mode, its promises checked after every answer (issue 32).

The default suite plays a short fixed-seed exploration per game; ``-m slow`` plays many seeds per
game and prints the figures the README's reliability section quotes (``EXPLORER_FIGURES=FILE``
also writes them to FILE)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.explorer import GAMES, Broken, Figures, explore, figures_line

QUICK_STEPS = {game: 180 for game in GAMES} | {"shy-monsters": 70}
"""Answers per game in the default suite: Shy Monsters fewer, since each solo set-up it reaches
searches the strongest floors (~1 s); the long run gives it as many as the others."""
LONG_SEEDS = range(1, 21)
LONG_STEPS = 250


QUICK_SEEDS = {game: 1 for game in GAMES} | {"mice-and-mystics": 4}
"""Seed 1, but for Mice and Mystics the first seed (4) whose short exploration moves between saved
games and then picks Undo/Redo at home: with Shy Monsters' seed 1 (a solo set-up on the menu's
defaults at its 7th answer), the default suite walks the paths of issue 32's §2 and §4 (shown by
putting each fix back), which the long run and the slow tests below cover over many seeds."""


@pytest.mark.parametrize("game", GAMES)
def test_explorer_fixed_seed(game: str, tmp_path: Path) -> None:
    figures = explore(game, QUICK_SEEDS[game], QUICK_STEPS[game], tmp_path / "home", tmp_path)
    assert figures.steps == QUICK_STEPS[game]
    assert figures.menus_of(game) >= 2, figures.menus  # the game's own menus were reached


@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("game", GAMES)
def test_explorer_many_seeds(game: str, tmp_path: Path) -> None:
    total = Figures()
    for seed in LONG_SEEDS:
        total.add(explore(game, seed, LONG_STEPS, tmp_path / f"home-{seed}", tmp_path))
    line = figures_line(game, len(LONG_SEEDS), total)
    print(line)
    if os.environ.get("EXPLORER_FIGURES"):
        with open(os.environ["EXPLORER_FIGURES"], "a", encoding="utf-8") as out:
            out.write(line + "\n")
    assert total.steps == len(LONG_SEEDS) * LONG_STEPS


def _first_break(game: str, tmp_path: Path, seeds: range, steps: int) -> str:
    """The first promise the explorer sees broken over ``seeds`` ("" when none)."""
    for seed in seeds:
        try:
            explore(game, seed, steps, tmp_path / f"home-{seed}", tmp_path)
        except Broken as exc:
            return str(exc)
    return ""


@pytest.mark.slow
def test_explorer_finds_a_default_seed_the_store_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32 §2 put back (a seed bounded as a count): the explorer's Shy Monsters set-up on the
    menu's defaults (an empty seed) is refused, or its game does not load."""
    from gm_assist.core import bounds

    monkeypatch.setattr(bounds, "is_seed_key", lambda key: False)
    found = _first_break("shy-monsters", tmp_path, range(1, 6), LONG_STEPS)
    assert "state.seed" in found.split("\n")[0], found


@pytest.mark.slow
def test_explorer_finds_a_home_undo_acting_on_another_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32 §4 put back (a game's menu pins its session for the home menu): the explorer picks
    Undo or Redo at home after moving between games and sees it change a game `sessions` does not
    mark current."""
    import gm_assist.home as home
    from gm_assist.games import module

    monkeypatch.setattr(home, "_play", lambda game, name: module(game, "flow").run(name))
    found = _first_break("mice-and-mystics", tmp_path, range(1, 21), LONG_STEPS)
    assert "picked in a menu changed" in found.split("\n")[0], found
