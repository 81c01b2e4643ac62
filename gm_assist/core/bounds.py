"""The numbers a saved state may hold: no count beyond ``MAX_COUNT`` (a million), a seed's field
up to any seed the app or the table can make. ``huge_number`` finds the first number out of bounds in
a JSON-like state; creating, recording and reading a session refuse such a state (``core.session``,
``core.session_file``). A game's own, tighter bounds are in its rules, not here.
"""

from __future__ import annotations

from typing import Any

MAX_COUNT = 1_000_000
"""No count in any game comes near this: a state holding a number beyond it (typed or hand-edited)
is refused, whatever the game's own, tighter bounds."""


def is_seed_key(key: Any) -> bool:
    """A field that holds a seed (``seed``, ``floor_seed``…): bounded as a seed, not as a count."""
    return isinstance(key, str) and (key == "seed" or key.endswith("_seed"))


def huge_number(value: Any, where: str = "state") -> str | None:
    """Where in a JSON-like value a number lies beyond ±MAX_COUNT (None: nowhere); a seed's field
    (``is_seed_key``) takes any seed the app or the table can make (``core.dice.MAX_SEED``)."""
    from gm_assist.core.dice import MAX_SEED

    stack = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int | float):
            seed = is_seed_key(at.rpartition(".")[2])
            if not (0 <= item <= MAX_SEED if seed else -MAX_COUNT <= item <= MAX_COUNT):
                return at
        elif isinstance(item, dict):
            stack.extend((v, f"{at}.{k}") for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{at}.{i}") for i, v in enumerate(item))
    return None
