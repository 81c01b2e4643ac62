"""The ``gm-assist`` command's entry point: read the global options, then load the CLI.

The root CLI's help texts are translated when its module is imported, so ``--lang`` and ``--home``
are read from the command line before that import (``pre_scan``); click parses them again properly.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from gm_assist.core import context

PYDANTIC_PLUGIN_LOADER = "pydantic.plugin._loader"

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


def wants_version(args: list[str]) -> bool:
    """``--version`` or ``-V`` among the global options (before any command)."""
    for i, arg in enumerate(args):
        if arg in ("--version", "-V"):
            return True
        if not arg.startswith("-") and (i == 0 or args[i - 1] not in ("--lang", "--home", "--session", "-s")):
            return False
    return False


def without_pydantic_plugins() -> None:
    """Run pydantic with no plugins, which spares every command ~12 ms of ``importlib.metadata``.

    When pydantic builds its first validator it asks ``pydantic.plugin._loader.get_plugins()`` for
    the installed pydantic plugins; importing that module imports ``importlib.metadata`` (and with it
    ``email``, ``zipfile``, ``csv``…) even when ``PYDANTIC_DISABLE_PLUGINS`` turns plugins off.
    gm-assist uses no pydantic plugin, so the console command puts in place a loader that finds none:
    what pydantic itself does with ``PYDANTIC_DISABLE_PLUGINS=__all__``. Any other name asked of it
    loads pydantic's own module, so a future pydantic still works; tests/core/test_startup.py checks
    the stand-in against pydantic's source.
    """
    import types

    if PYDANTIC_PLUGIN_LOADER in sys.modules:
        return
    stand_in = types.ModuleType(PYDANTIC_PLUGIN_LOADER, "No pydantic plugins (gm_assist.entry).")

    def get_plugins() -> tuple[()]:
        return ()

    def real(name: str) -> Any:
        if name.startswith("__"):  # the import system probing (__path__…): not pydantic asking
            raise AttributeError(name)
        import importlib

        sys.modules.pop(PYDANTIC_PLUGIN_LOADER, None)
        return getattr(importlib.import_module(PYDANTIC_PLUGIN_LOADER), name)

    # a module object standing in for pydantic's: its attributes are set here, not declared
    stand_in.get_plugins = get_plugins  # type: ignore[attr-defined]
    stand_in.__getattr__ = real  # type: ignore[method-assign]
    sys.modules[PYDANTIC_PLUGIN_LOADER] = stand_in


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


def run() -> None:
    """The ``gm-assist`` console command: ``gm_assist.cli.main``, then a quick process exit.

    The garbage collector starts off (see :func:`collect_garbage_again`). Python's own shutdown
    (clearing ~500 modules, pydantic's schemas included) costs ~20 ms on every command
    (bench/startup.py). Everything gm-assist writes is flushed, fsynced and closed before its
    command returns, so the process ends as soon as the exit handlers have run and the standard
    streams are flushed. Tests and embedders call ``gm_assist.cli.main``, which exits normally.
    """
    import atexit
    import gc
    import os

    args = sys.argv[1:]
    if wants_version(args):  # a quick exit: nothing else is loaded
        from gm_assist import __version__

        sys.stdout.write(f"gm-assist {__version__}\n")
        sys.stdout.flush()
        os._exit(0)
    gc.disable()  # start-up only makes long-lived objects; the guided mode turns it back on
    pre_scan(args)  # before the CLI is imported: its help texts and data read --lang and --home
    without_pydantic_plugins()
    from gm_assist.cli import main

    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if not isinstance(exc.code, int | None):
            print(exc.code, file=sys.stderr)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (gm-assist … | head): nothing left to say
            code = code or 1
    os._exit(code)
