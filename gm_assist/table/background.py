"""The table view the guided mode serves beside its menus (the home menu's entry, issue 16): the app
of :mod:`gm_assist.table.server` run by uvicorn in a thread of the guided mode's own process, on the
first free port from 8765 (:func:`start_background`), until the guided mode ends
(:func:`stop_background`). ``gm-assist table`` serves in the foreground instead
(:func:`gm_assist.table.server.serve`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gm_assist.table.config import LOOPBACK, TableConfig
from gm_assist.table.links import page_url, plan
from gm_assist.table.server import create_app


@dataclass
class Background:
    """A table view the guided mode runs in a thread of its own process."""

    url: str
    server: Any
    thread: Any
    play_url: str | None = None
    dm_url: str | None = None


_BACKGROUND: Background | None = None
BACKGROUND_PORTS = range(8765, 8775)


def start_background(lan: bool = False, lang: str = "en") -> tuple[Background, bool]:
    """Start the table view in a background thread (the guided mode's menu entry), on the first
    free port from 8765; returns it and whether it was already running. Silent: no log line may
    break the menus. The guided mode's process writes to the home; the server's code never does."""
    import socket
    import threading
    import time

    import uvicorn

    from gm_assist.core.errors import EnvError

    global _BACKGROUND
    if _BACKGROUND is not None and _BACKGROUND.thread.is_alive():
        return _BACKGROUND, True
    sock = None
    for port in BACKGROUND_PORTS:
        bind, token = plan(None, port, lan)
        candidate = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        candidate.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            candidate.bind((bind, port))
        except OSError:
            candidate.close()
            continue
        sock = candidate
        break
    if sock is None:
        raise EnvError("table.error.port_in_use", port=BACKGROUND_PORTS[0])
    sock.listen(128)
    from gm_assist.table import tokens as secrets

    kept = secrets.load()  # the phones play here too, with the links of every game night
    token = kept.watch if token else None
    allowed = None if token else (*LOOPBACK, bind)
    config = TableConfig(
        lang=lang, token=token, allowed_hosts=allowed, play_token=kept.play, dm_token=kept.dm
    )
    app = create_app(config)
    served = uvicorn.Config(
        app,
        log_config=None,
        log_level="critical",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=1,
        ws="none",
    )
    server = uvicorn.Server(served)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="gm-table", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    _BACKGROUND = Background(
        page_url(bind, port, token),
        server,
        thread,
        page_url(bind, port, token, kept.play),
        page_url(bind, port, token, kept.dm, dm=True),
    )
    return _BACKGROUND, False


def stop_background() -> None:
    """Stop the background table view, if one runs (leaving the guided mode)."""
    global _BACKGROUND
    if _BACKGROUND is None:
        return
    _BACKGROUND.server.should_exit = True
    _BACKGROUND.thread.join(timeout=5)
    _BACKGROUND = None
