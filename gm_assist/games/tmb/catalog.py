"""Too Many Bones catalogs: tyrants (EN/FR names, aliases, custom tyrants) and base gearlocs.

Figures from ../shared/game-facts.md §1.1-1.4 with their confidence (shipped in
``data/tmb/tyrants.toml``); the table may override any of them. Rulebook v2.1 (FR) p. 6
(choose a tyrant), p. 7 (baddie types), p. 16 (tyrant card).
"""

from __future__ import annotations

from functools import cache

from gm_assist.core.errors import GmError

from .model import GearlocInfo, Tyrant

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
    if not 4 <= days <= 30:
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
