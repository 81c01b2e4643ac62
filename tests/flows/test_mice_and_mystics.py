"""Mice and Mystics guided flow, driven by scripted keys: set-up, a round, cancel and error paths."""

from __future__ import annotations

from gm_assist.core.session import load
from gm_assist.games.mice_and_mystics import flow

GAME = "mice-and-mystics"
QUIT = flow.MENU.index("quit")


def menu(keys, entry: str, has_track: bool) -> str:  # noqa: ANN001
    """Keys choosing a menu entry; the pointer starts on `next` (track laid) or `initiative`."""
    start = 0 if has_track else flow.MENU.index("initiative")
    return keys.select(flow.MENU.index(entry) - start)


def test_setup_and_a_guided_round(keys) -> None:  # noqa: ANN001
    keys.send(
        keys.DOWN,
        keys.SPACE,
        keys.DOWN,
        keys.SPACE,
        keys.ENTER,  # Tilda and Nez ticked
        keys.ENTER,  # no other mouse
        keys.ENTER,  # chapter 1 (default)
        keys.type("8", clear=1),  # End marker on page 8
    )
    name = flow.new_session()
    assert name
    _, state = load(GAME, name)
    assert [m.name for m in state.mice] == ["Tilda", "Nez"] and state.end_page == 8

    keys.send(
        keys.ENTER,  # menu: lay initiative (the default with no track)
        keys.SPACE,
        keys.ENTER,  # roach ticked
        keys.type("2", clear=1),  # two roaches on the tile
        keys.select(1),  # we dealt the cards ourselves
        keys.select(2),  # top card: the roach (choices: Tilda, Nez, Roach)
        keys.select(0),  # second: Tilda; Nez is the last card
        keys.ENTER,  # menu: next (the default now) → the roach card ends
        keys.type("2", clear=1),  # the roaches rolled 2 cheese
        keys.ENTER,  # next: Tilda's turn ends
        menu(keys, "mouse", True),
        keys.select(0),
        keys.select(0),
        keys.type("2", clear=1),  # Tilda: 2 wounds
        menu(keys, "quit", True),
    )
    flow.run(name)
    _, state = load(GAME, name)
    assert [c.name for c in state.track] == ["roach", "Tilda", "Nez"]
    assert state.turn == 2 and state.round == 1
    assert state.wheel == 2 and state.minions == {"roach": 2}
    assert state.mice[0].wounds == 2


def test_guided_chapter_end_keeps_the_chosen_card(keys, gm) -> None:  # noqa: ANN001
    assert gm(GAME, "new", "--mouse", "Lily").exit_code == 0
    gm(GAME, "item", "Lily", "Sword")
    gm(GAME, "item", "Lily", "Bow")
    gm(GAME, "cheese", "Lily", "4")
    name = gm("show", "--json").json["session"]["name"]
    keys.send(menu(keys, "chapter", False), "y", keys.select(1), menu(keys, "quit", False))
    flow.run(name)
    _, state = load(GAME, name)
    assert state.chapter == 2 and [i.name for i in state.mice[0].items] == ["Bow"]
    assert state.mice[0].cheese == 0


def test_cancel_wizard_creates_nothing(keys, gm) -> None:  # noqa: ANN001
    keys.send(keys.CTRL_C)
    assert flow.new_session() is None
    assert gm("sessions", "--json").json["sessions"] == []


def test_cancel_a_step_records_nothing(keys, gm) -> None:  # noqa: ANN001
    assert gm(GAME, "new", "--mouse", "Tilda").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    before = gm("show", "--json").json["session"]["changes"]
    keys.send(keys.ENTER, keys.CTRL_C, menu(keys, "quit", False))  # start initiative, cancel, leave
    flow.run(name)
    assert gm("show", "--json").json["session"]["changes"] == before


def test_refused_step_keeps_the_menu_going(keys, gm) -> None:  # noqa: ANN001
    assert gm(GAME, "new", "--mouse", "Tilda").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    # defeat with no minion on the tile is refused; then wheel +1 works; then leave
    keys.send(menu(keys, "defeat", False), menu(keys, "wheel", False), keys.ENTER, menu(keys, "quit", False))
    flow.run(name)
    _, state = load(GAME, name)
    assert state.wheel == 1


def test_guided_hints_name_menu_entries(keys, gm, capsys) -> None:  # noqa: ANN001
    from gm_assist.core.context import ctx

    assert gm(GAME, "new", "--mouse", "Tilda").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    capsys.readouterr()
    ctx().guided = True  # set after the CLI calls: the root CLI resets the context
    keys.send(
        menu(keys, "status", False),  # the status panel: lay the initiative track
        keys.UP,
        keys.ENTER,  # next turn without a track: refused
        menu(keys, "defeat", False),  # no minion on the tile: refused
        menu(keys, "quit", False),
    )
    flow.run(name)
    out = capsys.readouterr().out
    assert "gm-assist " not in out and "--enemy" not in out
    assert "lay the initiative track: pick “Lay initiative cards (new enemies)” in the menu" in out
    assert "Lay it first: “Lay initiative cards (new enemies)” in the menu." in out  # error.no_track
    assert "Lay the initiative first: “Lay initiative cards (new enemies)”." in out  # error.nothing_on_tile


def _table(gm, *order: str, enemies: tuple[str, ...] = ("rat:2",), lang: str = "en") -> str:  # noqa: ANN001
    """A session with Tilda and Nez and the track laid in ``order`` (top first)."""
    assert gm("--lang", lang, GAME, "new", "--mouse", "Tilda", "--mouse", "Nez").exit_code == 0
    args = [a for e in enemies for a in ("--enemy", e)]
    assert gm(GAME, "initiative", *args, "--present", ",".join(order)).exit_code == 0
    return gm("show", "--json").json["session"]["name"]


def test_aggressive_card_is_offered_its_swap_when_it_has_acted(keys, gm, capsys) -> None:  # noqa: ANN001
    """A Rat Warrior's card, having acted, trades places with the card above (its card says so)."""
    name = _table(gm, "Tilda", "rat", "Nez")
    assert gm(GAME, "next").exit_code == 0  # Tilda has played: the rats' turn
    capsys.readouterr()
    keys.send(keys.ENTER, keys.ENTER, keys.ENTER, menu(keys, "quit", True))  # next, 0 cheese, swap: yes
    flow.run(name)
    _, state = load(GAME, name)
    assert [c.name for c in state.track] == ["rat_warrior", "Tilda", "Nez"]
    assert state.track[state.turn].name == "Nez"  # Tilda, moved down, does not play twice
    out = capsys.readouterr().out
    assert "Aggressive" in out and "mice-and-mystics/minions" in out
    assert gm("history", "--json").json["entries"][-2]["label"].startswith("Rat Warrior")


def test_aggressive_card_on_top_or_a_calm_type_is_not_offered_a_swap(keys, gm) -> None:  # noqa: ANN001
    name = _table(gm, "rat", "roach", "Tilda", "Nez", enemies=("rat:2", "roach:1"))
    keys.send(keys.ENTER, keys.ENTER, keys.ENTER, keys.ENTER, menu(keys, "quit", True))  # rats, roach
    flow.run(name)
    _, state = load(GAME, name)
    assert [c.name for c in state.track] == ["rat_warrior", "roach", "Tilda", "Nez"]
    assert state.turn == 2


def test_minions_cheese_is_asked_once_per_turn(keys, gm, capsys) -> None:  # noqa: ANN001
    """Cheese entered on the wheel during the minions' turn is not asked again when the card ends."""
    name = _table(gm, "roach", "Tilda", "Nez", enemies=("roach:2",))
    capsys.readouterr()
    keys.send(menu(keys, "wheel", True), keys.type("2", clear=1), keys.ENTER, menu(keys, "quit", True))
    flow.run(name)
    _, state = load(GAME, name)
    assert state.wheel == 2 and state.turn == 1 and state.turn_cheese == 0
    out = capsys.readouterr().out
    assert "2 cheese already on the wheel this turn" in out
    assert "Cheese rolled by" not in out


def test_a_charmed_mouse_turn_says_it_acts_for_the_enemies(keys, gm, capsys) -> None:  # noqa: ANN001
    name = _table(gm, "Tilda", "Nez", enemies=())
    assert gm(GAME, "condition", "Tilda", "charmed").exit_code == 0
    capsys.readouterr()
    keys.send(keys.ENTER, menu(keys, "quit", True))
    flow.run(name)
    out = capsys.readouterr().out
    assert "Tilda is charmed: this turn the mouse acts for the enemies" in out
    assert "mice-and-mystics/charmed" in out
    _, state = load(GAME, name)
    assert "charmed" not in state.mouse("Tilda").conditions  # the charm ended with the turn


def test_placement_keeps_the_good_entries_and_asks_again_for_the_bad(keys, gm, capsys) -> None:  # noqa: ANN001
    name = _table(gm, "Tilda", "Nez", enemies=())
    capsys.readouterr()
    keys.send(
        menu(keys, "place", True),
        keys.type("A:1 B:x C:3:red", clear=len("A:1 B:3 C:5:red")),
        keys.type("B:2", clear=3),  # only B is asked again
        keys.type("roach:3:small", clear=len("roach:3:small")),
        menu(keys, "quit", True),
    )
    flow.run(name)
    out = capsys.readouterr().out
    assert "B:x" in out  # the bad entry named
    rows = [line for line in out.splitlines() if line.strip().startswith(("│ A", "│ B", "│ C"))]
    assert len(rows) == 3, out


def test_a_new_tile_says_what_it_changes_as_the_command_does(player, gm, capsys) -> None:  # noqa: ANN001
    """« Explore: new tile » tells the table what the command tells it (the surge is available
    again, conditions stay, place the enemies and lay their cards), naming the menu entries."""
    from gm_assist.core.context import ctx
    from tests.player import Pick, Type

    name = _table(gm, "Tilda", "rat_warrior", "Nez")
    capsys.readouterr()
    ctx().guided = True
    player.queue(
        ("What now?", Pick("Explore: new tile")),
        ("Name of the new tile", Type("Kitchen")),
        ("What now?", Pick("Leave")),
    )
    flow.run(name)
    out = capsys.readouterr().out
    assert "Tile 2: the surge is available again; conditions stay on the mice." in out
    assert "“Where do the enemies go? (placement)”" in out and "`place`" not in out


def test_recovering_a_mouse_with_no_condition_is_said_not_a_crash(keys, gm, capsys) -> None:  # noqa: ANN001
    """Found by the menu explorer (issue 32): "Recovers from a condition" for a mouse with none
    built an empty list, which questionary refuses with a traceback."""
    assert gm(GAME, "new", "--mouse", "Tilda").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    recover = flow.MOUSE_CHANGES.index("recover")
    keys.send(menu(keys, "mouse", False), keys.ENTER, keys.select(recover), menu(keys, "quit", False))
    flow.run(name)
    assert "Tilda has no condition to recover from." in capsys.readouterr().out
    assert gm("show", "--json").json["session"]["changes"] == 0
