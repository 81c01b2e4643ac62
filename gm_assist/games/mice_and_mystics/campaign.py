"""Pure rules about the mice: wounds, cheese, conditions, bag, heroic feats, defeats, the chapter end.

Sources: the rulebook (``mice-and-mystics.fr.txt``) sections « Souris - Fonctionnement », « Effets »,
« Exploits héroïques » and « Mode Campagne ». No I/O: models in, models out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gm_assist.core.errors import GmError

from .model import (
    BAG_LIMIT,
    ROOMLESS_KINDS,
    SEARCH_KINDS,
    CarryReport,
    Event,
    Item,
    MiceState,
    MouseRecord,
)
from .rules import remove_type

#: Feats whose first earning moves the End marker one page (rulebook « Exploits héroïques »).
FEATS_ADVANCING_END: frozenset[str] = frozenset({"cheese_master", "roach_slayer", "escape_artist"})
#: Roaches a mouse must defeat in one encounter for the Roach Slayer feat.
ROACH_SLAYER_KILLS = 4
#: The turn-menu options a condition can forbid.
TURN_OPTIONS = ("move", "scurry", "battle", "search", "recover", "explore", "skill", "free")


def _copy(state: MiceState, name: str) -> tuple[MiceState, MouseRecord]:
    s = state.model_copy(deep=True)
    for m in s.mice:
        if m.name == name:
            return s, m
    raise GmError(
        "mice_and_mystics.error.unknown_mouse", name=name, known=", ".join(m.name for m in state.mice)
    )


def earn_feat(state: MiceState, feat: str, mouse: str, strict: bool = True) -> tuple[MiceState, list[Event]]:
    """Give a heroic feat to the first mouse that earns it; it moves the End marker once when it is
    Cheese Master, Roach Slayer or Escape Artist (rulebook « Exploits héroïques »).

    A feat already earned this chapter is refused (``strict``) or silently kept by its holder.
    """
    if feat in state.feats:
        if strict:
            raise GmError("mice_and_mystics.error.feat_taken", feat=feat, mouse=state.feats[feat])
        return state, []
    s, m = _copy(state, mouse)
    s.feats[feat] = m.name
    events = [Event(key="feat", params={"feat": feat, "mouse": m.name})]
    if feat in FEATS_ADVANCING_END:
        if s.end_page is not None:
            s.end_page += 1
        events.append(Event(key="end_marker", params={"end": s.end_page if s.end_page is not None else "?"}))
    return s, events


def wound(state: MiceState, mouse: str, n: int, poison: bool) -> tuple[MiceState, list[Event]]:
    """Give a mouse ``n`` wounds, ordinary or poison. The Rat-Poison Eater takes ordinary wounds
    instead of poison ones (rulebook « Exploits héroïques »)."""
    if n < 1:
        raise GmError("mice_and_mystics.error.at_least_one", value=n)
    s, m = _copy(state, mouse)
    events: list[Event] = []
    if poison and s.feats.get("rat_poison_eater") == m.name:
        poison = False
        events.append(Event(key="poison_immune", params={"mouse": m.name}))
    if poison:
        m.poison += n
    else:
        m.wounds += n
    return s, events


def heal(state: MiceState, mouse: str, n: int, antidote: bool) -> MiceState:
    """Heal ``n`` wounds. Ordinary healing removes only ordinary wounds; poison wounds need an
    antidote or a healing spell (``antidote``), which heal poison first (rulebook « Effets »)."""
    if n < 1:
        raise GmError("mice_and_mystics.error.at_least_one", value=n)
    s, m = _copy(state, mouse)
    if antidote:
        from_poison = min(n, m.poison)
        if n - from_poison > m.wounds:
            raise GmError("mice_and_mystics.error.too_much_heal", mouse=m.name, n=n, have=m.wounds + m.poison)
        m.poison -= from_poison
        m.wounds -= n - from_poison
    else:
        if n > m.wounds:
            raise GmError(
                "mice_and_mystics.error.heal_poison", mouse=m.name, n=n, have=m.wounds, poison=m.poison
            )
        m.wounds -= n
    return s


def cheese(state: MiceState, mouse: str, n: int, rolled: bool) -> tuple[MiceState, list[Event]]:
    """Add (or spend, when negative) a mouse's cheese. Three cheese on one attack or defense roll
    (``rolled``) earns the Cheese Master feat (rulebook « Exploits héroïques »)."""
    s, m = _copy(state, mouse)
    if m.cheese + n < 0:
        raise GmError("mice_and_mystics.error.not_enough_cheese", mouse=m.name, have=m.cheese, n=-n)
    m.cheese += n
    if rolled and n >= 3:
        return earn_feat(s, "cheese_master", m.name, strict=False)
    return s, []


def add_condition(state: MiceState, mouse: str, condition: str) -> MiceState:
    """Put a condition on a mouse (stunned, entangled, knocked down, charmed). Poison is a kind of
    wound, so it is given with a poison wound instead (rulebook « Effets »)."""
    if condition == "poisoned":
        raise GmError("mice_and_mystics.error.poison_is_wound", mouse=mouse)
    s, m = _copy(state, mouse)
    if condition not in m.conditions:
        # a condition id the command resolved against the conditions catalog (cli_mouse.condition)
        m.conditions.append(condition)  # type: ignore[arg-type]
    return s


def remove_condition(state: MiceState, mouse: str, condition: str) -> MiceState:
    """Take a condition off a mouse (the Recover action, or the table's call)."""
    s, m = _copy(state, mouse)
    if condition not in m.conditions:
        raise GmError("mice_and_mystics.error.no_condition", mouse=m.name, condition=condition)
    m.conditions.remove(condition)
    return s


def turn_menu(conditions: Sequence[str], catalog: Mapping[str, Mapping[str, Any]]) -> dict[str, list[str]]:
    """For each turn-menu option, the conditions that forbid it (empty list: allowed).

    Stunned allows only moving and Recover; entangled forbids moving and Scurry; knocked down spends
    the move to stand up; charmed plays the mouse as an enemy (rulebook « Effets »).
    """
    blocked: dict[str, list[str]] = {opt: [] for opt in TURN_OPTIONS}
    for cond in conditions:
        data = catalog.get(cond, {})
        if "only" in data:
            banned = [o for o in TURN_OPTIONS if o not in data["only"]]
        else:
            banned = list(data.get("blocks", []))
        for opt in banned:
            blocked[opt].append(cond)
    return blocked


def bag_count(mouse: MouseRecord) -> int:
    """Cards taking room in the bag: unequipped items except cunning cards and group items."""
    return sum(1 for i in mouse.items if not i.equipped and i.kind not in ROOMLESS_KINDS)


def _check_bag(m: MouseRecord) -> None:
    if bag_count(m) > BAG_LIMIT:
        raise GmError("mice_and_mystics.error.bag_full", mouse=m.name, limit=BAG_LIMIT)


def _find_item(m: MouseRecord, name: str) -> Item:
    from gm_assist.core.names import fold

    for item in m.items:
        if fold(item.name) == fold(name):
            return item
    raise GmError(
        "mice_and_mystics.error.no_item",
        mouse=m.name,
        item=name,
        items=", ".join(i.name for i in m.items) or "-",
    )


def add_item(state: MiceState, mouse: str, item: Item) -> MiceState:
    """Give a mouse a card: at most 3 in the bag, scrolls included, plus its worn gear; cunning cards
    and group items take no room (rulebook « Souris - Fonctionnement »)."""
    if not item.name.strip():
        raise GmError("mice_and_mystics.error.empty_name")
    s, m = _copy(state, mouse)
    m.items.append(item)
    _check_bag(m)
    return s


def drop_item(state: MiceState, mouse: str, name: str) -> MiceState:
    """Discard a card (used scroll or cunning card, lost gear)."""
    s, m = _copy(state, mouse)
    m.items.remove(_find_item(m, name))
    return s


def equip(state: MiceState, mouse: str, name: str, worn: bool) -> MiceState:
    """Move a card between the bag and the worn gear (the Equip free action); the bag limit holds."""
    s, m = _copy(state, mouse)
    _find_item(m, name).equipped = worn
    _check_bag(m)
    return s


def give_item(state: MiceState, mouse: str, name: str, other: str) -> MiceState:
    """Share gear: the card goes into the other mouse's bag (the Share free action)."""
    s, m = _copy(state, mouse)
    item = _find_item(m, name)
    m.items.remove(item)
    target = next((x for x in s.mice if x.name == other), None)
    if target is None:
        raise GmError(
            "mice_and_mystics.error.unknown_mouse", name=other, known=", ".join(x.name for x in s.mice)
        )
    target.items.append(item.model_copy(update={"equipped": False}))
    _check_bag(target)
    return s


def learn(state: MiceState, mouse: str, name: str, narrative: bool) -> MiceState:
    """Write a skill learnt (the Level up free action) or a narrative feat on a mouse's record; both
    are kept from one chapter to the next (rulebook « Mode Campagne »)."""
    if not name.strip():
        raise GmError("mice_and_mystics.error.empty_name")
    s, m = _copy(state, mouse)
    target = m.narrative_feats if narrative else m.skills
    if name.strip() not in target:
        target.append(name.strip())
    return s


def defeat(state: MiceState, ident: str, n: int, by: str | None) -> tuple[MiceState, list[Event]]:
    """Remove ``n`` defeated figures of a type from the tile; when the last one goes, its initiative
    cards leave the track. Defeats count toward Roach Slayer (4 roaches in one encounter) and Cat Tamer
    (Brodie) for the mouse named in ``by`` (rulebook « Exploits héroïques »)."""
    if n < 1:
        raise GmError("mice_and_mystics.error.at_least_one", value=n)
    have = state.minions.get(ident, 0)
    if have == 0:
        raise GmError("mice_and_mystics.error.not_on_tile", name=ident)
    if n > have:
        raise GmError("mice_and_mystics.error.too_many_defeated", name=ident, n=n, have=have)
    s = state.model_copy(deep=True)
    s.minions[ident] = have - n
    events: list[Event] = []
    if by is not None:
        s, m = _copy(s, by)
        if ident == "roach":
            m.roach_kills += n
            if m.roach_kills >= ROACH_SLAYER_KILLS:
                s, more = earn_feat(s, "roach_slayer", m.name, strict=False)
                events.extend(more)
        if ident == "brodie":
            s, more = earn_feat(s, "cat_tamer", by, strict=False)
            events.extend(more)
    if s.minions[ident] == 0:
        s = remove_type(s, ident)
        events.insert(0, Event(key="type_removed", params={"type": ident}))
    return s, events


def capture(state: MiceState, mouse: str) -> tuple[MiceState, list[Event]]:
    """Record a mouse's capture. Captured with a poison wound left: Rat-Poison Eater; captured the
    second time: Escape Artist, whose holder is not captured a third time (rulebook « Exploits
    héroïques »)."""
    s, m = _copy(state, mouse)
    if m.captures >= 2 and s.feats.get("escape_artist") == m.name:
        return s, [Event(key="capture_avoided", params={"mouse": m.name})]
    m.captures += 1
    events = [Event(key="captured", params={"mouse": m.name, "n": m.captures})]
    if m.poison > 0:
        s, more = earn_feat(s, "rat_poison_eater", m.name, strict=False)
        events.extend(more)
    if m.captures == 2:
        s, more = earn_feat(s, "escape_artist", m.name, strict=False)
        events.extend(more)
    return s, events


def new_tile(state: MiceState, name: str) -> MiceState:
    """The party explores to another tile: the minions left behind leave the track, the surge is
    available again and a new encounter starts; conditions stay on the mice (rulebook « Effets »)."""
    s = state.model_copy(deep=True)
    for ident in {c.owner for c in s.track if c.kind == "enemy"} | set(s.minions):
        s = remove_type(s, ident)
    s.tile += 1
    s.tile_name = name
    s.surged = False
    s.minions = {}
    for m in s.mice:
        m.roach_kills = 0
    return s


def carry_over(state: MiceState, keep: Mapping[str, str | None]) -> tuple[MiceState, list[CarryReport]]:
    """End a chapter and apply the carry-over to each mouse (rulebook « Mode Campagne »).

    Kept: narrative feats, skills, starting gear and ONE search card (``keep[mouse]``: its name, or
    None for none; when a mouse is not in ``keep`` its only search card is kept, and a mouse with
    several must be told). Discarded: group items, the other search cards, heroic feats, wounds
    (poison too), conditions and cheese. **Our reading:** scrolls and cunning cards are search cards;
    captures and roach defeats start again at zero with the new chapter.
    """
    s = state.model_copy(deep=True)
    reports: list[CarryReport] = []
    for m in s.mice:
        search = [i for i in m.items if i.kind in SEARCH_KINDS]
        kept: Item | None
        if m.name not in keep:
            if len(search) > 1:
                raise GmError(
                    "mice_and_mystics.error.choose_keep",
                    mouse=m.name,
                    cards=", ".join(i.name for i in search),
                )
            kept = search[0] if search else None
        elif keep[m.name] is None:
            kept = None
        else:
            kept = _find_item(m, keep[m.name] or "")
            if kept.kind not in SEARCH_KINDS:
                raise GmError("mice_and_mystics.error.not_search_card", mouse=m.name, item=kept.name)
        stays = [i for i in m.items if i.kind == "starting" or i is kept]
        reports.append(
            CarryReport(
                mouse=m.name,
                kept_items=[i.name for i in stays],
                kept_search=kept.name if kept else None,
                discarded_items=[i.name for i in m.items if not any(i is x for x in stays)],
                skills=list(m.skills),
                narrative_feats=list(m.narrative_feats),
                heroic_feats=[f for f, who in s.feats.items() if who == m.name],
                wounds=m.wounds,
                poison=m.poison,
                cheese=m.cheese,
                conditions=list(m.conditions),
            )
        )
        m.items = stays
        m.wounds = m.poison = m.cheese = m.captures = m.roach_kills = 0
        m.conditions = []
    s.chapters_done.append(s.chapter)
    fresh = MiceState(mice=s.mice, chapter=s.chapter + 1, chapters_done=s.chapters_done)
    return fresh, reports
