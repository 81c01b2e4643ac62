"""The largest state each game's rules allow on the shared screen (issue 34): the sessions the
screen tests measure at 390×844, 1920×1080 and 3840×2160. ``build(gm)`` plays them through the real
commands (``gm(*args) -> Result``) and returns ``{game id: session name}``; the last one built is
current."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SIZES = {
    "phone": (390, 844),
    "tv": (1920, 1080),
    "4k": (3840, 2160),
    "tablet": (1024, 768),
    "laptop": (1366, 768),
}
"""Phone portrait, a 1080p TV, a 4K TV, a tablet on its side and a laptop (narrow cards side by
side: Mice and Mystics' "runs the minions" stuck out of its card at 1366 px)."""


def _ok(gm: Callable[..., Any], *args: str) -> None:
    result = gm(*args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)


def tmb(gm: Callable[..., Any]) -> str:
    """Four gearlocs against four baddies with three chips left in the queue, ties, effect dice."""
    name = "screen-tmb"
    gearlocs = ("Capitank", "Atomik", "Picket", "Boomer")
    _ok(
        gm,
        "tmb",
        "new",
        "--tyrant",
        "Drellen",
        *(a for g in gearlocs for a in ("--gearloc", g)),
        "--name",
        name,
    )
    for g in gearlocs:
        _ok(gm, "tmb", "sheet", g, "--hp", "8")
    _ok(gm, "tmb", "next-day")
    _ok(gm, "tmb", "encounter", "--fight")
    baddies = (":2:12:melee", ":5:6:ranged", ":3:6:melee", ":6:3:melee")
    rolls = ("Capitank=2", "Atomik=5", "Picket=3", "Boomer=4")
    _ok(
        gm,
        "tmb",
        "battle",
        "start",
        "--extra-points",
        "30",
        *(a for b in baddies for a in ("--baddie", b)),
        *(a for r in rolls for a in ("--gearloc", r)),
    )
    _ok(gm, "tmb", "battle", "effect", "Capitank", "poison", "2")
    _ok(gm, "tmb", "battle", "backup", "Atomik", "3")
    return name


def stuffed_fables(gm: Callable[..., Any]) -> str:
    """Four stuffies, monsters on the threat track, stored dice and a group task."""
    name = "screen-sf"
    stuffies = ("Theodora", "Stitch", "Lumpy", "Flops")
    _ok(gm, "stuffed-fables", "new", *(a for s in stuffies for a in ("--stuffie", s)), "--name", name)
    _ok(gm, "stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "black,black,orange,green,yellow")
    _ok(gm, "stuffed-fables", "place-threat")
    _ok(
        gm,
        "stuffed-fables",
        "encounter",
        "--monster",
        "Crawly",
        "--monster",
        "Wretch:boss",
        "--monster",
        "Sneak",
    )
    _ok(gm, "stuffed-fables", "store", "--die", "orange")
    _ok(gm, "stuffed-fables", "group-task", "--target", "12")
    return name


def insomnia(gm: Callable[..., Any]) -> str:
    """Four players, sheep spread on the board, the nightmare on a space."""
    name = "screen-insomnia"
    players = ("Ana", "Bo", "Chloé", "Dimitri")
    _ok(
        gm,
        "insomnia",
        "new",
        *(a for p in players for a in ("--player", p)),
        "--nightmare",
        "loup",
        "--name",
        name,
    )
    _ok(gm, "insomnia", "move", "9")
    _ok(gm, "insomnia", "end-turn")
    _ok(gm, "insomnia", "move", "4")
    _ok(gm, "insomnia", "nightmare", "move", "3")
    return name


def mice_and_mystics(gm: Callable[..., Any]) -> str:
    """Four mice and three enemy types on the track, conditions, a feat, cheese on the wheel."""
    mm = "mice-and-mystics"
    name = "screen-mm"
    mice = ("Tilda", "Collin", "Nez", "Maginos")
    _ok(gm, mm, "new", *(a for m in mice for a in ("--mouse", m)), "--end", "8", "--name", name)
    _ok(gm, mm, "initiative", "--present", "Tilda,roach,Collin,Nez,Maginos", "-e", "roach:3")
    _ok(gm, mm, "wheel", "4")
    _ok(gm, mm, "condition", "Collin", "stunned")
    _ok(gm, mm, "feat", "cheese-master", "Tilda")
    return name


def shy_monsters(gm: Callable[..., Any]) -> str:
    """A solo game on its first floor."""
    name = "screen-shy"
    _ok(gm, "shy-monsters", "new", "--solo", "--seed", "3", "--difficulty", "random", "--name", name)
    return name


BUILDERS = {
    "tmb": tmb,
    "stuffed-fables": stuffed_fables,
    "insomnia": insomnia,
    "mice-and-mystics": mice_and_mystics,
    "shy-monsters": shy_monsters,
}


def build(gm: Callable[..., Any]) -> dict[str, str]:
    """Every game's largest session on this home: ``{game: session name}``."""
    return {game: make(gm) for game, make in BUILDERS.items()}
