"""Stuffed Fables guided flow, driven by scripted keys: one stuffie turn ending in a monster turn."""

from __future__ import annotations

import pytest

from gm_assist.core.session import load
from gm_assist.games.stuffed_fables import flow
from gm_assist.games.stuffed_fables.rules import census_ok


def test_wizard_creates_the_session(keys) -> None:  # noqa: ANN001
    keys.send(keys.type("lumpy"), keys.type("Stitch"), keys.ENTER, keys.ENTER)  # two stuffies, FR dice
    name = flow.new_session()
    assert name
    _, state = load("stuffed-fables", name)
    assert [s.name for s in state.stuffies] == ["Lumpy", "Stitch"]
    assert state.edition == "fr" and state.bag["black"] == 3


def test_one_stuffie_turn_ending_in_a_monster_turn(keys, gm) -> None:  # noqa: ANN001
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "encounter", "--monster", "Crawly").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(
        keys.ENTER,  # menu: draw (proposed)
        keys.ENTER,
        keys.ENTER,  # Lumpy; we drew the dice ourselves
        keys.type("orange, blanc, noir, noir, rose"),
        keys.ENTER,
        keys.type("4"),
        keys.type("5"),  # recovery (proposed): value 4, white die 5 → +1
        keys.ENTER,  # black dice onto the threat track (proposed)
        keys.select(1),
        keys.ENTER,
        keys.ENTER,  # store: orange (proposed) on the board
        keys.select(8),  # end the turn → 2 black dice ≥ 1 monster
        keys.ENTER,
        keys.type("3"),  # Crawly acts: black die 3
        keys.ENTER,  # it has moved: its attack (proposed)
        keys.ENTER,
        keys.type("2"),  # Lumpy, attack 2
        keys.ENTER,
        keys.type("1"),  # defends with the stored die: rolls 1
        keys.ENTER,  # end the monster turn (proposed)
        keys.select(3),  # leave
    )
    flow.run(name)
    _, state = load("stuffed-fables", name)
    lumpy = state.stuffies[0]
    assert lumpy.recovery_value == 4
    assert lumpy.stuffing == 5  # 5 + 1 recovered − (2 − 1)
    assert lumpy.slots[0].die is None  # the defense die was discarded
    assert state.pending is None and state.monster_turn is None and state.current is None
    assert state.track == 0 and state.discard == {} and state.bag == state.in_play
    assert census_ok(state)
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[1:] == [
        "Lumpy draws 5 dice",
        "Stuffing recovery (5)",
        "Black dice onto the threat track",
        "An orange die stored (board)",
        "End of turn and threat check",
        "Minion Crawly rolls 3",
        "Minion attack 2 on Lumpy",
        "End of the minion turn",
    ]


def test_cancel_wizard_creates_nothing(keys, gm) -> None:  # noqa: ANN001
    keys.send(keys.type("Lumpy"), keys.CTRL_C)
    assert flow.new_session() is None
    assert gm("sessions", "--json").json["sessions"] == []


def test_cancel_a_step_records_nothing_and_bad_input_is_refused(keys, gm) -> None:  # noqa: ANN001
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    before = gm("show", "--json").json["session"]["changes"]
    keys.send(
        keys.ENTER,
        keys.ENTER,
        keys.ENTER,
        keys.CTRL_C,  # draw → Lumpy → table → cancel
        keys.ENTER,
        keys.ENTER,
        keys.ENTER,  # draw again…
        keys.type("turquoise"),
        keys.BACKSPACE * 9,
        keys.type("noir,noir,noir"),  # refused, then too many
        keys.select(3),  # leave
    )
    flow.run(name)
    assert gm("show", "--json").json["session"]["changes"] == before


def test_surge_bringing_a_boss_that_acts_at_once(keys, gm) -> None:  # noqa: ANN001
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(
        keys.ENTER,
        keys.ENTER,
        keys.ENTER,
        keys.type("noir, noir"),  # Lumpy draws two black dice
        keys.ENTER,  # onto the threat track
        keys.ENTER,  # end the turn (proposed): surge
        keys.ENTER,
        keys.type("Grub:boss"),
        keys.ENTER,  # the surge brings a boss in
        keys.ENTER,
        keys.type("2"),  # it acts at once
        keys.DOWN,
        keys.ENTER,  # no stuffie in reach: end
        keys.select(3),  # leave
    )
    flow.run(name)
    _, state = load("stuffed-fables", name)
    assert [(m.name, m.kind, m.stuffing) for m in state.monsters] == [("Grub", "boss", 1)]
    assert state.pending is None and state.track == 0 and state.bag == state.in_play


def test_guided_hints_name_the_menu_not_the_command_line(keys, gm, capsys) -> None:  # noqa: ANN001
    from gm_assist.core.context import ctx

    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "encounter", "--monster", "Crawly").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    capsys.readouterr()
    ctx().guided = True
    keys.send(
        keys.ENTER,
        keys.ENTER,
        keys.ENTER,  # draw → Lumpy → we drew the dice ourselves
        keys.type("noir, noir"),
        keys.ENTER,  # black dice onto the threat track (proposed)
        keys.ENTER,  # end the turn (proposed) → 2 black ≥ 1 minion
        keys.ENTER,
        keys.type("3"),  # Crawly acts: black die 3
        keys.DOWN,
        keys.ENTER,  # no stuffie in reach: end the minion turn
        keys.select(3),  # leave
    )
    flow.run(name)
    out = capsys.readouterr().out
    assert "gm-assist " not in out and " --" not in out
    for hint in (
        "a stuffie draws 5 dice: choose “Draw dice (start or continue a stuffie's turn)”.",
        "the black dice (2) go on the threat track: choose “Put the black dice on the threat track”.",
        "then choose “End the turn (threat check)”.",
        "Crawly takes its black die; roll it, read its card, then choose “Next minion acts",
        "never an unconscious one: choose “A minion attacks a stuffie”.",
        "Crawly has moved: if a stuffie is in reach it attacks once, as its card says (“A minion attacks",
    ):
        assert hint in out, hint


def test_odds_shown_before_drawing_and_before_committing_dice(keys, gm, capsys) -> None:  # noqa: ANN001
    """Issue 19: the threat-check chance before the draw; the "1 die …, 2 dice …" table after the
    target and before the dice are chosen (Ctrl-C there records nothing)."""
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(
        keys.ENTER,
        keys.ENTER,
        keys.ENTER,  # draw → Lumpy → we draw ourselves
        keys.type("jaune, rose, violet, orange, vert"),
        keys.select(3),  # skill test
        keys.select(2),
        keys.type("6"),  # yellow (from the colours offered) 6
        keys.CTRL_C,  # the table thinks again: no dice committed
        keys.select(11),  # leave
    )
    flow.run(name)
    out = capsys.readouterr().out
    draw = out.index("If Lumpy draws now (dice drawn: 5): a surge at the end of this turn")
    assert draw < out.index("Lumpy drew:")
    # yellow, pink and purple count for a yellow test: 1/6, 26/36, 206/216
    assert "Chance to reach 6: 1 die 17%, 2 dice 72%, 3 dice 95%." in out
    assert "stuffed-fables/skill-test" in out
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels == ["Lumpy draws 5 dice"]


def test_a_stored_die_is_spent_from_the_menus(keys, gm) -> None:  # noqa: ANN001
    """Every dice step offers the acting stuffie's stored dice (issue 23): here a move with the
    orange die stored on Lumpy's board and the green one still in hand."""
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "orange,green,green").exit_code == 0
    assert gm("stuffed-fables", "store", "--die", "orange").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(
        keys.ENTER,  # menu: move (the first step with no white/black die)
        keys.SPACE,  # tick one green die of the hand (a move proposes none)
        keys.DOWN * 2,
        keys.SPACE,
        keys.ENTER,  # and the orange die stored on the board
        keys.type("3,4"),  # one roll per die: hand first, then stored
        keys.CTRL_C,  # leave the menu
    )
    flow.run(name)
    _, state = load("stuffed-fables", name)
    assert state.stuffies[0].slots[0].die is None  # the stored die was spent
    assert state.hand.get("green") == 1
    assert state.discard.get("orange") == 1 and state.discard.get("green") == 1
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1] == "Move (7)", labels[-1]  # 3 + 4: the green die and the stored orange one


def test_a_minion_attack_outside_its_activation_is_refused_in_the_menus(keys, gm, capsys) -> None:  # noqa: ANN001
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "encounter", "--monster", "Crawly").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "noir,noir").exit_code == 0
    assert gm("stuffed-fables", "end-turn").exit_code == 0  # a minion turn begins
    name = gm("show", "--json").json["session"]["name"]
    before = gm("show", "--json").json["session"]["changes"]
    capsys.readouterr()
    keys.send(keys.select(1), keys.CTRL_C)  # "A minion attacks a stuffie" before any minion acted
    flow.run(name)
    assert "No minion is taking its turn" in capsys.readouterr().out
    assert gm("show", "--json").json["session"]["changes"] == before


def test_ending_the_turn_asks_for_the_stuffing_recovery_still_due(keys, gm, capsys) -> None:  # noqa: ANN001
    """Issue 23: the white dice drawn are rolled for stuffing (« Remboursement »), one result per
    white die; ending the turn with them in hand used to discard them without asking. Now the
    duty is said and is the default answer, and a single roll for two white dice is refused."""
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "blanc,blanc,orange").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    capsys.readouterr()
    keys.send(
        keys.select(9),  # end the turn, white dice still in hand
        keys.ENTER,  # move on anyway? No (the default): roll them
        keys.type("4"),  # Lumpy's stuffing value
        keys.type("5"),  # one roll for two white dice: refused, kept
        keys.type(",2"),  # 5,2
        keys.select(3),  # leave
    )
    flow.run(name)
    out = capsys.readouterr().out
    assert "Still to do:" in out
    assert "Stuffing recovery: roll the 2 white dice drawn (ending the turn discards them unrolled)." in out
    assert "White dice total 7 ≥ 4: +1 stuffing." in out
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-2:] == ["Stuffing recovery (7)", "End of turn and threat check"]
    _, state = load("stuffed-fables", name)
    assert state.stuffies[0].stuffing == 6 and state.current is None


def test_the_table_may_still_end_the_turn_without_the_recovery(keys, gm, capsys) -> None:  # noqa: ANN001
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "blanc,orange").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(keys.select(9), "y", keys.select(3))  # end the turn; move on anyway: yes; leave
    flow.run(name)
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1] == "End of turn and threat check" and "Stuffing recovery" not in " ".join(labels)


def test_the_draw_proposes_the_stuffie_whose_turn_it_is(keys, gm) -> None:  # noqa: ANN001
    """Issue 23: after Lumpy's turn, the draw's "Which stuffie?" proposes Stitch (it proposed the
    first stuffie whoever played last)."""
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "orange").exit_code == 0
    assert gm("stuffed-fables", "end-turn").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(
        keys.ENTER,  # menu: draw (proposed)
        keys.ENTER,  # which stuffie? the proposed one
        keys.ENTER,
        keys.type("vert, jaune"),  # we drew them ourselves
        keys.CTRL_C,  # leave the menu
    )
    flow.run(name)
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1] == "Stitch draws 2 dice", labels[-1]


def test_an_encounter_in_the_menus_says_who_enters_under_which_threat_space(keys, gm, capsys) -> None:  # noqa: ANN001
    """Issue 23: the menus' encounter said nothing about where the minions stand; it now says it as
    the `encounter` command does."""
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "encounter", "--monster", "Crawly").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    capsys.readouterr()
    keys.send(
        keys.select(1),  # minions enter play (encounter)
        keys.type("Big Rat:chief"),
        keys.type("Grizzlor:boss"),
        keys.ENTER,
        keys.select(3),  # leave
    )
    flow.run(name)
    out = capsys.readouterr().out
    assert "Big Rat (chief) enters under threat space 2." in out
    assert "Grizzlor (boss) enters under threat space 3. — 2 stuffing tokens (one per stuffie)." in out


def test_a_surge_in_the_menus_says_who_enters(keys, gm, capsys) -> None:  # noqa: ANN001
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "noir").exit_code == 0
    assert gm("stuffed-fables", "end-turn").exit_code == 0  # 1 black die ≥ 1 stuffie, no minion: a surge
    name = gm("show", "--json").json["session"]["name"]
    capsys.readouterr()
    keys.send(keys.ENTER, keys.type("Grub:boss"), keys.ENTER, keys.CTRL_C)
    flow.run(name)
    out = capsys.readouterr().out
    assert "Grub (boss) enters under threat space 1. — 1 stuffing token (one per stuffie)." in out


def test_a_skill_test_offers_the_colours_and_proposes_only_the_dice_that_count(keys, gm) -> None:  # noqa: ANN001
    """Issue 23: the skill test asked its colour as free text and prefilled the dice with the whole
    hand. The colour is now picked from a list and the dice ticked from the hand's usable ones, the
    colour asked proposed: Enter rolls the two yellow dice, the pink and orange ones stay in hand."""
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    drawn = "jaune,jaune,rose,orange,noir"
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", drawn).exit_code == 0
    assert gm("stuffed-fables", "place-threat").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(
        keys.select(3),  # skill test
        keys.select(2),  # yellow, among orange, green, yellow, pink, purple
        keys.type("7"),  # value to reach
        keys.ENTER,  # the dice proposed: the two yellow ones
        keys.type("3,4"),  # their rolls
        keys.CTRL_C,  # leave the menu
    )
    flow.run(name)
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1] == "Skill test yellow ≥ 7", labels[-1]
    _, state = load("stuffed-fables", name)
    assert state.hand == {"pink": 1, "orange": 1} and state.discard == {"yellow": 2}


def test_a_search_without_any_usable_die_says_so_and_records_nothing(keys, gm, capsys) -> None:  # noqa: ANN001
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "orange,vert").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    before = gm("show", "--json").json["session"]["changes"]
    capsys.readouterr()
    keys.send(keys.select(4), keys.CTRL_C)  # search with orange and green only: refused at once
    flow.run(name)
    assert "No die in hand or stored can be used for searching." in capsys.readouterr().out
    assert gm("show", "--json").json["session"]["changes"] == before


def test_the_correction_menu_reaches_every_counter(keys, gm) -> None:  # noqa: ANN001
    """Issue 23: the corrections reached only a stuffie's stuffing, hearts and buttons; now also its
    stored dice and stuffing value, a minion's threat space, stuffing and defense, the threat track."""
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "encounter", "--monster", "Crawly", "--monster", "Grub:boss").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(
        keys.select(2),
        keys.ENTER,  # correct… Lumpy
        keys.select(4),
        keys.select(1),  # its stored die (board): orange
        keys.select(2),
        keys.select(3),  # correct… Grub
        keys.ENTER,
        keys.type("1", clear=1),  # threat space 1 (it was 2)
        keys.select(2),
        keys.select(4),  # correct… the threat track
        keys.type("1", clear=1),  # 1 black die
        keys.select(2),
        keys.select(3),  # correct… Crawly (now under space 2)
        keys.select(1),
        keys.type("1", clear=1),  # stuffing 1
        keys.select(3),  # leave
    )
    flow.run(name)
    _, state = load("stuffed-fables", name)
    assert state.stuffies[0].slots[0].die == "orange"
    assert [(m.name, m.position, m.stuffing) for m in sorted(state.monsters, key=lambda m: m.position)] == [
        ("Grub", 1, 2),
        ("Crawly", 2, 1),
    ]
    assert state.track == 1 and census_ok(state)
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-4:] == [
        "Lumpy corrected",
        "Grub corrected",
        "Threat track corrected (1 black die)",
        "Crawly corrected",
    ]


def keys_to_choose(menu: list[tuple[str, str]], default: str | None, value: str) -> int:
    """Keystrokes to pick ``value`` in a select menu whose cursor starts on ``default`` (the first
    entry without one): one arrow per entry in between, then Enter."""
    ids = [i for i, _ in menu]
    start = ids.index(default) if default in ids else 0
    return abs(ids.index(value) - start) + 1


def test_ending_a_turn_takes_one_key(keys, gm) -> None:  # noqa: ANN001
    """Issue 23, measured: ending a turn took 9 keys — the menu's cursor on “Move”, 8 × ↓ + Enter
    to “End the turn”. Now the rule's next step is proposed: once the hand is used up the end of
    the turn is the default (1 key, Enter); with dice left unused, one key (e) ends it."""
    from gm_assist.games.stuffed_fables.turn import next_step

    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "orange,noir").exit_code == 0
    assert gm("stuffed-fables", "place-threat").exit_code == 0
    assert gm("stuffed-fables", "store", "--die", "orange").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    _, state = load("stuffed-fables", name)
    menu = flow._menu(state)
    assert keys_to_choose(menu, None, "end_turn") == 9  # before: no step proposed
    assert next_step(state).key == "end_turn"
    assert keys_to_choose(menu, next_step(state).key, "end_turn") == 1
    keys.send(keys.ENTER, keys.CTRL_C)  # 1 key: the turn ends
    flow.run(name)
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1] == "End of turn and threat check"

    assert gm("stuffed-fables", "draw", "--stuffie", "Stitch", "--dice", "jaune,vert").exit_code == 0
    _, state = load("stuffed-fables", name)
    assert keys_to_choose(flow._menu(state), next_step(state).key, "end_turn") == 9  # dice left: no default
    keys.send("e", keys.CTRL_C)  # …but one key ends it
    flow.run(name)
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1] == "End of turn and threat check"
    _, state = load("stuffed-fables", name)
    assert state.current is None and state.last == "Stitch" and state.discard.get("yellow") == 1


def test_a_minion_attacking_the_only_stuffie_awake_asks_no_which_stuffie(keys, gm) -> None:  # noqa: ANN001
    """No needless question at the end of a turn (issue 23): one stuffie awake is the one attacked."""
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy").exit_code == 0
    assert gm("stuffed-fables", "encounter", "--monster", "Crawly").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "noir").exit_code == 0
    assert gm("stuffed-fables", "end-turn").exit_code == 0
    assert gm("stuffed-fables", "activate", "--roll", "3").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(keys.ENTER, keys.type("2"), keys.CTRL_C)  # its attack (proposed): 2, no stored die
    flow.run(name)
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1] == "Minion attack 2 on Lumpy"


def _lumpy_on_the_last_screen(out: str) -> str:
    """Lumpy's row of the last stuffie table drawn."""
    return next(line for line in out[out.rindex("Stuffies") :].splitlines() if "Lumpy" in line)


D = "\x1b[B"
SPENDING = {  # step: (die stored on Lumpy's board, dice in hand, set-up commands, keys spending it)
    "test": (
        "jaune",
        "jaune,orange",
        [],
        [  # yellow test: the yellow in hand (proposed) and the stored one
            D * 3 + "\r",
            D * 2 + "\r",
            "3\r",
            D + " \r",
            "4,4\r",
        ],
    ),
    "move": ("orange", "vert", [], ["\r", D + " \r", "4\r"]),
    "search": ("jaune", "vert", [], [D * 4 + "\r", "3\r", " \r", "4\r"]),
    "attack": (
        "orange",
        "vert",
        [["encounter", "--monster", "Grub:boss"]],
        [D * 5 + "\r", "\r", "\r", "3\r", " \r", "4\r"],
    ),
    "group task": ("orange", "vert", [], [D * 6 + "\r", "9\r", D + " \r", "4\r"]),
    "defence": (
        "orange",
        "noir",
        [["encounter", "--monster", "Crawly"], ["place-threat"], ["end-turn"], ["activate", "--roll", "3"]],
        ["\r", "\r", "3\r", "\r", "1\r"],
    ),
}


@pytest.mark.parametrize("step", list(SPENDING))
def test_the_screen_after_a_step_shows_the_stored_die_spent(keys, gm, capsys, step) -> None:  # noqa: ANN001
    """Issue 23: the stored-dice column still showed a die the table had just spent. In the menus a
    skill test prefilled the whole hand: with the stored die ticked the step was refused (an orange
    die cannot be used for this test) and the screen, rightly, still showed the die. Now only usable
    dice are offered, and every step that spends a stored die shows it gone on the next screen."""
    stored, hand, setup, script = SPENDING[step]
    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", f"{stored},{hand}").exit_code == 0
    assert gm("stuffed-fables", "store", "--die", stored).exit_code == 0
    for args in setup:
        assert gm("stuffed-fables", *args).exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    changes = gm("show", "--json").json["session"]["changes"]
    capsys.readouterr()
    keys.send(*script, keys.CTRL_C)
    flow.run(name)
    out = capsys.readouterr().out
    recorded = 2 if step == "group task" else 1  # a group task is opened, then the dice go on it
    assert gm("show", "--json").json["session"]["changes"] == changes + recorded
    assert "board: —" in _lumpy_on_the_last_screen(out), out[-1500:]
    _, state = load("stuffed-fables", name)
    assert state.stuffies[0].slots[0].die is None and census_ok(state)


def test_the_menu_and_the_cli_next_line_render_one_next_step(gm) -> None:  # noqa: ANN001
    """Issue 13: ``turn.next_step`` is the one answer: the guided menu's cursor starts on its step
    (or on its first choice when the step is a choice among the menu's entries) and the CLI's "Next"
    line is its sentence, from the draw to the end of the minion turn."""
    from gm_assist.games.stuffed_fables.turn import next_step

    sf = "stuffed-fables"
    assert gm(sf, "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    steps = [
        ("encounter", "--monster", "Crawly"),
        ("draw", "--stuffie", "Lumpy", "--dice", "orange,blanc,noir,rose"),
        ("recover", "--rolls", "5", "--value", "5"),
        ("place-threat",),
        ("store", "--die", "rose"),
        ("move", "--dice", "orange", "--rolls", "3"),
        ("end-turn",),
        ("activate", "--roll", "3"),
        ("monsters-end",),
        ("draw", "--stuffie", "Stitch", "--dice", "noir,noir,orange"),
        ("end-turn",),
    ]
    seen = set()
    for command in [None, *steps]:
        if command is not None:
            assert gm(sf, *command).exit_code == 0, command
        _, state = load(sf)
        upcoming = next_step(state)
        seen.add(upcoming.key)
        ids = [i for i, _ in flow._menu(state)]
        cursor = upcoming.key if upcoming.key in ids else ids[0]
        assert cursor in {upcoming.key, *[c.key for c in upcoming.choices[:1]]}, (upcoming.key, ids)
        assert all(c.key in ids for c in upcoming.choices)
        assert upcoming.text() in gm(sf, "status").stdout.replace("\n", " ")
    assert {"draw", "recover", "place_threat", "actions", "activate", "monster_attack"} <= seen


def test_ending_the_minion_turn_names_the_minions_that_have_not_acted_and_asks(player, gm, capsys) -> None:  # noqa: ANN001
    """Issue 34.3: every minion acts, in threat order (« Tour des monstres »). Ending the minion turn
    before Grub acted says so and asks; the default (No) keeps the turn going."""
    from gm_assist.core.i18n import t
    from tests.player import Enter, Pick, Yes

    assert gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm("stuffed-fables", "encounter", "--monster", "Crawly", "--monster", "Grub").exit_code == 0
    assert gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "noir,noir").exit_code == 0
    assert gm("stuffed-fables", "end-turn").exit_code == 0  # a minion turn begins
    assert gm("stuffed-fables", "activate", "--roll", "3").exit_code == 0  # Crawly acts, Grub not yet
    name = gm("show", "--json").json["session"]["name"]
    capsys.readouterr()
    menu, end, leave = (
        t("stuffed_fables.flow.menu"),
        t("stuffed_fables.flow.step.end_monsters"),
        t("guided.leave"),
    )
    player.queue((menu, Pick(end)), (t("guided.move_on"), Enter), (menu, Pick(leave)))
    flow.run(name)
    out = capsys.readouterr().out
    assert "Still to do:" in out
    assert "Grub (threat space 2) has not acted yet: every minion acts, in threat order." in out
    _, state = load("stuffed-fables", name)
    assert state.pending == "monsters" and state.monster_turn.acted == ["Crawly"]
    player.queue((menu, Pick(end)), (t("guided.move_on"), Yes), (menu, Pick(leave)))
    flow.run(name)  # the table ends it anyway: who did not act is said
    assert "Did not act: Grub." in capsys.readouterr().out
    assert load("stuffed-fables", name)[1].pending is None
    assert not player.script
