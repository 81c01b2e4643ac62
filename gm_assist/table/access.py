"""Who may do what with which link: :class:`Guard`, the ASGI middleware in front of every route of the
table view. Any method other than GET/HEAD answers 405, except the acting API (``POST /api/…``),
which needs the play or the Dungeon Master's token as ``Authorization: Bearer`` and, when the
browser names it, this server's Origin (:func:`acting_role`), else 403. Bound to a loopback address,
the Host header must name that address (no DNS rebinding); otherwise (``--lan``) every request needs
a token (the watch, the play or the Dungeon Master's), as ``?token=`` or the cookie the first visit
sets (:data:`COOKIE`), else 403. The secrets are made and kept by :mod:`gm_assist.table.tokens`,
the links that carry them built by :mod:`gm_assist.table.links`.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from gm_assist.table.config import TableConfig
from gm_assist.table.hub import Hub
from gm_assist.table.tokens import same_token

COOKIE = "gm_table_token"


def _forbidden() -> Response:
    from gm_assist.core.i18n import both

    text = both("table.http.forbidden")
    return PlainTextResponse(f"{text['en']}\n{text['fr']}\n", status_code=403)


DM = "dungeon-master"
"""The seat of the Dungeon Master link."""


def acting_role(request: Request, config: TableConfig) -> str | None:
    """Who acts: "play" (the play token) or ``DM`` (the Dungeon Master's token) as
    ``Authorization: Bearer`` (a cookie alone never acts: no cross-site form can send that header),
    and, when the browser says where the request comes from (``Origin``), this very server; None
    when the request may not act."""
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    given = given.strip()
    role = (
        "play" if same_token(given, config.play_token) else DM if same_token(given, config.dm_token) else None
    )
    if role is None:
        return None
    origin = request.headers.get("origin")
    if origin is not None:
        host = request.headers.get("host", "")
        if origin not in (f"http://{host}", f"https://{host}"):
            return None
    return role


class Guard:
    """ASGI middleware: GET/HEAD only (405) except the acting API (``POST /api/…``, the play token
    as a Bearer header and this server's Origin, else 403), Host check on loopback, a token
    otherwise (the watch or the play token: 403 without)."""

    def __init__(self, app: Any, config: TableConfig) -> None:
        self.app = app
        self.config = config
        self.hub: Hub | None = None  # the app's hub, for whoever serves it (set by create_app)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        acting = scope["path"].startswith("/api/")
        allowed_methods = ("POST",) if acting else ("GET", "HEAD")
        if scope["method"] not in allowed_methods:
            await PlainTextResponse("405", status_code=405, headers={"Allow": ", ".join(allowed_methods)})(
                scope, receive, send
            )
            return
        allowed = self.config.allowed_hosts
        if allowed is not None:
            host = request.headers.get("host", "")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name not in allowed:
                await PlainTextResponse("400 host", status_code=400)(scope, receive, send)
                return
        if acting:
            role = acting_role(request, self.config)
            if role is None:
                await _forbidden()(scope, receive, send)
                return
            scope.setdefault("state", {})["role"] = role
        elif self.config.token is not None:
            given = request.query_params.get("token") or request.cookies.get(COOKIE) or ""
            if not any(
                same_token(given, kept)
                for kept in (self.config.token, self.config.play_token, self.config.dm_token)
            ):
                await _forbidden()(scope, receive, send)
                return
        await self.app(scope, receive, send)
