"""Mice and Mystics catalogs: shipped data (``data/mice_and_mystics``) plus the table's overrides.

Enemy figures come from game-facts.md §3.1 (medium-low confidence): the table corrects them, or adds
its own enemy types, with ``gm-assist mice-and-mystics enemy``; the corrections are kept in the
gm-assist home (``user/mice_and_mystics/enemies.json``) and win over the shipped figures.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.data import load_toml, read_user_json, write_user_json
from gm_assist.core.errors import GmError
from gm_assist.core.names import fold, resolve

from .model import EnemyType, Localized

USER_ENEMIES = "mice_and_mystics/enemies.json"
EDITABLE = ("size", "attack", "max", "wounds", "move", "battle", "defense")


def _shipped_enemies() -> dict[str, dict[str, Any]]:
    raw = load_toml("mice_and_mystics/enemies.toml")
    out: dict[str, dict[str, Any]] = {}
    for entry in raw["enemy"]:
        out[entry["id"]] = {**entry, "source": raw["source"], "confidence": raw["confidence"]}
    return out


def user_overrides() -> dict[str, dict[str, Any]]:
    """The table's own enemy figures and types, by type id (empty when it has none)."""
    data = read_user_json(USER_ENEMIES, {})
    return data if isinstance(data, dict) else {}


def enemies() -> dict[str, EnemyType]:
    """Every enemy type, the table's overrides applied over the shipped medium-low figures."""
    merged = _shipped_enemies()
    for ident, fields in user_overrides().items():
        base = merged.get(ident, {"id": ident, "source": "table", "confidence": "table"})
        changed = [k for k in fields if k in EDITABLE]
        merged[ident] = {**base, **fields, "overridden": changed}
    return {ident: EnemyType.model_validate(entry) for ident, entry in merged.items()}


def enemy_options(catalog: dict[str, EnemyType]) -> dict[str, list[str]]:
    """Names accepted for each enemy type (both languages and aliases), for ``resolve``."""
    return {e.id: [e.name.en, e.name.fr, *e.aliases] for e in catalog.values()}


def resolve_enemy(query: str, catalog: dict[str, EnemyType] | None = None) -> EnemyType:
    """The enemy type a table typed (``"cafards"``, ``"Rat Warrior"``), forgiving case and accents."""
    cat = catalog if catalog is not None else enemies()
    return cat[resolve(query, enemy_options(cat), "mice_and_mystics.kind.enemy")]


def save_enemy(ident: str, fields: dict[str, Any], new_name: str | None = None) -> EnemyType:
    """Record the table's figures for an enemy type (or a new type) in the gm-assist home."""
    data = user_overrides()
    entry = dict(data.get(ident, {}))
    if new_name is not None:
        entry["name"] = {"en": new_name, "fr": new_name}
    entry.update({k: v for k, v in fields.items() if v is not None})
    data[ident] = entry
    if ident not in _shipped_enemies() and "name" not in entry:
        raise GmError("mice_and_mystics.error.unknown_enemy_new", name=ident)
    from pydantic import ValidationError

    try:  # refuse bad figures before writing anything
        EnemyType.model_validate({"id": ident, **_shipped_enemies().get(ident, {}), **entry})
    except ValidationError as exc:
        raise GmError("mice_and_mystics.error.bad_figure", detail=str(exc.errors()[0]["msg"])) from exc
    write_user_json(USER_ENEMIES, data)
    return enemies()[ident]


def reset_enemy(ident: str) -> None:
    """Forget the table's figures for a type (back to the shipped data)."""
    data = user_overrides()
    if data.pop(ident, None) is not None:
        write_user_json(USER_ENEMIES, data)


def new_enemy_id(name: str) -> str:
    """An id for a type the table adds: its folded name with underscores."""
    ident = fold(name).replace(" ", "_")
    if not ident:
        raise GmError("mice_and_mystics.error.empty_name")
    return ident


def mouse_options() -> dict[str, list[str]]:
    """The base-game mice and their other spellings."""
    return {m["id"]: list(m.get("aliases", [])) for m in load_toml("mice_and_mystics/mice.toml")["mouse"]}


def canonical_mouse(name: str) -> str:
    """A typed mouse name: the base-game spelling when it is one of them, else the name as typed."""
    clean = " ".join(name.split())
    if not clean:
        raise GmError("mice_and_mystics.error.empty_name")
    wanted = fold(clean)
    for ident, aliases in mouse_options().items():
        if wanted in {fold(a) for a in (ident, *aliases)}:
            return ident
    return clean


def conditions() -> dict[str, dict[str, Any]]:
    """The conditions (stunned, entangled, knocked down, charmed, poisoned) with their effects."""
    return {c["id"]: c for c in load_toml("mice_and_mystics/conditions.toml")["condition"]}


def resolve_condition(query: str) -> str:
    """The condition id a table typed (``"empêtrée"``, ``"webbed"``)."""
    opts = {i: [c["name"]["en"], c["name"]["fr"], *c.get("aliases", [])] for i, c in conditions().items()}
    return resolve(query, opts, "mice_and_mystics.kind.condition")


def feats() -> dict[str, dict[str, Any]]:
    """The five heroic feats: trigger, lasting effect, whether the End marker moves."""
    return {f["id"]: f for f in load_toml("mice_and_mystics/feats.toml")["feat"]}


def resolve_feat(query: str) -> str:
    """The heroic feat id a table typed (``"blatticide"``, ``"Cat Tamer"``)."""
    opts = {i: [f["name"]["en"], f["name"]["fr"], *f.get("aliases", [])] for i, f in feats().items()}
    return resolve(query, opts, "mice_and_mystics.kind.feat")


def reference() -> dict[str, Any]:
    """The turn menu, actions, free actions, movement rules and bag rules."""
    return load_toml("mice_and_mystics/reference.toml")


def text(entry: dict[str, Any], field: str, lang: str) -> str:
    """A bilingual field of a catalog entry in ``lang``."""
    return Localized.model_validate(entry[field]).get(lang)
