"""What the input fuzzing found (issue 9), pinned by their exact reproducers."""

from __future__ import annotations

from pathlib import Path

from fuzz.fuzz_cli import snapshot

HUGE = str(10**12)


def test_huge_baddie_points_are_refused_not_built(gm) -> None:  # noqa: ANN001
    """`tmb queue`/`battle start` with a huge day or modifier used to build billions of chips
    (MemoryError, exit 1)."""
    for args in (
        ["--day", HUGE, "--gearlocs", "3"],
        ["--day", "4", "--gearlocs", "3", "--extra-points", HUGE],
    ):
        r = gm("tmb", "queue", *args, "--json")
        assert r.exit_code == 2 and "1000" in r.stderr and r.stdout == "", r
    r = gm("--lang", "fr", "tmb", "queue", "--day", HUGE, "--gearlocs", "3")
    assert r.exit_code == 2 and "points de vilains" in r.stderr, r


def test_huge_battle_start_modifier_saves_nothing(gm, home: Path) -> None:  # noqa: ANN001
    assert gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Capitank").exit_code == 0
    assert gm("tmb", "next-day").exit_code == 0
    assert gm("tmb", "encounter", "--fight").exit_code == 0
    before = snapshot(home)
    r = gm("tmb", "battle", "start", "--gearloc", "Capitank=2", "--extra-points", HUGE, "--json")
    assert r.exit_code == 2 and "1000" in r.stderr and r.stdout == "", r
    assert snapshot(home) == before


def test_huge_cheese_on_the_wheel_is_refused(gm, home: Path) -> None:  # noqa: ANN001
    """`mice-and-mystics wheel 1000000000000` used to loop for ever, one surge event per wheel."""
    assert gm("mice-and-mystics", "new", "--mouse", "Tilda", "--mouse", "Nez").exit_code == 0
    before = snapshot(home)
    r = gm("mice-and-mystics", "wheel", HUGE, "--json")
    assert r.exit_code == 2 and "60" in r.stderr and r.stdout == "", r
    assert snapshot(home) == before
    r = gm("mice-and-mystics", "wheel", "13", "--json")  # two full wheels still work
    assert r.exit_code == 0 and r.json["wheel"] == 1, r


def test_huge_nightmare_move_wakes_everyone_without_building_the_path(gm) -> None:  # noqa: ANN001
    """`insomnia nightmare move 1000000000000` used to list every space on the way (MemoryError)."""
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    for mode in ("move", "saute"):
        r = gm("insomnia", "nightmare", mode, HUGE, "--json")
        assert r.exit_code == 0 and r.json["nightmare_space"] == 10, r  # 0 + 10**12 lands on space 10
        assert {s["status"] for s in r.json["sheep"]} == {"woken"}, r
        assert gm("undo").exit_code == 0


def test_unknown_gearloc_or_card_lists_names_not_positions(gm) -> None:  # noqa: ANN001
    """`tmb sheet 0` used to pick the first gearloc (its hidden id "0"), and an unknown name listed
    "Known: 0, 1"; the same for loot cards."""
    r = gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Capitank", "--gearloc", "Atomik")
    assert r.exit_code == 0, r
    r = gm("tmb", "sheet", "0", "--json")
    assert r.exit_code == 2 and "Known: Capitank, Atomik." in r.stderr, r
    assert gm("tmb", "loot", "add", "Capitank", "Dague").exit_code == 0
    r = gm("tmb", "loot", "drop", "Capitank", "Epee", "--json")
    assert r.exit_code == 2 and "Known: Dague." in r.stderr, r
    r = gm("tmb", "loot", "drop", "Capitank", "1", "--json")  # a number is the card's place, 1 first
    assert r.exit_code == 0, r


def test_import_of_a_newer_export_says_so_in_words(gm, tmp_path: Path) -> None:  # noqa: ANN001
    """Importing an export from a newer gm-assist printed the bare key ``core.error.schema_newer``."""
    import json

    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    out = tmp_path / "x.json"
    assert gm("export", "insomnia-1", "-o", str(out)).exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    data["session"]["game_schema"] = 99
    out.write_text(json.dumps(data), encoding="utf-8")
    r = gm("import", str(out), "--name", "Copie", "--json")
    assert r.exit_code == 2 and "newer gm-assist" in r.stderr and "core.error" not in r.stderr, r


def test_superscript_digits_are_not_numbers(gm) -> None:  # noqa: ANN001
    """`tmb initiative --baddie ²` crashed: "²".isdigit() is True but int("²") fails."""
    for spec in ("²", "x=²", "x=1:²"):
        r = gm("tmb", "initiative", "--baddie", spec, "--gearloc", "Capitank=3", "--json")
        assert r.exit_code == 2 and spec in r.stderr, (spec, r)
    assert gm("mice-and-mystics", "new", "--mouse", "Tilda").exit_code == 0
    r = gm("mice-and-mystics", "place", "--space", "A:²", "--enemy", "roach:2:small", "--json")
    assert r.exit_code == 2 and "A:²" in r.stderr, r
