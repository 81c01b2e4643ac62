"""The baddie catalog: the few chips the rulebook shows (``data/tmb/baddies.toml``) plus the ones the
table adds once (``tmb/baddies.json`` in the user's gm-assist home), and the ``--baddie`` spec
parser shared by the battle commands.

A chip's stats (rulebook p. 15) are public nowhere (game-facts §1.3): what the catalog lacks is
asked, never invented.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gm_assist.core.data import load_toml, read_user_json, write_user_json
from gm_assist.core.errors import GmError

from .rules.fight import UnitIn
from .rules.queue import Baddie
from .rules.track import fold

USER_FILE = "tmb/baddies.json"
MELEE_WORDS = {"melee", "mêlée", "cac", "corps-a-corps", "corps-à-corps", "corps", "m"}
RANGED_WORDS = {"ranged", "distance", "a-distance", "à-distance", "r", "d"}


def shipped() -> list[Baddie]:
    """The baddies shipped with gm-assist (rulebook p. 19, 24-27, 30; game-facts §1.2-1.3)."""
    return [Baddie(**row) for row in load_toml("tmb/baddies.toml").get("baddie", [])]


def user_baddies() -> list[Baddie]:
    """The baddies the table added (``gm-assist tmb baddie add``)."""
    rows = read_user_json(USER_FILE, default={"baddies": []})
    return [Baddie(**{**row, "user": True}) for row in rows.get("baddies", [])]


def catalog() -> list[Baddie]:
    """Shipped and user baddies; a user entry replaces a shipped one with the same id."""
    users = user_baddies()
    ids = {b.id for b in users}
    return [b for b in shipped() if b.id not in ids] + users


def _keys(baddie: Baddie) -> set[str]:
    return {fold(n) for n in (baddie.id, baddie.name_fr, baddie.name_en, *baddie.aliases) if n}


def find(name: str) -> Baddie | None:
    """The catalog entry named ``name`` in either language (forgiving case and accents)."""
    key = fold(name)
    return next((b for b in reversed(catalog()) if key in _keys(b)), None)


def names(
    points: int | None = None, language: str | None = None, types: Sequence[str] | None = None
) -> list[str]:
    """Catalog names, for name completion: both languages by default; with ``language``, one name
    per baddie (in that language when known), with ``points`` never a chip of another value, and
    with ``types`` only baddies known to be of one of those types (p. 7: a tyrant's battles draw
    from its baddie types; a baddie of unknown type is typed by the table, never offered)."""
    out: list[str] = []
    for baddie in catalog():
        if points is not None and baddie.points not in (None, points):  # unknown value: still offered
            continue
        if types is not None and baddie.creature_type not in types:
            continue
        both = (baddie.name_fr, baddie.name_en) if language != "en" else (baddie.name_en, baddie.name_fr)
        found = [n for n in both if n]
        out.extend(n for n in (found[:1] if language else found) if n not in out)
    return sorted(out, key=fold)


def complete(incomplete: str) -> list[str]:
    """Shell completion for ``--baddie``: catalog names starting with what was typed."""
    return [n for n in names() if fold(n).startswith(fold(incomplete))]


def slug(name: str) -> str:
    """An id for a user baddie: folded name with dashes."""
    return "-".join("".join(c if c.isalnum() else " " for c in fold(name)).split()) or "baddie"


def add(baddie: Baddie) -> Baddie:
    """Save a baddie in the user catalog (replacing one with the same id) and return it."""
    rows = read_user_json(USER_FILE, default={"baddies": []})
    kept = [r for r in rows.get("baddies", []) if r.get("id") != baddie.id]
    kept.append(baddie.model_copy(update={"user": True}).model_dump(mode="json"))
    write_user_json(USER_FILE, {"baddies": kept})
    return baddie


def attack_word(word: str) -> str | None:
    """``melee``/``ranged`` from a word in either language, else None."""
    key = fold(word)
    if key in {fold(w) for w in MELEE_WORDS}:
        return "melee"
    if key in {fold(w) for w in RANGED_WORDS}:
        return "ranged"
    return None


def _int(text: str, spec: str) -> int:
    try:
        return int(text)
    except ValueError as exc:
        raise GmError("tmb_battle.error.spec", spec=spec) from exc


def parse_spec(spec: str) -> UnitIn:
    """Parse ``--baddie``: ``[NAME][=INI][:HP][:melee|ranged][:+N]``, fields in any order after the
    name (``ini=4``, ``hp=3``, ``pts=5``, ``extra=1`` also work); catalog stats fill the gaps.

    >>> parse_spec("goblin=4:3:ranged").initiative
    4
    """
    head, *fields = [part.strip() for part in spec.split(":")]
    values: dict[str, Any] = {}
    name = head
    if "=" in head:
        name, ini = head.rsplit("=", 1)
        if ini.strip():
            values["initiative"] = _int(ini, spec)
    elif head.isdecimal():
        name, values["initiative"] = "", int(head)
    numbers = []
    for field in (f for f in fields if f):
        key, _, value = field.partition("=")
        if value:
            target = {
                "ini": "initiative",
                "hp": "hp",
                "pts": "points",
                "points": "points",
                "extra": "extra_baddies",
            }.get(fold(key))
            if target is None:
                raise GmError("tmb_battle.error.spec", spec=spec)
            values[target] = _int(value, spec)
        elif field.startswith(("+", "x")) and field[1:].isdecimal():
            values["extra_baddies"] = int(field[1:])
        elif attack_word(field):
            values["attack_type"] = attack_word(field)
        else:
            numbers.append(_int(field, spec))
    for key in ("initiative", "hp"):
        if numbers and key not in values:
            values[key] = numbers.pop(0)
    if numbers:
        raise GmError("tmb_battle.error.spec", spec=spec)
    return fill_from_catalog(UnitIn(name=name.strip() or None, **_checked(values, spec)))


def _checked(values: dict[str, Any], spec: str) -> dict[str, Any]:
    ini = values.get("initiative")
    if ini is not None and not 1 <= ini <= 6:
        raise GmError("tmb_battle.error.initiative", name=spec, value=ini)
    if values.get("points") not in (None, 1, 5, 20):
        raise GmError("tmb_battle.error.point_value", value=values["points"])
    if values.get("hp") is not None and values["hp"] < 1:
        raise GmError("tmb_battle.error.spec", spec=spec)
    if values.get("extra_baddies") not in (None, 0, 1, 2):
        raise GmError("tmb_battle.error.spec", spec=spec)
    return values


def fill_from_catalog(unit: UnitIn) -> UnitIn:
    """Complete a unit with the catalog's known stats (what the table typed wins)."""
    entry = find(unit.name) if unit.name else None
    if entry is None:
        return unit
    from gm_assist.core.i18n import lang

    known = {
        "name": entry.display_name(lang()),
        "points": entry.points,
        "initiative": entry.initiative,
        "hp": entry.hp,
        "attack_type": entry.attack_type,
        "extra_baddies": entry.extra_baddies or 0,
        "creature_type": entry.creature_type,
    }
    given = unit.model_dump(exclude_unset=True)
    merged = {k: v for k, v in (known | given).items() if v is not None}
    merged.update({k: v for k, v in known.items() if v is not None and given.get(k) is None})
    merged["name"] = unit.name or known["name"]
    return UnitIn(**merged)
