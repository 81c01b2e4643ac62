"""The ``gm-assist`` command's entry point: read the global options, then load the CLI.

The root CLI's help texts are translated when its module is imported, so ``--lang`` and ``--home``
are read from the command line before that import (``core.process.pre_scan``); click parses them
again properly.
"""

from __future__ import annotations

import sys
from typing import Any

from gm_assist.core.process import pre_scan

PYDANTIC_PLUGIN_LOADER = "pydantic.plugin._loader"


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


def run() -> None:
    """The ``gm-assist`` console command: ``gm_assist.cli.main``, then a quick process exit.

    The garbage collector starts off (see ``core.process.collect_garbage_again``). Python's own shutdown
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
