"""Shell completion: ``gm-assist completion bash|zsh|fish`` prints the script to source.

The script calls gm-assist back with ``_GM_ASSIST_COMPLETE`` set (click's completion protocol), and
click completes commands and options. :func:`attach` adds the names a table types: saved sessions,
tyrants, gearlocs and mice (read from the shipped catalogs, in both languages).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SHELLS = ("bash", "zsh", "fish")
PROG = "gm-assist"
COMPLETE_VAR = "_GM_ASSIST_COMPLETE"


def script(shell: str, command: Any) -> str:
    """The completion script of ``shell`` for the root ``command``."""
    from typer._completion_classes import BashComplete, FishComplete, ZshComplete

    classes: dict[str, type[BashComplete | ZshComplete | FishComplete]] = {
        "bash": BashComplete,
        "zsh": ZshComplete,
        "fish": FishComplete,
    }
    source: str = classes[shell](command, {}, PROG, COMPLETE_VAR).source()
    return source


def _sessions() -> list[str]:
    from gm_assist.core.index import entries

    try:
        return sorted(e["name"] for e in entries())
    except Exception:  # noqa: BLE001 - a damaged index must not break the shell: no names then
        return []


def _catalog(path: str, table: str) -> Callable[[], list[str]]:
    def names() -> list[str]:
        from gm_assist.core.data import load_toml

        out: set[str] = set()
        for entry in load_toml(path)[table]:
            names = entry.get("names", {})
            shown = {str(n) for n in (names.values() if isinstance(names, dict) else [names])}
            ident = str(entry["id"])
            out |= shown if ident.lower() in {n.lower() for n in shown} else shown | {ident}
        return sorted(out)

    return names


_BY_PARAM: dict[str, Callable[[], list[str]]] = {
    "session": _sessions,
    "shell": lambda: list(SHELLS),
    "tyrant": _catalog("tmb/tyrants.toml", "tyrant"),
    "gearloc": _catalog("tmb/gearlocs.toml", "gearloc"),
    "mouse": _catalog("mice_and_mystics/mice.toml", "mouse"),
}
_SESSION_COMMANDS = {"show", "use", "rename", "delete", "export", "history"}


def _completer(names: Callable[[], list[str]]) -> Callable[[Any, Any, str], list[Any]]:
    def complete(ctx: Any, param: Any, incomplete: str) -> list[Any]:
        from typer._click.shell_completion import CompletionItem

        low = incomplete.lower()
        return [CompletionItem(n) for n in names() if n.lower().startswith(low)]

    return complete


def attach(command: Any) -> None:
    """Give ``command``'s session, tyrant, gearloc and mouse parameters their names to complete."""
    for param in getattr(command, "params", ()):
        names = _BY_PARAM.get(param.name or "")
        if names is None and param.name == "name" and command.name in _SESSION_COMMANDS:
            names = _sessions
        if names is not None and getattr(param, "_custom_shell_complete", None) is None:
            param._custom_shell_complete = _completer(names)
