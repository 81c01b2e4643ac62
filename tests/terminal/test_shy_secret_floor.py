"""Shy Monsters with two players at one real terminal (issue 23): the Dungeon Master types the floor
masked, every mistake is listed in full, and once laid the screen and its scrollback are cleared, so
the typed floor never reaches the hero's screen, nor `show`, `history` or `--json`."""

from __future__ import annotations

from pathlib import Path

from gm_assist.core.i18n import t
from tests.terminal.test_real_terminal import CTRL_C, ENTER, Play, _gm, play  # noqa: F401 (fixture)

WRONG = "OPC/..E/XEC"  # two entrances, and a monster next to the entrance
RIGHT = "opc/..c/xec"


def test_the_typed_floor_is_never_on_the_heros_side(tmp_path: Path, play: Play) -> None:  # noqa: F811
    home = tmp_path / "home"
    assert _gm(home, "en", "shy-monsters", "new", "--name", "duel").returncode == 0
    screen = play(home, "en")
    screen.wait(t("core.menu.title"))
    screen.send(ENTER)  # resume
    screen.wait(t("core.menu.pick_session"), "duel")
    screen.send(ENTER)
    screen.wait(t("shy_monsters.flow.lay_prompt", floor=1))
    screen.send(WRONG, ENTER)
    screen.wait(t("shy_monsters.flow.lay_mistakes", n=2))
    listed = screen.wait(t("shy_monsters.flow.lay_prompt", floor=1))
    assert listed.count("•") == 2, listed  # every mistake, in full
    screen.send(RIGHT, ENTER)
    screen.wait(t("shy_monsters.flow.laid"))
    screen.send(CTRL_C)
    assert "\x1b[3J" in screen.raw  # the scrollback is cleared too
    for typed in (WRONG, RIGHT, WRONG.lower(), RIGHT.upper()):
        assert typed not in screen.raw and typed.replace("/", "") not in screen.raw
    rows = ("OPC", "..C", "XEC")
    outputs = [
        _gm(home, "en", *args)
        for args in (
            ["show"],
            ["show", "--json"],
            ["history"],
            ["history", "--json"],
            ["shy-monsters", "status"],
            ["shy-monsters", "status", "--json"],
        )
    ]
    for out in outputs:
        assert out.returncode == 0, out.stderr
        assert not any(row in out.stdout for row in rows), out.stdout
    screen.kill()
