"""The table view's acting API (issue 33): what a phone on the play link may do, and what scripts may
call with ``curl``. ``POST /api/undo`` and ``POST /api/redo`` with ``{"version": N}`` (the version
``/state.json`` showed) undo or redo one change of the shown session and answer the CLI's ``--json``
envelope (``session, label, events, next, state``, plus ``version``, the new one).

Who may act is checked before these run (:class:`gm_assist.table.access.Guard`): the play token in an
``Authorization: Bearer`` header, never a cookie alone, the Host and the Origin of this server; a
refused request writes nothing. Here: a body that is not ``{"version": <whole number>}`` → 400, a
stale version → 409 (the answer carries the current one), nothing to undo or redo or another
refusal of the rules → 422, a damaged file → 503; every message in both languages
(``{"error": {"en", "fr"}}``), nothing written.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from gm_assist.core.errors import EnvError, GmError

MAX_BODY = 16 * 1024


def refusal(status: int, key: str, extra: dict[str, Any] | None = None, **params: Any) -> JSONResponse:
    """An error answer: the message in both languages, with the ``extra`` keys a client reads."""
    from gm_assist.core.i18n import both

    return JSONResponse({"error": both(key, **params), **(extra or {})}, status_code=status)


async def read_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (at most MAX_BODY bytes); ValueError when it is not one."""
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise ValueError("too big")
    try:
        body = json.loads(raw or b"null")
    except (ValueError, RecursionError) as exc:
        raise ValueError("not JSON") from exc
    if not isinstance(body, dict):
        raise ValueError("not an object")
    return body


def _version(body: dict[str, Any]) -> int:
    version = body.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ValueError("version")
    return version


def move(pinned: str | None, forward: bool, version: int) -> dict[str, Any]:
    """Undo (or redo) one change of the shown session if it still stands at ``version``; the
    envelope of what it did. Raises GmError/EnvError like the CLI's ``undo``/``redo``."""
    from gm_assist.core.index import resolve
    from gm_assist.core.session import Recorded
    from gm_assist.core.session_file import game_state, info_of, read_document, session_path
    from gm_assist.core.session_history import redo, undo
    from gm_assist.core.session_position import version_of
    from gm_assist.kit.envelope import envelope

    _, labels = (redo if forward else undo)(1, pinned, expect=version)
    sid = resolve(pinned)
    doc, _ = read_document(sid)  # read once: the state shown and its version
    rec = Recorded(
        session=info_of(doc), before=None, state=game_state(doc, session_path(sid)), label=labels[0]
    )
    return envelope(rec, version=version_of(doc), **{"redone" if forward else "undone": labels})


ANSWER_WAIT = 25.0
"""How long an answer's request waits for the next question (a long floor search answers later:
the page asks for the seat again)."""

SEAT_WAITS = 64
"""Requests that may wait for a seat's next question at once (more wait in turn)."""


def _role(request: Request) -> str | None:
    """The seat of the link that acts (set by the Guard): None for the play link."""
    role = request.scope.get("state", {}).get("role")
    return None if role == "play" else role


def _lang(body: dict[str, Any], fallback: str) -> str:
    lang = body.get("lang")
    return lang if lang in ("en", "fr") else fallback


def seat_routes(seats: Any, config: Any, refresh: Any) -> list[Any]:
    """The guided mode's routes (see docs/table-view.md): ``POST /api/seat`` opens this phone's seat
    (or finds it again after a reload) and answers its question; ``POST /api/answer`` answers it and
    waits for the next one; ``POST /api/step`` takes a step of the rules by its key."""
    from concurrent.futures import ThreadPoolExecutor

    from starlette.routing import Route

    from gm_assist.core.i18n import both, t_in

    waits = ThreadPoolExecutor(SEAT_WAITS, thread_name_prefix="gm-seat-wait")

    async def settle(seat: Any, after: int) -> None:
        """Wait (≤ ANSWER_WAIT) for the seat's next question after number ``after``, on a thread of
        the seats' own: never on asyncio's default executor, whose few threads (cores + 4) build the
        snapshot every screen waits for (phones waiting for a long search froze every screen)."""
        await asyncio.get_running_loop().run_in_executor(waits, seat.settle, after, ANSWER_WAIT)

    def view(seat: Any, status: int = 200) -> JSONResponse:
        seat_view = seat.view(t_in(seat.context.lang or config.lang, "core.prompt.rule"))
        if seat_view["moved_first"]:
            status = 409
            seat_view["error"] = both("guided.moved_first")
        return JSONResponse(seat_view, status_code=status)

    async def open_seat(request: Request) -> JSONResponse:
        try:
            body = await read_body(request)
        except ValueError:
            return refusal(400, "table.api.bad_request")
        role = _role(request)
        seat = seats.get(body.get("seat"), role)
        if seat is None:
            seat = seats.open(role, _lang(body, config.lang), config.pinned)
        elif "lang" in body and _lang(body, seat.context.lang) != seat.context.lang:
            seat.context.lang = _lang(body, seat.context.lang)
            from gm_assist.table.seats import RELANG

            number = seat.number
            if seat.deliver(number, RELANG):
                await settle(seat, number)
        await settle(seat, 0)  # a busy seat: until it asks again
        return view(seat)

    async def answer(request: Request) -> JSONResponse:
        from gm_assist.table.seats import CANCEL, REDRAW

        try:
            body = await read_body(request)
            number = body["number"]
            if isinstance(number, bool) or not isinstance(number, int):
                raise ValueError("number")
        except (ValueError, KeyError):
            return refusal(400, "table.api.bad_request")
        seat = seats.get(body.get("seat"), _role(request))
        if seat is None:
            return refusal(404, "table.api.no_seat")
        raw = (
            CANCEL
            if body.get("cancel") is True
            else REDRAW
            if body.get("redraw") is True
            else body.get("answer")
        )
        if not seat.deliver(number, raw):
            return view(seat, 409)  # that question is no longer asked: here is the one that is
        await settle(seat, number)
        await refresh()
        return view(seat)

    async def step(request: Request) -> JSONResponse:
        from gm_assist.core.context import home_dir
        from gm_assist.table.steps import take_step

        try:
            body = await read_body(request)
            version = _version(body)
            choice, answers = body.get("choice"), body.get("answers", [])
            if not isinstance(choice, str) or not isinstance(answers, list):
                raise ValueError("choice")
        except ValueError:
            return refusal(400, "table.api.bad_request")
        lang, role = _lang(body, config.lang), _role(request)
        return await acted(
            lambda: take_step(home_dir(), lang, config.pinned, choice, version, answers, role), refresh
        )

    return [
        Route("/api/seat", open_seat, methods=["POST"]),
        Route("/api/answer", answer, methods=["POST"]),
        Route("/api/step", step, methods=["POST"]),
    ]


async def acted(work: Callable[[], dict[str, Any]], refresh: Any) -> JSONResponse:
    """Run an acting request's ``work`` (in a thread: it reads and writes files) and answer its
    envelope, or the refusal: a stale version 409 (with the current one), a refusal of the rules
    422, a damaged file 503 — each message in both languages, nothing written."""
    try:
        done = await asyncio.to_thread(work)
    except GmError as exc:
        if exc.key == "core.error.stale_version":
            return refusal(409, exc.key, {"version": exc.params["version"]}, **exc.params)
        return refusal(422, exc.key, **exc.params)
    except EnvError as exc:
        return refusal(503, exc.key, **exc.params)
    await refresh()
    return JSONResponse(done)


def routes(pinned: str | None, refresh: Any) -> list[Any]:
    """The API's routes; ``refresh``: an async function that makes the watcher read the files now,
    so that every screen sees the change without waiting for its next poll."""
    from starlette.routing import Route

    def handler(forward: bool) -> Any:
        async def act(request: Request) -> JSONResponse:
            try:
                version = _version(await read_body(request))
            except ValueError:
                return refusal(400, "table.api.bad_body")
            return await acted(lambda: move(pinned, forward, version), refresh)

        return act

    return [
        Route("/api/undo", handler(False), methods=["POST"]),
        Route("/api/redo", handler(True), methods=["POST"]),
    ]
