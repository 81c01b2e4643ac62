"""The table view's web app (Starlette) and its server (uvicorn): the routes (:func:`create_app`) and
the foreground server of ``gm-assist table`` (:func:`serve`).

Routes: ``GET /`` the page (Jinja2 template), ``GET /state.json`` the snapshot, ``GET /events`` a
Server-Sent Events stream (the full snapshot on connect and after each change), ``/static/…`` the
page's scripts and styles (no CDN, no external resource). Who may do what with which link is checked
in front of every route (:mod:`gm_assist.table.access`). ``gm-assist table`` only reads the home
(``serve`` turns ``core.data.CACHE_WRITES`` off).

Not here: how the app serves (:mod:`gm_assist.table.config`), what the pages are given (the strings,
the games' scripts, the statistics: :mod:`gm_assist.table.pages`), the links and their QR codes
(:mod:`gm_assist.table.links`), the watcher whose snapshot every client receives
(:mod:`gm_assist.table.hub`), the acting API and the phones' seats (:mod:`gm_assist.table.api`,
:mod:`gm_assist.table.seats`), the table view the guided mode runs beside its menus
(:mod:`gm_assist.table.background`).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from gm_assist.table.access import COOKIE, Guard
from gm_assist.table.config import TableConfig
from gm_assist.table.hub import Hub
from gm_assist.table.links import join_links
from gm_assist.table.pages import asset_version, assets, stats_context, strings

HERE = Path(__file__).parent
HEARTBEAT_SECONDS = 15.0


def guided_home() -> None:
    """What a phone's seat runs: the guided mode's home procedure, with no entry of its own."""
    from gm_assist import home

    home.run()


def create_app(config: TableConfig | None = None) -> Any:
    """The table view's ASGI app (Starlette, wrapped in :class:`Guard`)."""
    from contextlib import asynccontextmanager

    from gm_assist.core.context import home_dir
    from gm_assist.table import api
    from gm_assist.table.seats import Seats

    config = config or TableConfig()
    hub = Hub(config)
    seats = Seats(home_dir(), guided_home)
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    page_strings = strings()

    async def page(request: Request) -> Response:
        first = await hub.current()
        response = templates.TemplateResponse(
            request,
            "page.html",
            {
                "lang": config.lang,
                "strings": page_strings,
                "initial": json.loads(first),
                "assets": assets(),
                "playing": request.query_params.get("play") == "1",  # a play link: the guided mode
                "guided_version": asset_version(HERE / "static" / "guided.js"),
                "version": asset_version(HERE / "static" / "app.js"),
                "title": page_strings[config.lang].get("table.page.title", "gm-assist"),
            },
        )
        given = request.query_params.get("token")
        if config.token is not None and given:
            response.set_cookie(COOKIE, given, httponly=True, samesite="strict", max_age=7 * 86400)
        response.headers["Cache-Control"] = "no-store"
        return response

    async def stats(request: Request) -> Response:
        """The family's statistics (``gm-assist stats``) as a page: one card per game, charts as
        inline SVG; ``?lang=fr|en`` chooses the language (default: the view's)."""
        asked = request.query_params.get("lang", config.lang)
        language = asked if asked in ("en", "fr") else config.lang
        context = await asyncio.to_thread(stats_context, language)
        response = templates.TemplateResponse(
            request, "stats.html", {**context, "version": asset_version(HERE / "static" / "app.js")}
        )
        response.headers["Cache-Control"] = "no-store"
        return response

    async def state_json(request: Request) -> Response:
        return Response(
            await hub.current(), media_type="application/json", headers={"Cache-Control": "no-store"}
        )

    async def join(request: Request) -> Response:
        """The links this screen may hand on, with their QR codes (see :func:`join_links`)."""
        given = request.query_params.get("token", "")
        links = await asyncio.to_thread(join_links, config, request.headers.get("host", ""), given)
        return Response(
            json.dumps({"links": links}), media_type="application/json", headers={"Cache-Control": "no-store"}
        )

    async def events(request: Request) -> Response:
        async def stream() -> Any:
            hub.clients += 1
            try:
                yield "retry: 1000\n\n"
                seen = -1
                while not hub.stopping:
                    if hub.version != seen or seen < 0:
                        seen = hub.version
                        yield f"data: {await hub.current(fresh=False)}\n\n"
                        continue
                    await hub.wait(seen, HEARTBEAT_SECONDS)
                    if hub.version == seen and not hub.stopping:
                        yield ": keep-alive\n\n"
            finally:
                hub.clients -= 1

        hub.start()
        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    @asynccontextmanager
    async def lifespan(app: Any) -> Any:
        hub.start()
        yield
        seats.close_all()
        await hub.stop()

    app = Starlette(
        routes=[
            Route("/", page, methods=["GET"]),
            Route("/state.json", state_json, methods=["GET"]),
            Route("/stats", stats, methods=["GET"]),
            Route("/events", events, methods=["GET"]),
            Route("/join.json", join, methods=["GET"]),
            Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
            *api.routes(config.pinned, hub.refresh),
            *api.seat_routes(seats, config, hub.refresh),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.seats = seats
    guarded = Guard(app, config)
    guarded.hub = hub
    return guarded


def serve(config: TableConfig, host: str, port: int, on_ready: Any = None, debug: bool = False) -> None:
    """Run the app until Ctrl-C. A port in use raises ``EnvError`` (exit 1) before anything runs."""
    import errno
    import logging
    import socket

    import uvicorn

    from gm_assist.core.errors import EnvError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise EnvError("table.error.port_in_use", port=port) from exc
        raise EnvError(
            "table.error.cannot_bind", host=host, port=port, detail=exc.strerror or str(exc)
        ) from exc
    sock.listen(128)
    from gm_assist.core import data
    from gm_assist.core.process import collect_garbage_again

    data.CACHE_WRITES = False  # read-only by construction: not even the parsed-TOML cache
    # The console command starts with the cyclic garbage collector off (gm_assist.entry). A server
    # runs all evening, and every event stream a tablet drops leaves reference cycles behind
    # (Starlette's and anyio's task group, the cancellation's exception and its frames): without
    # the collector they were never freed, ~15 KiB per dropped stream (bench/table_view.py).
    collect_garbage_again()
    app = create_app(config)

    class Short(logging.Formatter):
        """One line per problem; a traceback only with --debug."""

        def formatException(self, ei: Any) -> str:  # noqa: N802 - logging's name
            return super().formatException(ei) if debug else ""

    log_config = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"short": {"()": lambda: Short("%(message)s")}},
        "handlers": {
            "err": {"class": "logging.StreamHandler", "formatter": "short", "stream": "ext://sys.stderr"}
        },
        "loggers": {
            "uvicorn": {"handlers": ["err"], "level": "WARNING", "propagate": False},
            "uvicorn.error": {"handlers": ["err"], "level": "WARNING", "propagate": False},
            "uvicorn.access": {"handlers": [], "level": "CRITICAL", "propagate": False},
        },
    }
    server_config = uvicorn.Config(
        app, log_config=log_config, access_log=False, lifespan="on", timeout_graceful_shutdown=1, ws="none"
    )

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if on_ready is not None and not self.should_exit:
                on_ready()

        def handle_exit(self, sig: int, frame: Any) -> None:
            app.hub.stopping = True  # the event streams end, so the shutdown does not wait for them
            super().handle_exit(sig, frame)

    Server(server_config).run(sockets=[sock])
