"""Too Many Bones catalogs: tyrants (EN/FR names, aliases, custom tyrants) and base gearlocs, with
their models (the session state's models are in ``model.py``).

Figures from ../shared/game-facts.md §1.1-1.4 with their confidence (shipped in
``data/tmb/tyrants.toml``); the table may override any of them. Rulebook v2.1 (FR) p. 6
(choose a tyrant), p. 7 (baddie types), p. 16 (tyrant card).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import ConfigDict, Field

from gm_assist.core.errors import GmError
from gm_assist.core.model import Model

Mode = Literal["adventure", "heroic", "legendary"]
MIN_DAYS, MAX_DAYS = 4, 30
"""A tyrant's day limit: at least one classic card is drawn (days − 3 ≥ 1, p. 7)."""
BADDIE_TYPES = ("troll", "orc", "scale", "goblin", "bog", "beast")


class _Model(Model):
    model_config = ConfigDict(extra="forbid")


class SetupBaddie(_Model):
    """A baddie the tyrant card places before the battle (lane or queue), by party size."""

    where: Literal["lane", "top", "bottom"]
    lane: int | None = None
    count: int = 1
    points_small: int = 1  # party of 1-2 gearlocs
    points_large: int = 1  # party of 3-4 gearlocs
    type: str | None = None
    name: str | None = None


class TyrantBattleSetup(_Model):
    """How the combat mat is set for the tyrant battle (tyrant card back, p. 16)."""

    text: dict[str, str]
    tyrant_lane: int | None = None
    tyrant_position: Literal["melee", "ranged"] | None = None
    tyrant_queue: Literal["top", "bottom"] | None = None
    baddie_points: Literal["points", "per_gearloc", "none"] = "points"
    skip_points_solo: bool = True
    extras: list[SetupBaddie] = Field(default_factory=list)
    rules: list[str] = Field(default_factory=list)


class TyrantSkill(_Model):
    """One of a tyrant's skills or die faces (tyrant card and chip), in our own words."""

    kind: Literal["skill", "face"]
    when: Literal["turn", "hit"] = "turn"
    name: dict[str, str]
    text: dict[str, str]


class Tyrant(_Model):
    """A tyrant: days (☼ limit), progress needed, baddie types, encounter cards (p. 6, 16)."""

    id: str
    names: dict[str, str]
    aliases: list[str] = Field(default_factory=list)
    days: int = Field(ge=MIN_DAYS, le=MAX_DAYS)
    progress: int = Field(ge=1, le=40)
    baddie_types: list[str]
    tyrant_cards: int = Field(ge=0, le=6)
    tyrant_card_titles: list[str] = Field(default_factory=list)
    set: Literal["core", "undertow", "custom"] = "core"
    confidence: str = "medium"
    source: str = ""
    battle: TyrantBattleSetup | None = None
    skills: list[TyrantSkill] = Field(default_factory=list)

    def name(self, lang: str) -> str:
        """Name in the edition's language, falling back to English."""
        return self.names.get(lang) or self.names["en"]


class GearlocInfo(_Model):
    """A base-box gearloc: English and French names (the mats' figures are the table's)."""

    id: str
    names: dict[str, str]
    aliases: list[str] = Field(default_factory=list)


# ---------------------------------------------------------------- catalog


@cache
def tyrants() -> tuple[Tyrant, ...]:
    """The shipped tyrant catalog (7 base tyrants + 5 Undertow), game-facts §1.1-1.4."""
    from gm_assist.core.data import load_toml

    return tuple(Tyrant.model_validate(row) for row in load_toml("tmb/tyrants.toml")["tyrant"])


@cache
def gearloc_catalog() -> tuple[GearlocInfo, ...]:
    """The four base gearlocs with their English and French names."""
    from gm_assist.core.data import load_toml

    return tuple(GearlocInfo.model_validate(r) for r in load_toml("tmb/gearlocs.toml")["gearloc"])


def tyrant_options() -> dict[str, list[str]]:
    """Tyrants by display name (current language) with every accepted spelling: id, EN/FR names,
    aliases. Keyed by name so that a suggestion reads "Drellen", not an id."""
    from gm_assist.core.i18n import lang

    return {ty.name(lang()): [*ty.names.values(), ty.id, *ty.aliases] for ty in tyrants()}


def find_tyrant(query: str) -> Tyrant:
    """The catalog tyrant named ``query`` (EN or FR name, alias; case/accents forgiven).

    Unknown names raise ``core.error.unknown_name`` with the closest spelling (p. 6: choose a tyrant).
    """
    from gm_assist.core.i18n import lang
    from gm_assist.core.names import resolve

    name = resolve(query, tyrant_options(), "tmb.kind.tyrant")
    return next(ty for ty in tyrants() if ty.name(lang()) == name)


def parse_types(text: str) -> list[str]:
    """Baddie type ids from ``"bog,goblin"`` or French ``"marais, gobelins"`` (p. 7)."""
    from gm_assist.core.names import resolve

    options = {
        "troll": ["trolls"],
        "orc": ["orcs"],
        "scale": ["scales", "écailles", "ecaille"],
        "goblin": ["goblins", "gobelin", "gobelins"],
        "bog": ["bogs", "marais"],
        "beast": ["beasts", "bête", "bêtes"],
    }
    found = [resolve(part.strip(), options, "tmb.kind.type") for part in text.split(",") if part.strip()]
    if not found:
        raise GmError("tmb.error.no_types")
    return list(dict.fromkeys(found))


def custom_tyrant(
    name: str,
    days: int | None,
    progress: int | None,
    types: list[str] | None,
    tyrant_cards: int | None,
    base: Tyrant | None = None,
) -> Tyrant:
    """A tyrant the catalog lacks, or a catalog tyrant with the table's own figures.

    Days must leave at least one drawn card (days − 3 ≥ 1, p. 7); progress ≥ 1.
    """
    days = days if days is not None else (base.days if base else None)
    progress = progress if progress is not None else (base.progress if base else None)
    types = types if types is not None else (base.baddie_types if base else None)
    cards = tyrant_cards if tyrant_cards is not None else (base.tyrant_cards if base else 0)
    if days is None or progress is None or not types:
        raise GmError("tmb.error.custom_needs", name=name)
    if not MIN_DAYS <= days <= MAX_DAYS:
        raise GmError("tmb.error.days", days=days)
    if not 1 <= progress <= 40:
        raise GmError("tmb.error.progress", progress=progress)
    if not 0 <= cards <= 6:
        raise GmError("tmb.error.tyrant_cards", cards=cards)
    if base is not None:
        return base.model_copy(
            update={
                "days": days,
                "progress": progress,
                "baddie_types": types,
                "tyrant_cards": cards,
                "confidence": "table",
                "source": f"{base.source}; figures set by the table",
            }
        )
    return Tyrant(
        id="custom",
        names={"en": name, "fr": name},
        days=days,
        progress=progress,
        baddie_types=types,
        tyrant_cards=cards,
        set="custom",
        confidence="table",
        source="custom tyrant entered by the table",
    )


def gearloc_info(name: str) -> GearlocInfo | None:
    """The base gearloc called ``name`` (EN or FR, e.g. Picket/Capitank), None for a free name."""
    from gm_assist.core.names import fold

    wanted = fold(name)
    for info in gearloc_catalog():
        if wanted in {fold(n) for n in (info.id, *info.names.values(), *info.aliases)}:
            return info
    return None
