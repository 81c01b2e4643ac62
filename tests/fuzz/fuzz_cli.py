"""The machinery of the input fuzzing (issue 9): the `--json` commands, their set-ups, their inputs.

Every command of the real click tree that takes ``--json`` is found by walking ``gm_assist.cli.app``
(the lazy game groups and ``rules`` included, sub-groups recursively). For each one we know:

* the session the command acts on, built once by a *recipe* of valid commands (a template home that
  every example copies, so each example starts from the same fresh state);
* a few *valid seeds* (argv without ``--json``) so that the fuzzing also reaches the deep code;
* how to draw a value for each parameter from its click type: ints (negative, zero, huge, not a
  number), unicode text, empty strings, mangled ``NAME:NUM:NUM`` specs, paths, flags, repetitions.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from fuzz.fuzz_setups import SEEDS

# --- the command tree -----------------------------------------------------------------------------------


@dataclass
class Command:
    path: tuple[str, ...]
    params: list[Any]
    seeds: list[list[str]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return " ".join(self.path)


OUTPUT_OPTIONS = {("stats",): ("csv", "force")}


def discover() -> list[Command]:
    """Every command of the real CLI that takes ``--json`` (one per callback: aliases share theirs)."""
    import typer
    from typer._click import Context
    from typer.core import TyperGroup

    from gm_assist.cli import app

    found: list[Command] = []
    seen: set[Any] = set()

    def walk(cmd: Any, path: tuple[str, ...], ctx: Any) -> None:
        if isinstance(cmd, TyperGroup):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                walk(sub, (*path, name), Context(sub, parent=ctx, info_name=name))
            return
        original = getattr(cmd.callback, "__wrapped__", cmd.callback)
        if path == ("play",) or original in seen:
            return
        if not any("--json" in p.opts for p in cmd.params):
            return  # `tour`, `export`, `play`: no JSON document to check (or a terminal)
        seen.add(original)
        # an option that writes the file the user names (`stats --csv FILE`, like `export -o`) is
        # left out: writing outside the home is its purpose (tests/stats cover its refusals)
        left_out = ("help", *OUTPUT_OPTIONS.get(path, ()))
        params = [p for p in cmd.params if "--json" not in p.opts and p.name not in left_out]
        seeds = [[a.replace("\u00a0", " ") for a in s.split(" ") if a] for s in SEEDS.get(" ".join(path), [])]
        found.append(Command(path, params, seeds))

    root = typer.main.get_command(app)
    walk(root, (), Context(root, info_name="gm-assist"))
    return found


def parse_seed(cmd: Command, argv: list[str]) -> dict[str, list[Any]]:
    """A valid seed's values per parameter name (a flag is ``[True]``)."""
    by_opt = {o: p for p in cmd.params for o in getattr(p, "opts", []) + getattr(p, "secondary_opts", [])}
    args = [p for p in cmd.params if p.param_type_name == "argument"]
    values: dict[str, list[Any]] = {}
    i = 0
    while i < len(argv):
        tok = argv[i]
        param = by_opt.get(tok)
        if param is not None and param.param_type_name == "option":
            if getattr(param, "is_flag", False):
                values.setdefault(param.name, []).append(True)
                i += 1
            else:
                n = max(param.nargs, 1)
                val = argv[i + 1 : i + 1 + n]
                values.setdefault(param.name, []).append(val[0] if n == 1 else tuple(val))
                i += 1 + n
        else:
            for arg in args:
                if arg.name not in values:
                    values[arg.name] = [tok]
                    break
            i += 1
    return values


# --- values ---------------------------------------------------------------------------------------------

_ODD_INTS = [
    "0",
    "-1",
    "-0",
    "+2",
    " 3",
    "1.5",
    "",
    "x",
    "1e3",
    "0x10",
    "\u0663",
    str(10**12),
    str(-(10**12)),
    str(2**63),
    str(10**40),
    "999999999999999999999999",
    "²",
    "①",
    "Ⅻ",
]
_ODD_TEXT = [
    "",
    " ",
    "-",
    ":",
    "::",
    ",",
    ",,",
    "=",
    "/",
    "//",
    ".",
    "..",
    "../x",
    "a/b",
    "x=",
    "=3",
    "é",
    "Ä",
    "\u200b",
    "…",
    "🐑",
    "[bold]x[/bold]",
    "[/]",
    "[/x]",
    "[link=x]y",
    "{name}",
    "%s",
    "\\",
    "A:-1:40",
    "²",
    "x=²",
    "A:²:40",
    "roach:①",
    "1,²",
    "+²",
    "A:1e9:40",
    "A:99999999999999999999:1",
    ":4:3",
    "x=-2",
    "x=10000000000000",
    "a,b,c,d,e,f,g",
    "1,1,1",
    "0,0",
    "-1,-1",
    "99,99",
    "rat:0",
    "rat:-3:small",
    "rat:2:huge:melee:extra",
    "A:",
    "A:1",
    ":1:2",
    "A::",
    "0",
    "-5",
    str(10**12),
]
_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=10)
_PATHS = [
    "files/valid.json",
    "files/junk.json",
    "files/empty.json",
    "files/wrong.json",
    "files/list.json",
    "files/missing.json",
    "files",
    "",
    "/",
    "/dev/null",
    "files/truncated.json",
    "files/future_format.json",
    "files/future_game.json",
    "files/other_game.json",
    "files/bad_state.json",
    "files/no_journal.json",
]


def _mangle(value: str) -> st.SearchStrategy[str]:
    """A valid spec with one piece replaced, dropped, doubled or emptied."""
    sep = next((s for s in (":", "=", ",", "/") if s in value), None)
    if sep is None:
        return st.sampled_from([value.upper(), value[:-1], value + value, value + ":", " " + value + " "])
    parts = value.split(sep)

    @st.composite
    def build(draw: Any) -> str:
        i = draw(st.integers(0, len(parts) - 1))
        how = draw(st.sampled_from(["int", "text", "drop", "dup", "empty"]))
        new = list(parts)
        if how == "int":
            new[i] = draw(st.sampled_from(_ODD_INTS))
        elif how == "text":
            new[i] = draw(_TEXT)
        elif how == "drop":
            del new[i]
        elif how == "dup":
            new.insert(i, new[i])
        else:
            new[i] = ""
        return sep.join(new)

    return build()


_HUGE = [0, -1, 10**12, -(10**12), 2**63, 10**40]
_INTS = st.one_of(st.integers(-3, 12), st.sampled_from(_HUGE)).map(str)


def value_strategy(param: Any, pool: list[Any]) -> st.SearchStrategy[Any]:
    """Values for one parameter: by its click type, plus valid ones (``pool``) and their manglings."""
    kind = param.type.name
    if param.nargs == 2:
        one = st.one_of(st.sampled_from(_ODD_TEXT), _TEXT)
        return st.one_of(st.tuples(one, one), *([st.sampled_from(pool)] if pool else []))
    if kind in ("integer", "int"):
        # mostly numbers (so the command gets past click), sometimes not numbers at all
        parts = [_INTS, _INTS, _INTS, st.sampled_from(_ODD_INTS)]
    elif kind == "path":
        parts = [st.sampled_from(_PATHS), _TEXT]
    else:
        parts = [st.sampled_from(_ODD_TEXT), _TEXT]
    if pool:
        parts = [st.sampled_from(pool), st.sampled_from(pool).flatmap(_mangle), *parts]
    return st.one_of(*parts)


def _random_values(draw: Any, p: Any, pool: list[Any]) -> list[Any]:
    if getattr(p, "is_flag", False):
        return [True] if draw(st.booleans()) else []
    strat = value_strategy(p, pool)
    if p.param_type_name == "argument":
        return [draw(strat)] if (p.required or draw(st.booleans())) else []
    if getattr(p, "multiple", False):
        return draw(st.lists(strat, min_size=1 if p.required else 0, max_size=3))
    if draw(st.integers(0, 9)) == 0:
        return draw(st.lists(strat, min_size=2, max_size=2))  # the option repeated
    return [draw(strat)] if (p.required or draw(st.booleans())) else []


@st.composite
def argv_for(draw: Any, cmd: Command) -> list[str]:
    """One argv (without the global options and ``--json``) for ``cmd``: a valid seed with one or two
    parameters redrawn (two times in three), or every parameter drawn at random."""
    if cmd.seeds and draw(st.integers(0, 2)) > 0:
        values = parse_seed(cmd, draw(st.sampled_from(cmd.seeds)))
        names = [p.name for p in cmd.params]
        redraw = set(draw(st.lists(st.sampled_from(names), max_size=2))) if names else set()
    else:
        values, redraw = {}, {p.name for p in cmd.params}
    options: list[str] = []
    positional: list[str] = []
    for p in cmd.params:
        if p.name in redraw:
            pool = [v for s in cmd.seeds for v in parse_seed(cmd, s).get(p.name, []) if v is not True]
            chosen = _random_values(draw, p, pool)
        else:
            chosen = values.get(p.name, [])
        for v in chosen:
            if p.param_type_name == "argument":
                positional.append(v)
            elif v is True:
                use_second = p.secondary_opts and draw(st.booleans())
                options.append(p.secondary_opts[0] if use_second else p.opts[0])
            elif isinstance(v, tuple):
                options += [draw(st.sampled_from(p.opts)), *v]
            else:
                options += [draw(st.sampled_from(p.opts)), v]
    if draw(st.booleans()):
        return [*positional, *options]
    return [*options, *positional]


def render(cmd: Command, values: dict[str, list[Any]]) -> list[str]:
    """The argv of parameter values (as ``parse_seed`` returns them)."""
    options: list[str] = []
    positional: list[str] = []
    for p in cmd.params:
        for v in values.get(p.name, []):
            if p.param_type_name == "argument":
                positional.append(v)
            elif v is True:
                options.append(p.opts[0])
            else:
                options += [p.opts[0], *(v if isinstance(v, tuple) else (v,))]
    return [*positional, *options]


EXTREME_INTS = [str(10**12), str(-(10**12)), "0"]
EXTREME_TEXT = ["", "Zoé:" * 500]


def extreme_argvs(cmd: Command) -> list[list[str]]:
    """The first valid seed with one number set to ±10**12 or 0, or one text empty or very long, in turn."""
    seed = parse_seed(cmd, cmd.seeds[0]) if cmd.seeds else {}
    out = []
    for p in cmd.params:
        if getattr(p, "is_flag", False) or p.nargs != 1:
            continue
        if p.type.name in ("integer", "int"):
            extremes = EXTREME_INTS
        else:  # and the seed's own value with its digits written as superscripts ("²".isdigit() is True)
            own = [v for v in seed.get(p.name, []) if isinstance(v, str) and re.search(r"[0-9]", v)]
            extremes = [*EXTREME_TEXT, *(re.sub(r"[0-9]", "²", v) for v in own[:1])]
        for value in extremes:
            out.append(render(cmd, {**seed, p.name: [value]}))
    return out


# --- homes ----------------------------------------------------------------------------------------------


def write_files(folder: Path) -> None:
    """The files `import` is fuzzed with (the valid one is written by the ROOT recipe)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "junk.json").write_text("{not json", encoding="utf-8")
    (folder / "empty.json").write_text("", encoding="utf-8")
    (folder / "wrong.json").write_text('{"game": "tmb", "state": 3}', encoding="utf-8")
    (folder / "list.json").write_text("[]", encoding="utf-8")


def write_variants(folder: Path) -> None:
    """Damaged copies of the valid export: future versions, unknown game, bad state, cut short."""
    import json

    valid = folder / "valid.json"
    if not valid.exists():
        return
    text = valid.read_text(encoding="utf-8")
    data = json.loads(text)
    (folder / "truncated.json").write_text(text[: len(text) // 2], encoding="utf-8")
    changes = {
        "future_format.json": lambda d: d.update(schema_version=99),
        "future_game.json": lambda d: d["session"].update(game_schema=99),
        "other_game.json": lambda d: d["session"].update(game="chess"),
        "bad_state.json": lambda d: d["session"].update(state={"mode": 3}),
        "no_journal.json": lambda d: d.pop("journal"),
    }
    for name, change in changes.items():
        copy = json.loads(text)
        change(copy)
        (folder / name).write_text(json.dumps(copy), encoding="utf-8")
    assert data["format"] == "gm-assist-session"


def snapshot(home: Path) -> dict[str, bytes]:
    """Every file of a gm-assist home but the (empty) lock files and ``cache/`` (parsed copies of
    shipped data, rebuilt at will: not the table's state): path → bytes."""
    if not home.exists():
        return {}
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock") and p.relative_to(home).parts[0] != "cache"
    }


def fresh_copy(template: Path, target: Path) -> None:
    """A private copy of a template example folder (home + files)."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(template, target)
    os.chdir(target)
