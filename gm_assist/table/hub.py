"""The table view's one watcher and the fan-out of its snapshot to every client (:class:`Hub`): the
latest snapshot as Server-Sent-Events-ready JSON, its version, and the event the event streams and
pages wait on. What a snapshot holds is :mod:`gm_assist.table.snapshot`; the routes that send it
(``/``, ``/state.json``, ``/events``) are in :mod:`gm_assist.table.server`.

Watching for changes: one task for the whole server polls the stats of the index and of the shown
session's files every ``POLL_SECONDS`` (:mod:`gm_assist.table.config`) and builds a new snapshot
when they change; every client waits on it. Measured against ``watchfiles`` (``bench/table_view.py
--watchers``: 50 atomic replacements of a session file, this 2-core machine, 3 runs): stat polling
every 50 ms notices a change in 37 ms median / 53 ms p95 and costs 0.03-0.04 CPU-second per 10 s
idle; watchfiles (inotify, debounce lowered from its 1.6 s default to 50 ms) in 19 ms / 22 ms for
the same idle cost. Polling is kept: the 20 ms it loses is invisible within the 1 s the issue
allows, while watchfiles would add a compiled dependency and need its debounce tuned; stat polling
also works where inotify does not (network shares, some container mounts).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from gm_assist.table import snapshot as snap
from gm_assist.table.config import TableConfig


@dataclass
class Hub:
    """The one watcher of the server: the latest snapshot (as SSE-ready JSON), its version, and
    the event the clients wait on: set, and replaced by a fresh one, at each new version and at the
    stop. An event holds no lock, so no client dropped mid-wait can leave one taken: a condition's
    lock, held across `wait_for` with a timeout while clients drop, is where Python 3.11's asyncio
    has had cancellation bugs, and one CI run saw the server stop answering in the storm test."""

    config: TableConfig
    payload: str = ""
    version: int = 0
    stamp: Any = None
    changed: asyncio.Event | None = None
    lock: asyncio.Lock | None = None
    task: asyncio.Task[None] | None = None
    stopping: bool = False
    clients: int = 0
    errors: int = field(default=0)

    async def refresh(self) -> bool:
        """Build a new snapshot when the files changed; True when it did. One at a time, so an
        older snapshot never replaces a newer one."""
        if self.lock is None:
            self.lock = asyncio.Lock()
        async with self.lock:
            return await self._refresh()

    async def _refresh(self) -> bool:
        pinned = self.config.pinned
        stamp = await asyncio.to_thread(snap.stamp, pinned)
        if stamp == self.stamp and self.payload:
            return False
        document = await asyncio.to_thread(snap.snapshot, pinned)
        payload = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
        self.stamp = stamp
        if payload == self.payload:
            return False
        self.payload = payload
        self.version += 1
        self._announce()
        return True

    def _announce(self) -> None:
        """Wake every client waiting on the current event; later waits take a fresh one."""
        if self.changed is not None:
            self.changed.set()
        self.changed = asyncio.Event()

    async def run(self) -> None:
        while not self.stopping:
            try:
                await self.refresh()
            except Exception:  # noqa: BLE001 - the watcher keeps going whatever one read met
                self.errors += 1
            await asyncio.sleep(self.config.poll_seconds)

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.stopping = False
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        self.stopping = True
        self._announce()
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass

    async def current(self, fresh: bool = True) -> str:
        """The latest snapshot; ``fresh``: checked against the files now (a few stats when nothing
        changed). The event streams take the watcher's latest as it is, so that 20 clients under a
        storm of changes never queue up rebuilding snapshots."""
        self.start()
        if fresh or not self.payload:
            await self.refresh()
        return self.payload

    async def wait(self, seen: int, timeout: float) -> None:
        """Return when the version moves past ``seen``, the server stops, or ``timeout`` passes."""
        if self.changed is None:  # nothing announced yet: the first announcement will set this one
            self.changed = asyncio.Event()
        event = self.changed
        if self.version != seen or self.stopping:
            return
        try:
            async with asyncio.timeout(timeout):
                await event.wait()
        except TimeoutError:
            pass
