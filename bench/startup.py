#!/usr/bin/env python3
"""Start-up benchmark: median wall time of gm-assist commands against ``python -c pass``.

Run by hand (never in the test suite):  .venv/bin/python bench/startup.py [--runs 21]

Each command runs as a separate process, ``--runs`` times, interleaved with the bare interpreter so
that both see the same machine load. The package's bytecode is compiled first, as ``pip install``
does for a wheel: an editable checkout run with ``PYTHONDONTWRITEBYTECODE=1`` would otherwise
recompile every module of gm-assist on every run (~30 ms more; ``--no-bytecode`` measures that).

Targets (issue 2/9): direct commands within 2.5× the bare interpreter + 120 ms; a command that
changes a saved session within 2.5× + 250 ms.

``--against DIR`` times every command twice, interleaved: from this checkout and from another copy
of gm-assist (``DIR`` holds its ``gm_assist`` and ``data`` folders, e.g.
``git archive main gm_assist data | tar -x -C /tmp/before``), both as
``PYTHONPATH=… python -m gm_assist``, on the same home: a before/after comparison that the
machine's drift cannot bias.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
GM = str(BIN / "gm-assist")

#: What any gm-assist command pays before its own code: the libraries the brief chose, loaded as
#: the console command loads them (collector off; typer; pydantic with one model validated and
#: dumped, without the plugin scan; the same quick exit). For reference: not a gm-assist command.
FLOOR_CODE = """
import gc, os, sys
gc.disable()
from gm_assist.entry import without_pydantic_plugins
without_pydantic_plugins()
import typer
from pydantic import BaseModel, ConfigDict
class Probe(BaseModel):
    model_config = ConfigDict(defer_build=True)
    x: int
print(Probe(x=1).model_dump_json())
sys.stdout.flush()
os._exit(0)
"""
FLOOR = [("(floor: typer + pydantic, one model)", [sys.executable, "-c", FLOOR_CODE])]

DIRECT = [
    ("--help", [GM, "--help"]),
    ("roll --json", [GM, "roll", "2d6+1", "--json"]),
    ("odds 10d6 >= 35 --json", [GM, "odds", "10d6 >= 35", "--json"]),
    ("odds 2d6+d4 >= 7 (text chart)", [GM, "odds", "2d6+d4 >= 7"]),
    ("tmb setup --json", [GM, "tmb", "setup", "--tyrant", "Drellen", "--gearlocs", "2", "--json"]),
    ("tmb queue --json", [GM, "tmb", "queue", "--day", "4", "--gearlocs", "3", "--json"]),
    (
        "insomnia score --json",
        [
            GM,
            "insomnia",
            "score",
            "--player",
            "A:12:40",
            "--player",
            "B:9:40",
            "--player",
            "C:12:40",
            "--json",
        ],
    ),
    (
        "stuffed-fables threat --json",
        [GM, "stuffed-fables", "threat", "--black", "3", "--monsters", "2", "--stuffies", "3", "--json"],
    ),
    (
        "mice-and-mystics initiative --json",
        [
            GM,
            "mice-and-mystics",
            "initiative",
            "--mouse",
            "Collin",
            "--mouse",
            "Nez",
            "--enemy",
            "Rat",
            "--seed",
            "1",
            "--json",
        ],
    ),
    ("shy-monsters check --json", [GM, "shy-monsters", "check", "--floor", "..P/ECC/.XO", "--json"]),
    ("rules search --json", [GM, "rules", "search", "fatigue", "--json"]),
]
SESSION = [
    # --force: a day whose encounter is not resolved is refused otherwise (nothing recorded)
    ("tmb next-day (session)", [GM, "tmb", "next-day", "--force", "--json"]),
]
READING = [
    ("show --json (session)", [GM, "show", "--json"]),
    ("sessions --json", [GM, "sessions", "--json"]),
]
ROOT = Path(__file__).resolve().parents[1]


def _time(cmd: list[str], env: dict[str, str], cwd: str | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    return time.perf_counter() - start


def measure(
    commands: list[tuple[str, list[str]]], runs: int, env: dict[str, str], before_each=None
) -> dict[str, tuple[float, float]]:
    """Median seconds of each command and of ``python -c pass`` measured alongside it."""
    out = {}
    for name, cmd in commands:
        ok = subprocess.run(cmd, env=env, capture_output=True).returncode == 0
        if not ok:
            out[name] = (float("nan"), float("nan"))
            continue
        bare, mine = [], []
        for _ in range(runs):
            if before_each:
                before_each()
            bare.append(_time([sys.executable, "-c", "pass"], env))
            mine.append(_time(cmd, env))
        out[name] = (statistics.median(mine), statistics.median(bare))
    return out


def measure_against(
    commands: list[tuple[str, list[str]]], runs: int, sides: list[dict[str, str]], before_each=None
) -> dict[str, tuple[float, float, float]]:
    """Median seconds of each command on both ``sides`` (this checkout, the other copy: each its
    own ``PYTHONPATH`` and home), interleaved, and of ``python -c pass``; ``before_each(side)``."""
    here, there = sides
    away = str(Path(here["GM_ASSIST_HOME"]).parent)  # ``-m`` puts the working folder on sys.path
    out = {}
    for name, cmd in commands:
        argv = [sys.executable, "-m", "gm_assist", *cmd[1:]]
        ok = all(subprocess.run(argv, env=e, capture_output=True, cwd=away).returncode == 0 for e in sides)
        if not ok:
            out[name] = (float("nan"),) * 3
            continue
        bare, mine, theirs = [], [], []
        for n in range(runs):
            bare.append(_time([sys.executable, "-c", "pass"], here))
            for side in (here, there) if n % 2 else (there, here):
                if before_each:
                    before_each(side)
                (mine if side is here else theirs).append(_time(argv, side, away))
        out[name] = (statistics.median(mine), statistics.median(theirs), statistics.median(bare))
    return out


def report_against(results: dict[str, tuple[float, float, float]]) -> None:
    for name, (mine, theirs, bare) in results.items():
        if mine != mine:
            print(f"{name:38s}  FAILED (command exited non-zero)")
            continue
        print(
            f"{name:38s} {mine * 1000:7.1f} ms  other {theirs * 1000:7.1f} ms  "
            f"({(mine - theirs) * 1000:+6.1f} ms)  bare {bare * 1000:5.1f} ms"
        )


def report(results: dict[str, tuple[float, float]], budget_ms: float) -> None:
    for name, (mine, bare) in results.items():
        if mine != mine:  # NaN: the command failed
            print(f"{name:38s}  FAILED (command exited non-zero)")
            continue
        limit = 2.5 * bare + budget_ms / 1000
        verdict = "ok" if mine <= limit else "OVER"
        print(
            f"{name:38s} {mine * 1000:7.1f} ms  bare {bare * 1000:5.1f} ms  ratio {mine / bare:5.2f}  "
            f"target ≤ {limit * 1000:6.1f} ms  {verdict}"
        )


def prepare_bytecode(env: dict[str, str], source_only: bool = False) -> dict[str, str]:
    """Compile gm-assist's bytecode, as ``pip install`` does for a wheel (or remove it with
    ``source_only``), and return ``env`` set so that the timed processes see exactly that."""
    import gm_assist

    package = Path(gm_assist.__file__).parent
    env = dict(env)
    if source_only:
        import shutil

        for cache in package.rglob("__pycache__"):
            shutil.rmtree(cache)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        import compileall

        compileall.compile_dir(package, quiet=1)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument(
        "--no-bytecode", action="store_true", help="Measure without compiled bytecode (source only)."
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="Another copy of gm-assist (its gm_assist and data folders) to time alongside.",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = prepare_bytecode({**os.environ, "GM_ASSIST_HOME": home}, source_only=args.no_bytecode)
        bytecode = "no bytecode (source only)" if args.no_bytecode else "compiled bytecode"
        print(f"python {sys.version.split()[0]}, {bytecode}, {args.runs} runs each, medians\n")
        sides = [env]
        if args.against:  # each copy its own home: the rules index cache is kept per copy
            import compileall

            compileall.compile_dir(args.against / "gm_assist", quiet=1)
            sides = [
                {**env, "PYTHONPATH": str(where), "GM_ASSIST_HOME": str(Path(home) / label)}
                for where, label in ((ROOT, "this"), (args.against.resolve(), "other"))
            ]
            for side in sides:
                probe = [sys.executable, "-c", "import gm_assist; print(gm_assist.__file__)"]
                found = subprocess.run(probe, env=side, cwd=home, capture_output=True, text=True)
                print("runs", found.stdout.strip())
            print(f"(first: this checkout; other: {args.against})\n")

        def run(
            title: str, commands: list[tuple[str, list[str]]], budget_ms: float, before_each=None
        ) -> None:
            print(title)
            if args.against:
                report_against(measure_against(commands, args.runs, sides, before_each))
            else:
                report(
                    measure(commands, args.runs, env, before_each and (lambda: before_each(env))), budget_ms
                )

        run(
            "Direct commands (target 2.5 × bare + 120 ms):", (FLOOR if not args.against else []) + DIRECT, 120
        )
        for side in sides:
            subprocess.run(
                [GM, "tmb", "new", "--tyrant", "Duster", "--gearloc", "Picket", "--name", "bench"],
                env=side,
                capture_output=True,
            )

        # next-day past the tyrant's days is refused: undo before each run (not timed) to stay in range
        def reset(side: dict[str, str]) -> None:
            subprocess.run([GM, "undo"], env=side, capture_output=True)

        run("\nCommands that change a saved session (target 2.5 × bare + 250 ms):", SESSION, 250, reset)
        run("\nCommands that read saved sessions (target 2.5 × bare + 250 ms):", READING, 250)


if __name__ == "__main__":
    main()
