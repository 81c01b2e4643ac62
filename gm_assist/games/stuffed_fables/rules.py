"""Stuffed Fables rules: pure calculators and changes to stuffies and monsters.

Rulebook: stuffed-fables.fr.txt ("Tour des peluches"). Sections cited per function. Turn steps
that move dice live in `turn.py`; the dice zones in `bag.py`.
"""

from __future__ import annotations

from gm_assist.core.errors import GmError

from .bag import to_discard
from .model import (
    STARTING_STUFFING,
    Check,
    Colour,
    Defense,
    Monster,
    MonsterKind,
    Outcome,
    SfState,
    Slot,
    Stuffie,
    ThreatCheck,
)

DIE_FACES = 6
THREAT_RULES = {
    "monsters": "stuffed_fables.threat.rule.monsters",
    "surge": "stuffed_fables.threat.rule.surge",
    "none": "stuffed_fables.threat.rule.none",
}


def non_negative(what: str, value: int) -> int:
    """Refuse a negative count (bad input, exit 2)."""
    if value < 0:
        raise GmError("stuffed_fables.error.negative", what=what, value=value)
    return value


def check_rolls(rolls: list[int]) -> list[int]:
    """Every rolled face is 1–6 (six-sided dice)."""
    for r in rolls:
        if not 1 <= r <= DIE_FACES:
            raise GmError("stuffed_fables.error.bad_roll", value=r)
    return rolls


def threat_check(black: int, monsters: int, stuffies: int) -> ThreatCheck:
    """The end-of-turn threat check (« Fin du tour d'une peluche »).

    At least one monster in play and black dice on the track ≥ monsters → the monsters take a
    turn. No monster in play and black dice ≥ stuffies → a surge (repercussion) on the current
    page. Otherwise nothing happens. Examples: (2, 2, 3) → monsters; (1, 2, 3) → none;
    (3, 0, 3) → surge; (0, 0, 3) → none.
    """
    non_negative("--black", black)
    non_negative("--monsters", monsters)
    if stuffies < 1:  # the calculator's --stuffies, not a stuffie's name
        raise GmError("stuffed_fables.error.stuffies_count", value=stuffies)
    outcome: Outcome
    if monsters >= 1 and black >= monsters:
        outcome = "monsters"
    elif monsters == 0 and black >= stuffies:
        outcome = "surge"
    else:
        outcome = "none"
    return ThreatCheck(
        outcome=outcome, rule=THREAT_RULES[outcome], black=black, monsters=monsters, stuffies=stuffies
    )


def defend(attack: int, roll: int | None) -> Defense:
    """A stuffie attacked by a monster (« Attaque », monster turn).

    No stored die (`roll` None): lose the full attack in stuffing. With a stored die rolled:
    roll ≥ attack → no damage and the die is kept; otherwise lose attack − roll and the die is
    discarded. Example: attack 4, roll 1 → 3 stuffing lost, die discarded.
    """
    non_negative("--attack", attack)
    if roll is None:
        return Defense(attack=attack, roll=None, stuffing_lost=attack, die_kept=None, avoided=attack == 0)
    check_rolls([roll])
    if roll >= attack:
        return Defense(attack=attack, roll=roll, stuffing_lost=0, die_kept=True, avoided=True)
    return Defense(attack=attack, roll=roll, stuffing_lost=attack - roll, die_kept=False, avoided=False)


def check(dice: list[str], rolls: list[int], target: int) -> Check:
    """A dice total against a target: success when the total ≥ the target and at least one die
    was rolled (« Attaque de mêlée », « Attaque à distance », « Fouille », « Test de compétence »;
    a test without any usable die fails automatically)."""
    non_negative("--target", target)
    if len(dice) != len(rolls):
        raise GmError("stuffed_fables.error.rolls_mismatch", dice=len(dice), rolls=len(rolls))
    check_rolls(rolls)
    total = sum(rolls)
    return Check(dice=dice, rolls=rolls, total=total, target=target, success=bool(dice) and total >= target)


def recovery(rolls: list[int], value: int) -> Check:
    """« Remboursement »: roll the white dice; total ≥ the stuffie's stuffing value → +1 stuffing."""
    if value < 1:
        raise GmError("stuffed_fables.error.bad_value", what="value", value=value)
    return check(["white"] * len(rolls), rolls, value)


def encounter_size(stuffies: int) -> int:
    """« Rencontres — Aléatoire »: draw as many monster cards as there are stuffies in play."""
    return stuffies


def boss_stuffing(stuffies: int) -> int:
    """« Boss »: a boss gets as many stuffing tokens as there are stuffies."""
    return stuffies


# --- lookups -------------------------------------------------------------------------------------


def find_stuffie(state: SfState, query: str) -> Stuffie:
    """The stuffie the user named (forgiving case and accents)."""
    from gm_assist.core.names import resolve

    name = resolve(query, {s.name: [] for s in state.stuffies}, "stuffed_fables.kind.stuffie")
    return next(s for s in state.stuffies if s.name == name)


def acting_stuffie(state: SfState, query: str | None) -> str:
    """Whose turn a command is about: the stuffie named, else the one whose turn it is, else the
    only stuffie of the game; a clear error naming them when the table must say."""
    if query:
        return find_stuffie(state, query).name
    if state.current:
        return state.current
    if len(state.stuffies) == 1:
        return state.stuffies[0].name
    raise GmError("stuffed_fables.error.which_stuffie", known=", ".join(s.name for s in state.stuffies))


def find_monster(state: SfState, query: str) -> Monster:
    """The monster in play the user named (forgiving case and accents)."""
    from gm_assist.core.names import resolve

    if not state.monsters:
        raise GmError("stuffed_fables.error.no_monster")
    name = resolve(query, {m.name: [] for m in state.monsters}, "stuffed_fables.kind.monster")
    return next(m for m in state.monsters if m.name == name)


def replace_stuffie(state: SfState, stuffie: Stuffie) -> SfState:
    """The state with this stuffie (same name) replaced."""
    return state.model_copy(
        update={"stuffies": [stuffie if s.name == stuffie.name else s for s in state.stuffies]}
    )


# --- stuffies ------------------------------------------------------------------------------------


def gain_stuffing(stuffie: Stuffie, n: int = 1) -> Stuffie:
    """A stuffie receives stuffing (no upper limit); an unconscious stuffie wakes up on the first."""
    return stuffie.model_copy(
        update={"stuffing": stuffie.stuffing + n, "unconscious": stuffie.unconscious and n == 0}
    )


def lose_stuffing(state: SfState, name: str, n: int) -> tuple[SfState, bool]:
    """A stuffie loses `n` stuffing (never below 0); at 0 it falls unconscious. Returns
    (state, fell). « Si une peluche n'a plus de rembourrage »: lay the figure down (its space stays
    occupied), draw a Sleep card, lose condition cards (brave cards go with their dice), buttons
    and hearts."""
    stuffie = next(s for s in state.stuffies if s.name == name)
    left = max(0, stuffie.stuffing - n)
    stuffie = stuffie.model_copy(update={"stuffing": left})
    if left > 0 or stuffie.unconscious:
        return replace_stuffie(state, stuffie), False
    lost_dice = [s.die for s in stuffie.slots if s.brave and s.die]
    stuffie = stuffie.model_copy(
        update={
            "unconscious": True,
            "sleep_cards": stuffie.sleep_cards + 1,
            "conditions": [],
            "buttons": 0,
            "hearts": 0,
            "slots": [s for s in stuffie.slots if not s.brave],
        }
    )
    return to_discard(replace_stuffie(state, stuffie), lost_dice), True


def add_brave_card(stuffie: Stuffie) -> Stuffie:
    """A brave condition card (« Courageuse »): one more slot, whose die cannot defend."""
    n = sum(1 for s in stuffie.slots if s.brave) + 1
    return stuffie.model_copy(
        update={
            "conditions": [*stuffie.conditions, "brave"],
            "slots": [*stuffie.slots, Slot(name=f"brave{n}", brave=True)],
        }
    )


def find_slot(stuffie: Stuffie, name: str) -> Slot:
    """The named slot of a stuffie."""
    for slot in stuffie.slots:
        if slot.name.casefold() == name.casefold():
            return slot
    raise GmError(
        "stuffed_fables.error.unknown_slot",
        slot=name,
        stuffie=stuffie.name,
        known=", ".join(s.name for s in stuffie.slots),
    )


def set_slot(stuffie: Stuffie, name: str, die: str | None) -> Stuffie:
    """The stuffie with the die of one slot set (or emptied)."""
    return stuffie.model_copy(
        update={"slots": [s.model_copy(update={"die": die}) if s.name == name else s for s in stuffie.slots]}
    )


# --- monsters ------------------------------------------------------------------------------------


def monster_order(monsters: list[Monster]) -> list[str]:
    """« Activation du monstre »: monsters act in increasing threat-track order."""
    return [m.name for m in sorted(monsters, key=lambda m: m.position)]


def add_monsters(state: SfState, specs: list[tuple[str, MonsterKind]]) -> SfState:
    """Monsters enter play, each under the next threat-track space; a boss gets as many stuffing
    tokens as there are stuffies. Two monsters with one name get numbered (Crawly, Crawly 2)."""
    monsters = list(state.monsters)
    position = max((m.position for m in monsters), default=0)
    for name, kind in specs:
        name = name.strip()
        if not name:
            raise GmError("stuffed_fables.error.empty_name")
        base, k = name, 2
        while any(m.name.casefold() == name.casefold() for m in monsters):
            name, k = f"{base} {k}", k + 1
        position += 1
        stuffing = boss_stuffing(len(state.stuffies)) if kind == "boss" else 0
        monsters.append(Monster(name=name, kind=kind, position=position, stuffing=stuffing))
    return state.model_copy(update={"monsters": monsters})


def remove_monster(state: SfState, name: str) -> SfState:
    """A monster leaves play; the ones after it slide down so positions stay 1, 2, 3…"""
    kept = [m for m in sorted(state.monsters, key=lambda m: m.position) if m.name != name]
    monsters = [m.model_copy(update={"position": i}) for i, m in enumerate(kept, start=1)]
    turn = state.monster_turn
    if turn:
        turn = turn.model_copy(update={"order": [n for n in turn.order if n != name]})
    return state.model_copy(update={"monsters": monsters, "monster_turn": turn})


def hit_monster(state: SfState, monster_name: str, stuffie_name: str) -> tuple[SfState, bool, bool]:
    """A successful stuffie attack (« Attaques des peluches »). Returns (state, defeated, brave).

    A monster that still has stuffing loses one token; one without stuffing is defeated: it leaves
    the board, the stuffie takes a button, and a boss or chief also gives a brave condition card.
    """
    monster = next(m for m in state.monsters if m.name == monster_name)
    if monster.stuffing > 0:
        hurt = monster.model_copy(update={"stuffing": monster.stuffing - 1})
        return (
            state.model_copy(
                update={"monsters": [hurt if m.name == monster_name else m for m in state.monsters]}
            ),
            False,
            False,
        )
    state = remove_monster(state, monster_name)
    stuffie = next(s for s in state.stuffies if s.name == stuffie_name)
    stuffie = stuffie.model_copy(update={"buttons": stuffie.buttons + 1})
    brave = monster.kind in ("boss", "chief")
    if brave:
        stuffie = add_brave_card(stuffie)
    return replace_stuffie(state, stuffie), True, brave


def parse_monster(spec: str) -> tuple[str, MonsterKind]:
    """Read "Crawly", "Crawly:chief" or "Grizzlor:boss" (also FR "chef"/"boss")."""
    name, _, kind = spec.partition(":")
    kinds: dict[str, MonsterKind] = {
        "": "normal",
        "normal": "normal",
        "chief": "chief",
        "chef": "chief",
        "boss": "boss",
    }
    key = kind.strip().casefold()
    if key not in kinds:
        raise GmError("stuffed_fables.error.bad_monster_kind", kind=kind, spec=spec)
    return name.strip(), kinds[key]


def census_ok(state: SfState) -> bool:
    """Dice are conserved: the zones hold exactly the dice put in play at set-up."""
    from .bag import census

    return census(state) == {c: n for c, n in state.in_play.items() if n}


def new_game(
    names: list[str], colours: list[Colour], edition: str, stuffing: int = STARTING_STUFFING
) -> SfState:
    """Set-up: the stuffies with their starting stuffing (5, game-facts §4 High) and the bag
    (every attribute die, white and black dice = stuffies + 1)."""
    from .bag import bag_composition

    clean = [n.strip() for n in names]
    if not clean or any(not n for n in clean):
        raise GmError("stuffed_fables.error.no_stuffie")
    folded = [n.casefold() for n in clean]
    if len(set(folded)) != len(folded):
        raise GmError("stuffed_fables.error.duplicate_stuffie")
    non_negative("--stuffing", stuffing)
    composition = bag_composition(colours, len(clean))
    return SfState(
        edition=edition,
        colours=colours,
        in_play=composition,
        bag=dict(composition),
        stuffies=[Stuffie(name=n, stuffing=stuffing) for n in clean],
    )


def adjust_stuffie(state: SfState, name: str, changes: dict[str, int]) -> SfState:
    """The table corrects a stuffie's counters (stuffing, hearts, buttons, recovery value). Setting
    stuffing above 0 wakes an unconscious stuffie; setting it to 0 does not knock one out."""
    stuffie = next(s for s in state.stuffies if s.name == name)
    for key, value in changes.items():
        non_negative(key, value)
    update = dict(changes)
    if changes.get("stuffing", 0) > 0:
        update["unconscious"] = False
    return replace_stuffie(state, stuffie.model_copy(update=update))


def adjust_monster(state: SfState, name: str, changes: dict[str, int]) -> SfState:
    """The table corrects a monster's stuffing tokens or defense."""
    for key, value in changes.items():
        non_negative(key, value)
    return state.model_copy(
        update={"monsters": [m.model_copy(update=changes) if m.name == name else m for m in state.monsters]}
    )


def add_slot(state: SfState, name: str, slot: str, brave: bool = False) -> SfState:
    """A card that can hold a stored die (an item, or a brave condition card) joins a stuffie."""
    stuffie = next(s for s in state.stuffies if s.name == name)
    slot = slot.strip()
    if not slot or any(s.name.casefold() == slot.casefold() for s in stuffie.slots):
        raise GmError("stuffed_fables.error.slot_exists", slot=slot, stuffie=stuffie.name)
    conditions = [*stuffie.conditions, "brave"] if brave else stuffie.conditions
    return replace_stuffie(
        state,
        stuffie.model_copy(
            update={"slots": [*stuffie.slots, Slot(name=slot, brave=brave)], "conditions": conditions}
        ),
    )
