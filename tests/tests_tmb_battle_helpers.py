"""Shared set-up of the TMB battle CLI and flow tests: the live example up to the day-2 fight."""

DAY_2 = (
    ("new", "--tyrant", "Drellen", "--gearloc", "Capitank", "--gearloc", "Atomik"),
    ("sheet", "Capitank", "--hp", "10"),
    ("sheet", "Atomik", "--hp", "7"),
    ("next-day",),
    ("encounter", "--peaceful"),
    ("success",),
    ("reward", "--progress", "1", "--training", "1"),
    ("scout", "Atomik", "--roll", "3", "--stack", "1", "--baddie", "crapaud des marais"),
    ("scout", "Capitank", "--roll", "2", "--stack", "1", "--baddie", "ver des marais"),
    ("next-day",),
    ("encounter", "--fight"),
)
"""The live example's `tmb` commands: Drellen, Capitank and Atomik, day 1 peaceful, scouting, day 2
fight (also the fuzzing's set-up: tests/fuzz/fuzz_setups.py)."""


def adventure_day_2(gm):
    """The live example played up to its day-2 fight (`DAY_2`)."""
    for args in DAY_2:
        r = gm("tmb", *args, "--json")
        assert r.exit_code == 0, (args, r)


LIVE_START = (
    "--baddie",
    ":4:3",
    "--baddie",
    ":3:2:melee",
    "--baddie",
    "golem d'argile=1:5",
    "--baddie",
    "tricheur goblin=6:3",
    "--gearloc",
    "Capitank=2",
    "--gearloc",
    "Atomik=5",
)


LIVE_ORDER = [
    "tricheur goblin",
    "Atomik",
    "crapaud des marais",
    "ver des marais",
    "Capitank",
    "golem d'argile",
]
"""The live example's initiative track at round 1, top first (rulebook p. 24-27; `LIVE_START`)."""


def live_adventure(name: str | None = None) -> tuple[str, ...]:
    """``tmb new`` for the rulebook's live example party (Drellen; Capitank 5 HP, Atomik 4 HP),
    named ``name`` when given."""
    party = ("--gearloc", "Capitank", "--gearloc", "Atomik", "--hp", "Capitank=5", "--hp", "Atomik=4")
    return ("tmb", "new", "--tyrant", "Drellen", *party, *(("--name", name) if name else ()))
