"""The menu explorer (tests/explorer.py) over every game: random answers through the real guided
mode, its promises checked after every answer (issue 32).

The default suite plays a short fixed-seed exploration per game; ``-m slow`` plays many seeds and
prints the figures the README's reliability section quotes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.explorer import GAMES, Figures, explore

QUICK_STEPS = 120


@pytest.mark.parametrize("game", GAMES)
def test_explorer_fixed_seed(game: str, home: Path, tmp_path: Path, monkeypatch: Any) -> None:
    figures = explore(game, 1, QUICK_STEPS, home, tmp_path, monkeypatch)
    assert figures.steps == QUICK_STEPS
    assert figures.menus_of(game) >= 2, figures.menus  # the game's own menus were reached


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 12))
@pytest.mark.parametrize("game", GAMES)
def test_explorer_many_seeds(game: str, seed: int, home: Path, tmp_path: Path, monkeypatch: Any) -> None:
    figures = explore(game, seed, 300, home, tmp_path, monkeypatch)
    assert figures.steps == 300
