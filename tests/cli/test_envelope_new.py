"""Starting a game is a change like any other: every game's ``new --json`` prints the envelope
(issue 13), its ``state`` what ``show --json`` prints and its ``next`` the first step."""

from __future__ import annotations

import pytest

from tests.envelope_helpers import check_envelope

NEW = {
    # adventure mode (the default): the training points come first
    "tmb": (["tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--gearloc", "Boomer"], "train"),
    "insomnia": (["insomnia", "new", "--player", "Ana", "--player", "Léo"], "race"),
    "stuffed-fables": (["stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Flops"], "draw"),
    "mice-and-mystics": (["mice-and-mystics", "new", "--mouse", "Collin", "--mouse", "Nez"], "initiative"),
    "shy-monsters": (["shy-monsters", "new", "--solo", "--seed", "3"], "reveal"),
}


@pytest.mark.parametrize("game", sorted(NEW))
def test_new_prints_the_envelope(game, gm):  # noqa: ANN001
    args, first = NEW[game]
    result = gm(*args, "--json")
    assert result.exit_code == 0, result
    doc = check_envelope(result.json, gm)
    assert doc["next"]["key"] == first
