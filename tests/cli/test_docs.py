"""The docs are tested (issue 13): every command of the real CLI is named in the README or its game's
docs page, and every JSON key the README's table promises is in the command's ``--json`` document."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fuzz.fuzz_setups import SEEDS, recipe_for

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = {p.stem: p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "games").glob("*.md")}


def _commands() -> list[tuple[str, ...]]:
    """Every visible leaf command of ``gm-assist`` (lazy game groups and sub-groups included)."""
    import typer
    from typer._click import Context

    from gm_assist.cli import app

    found: list[tuple[str, ...]] = []

    def walk(cmd: Any, path: tuple[str, ...], ctx: Any) -> None:
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(sub, (*path, name), Context(sub, parent=ctx, info_name=name))
            return
        found.append(path)

    root = typer.main.get_command(app)
    walk(root, (), Context(root, info_name="gm-assist"))
    return found


def _named(path: tuple[str, ...]) -> bool:
    from gm_assist.games import GAMES

    games = {g.id: [g.id, *g.aliases] for g in GAMES.values()}
    if path[0] not in games:
        return bool(re.search(r"`(gm-assist )?" + re.escape(" ".join(path)) + r"(?![\w-])", README))
    folder = path[0].replace("-", "_")
    texts = [README, *(text for stem, text in PAGES.items() if stem.split("-")[0] == folder)]
    spelled = [" ".join((name, *path[1:])) for name in games[path[0]]]
    return any(
        re.search(r"(?<![\w-])" + re.escape(words) + r"(?![\w-])", text)
        for text in texts
        for words in spelled
    ) or any(re.search(r"`" + re.escape(" ".join(path[1:])) + r"(?![\w-])", text) for text in texts)


def test_every_command_is_documented():
    commands = _commands()
    assert ("tmb", "battle", "damage") in commands and ("rules", "search") in commands
    assert [" ".join(p) for p in commands if not _named(p)] == []


def _promised() -> list[tuple[str, list[str]]]:
    """(command, top-level keys) of each one-command row of the README's JSON table."""
    start = README.index("| command | keys |")
    rows = []
    for line in README[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        commands = re.findall(r"`([^`]+)`", cells[0])
        if len(commands) != 1 or "/" in cells[1].replace("`/`", ""):
            continue  # several commands share the row (keys listed per command with "/")
        flat = re.sub(r"\([^()]*(\([^()]*\)[^()]*)*\)", "", cells[1])  # drop the (explanations)
        keys = [k for k in re.findall(r"`([a-z_]+)`", flat)]
        rows.append((commands[0], keys))
    return rows


PROMISED = _promised()


def test_the_json_table_is_read():
    named = dict(PROMISED)
    assert named["history"] == ["session", "entries"] and "confident" in named["rules search"]
    assert len(PROMISED) >= 20


@pytest.mark.parametrize(("command", "keys"), PROMISED, ids=[c for c, _ in PROMISED])
def test_every_promised_json_key_is_produced(command, keys, gm, monkeypatch, tmp_path):
    path = tuple(command.split())
    seeds = SEEDS.get(command)
    assert seeds, f"no valid example of `{command}` in tests/fuzz/fuzz_setups.py"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "files").mkdir()  # the root recipe exports a game there
    for step in recipe_for(path):
        assert gm(*step).exit_code == 0, step
    answers = [gm(*path, *(a for a in seed.split(" ") if a), "--json") for seed in seeds]
    done = [r for r in answers if r.exit_code == 0]
    assert done, answers
    assert [k for k in keys if k not in done[0].json] == []
