"""Insomnia catalogs: shipped data (``data/insomnia/*.toml``) and the table's pillow override.

The user override of the pillow reference tile lives in the gm-assist home, at
``user/insomnia/pillow.toml`` (see :data:`USER_PILLOW`), with the shape of the shipped file::

    [moves]            # spaces moved down by rank, 1st place first, per player count
    3 = [10, 7, 5]
    [woken]            # optional: how woken-up sheep score
    mode = "rank"      # rulebook reading (ranked with 0 dodos), or a number of spaces, e.g. 3
"""

from __future__ import annotations

from collections.abc import Sequence

from gm_assist.core.data import load_toml, read_user_toml
from gm_assist.core.names import resolve

from . import rules
from .model import DreamTile, Nightmare, PillowTable, SoloRank

USER_PILLOW = "insomnia/pillow.toml"
"""Path of the table's pillow override under the gm-assist home's user folder."""


def nightmares() -> list[Nightmare]:
    """The three nightmares (rulebook p. 3; compositions from game-facts §2.2)."""
    return [Nightmare.model_validate(n) for n in load_toml("insomnia/nightmares.toml")["nightmare"]]


def nightmare(query: str) -> Nightmare:
    """The nightmare a user named, in either edition's words (``loup``, ``wolf``…)."""
    options = {n.id: n.names for n in nightmares()}
    found = resolve(query, options, "insomnia.kind.nightmare")
    return next(n for n in nightmares() if n.id == found)


def dream_tiles() -> list[DreamTile]:
    """The dream-tile catalog (rulebook names; bonuses from game-facts §2.3 with confidence)."""
    return [DreamTile.model_validate(t) for t in load_toml("insomnia/dream_tiles.toml")["tile"]]


def dream_tile(query: str) -> DreamTile:
    """The dream tile a user named, French or English name (``Bond en avant``, ``bounce ahead``)."""
    tiles = dream_tiles()
    options = {t.id: [n for n in (t.fr, t.en) if n] for t in tiles}
    found = resolve(query, options, "insomnia.kind.tile")
    return next(t for t in tiles if t.id == found)


def tile_by_id(tile_id: str) -> DreamTile | None:
    """The catalog entry of a stored tile id, None for an unnamed tile."""
    return next((t for t in dream_tiles() if t.id == tile_id), None) if tile_id else None


def solo_ranks() -> list[SoloRank]:
    """The solo rank table (rulebook p. 11)."""
    return [SoloRank.model_validate(r) for r in load_toml("insomnia/solo.toml")["rank"]]


def solo_settings() -> tuple[int, int]:
    """(points per full 5 spaces of pillow, points lost per race) — rulebook p. 11."""
    data = load_toml("insomnia/solo.toml")
    return int(data["pillow_bonus_per_5"]), int(data["race_penalty"])


def table_for(players: int, option: Sequence[int] | None = None) -> PillowTable:
    """The pillow reference row for ``players``: ``--table`` > user override file > shipped values."""
    return rules.pillow_table(players, load_toml("insomnia/pillow.toml"), read_user_toml(USER_PILLOW), option)
