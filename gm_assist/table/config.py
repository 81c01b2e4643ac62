"""How a table view serves: :class:`TableConfig` (the session it shows, the page's first language,
the secrets of its links, the Host names it answers, how often it looks at the files), with the
defaults it starts from. Holds no behaviour: who may do what with which link is
:mod:`gm_assist.table.access`, the links themselves :mod:`gm_assist.table.links`, the watcher that
reads the files :mod:`gm_assist.table.hub`."""

from __future__ import annotations

from dataclasses import dataclass

POLL_SECONDS = 0.05
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass
class TableConfig:
    """How the app serves: the pinned session (None: follow the current one), the page's first
    language, the token (None: no token, loopback only) and the Host names accepted (None: any)."""

    pinned: str | None = None
    lang: str = "en"
    token: str | None = None
    allowed_hosts: tuple[str, ...] | None = LOOPBACK
    poll_seconds: float = POLL_SECONDS
    play_token: str | None = None
    """The play link's secret (issue 33): every acting request (``POST /api/…``) carries it as
    ``Authorization: Bearer``, on loopback too; None (``--watch-only``): nothing may act."""
    dm_token: str | None = None
    """The Dungeon Master link's secret: acts as the play token does, and its guided seat is the
    Dungeon Master's (the secret floor is asked there, and only there)."""
