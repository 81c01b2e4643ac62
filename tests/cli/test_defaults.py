"""Issue 32 §2: a game started with every default (no seed, no name) is a game the same version of
the app can always read back: each game's `new` with its defaults, twice, then `show`, `history`,
one action and `undo` through the real entry point."""

from __future__ import annotations

import pytest

# each game: the fewest options its `new` needs (everything else left to its default), and one
# ordinary action of the table
GAMES = {
    "tmb": (["--tyrant", "Drellen", "--gearloc", "Picket"], ["next-day"]),
    "insomnia": (["--player", "Ana", "--player", "Bo"], ["move", "3"]),
    "stuffed-fables": (["--stuffie", "Lumpy"], ["draw", "--random"]),
    "mice-and-mystics": (["--mouse", "Collin"], ["cheese", "Collin"]),
    "shy-monsters-solo": (["--solo"], ["reveal", "{tile}"]),  # a tile the next step offers
    "shy-monsters": ([], ["floor", "--help"]),
}


@pytest.mark.parametrize("case", sorted(GAMES))
def test_new_with_defaults_is_readable_again(gm, case):
    game = case.removesuffix("-solo")
    options, action = GAMES[case]
    for _ in range(2):  # a random default (a seed) drawn twice: both games must read back
        made = gm(game, "new", *options, "--json")
        assert made.exit_code == 0, made
        name = made.json["session"]
        shown = gm("show", name, "--json")
        assert shown.exit_code == 0, shown
        assert gm("history", name, "--json").exit_code == 0
        before = shown.json["state"]
        if action[-1] == "--help":
            continue  # two players: the floor is the Dungeon Master's to type, nothing to act on
        choices = [c["key"] for c in made.json["next"]["choices"]]
        tile = next((key.split(".", 1)[1] for key in choices if key.startswith("reveal.")), "")
        acted = gm("--session", name, game, *(part.format(tile=tile) for part in action), "--json")
        assert acted.exit_code == 0, acted
        undone = gm("--session", name, "undo", "--json")
        assert undone.exit_code == 0, undone
        assert gm("show", name, "--json").json["state"] == before
        assert gm("doctor", "--json").json["problems"] == []
