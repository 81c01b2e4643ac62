"""Reading what the table types on the command line: spaces, enemy specs, card orders, keep choices.

Bad input raises ``GmError`` with a message that shows the expected form.
"""

from __future__ import annotations

from collections.abc import Sequence

from gm_assist.core.errors import GmError
from gm_assist.core.names import fold, resolve

from . import catalog
from .model import Attack, EnemyGroup, EnemyType, MiceState, Size, Space, TrackCard

NS = "mice_and_mystics"
SIZES: dict[Size, list[str]] = {"small": ["petit", "s", "p"], "large": ["grand", "l", "g", "big"]}
ATTACKS: dict[Attack, list[str]] = {
    "melee": ["mêlée", "m", "cac"],
    "ranged": ["distance", "à distance", "r", "d"],
}


def split_list(values: Sequence[str] | None) -> list[str]:
    """Repeated options and comma-separated lists both work: ``--mouse Tilda,Nez --mouse Filch``."""
    out: list[str] = []
    for value in values or []:
        out.extend(p.strip() for p in value.split(",") if p.strip())
    return out


def space(spec: str) -> Space:
    """``ID:DIST[:red]`` → a blue-paw space (distance in spaces to the nearest mouse)."""
    parts = [p.strip() for p in spec.split(":")]
    if len(parts) not in (2, 3) or not parts[0] or not parts[1].isdecimal():
        raise GmError(f"{NS}.error.bad_space", spec=spec)
    red = len(parts) == 3
    if red and fold(parts[2]) not in ("red", "rouge", "r"):
        raise GmError(f"{NS}.error.bad_space", spec=spec)
    return Space(id=parts[0], distance=int(parts[1]), red=red)


def _count(text: str, spec: str) -> int:
    if not text.isdecimal() or int(text) < 1:
        raise GmError(f"{NS}.error.bad_enemy", spec=spec)
    return int(text)


def enemy_count(spec: str, cat: dict[str, EnemyType]) -> tuple[EnemyType, int]:
    """``TYPE[:COUNT]`` for the initiative track (count 1 when not given)."""
    name, _, count = spec.partition(":")
    enemy = catalog.resolve_enemy(name.strip(), cat)
    return enemy, _count(count.strip(), spec) if count.strip() else 1


def enemy_group(spec: str, cat: dict[str, EnemyType]) -> EnemyGroup:
    """``TYPE:COUNT[:small|large][:melee|ranged]`` → a group to place.

    Size and attack default to the type's data (the table's overrides first). Size is not known for
    any shipped type (not found in our sources), so the table gives it here or once with ``enemy``.
    A type not in the catalog is accepted when both size and attack are given.
    """
    parts = [p.strip() for p in spec.split(":")]
    if len(parts) < 2 or not parts[0]:
        raise GmError(f"{NS}.error.bad_enemy", spec=spec)
    count = _count(parts[1], spec)
    size: Size | None = None
    attack: Attack | None = None
    for extra in parts[2:]:
        folded = fold(extra)
        if any(folded == fold(a) for k, al in SIZES.items() for a in (k, *al)):
            size = resolve(extra, SIZES, f"{NS}.kind.size")
        elif any(folded == fold(a) for k, al in ATTACKS.items() for a in (k, *al)):
            attack = resolve(extra, ATTACKS, f"{NS}.kind.attack")
        else:
            raise GmError(f"{NS}.error.bad_enemy", spec=spec)
    try:
        enemy = catalog.resolve_enemy(parts[0], cat)
        ident = enemy.id
        size = size or enemy.size
        attack = attack or enemy.attack
    except GmError:
        if size is None or attack is None:
            raise
        ident = parts[0]
    if size is None:
        raise GmError(f"{NS}.error.size_unknown", type=parts[0], spec=spec)
    if attack is None:
        raise GmError(f"{NS}.error.attack_unknown", type=parts[0], spec=spec)
    return EnemyGroup(type=ident, count=count, size=size, attack=attack)


def session_mouse(state: MiceState, name: str) -> str:
    """A mouse of the session, typed forgivingly."""
    return resolve(name, {m.name: [] for m in state.mice}, f"{NS}.kind.mouse")


def card_names(cards: Sequence[TrackCard], cat: dict[str, EnemyType], typed: Sequence[str]) -> list[str]:
    """The table's dealt order (names as typed, in either language) → card names (``TrackCard.name``)."""
    options: dict[str, list[str]] = {}
    for card in cards:
        if card.kind == "mouse":
            options[card.name] = []
            continue
        enemy = cat.get(card.owner)
        if enemy is None:
            options[card.name] = []
        elif card.card:
            boss = next((c for c in enemy.cards if c.id == card.card), None)
            options[card.name] = [boss.en, boss.fr, f"{enemy.name.en} {card.card}"] if boss else []
        else:
            options[card.name] = [enemy.name.en, enemy.name.fr, *enemy.aliases]
    return [resolve(name, options, f"{NS}.kind.card") for name in typed]


def keep_choices(state: MiceState, specs: Sequence[str]) -> dict[str, str | None]:
    """``MOUSE=CARD`` (or ``MOUSE=none``) → which search card each mouse keeps at the chapter end."""
    out: dict[str, str | None] = {}
    for spec in specs:
        mouse, sep, card = spec.partition("=")
        if not sep or not mouse.strip() or not card.strip():
            raise GmError(f"{NS}.error.bad_keep", spec=spec)
        name = session_mouse(state, mouse.strip())
        out[name] = None if fold(card) in ("none", "aucune", "rien", "-") else card.strip()
    return out


def track_cards(typed: Sequence[str], cat: dict[str, EnemyType]) -> list[TrackCard]:
    """An existing track typed by the table (calculator use, no session), top first: each name is an
    enemy type or boss card when it names one, else a mouse."""
    from .rules import enemy_cards, mouse_card

    options: dict[str, list[str]] = {}
    cards: dict[str, TrackCard] = {}
    for enemy in cat.values():
        for card in enemy_cards(enemy):
            cards[card.name] = card
            if card.card:
                boss = next(c for c in enemy.cards if c.id == card.card)
                options[card.name] = [boss.en, boss.fr]
            else:
                options[card.name] = [enemy.name.en, enemy.name.fr, *enemy.aliases]
    out: list[TrackCard] = []
    for name in typed:
        try:
            out.append(cards[resolve(name, options, f"{NS}.kind.card")])
        except GmError:
            out.append(mouse_card(catalog.canonical_mouse(name)))
    if len({c.name for c in out}) != len(out):
        raise GmError(f"{NS}.error.track_duplicate", track=", ".join(typed))
    return out
