"""The docs are tested (issue 13): every command of the real CLI is named in the README or its game's
docs page, and every JSON key the docs promise is in the command's ``--json`` document.

The promises are read from the docs themselves, so a key added to a table is checked from then on:
the rows of every ``| command | … keys |`` table (README and ``docs/games/*.md``), the ``| key |
meaning |`` tables under a line naming one command, and the README's JSON envelope (the keys every
recorded change of a game prints), once the README has a section named after it."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import start_from
from fuzz.fuzz_setups import ROOT as ROOT_RECIPE
from fuzz.fuzz_setups import SEEDS, SF_MONSTERS, SF_TURN, SHY, TMB_DAY, recipe_for

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


COMMANDS = _commands()


def _games() -> dict[str, list[str]]:
    from gm_assist.games import GAMES

    return {g.id: [g.id, *g.aliases] for g in GAMES.values()}


def _pages_of(game: str) -> list[str]:
    folder = game.replace("-", "_")
    return [text for stem, text in PAGES.items() if stem.split("-")[0] == folder]


def _named(path: tuple[str, ...]) -> bool:
    """A root command is named in the README (``gm-assist cmd`` or ``cmd`` in code); a game's, in
    the README or its pages spelled whole (``tmb battle damage``), or in its own pages as written
    under the game (``battle damage`` in code)."""
    games = _games()
    if path[0] not in games:
        return bool(re.search(r"`(gm-assist )?" + re.escape(" ".join(path)) + r"(?![\w-])", README))
    pages = _pages_of(path[0])
    spelled = [" ".join((name, *path[1:])) for name in games[path[0]]]
    return any(
        re.search(r"(?<![\w-])" + re.escape(words) + r"(?![\w-])", text)
        for text in [README, *pages]
        for words in spelled
    ) or any(re.search(r"`" + re.escape(" ".join(path[1:])) + r"(?![\w-])", text) for text in pages)


def test_every_command_is_documented():
    assert ("tmb", "battle", "damage") in COMMANDS and ("rules", "search") in COMMANDS
    assert [" ".join(p) for p in COMMANDS if not _named(p)] == []


# --- the JSON keys the docs promise ------------------------------------------------------------------


@dataclass
class Promise:
    path: tuple[str, ...]
    source: str
    keys: list[list[str]]
    """Every group must be in the JSON document; a group of several is "one of them" (``a`` / ``b``)."""

    @property
    def id(self) -> str:
        return f"{' '.join(self.path)} ({self.source})"


def _flat(text: str) -> str:
    """``text`` without its explanations and item shapes: ``(…)``, ``[…]``, ``{…}`` (nested too), so
    that only the top-level names stay (``sessions`` of ``sessions (list of {id, name})``)."""
    while True:
        flat = re.sub(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}", "", text)
        if flat == text:
            return flat
        text = flat


def _names(text: str) -> list[str]:
    """The key names written in ``text``: code spans holding one name or a comma-separated list."""
    names = []
    for span in re.findall(r"`([^`]+)`", text):
        names += [part.strip() for part in span.split(",") if re.fullmatch(r"\s*[a-z][a-z0-9_]*\s*", part)]
    return names


def _split(text: str, separator: str) -> list[str]:
    """``text`` split on the regex ``separator`` outside code spans."""
    hidden = re.sub(r"`[^`]*`", lambda m: m.group(0).replace(",", "\0c").replace("/", "\0s"), text)
    return [p.replace("\0c", ",").replace("\0s", "/") for p in re.split(separator, hidden)]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]


def _rows(text: str) -> list[tuple[str, list[str], list[str]]]:
    """(the line before the table, header cells, row cells) of every row of every markdown table."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        if not (line.startswith("|") and i + 1 < len(lines) and re.fullmatch(r"\|[-:| ]+\|", lines[i + 1])):
            continue
        before = next((lines[j] for j in range(i - 1, max(i - 4, -1), -1) if lines[j].strip()), "")
        header = _cells(line)
        for row in lines[i + 2 :]:
            if not row.startswith("|"):
                break
            out.append((before, header, _cells(row)))
    return out


def _command(words: str, game: str | None) -> tuple[str, ...] | None:
    """The command ``words`` name (``tmb sheet G [--hp …]``, ``draw``, ``status --json``): the
    longest known command its first words spell, under the page's game first; None if none."""
    spelled = words.replace("\u00a0", " ").split()
    for prefix in [(game,)] * bool(game) + [()]:
        for n in range(len(spelled), 0, -1):
            if (*prefix, *spelled[:n]) in COMMANDS:
                return (*prefix, *spelled[:n])
    return None


def _row_promises(commands_cell: str, keys_cell: str, source: str, game: str | None) -> list[Promise]:
    """One row of a command/keys table. Several commands split by ``/`` with as many ``/`` parts
    of keys take them in order (``undo`` / ``redo`` … ``undone`` / ``redone``); otherwise every
    command of the row promises every key, and ``a`` / ``b`` (or ``a``, ``b``, or ``c``) means one of
    them. What is said in parentheses (a key given only in some cases) is not promised."""
    commands_flat = _flat(commands_cell)
    paths = [_command(span, game) for span in re.findall(r"`([^`]+)`", commands_flat)]
    if not paths or None in paths:
        return []  # a row about a kind of command ("every recorded change"), explained by the others
    keys_flat = _flat(keys_cell)
    parts = _split(keys_flat, r"\s/\s")
    if len(paths) > 1 and " / " in commands_flat and len(parts) == len(paths):
        return [
            Promise(path, source, [[k] for k in _names(part)])
            for path, part in zip(paths, parts, strict=True)
        ]
    items = _split(keys_flat, ",")
    if any(item.strip().startswith("or ") for item in items):  # "`a`, `b`, or `c`": one of them
        return [Promise(path, source, [_names(keys_flat)]) for path in paths if path is not None]
    groups: list[list[str]] = []
    for item in items:
        alternatives = _split(item, r"\s*/\s*")
        if len(alternatives) == 1:
            groups += [[k] for k in _names(item)]
        elif names := [k for alt in alternatives for k in _names(alt)]:
            groups.append(names)
    return [Promise(path, source, groups) for path in paths if path is not None]


def _promises(text: str, source: str, game: str | None) -> list[Promise]:
    """What one page promises: the rows of its ``| command | … keys |`` tables, and its ``| key |
    meaning |`` tables under a line naming one command (``tmb queue --json``, ``score``:)."""
    found: list[Promise] = []
    for before, header, cells in _rows(text):
        first, last = header[0].lower(), header[-1].lower()
        if first == "command" and "keys" in last and len(cells) == len(header):
            found += _row_promises(cells[0], cells[-1], source, game)
        elif first == "key" and cells:
            keys = [[k] for k in _names(_flat(cells[0]))]
            spans = re.findall(r"`([^`]+)`", _flat(before))
            if spans and "…" in spans[0]:  # "`tmb battle … --json` (every battle command; `status`
                # has the same keys without `label`/`party`)": every command under that group
                group = tuple(spans[0].split("…")[0].split())
                without = dict(re.findall(r"`([^`]+)` has the same keys without ([^;)]*)", before))
                but = set(re.findall(r"but `([^`]+)`", before))  # "every battle command but `refill`"
                for path in (c for c in COMMANDS if c[: len(group)] == group and " ".join(c) in SEEDS):
                    if path[-1] in but:
                        continue
                    dropped = set(_names(without.get(path[-1], "")))
                    found.append(Promise(path, source, [k for k in keys if k[0] not in dropped]))
                continue
            path = _command(spans[0], game) if spans else None
            if path is not None:
                found.append(Promise(path, source, keys))
    if game is not None:  # a game's page also lists keys in its text: "`solo-score`: `score`, `title`…"
        found += _prose_promises(text, source, game)
    merged: dict[tuple[str, ...], Promise] = {}
    for p in found:  # a key table has a row per key: one promise per command and page
        if p.path in merged:
            merged[p.path].keys += [k for k in p.keys if k not in merged[p.path].keys]
        else:
            merged[p.path] = p
    return [p for p in merged.values() if p.keys]  # "text only": nothing to check


def _prose_promises(text: str, source: str, game: str) -> list[Promise]:
    """The sentences (or ``;`` parts) of a page's paragraphs that begin with one command in code
    and a colon, then its keys: ``tmb baddie add --json``: ``baddie``."""
    found = []
    for paragraph in re.split(r"\n\s*\n", text):
        if paragraph.lstrip().startswith(("|", "```", "#", "$")):
            continue
        for part in re.split(r";\s+|(?<=[.])\s+(?=`)", " ".join(paragraph.split())):
            said = re.match(r"`([^`]+)`:\s*(.*)", part.strip())
            path = _command(said.group(1), game) if said else None
            if said and path is not None:
                found.append(Promise(path, source, [[k] for k in _names(_flat(said.group(2)))]))
    return found


def _all_promises() -> list[Promise]:
    out = _promises(README, "README", None)
    for stem, text in sorted(PAGES.items()):
        game = next(g for g in _games() if g.replace("-", "_") == stem.split("-")[0])
        out += _promises(text, f"docs/games/{stem}.md", game)
    return out


PROMISES = _all_promises()
PROMISED = [(" ".join(p.path), [k for g in p.keys for k in g]) for p in PROMISES if p.source == "README"]


def test_the_json_table_is_read():
    named = dict(PROMISED)
    assert named["history"] == ["session", "entries"] and "confident" in named["rules search"]
    assert len(PROMISED) >= 20
    by = {p.id: p.keys for p in PROMISES}
    # several commands in one row: in order when the keys are split the same way, else "one of"
    assert by["undo (README)"] == [["session"], ["undone"]] and by["redo (README)"] == [["redone"]]
    assert by["rename (README)"] == [["current", "session"]]
    assert by["rules glossary (README)"] == [["terms"]]
    # the games' pages: relative command names, whole command lines, key/meaning tables
    assert ["dice"] in by["stuffed-fables draw (docs/games/stuffed_fables.md)"]
    assert by["stuffed-fables contribute (docs/games/stuffed_fables.md)"] == [["done"], ["total"], ["target"]]
    assert ["reminders"] in by["tmb status (docs/games/tmb.md)"]
    assert ["needs_choice"] in by["tmb initiative (docs/games/tmb-battle.md)"]
    assert ["party"] in by["tmb battle damage (docs/games/tmb-battle.md)"]  # "tmb battle … --json"
    assert by["tmb baddie add (docs/games/tmb-battle.md)"] == [["baddie"]]  # said in a sentence
    assert ["title_fr"] in by["insomnia solo-score (docs/games/insomnia.md)"]
    assert ["round"] in by["tmb battle status (docs/games/tmb-battle.md)"]
    assert ["party"] not in by["tmb battle status (docs/games/tmb-battle.md)"]  # "status … without"
    assert ["first_player_tie"] in by["insomnia score (docs/games/insomnia.md)"]
    assert ["errors"] in by["shy-monsters check (docs/games/shy_monsters.md)"]
    assert by["stuffed-fables adjust (docs/games/stuffed_fables.md)"] == [["stuffie", "monster", "track"]]
    assert ["code"] not in by["shy-monsters check (docs/games/shy_monsters.md)"]  # an error's own key
    assert len({p.source for p in PROMISES}) >= 5 and len(PROMISES) >= 80


_SF_SURGE = (
    SF_TURN[0],
    ("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "noir,noir"),
    ("stuffed-fables", "end-turn"),
)
_SUCCEEDS: dict[str, tuple[tuple[tuple[str, ...], ...], str]] = {
    "undo": ((*ROOT_RECIPE, ("insomnia", "move", "3")), ""),
    "redo": ((*ROOT_RECIPE, ("insomnia", "move", "3"), ("undo",)), ""),
    "tmb challenge": (
        (
            *TMB_DAY,
            ("tmb", "encounter", "--peaceful"),
            ("tmb", "success"),
            ("tmb", "reward", "--progress", "6"),
            ("tmb", "next-day", "--force"),
        ),
        "",
    ),
    "shy-monsters jump": ((*SHY, ("shy-monsters", "explore", "east")), "n"),
    "tmb battle place": (recipe_for(("tmb", "battle", "place")), "1 --lane 1 --position ranged"),
    "tmb battle revive": (
        (*recipe_for(("tmb", "battle", "revive")), ("tmb", "battle", "ko", "Atomik")),
        "Atomik --hp 2",
    ),
    "tmb battle refill": (
        (
            *recipe_for(("tmb", "battle", "refill")),  # a battle won: chips in the graveyard
            *(("tmb", "battle", "defeat", str(lane)) for lane in range(1, 5)),
            ("tmb", "battle", "end"),
        ),
        "1",
    ),
    "stuffed-fables search": (SF_TURN, "--target 4 --dice rose --rolls 5"),
    "stuffed-fables surge": (_SF_SURGE, "--monster Grizzlor:boss"),
    "stuffed-fables monster-attack": (
        (*SF_MONSTERS, ("stuffed-fables", "activate", "--roll", "3")),
        "--stuffie Lumpy --attack 2",
    ),
}
"""Where every fuzzing example of a command (tests/fuzz/fuzz_setups.py) stops at a rule in the state
its recipe builds: a state and an example in which it succeeds, to read its keys."""


def _examples(path: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], list[str]]:
    """The set-up a command runs in and its examples (argv without ``--json``)."""
    command = " ".join(path)
    assert SEEDS.get(command), f"no valid example of `{command}` in tests/fuzz/fuzz_setups.py"
    if command in _SUCCEEDS:
        recipe, seed = _SUCCEEDS[command]
        return recipe, [seed, *SEEDS[command]]
    return recipe_for(path), SEEDS[command]


def _run(gm: Any, path: tuple[str, ...], seed: str) -> Any:
    return gm(*path, *(a for a in seed.split(" ") if a), "--json")


def _set_up(
    path: tuple[str, ...], recipe_homes: Any, home: Path, tmp_path: Path, monkeypatch: Any
) -> list[str]:
    """This test's home and folder hold the sessions the command's set-up builds; its examples."""
    recipe, seeds = _examples(path)
    monkeypatch.chdir(tmp_path)
    start_from(recipe_homes(recipe), home, tmp_path)
    return seeds


@pytest.mark.parametrize("promise", PROMISES, ids=[p.id for p in PROMISES])
def test_every_promised_json_key_is_produced(promise, gm, recipe_homes, home, monkeypatch, tmp_path):
    """The command's examples with ``--json``, one after the other in the session its set-up builds."""
    seeds = _set_up(promise.path, recipe_homes, home, tmp_path, monkeypatch)
    done = [r for r in (_run(gm, promise.path, seed) for seed in seeds) if r.exit_code == 0]
    assert done, f"no example of `{' '.join(promise.path)}` succeeded"
    for answer in done:  # every example that succeeded gives every key promised
        missing = [group for group in promise.keys if not any(k in answer.json for k in group)]
        assert missing == [], f"promised by {promise.source}, not in: {sorted(answer.json)}"


# --- the JSON envelope of a recorded change ------------------------------------------------------------


def envelope_keys(readme: str) -> list[str]:
    """The top-level keys of the JSON envelope, read from the README's section whose heading names
    it: its first JSON example (a ```json block, or a code span like ``{session, label, …}``)."""
    heading = re.search(r"(?m)^(#+) .*envelope.*$", readme, re.IGNORECASE)
    if heading is None:
        return []
    level = len(heading.group(1))
    end = re.search(rf"(?m)^#{{1,{level}}} ", readme[heading.end() :])
    section = readme[heading.end() : heading.end() + end.start() if end else None]
    block = re.search(r"```json\n(.*?)```", section, re.DOTALL)
    if block:
        try:
            return list(json.loads(block.group(1)))
        except ValueError:
            pass
    example = re.search(r"```(?:json)?\n\s*(\{.*?)```|`(\{[^`]*\})`", section, re.DOTALL)
    if example is None:
        return []
    inner = _flat((example.group(1) or example.group(2)).strip()[1:-1])  # the outer braces off
    return re.findall(r"\"?([a-z][a-z0-9_]*)\"?\s*:?\s*(?:,|$)", inner)


def test_the_envelope_is_read():
    span = "## The JSON envelope\n\nA change: `{session, label, events: [{key, card}], next: {key}, state}`."
    assert envelope_keys(span) == ["session", "label", "events", "next", "state"]
    block = '### JSON envelope\n```json\n{"session": "tmb-1", "label": "Day 2", "events": []}\n```\n## Next'
    assert envelope_keys(block) == ["session", "label", "events"]
    assert envelope_keys("## Other\n`{a}`") == [] and envelope_keys(README) == ENVELOPE


ENVELOPE = envelope_keys(README)
GAME_COMMANDS = [p for p in COMMANDS if p[0] in _games() and " ".join(p) in SEEDS] if ENVELOPE else []


def _changes(gm: Any) -> int:
    """Changes recorded in this home, over every session (history entries)."""
    sessions = gm("sessions", "--json").json["sessions"]
    return sum(len(gm("history", s["id"], "--json").json["entries"]) for s in sessions)


def test_a_recorded_change_is_seen(gm):
    for step in recipe_for(("tmb", "next-day")):
        gm(*step)
    before = _changes(gm)
    assert gm("tmb", "next-day", "--force", "--json").exit_code == 0
    assert _changes(gm) == before + 1 and gm("tmb", "status", "--json").exit_code == 0
    assert _changes(gm) == before + 1


@pytest.mark.parametrize("path", GAME_COMMANDS, ids=[" ".join(p) for p in GAME_COMMANDS])
def test_every_recorded_change_prints_the_envelope(path, gm, recipe_homes, home, monkeypatch, tmp_path):
    """Every game command that records a change (a new history entry) prints the envelope's keys
    (README), whatever its own keys; a command that records nothing promises no envelope. With no
    envelope section in the README, there is no case."""
    for seed in _set_up(path, recipe_homes, home, tmp_path, monkeypatch):
        before = _changes(gm)
        answer = _run(gm, path, seed)
        if answer.exit_code == 0 and _changes(gm) > before:
            assert [k for k in ENVELOPE if k not in answer.json] == [], sorted(answer.json)
