"""What a game hands the core: its ``GameSpec`` (how its sessions are stored, migrated and shown,
with ``lazy`` views) and its ``Action``s, each returning an ``Outcome`` (the new state and the events
for the table).

This module only declares the contract; storing a session and recording an action are in
``core.session`` (and the files it writes in ``core.session_file``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from pydantic import BaseModel, ConfigDict

from gm_assist.core.model import Model


def lazy(target: str) -> Callable[..., Any]:
    """A function imported on its first call, so a game's views are not loaded at start-up:
    ``lazy("gm_assist.games.tmb.view:render_status")``."""

    def call(*args: Any, **kwargs: Any) -> Any:
        import importlib

        module, _, name = target.partition(":")
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return call


@dataclass(frozen=True)
class GameSpec:
    """What the core needs to know about a game to store, migrate and show its sessions."""

    id: str
    state_model: type[BaseModel]
    schema_version: int = 1
    migrate: Callable[[dict[str, Any], int], dict[str, Any]] | None = None
    summary: Callable[[Any], dict[str, Any]] | None = None
    render: Callable[[Any, Any], None] | None = None
    public_state: Callable[[Any], dict[str, Any]] | None = None
    """What ``show --json`` prints as ``state`` for games with hidden information (Shy Monsters'
    floor); the full state otherwise. ``export`` always writes the full save."""
    changes: Callable[[Any, Any], list[str]] | None = None
    """What differs from one state to another, in the table's words (``Dire Bear: HP 0 → 2``), for
    the guided menus' Undo/Redo entries: what an undo brings back, what a redo brings back."""
    next_step: Callable[[Any], Any] | None = None
    """The step the rules call for now, ``state -> core.step.Step`` (declared in the game's rules
    layer): the guided menu's first entry, the CLI's "Next:" line and ``--json``'s ``next``."""


class Action(Model):
    """A named change to a game's state. Subclasses set ``game`` and implement ``apply``/``label``.

    ``apply`` is pure and deterministic: randomness is drawn before the action is built and stored
    in its fields, so undo/redo never re-roll.
    """

    model_config = ConfigDict(frozen=True)
    game: ClassVar[str] = ""

    def apply(self, state: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def label(self) -> tuple[str, dict[str, Any]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def resolve(self, state: Any) -> Outcome:
        """The new state and the events the rules raised for the table (automatic effects,
        reminders), each a ``Message`` naming its rule card. ``record`` calls this; actions whose
        rules raise events override it (and ``apply`` returns ``resolve(state).state``)."""
        return Outcome(self.apply(state), [])


class Outcome(NamedTuple):
    """What an action did: the new state and the events for the table (never saved in the state,
    so a journal snapshot carries no transient message)."""

    state: Any
    events: list[Any]
