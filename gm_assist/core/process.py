"""What a gm-assist process sets once for all its commands: the global options read before the CLI
loads (``pre_scan``, called by ``gm_assist.entry.run`` and ``gm_assist.cli.main``), and the garbage
collector turned back on for a long session (the guided mode, the table view's server).

The shells (``entry``, ``cli``, ``flow``, the table view) call down to it; it knows none of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gm_assist.core import context

READ_ONLY_COMMANDS = frozenset({"table"})
"""Commands that never write to the home, not even the parsed-TOML cache (``core.data.CACHE_WRITES``):
known from the command line before anything is read, since the CLI's translated help texts are
read (and would be cached) as its modules load."""


def pre_scan(args: list[str]) -> None:
    """Read the global options before click does, so ``--help`` is already in the right language,
    and the command, so that a read-only one (:data:`READ_ONLY_COMMANDS`) writes nothing at all."""
    from gm_assist.core import data

    values: dict[str, Any] = {}
    command = None
    names = {"--lang": "lang", "--home": "home", "--session": "session", "-s": "session"}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in names and i + 1 < len(args):
            values[names[arg]] = args[i + 1]
            i += 1  # the option's value is not the command
        elif arg.startswith(("--lang=", "--home=", "--session=")):
            key, _, value = arg[2:].partition("=")
            values[key] = value
        elif arg == "--debug":
            values["debug"] = True
        elif not arg.startswith("-"):
            command = arg
            break
        i += 1
    data.CACHE_WRITES = command not in READ_ONLY_COMMANDS  # each invocation of a process decides anew
    context.reset(
        session=values.get("session"),
        lang=values.get("lang"),
        home=Path(values["home"]).expanduser() if values.get("home") else None,
        debug=bool(values.get("debug")),
    )


def collect_garbage_again() -> None:
    """Turn the cyclic garbage collector back on for a long session (the guided mode).

    The console command starts with the collector off: loading typer, pydantic and a game creates
    some 45,000 tracked objects that nearly all live until the process ends, and the collections
    their creation triggers cost a direct command 5–10 ms for nothing (bench/startup.py). A
    session that runs for hours needs it again: the objects made so far are frozen (never scanned
    again) and collection resumes. A process that never turned it off (tests, an embedding
    program) is left alone.
    """
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()
