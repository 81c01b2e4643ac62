"""The guided mode on the phones at the table (issue 33): one **seat** per phone, each running the same
home procedure as the terminal (``gm_assist.home``) in a thread of its own, with its own context
(language, current session, what its menus drew) and a driver that hands each question to the page.

A seat's thread asks a question (``PageDriver.ask``) and waits; the page reads it (``view``), taps an
answer (``deliver``) and receives the next question, with what the procedure said meanwhile (the
rules' events, refusals, screens, rule cards). Nothing here knows a game: the questions are the
procedures' own, so a menu cannot exist on one front-end and not on the other.

A menu drawn from a game's state carries the session's version: an answer given after another screen
changed the game is not acted on (``asking.Stale``: the menu is drawn again, and the page says that
someone else moved first, HTTP 409). Idle seats are closed after ``IDLE_SECONDS`` (or
``$GM_ASSIST_SEAT_IDLE`` seconds) and at most ``MAX_SEATS`` are kept (the oldest idle first), so a
night of reconnecting phones holds no thread.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gm_assist.core.asking import RULE, Driver, Question, Refused, Stale, interpret, use_driver
from gm_assist.core.context import Context, use_context
from gm_assist.core.errors import Cancelled

IDLE_SECONDS = 20 * 60
MAX_SEATS = 16
IDLE_VARIABLE = "GM_ASSIST_SEAT_IDLE"
"""Seconds a seat may stay idle instead of ``IDLE_SECONDS`` (the evening benchmark plays 3 hours in a
few minutes: ``bench/table_view.py --evening``)."""


def idle_seconds() -> float:
    """``$GM_ASSIST_SEAT_IDLE`` when it is a number of seconds above 0, else ``IDLE_SECONDS``."""
    import math
    import os

    try:
        value = float(os.environ.get(IDLE_VARIABLE, ""))
    except ValueError:
        return IDLE_SECONDS
    return value if 0 < value < math.inf else IDLE_SECONDS


WIDTH = 44
"""Columns of a screen drawn for a phone (a 390 px wide page shows about 44 in its monospace font)."""

CANCEL, REDRAW, RELANG, CLOSE = "__cancel__", "__redraw__", "__relang__", "__close__"
"""Answers that are not answers: Esc, "the game moved" (drawn again when it did), "the language
changed" (drawn again), the seat closes."""


class SeatClosed(BaseException):
    """Ends a seat's procedure from inside (its phone left, or the server stops). A BaseException:
    no flow's ``except Exception`` may keep a closed seat running."""


def render_text(render: Callable[[Any], None], width: int = WIDTH) -> str:
    """What ``render(console)`` draws, as plain text ``width`` columns wide."""
    import io

    from rich.console import Console

    out = Console(file=io.StringIO(), width=width, color_system=None, record=True, soft_wrap=False)
    render(out)
    return out.export_text(clear=True).rstrip()


def version_now(session: str | None) -> int | None:
    """The version of ``session`` (None: the current one), None when there is none."""
    from gm_assist.core.index import resolve
    from gm_assist.core.session_file import read_document
    from gm_assist.core.session_position import version_of

    try:
        doc, _ = read_document(resolve(session))
    except Exception:  # no session (GmError), or a damaged one: nothing to compare
        return None
    return version_of(doc)


@dataclass
class Seat:
    """One phone's guided procedure (see the module's docstring)."""

    id: str
    role: str | None
    context: Context
    procedure: Callable[[], None]
    cond: threading.Condition = field(default_factory=threading.Condition)
    question: Question | None = None
    version: int | None = None  # the session's version the question was drawn from
    number: int = 0  # the question's number: an answer names the question it answers
    problem: str | None = None  # why the last answer was refused
    told: list[dict[str, Any]] = field(default_factory=list)  # said since the last question
    shown: list[dict[str, Any]] = field(default_factory=list)  # what the current question follows
    answer: Any = None
    waiting: bool = False  # an answer is waiting for the procedure
    moved_first: bool = False  # the last answer came after another screen moved the game
    finished: bool = False
    closed: bool = False  # its phone left or the server stops: the procedure ends at its next question
    last: float = field(default_factory=time.monotonic)
    thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name=f"gm-seat-{self.id[:6]}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        use_context(self.context)
        use_driver(PageDriver(self))
        try:
            self.procedure()
        except SeatClosed:
            pass
        except Exception:  # a procedure's defect: said in the table's words, logged, the seat ends
            import logging

            from gm_assist.core.i18n import t

            logging.getLogger("gm_assist.table").exception("a phone's guided procedure failed")
            self.tell("error", t("table.api.seat_failed"))
        finally:
            with self.cond:
                self.finished = True
                self.question = None
                self.shown, self.told = self.told, []
                self.number += 1
                self.cond.notify_all()

    # --- the procedure's side (its thread) ----------------------------------------------------

    def tell(self, kind: str, text: str) -> None:
        with self.cond:
            self.told.append({"kind": kind, "text": text})

    def publish(self, question: Question) -> Any:
        """Show ``question`` and wait for its answer (the raw JSON value, or CANCEL/REDRAW/CLOSE)."""
        version = version_now(question.session) if question.fresh else None
        with self.cond:
            self.question, self.version = question, version
            if self.problem is None:
                self.shown, self.told = self.told, []
            else:  # a question asked again (a refusal, rule cards) keeps what led to it
                self.shown, self.told = self.shown + self.told, []
            self.number += 1
            self.waiting = False
            self.cond.notify_all()
            while not self.waiting and not self.closed:
                self.cond.wait()
            self.waiting = False
            return CLOSE if self.closed else self.answer

    def stale(self, question: Question) -> bool:
        """True when the game moved since ``question`` was drawn (another screen acted)."""
        if not question.fresh or self.version is None:
            return False
        return version_now(question.session) != self.version

    # --- the page's side (request threads) ----------------------------------------------------

    def deliver(self, number: int, raw: Any) -> bool:
        """Hand the answer to question ``number``; False when that question is no longer asked."""
        with self.cond:
            self.last = time.monotonic()
            if self.finished or self.closed or number != self.number or self.question is None:
                return False
            self.answer, self.waiting = raw, True
            self.question = None  # busy until the procedure asks again: nothing to answer meanwhile
            self.moved_first = False
            self.cond.notify_all()
            return True

    def settle(self, after: int, timeout: float) -> bool:
        """Wait until the procedure asks its next question after number ``after`` (or ends);
        False on timeout (a long search: the view says ``busy`` and the page asks again)."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while (self.number <= after or self.question is None) and not self.finished:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.cond.wait(left)
            return True

    def close(self) -> None:
        """End the procedure at its question, or at its next one when it is busy between two (an
        answer handed then would be dropped by the next ``publish``)."""
        with self.cond:
            if not self.finished:
                self.closed = True
                self.cond.notify_all()

    def view(self, rule_label: str) -> dict[str, Any]:
        """What the page draws: the question (or the end), what led to it, the seat's language."""
        with self.cond:
            self.last = time.monotonic()
            asked = self.question
            return {
                "seat": self.id,
                "role": self.role,
                "lang": self.context.lang,
                "finished": self.finished,
                "busy": not self.finished and asked is None,
                "number": self.number,
                "question": question_json(asked, rule_label, self.version) if asked else None,
                "problem": self.problem,
                "moved_first": self.moved_first,
                "told": list(self.shown),
            }


def question_json(question: Question, rule_label: str, version: int | None) -> dict[str, Any]:
    """A question as the page reads it (never a value: the page answers by index)."""
    entries = question.entries(rule_label) if question.kind == "select" else question.choices
    moves = {value for value, _ in question.tail}  # a menu's tail: its Undo and Redo
    default = question.default
    proposed: Any
    if question.kind == "select":
        proposed = next((i for i, (value, _) in enumerate(entries) if value == default), None)
    elif question.kind == "checkbox":
        proposed = [i for i, (value, _) in enumerate(entries) if value in (default or ())]
    elif question.kind == "secret":
        proposed = None
    else:
        proposed = default
    return {
        "kind": question.kind,
        "message": question.message,
        "choices": [
            {"label": label, "rule": value == RULE, "undo": value in moves} for value, label in entries
        ],
        "default": proposed,
        "min": question.low,
        "max": question.high,
        "version": version,
        "menu": question.menu,
    }


class PageDriver(Driver):
    """A seat's driver: each question waits for the page's answer."""

    private_seats = True

    def __init__(self, seat: Seat) -> None:
        self.owner = seat
        self.seat = seat.role

    def ask(self, question: Question) -> Any:
        from gm_assist.core.i18n import t

        seat = self.owner
        seat.problem = None
        while True:
            raw = seat.publish(question)
            if raw == CLOSE:
                raise SeatClosed()
            if raw == CANCEL:
                raise Cancelled()
            if raw == REDRAW and not seat.stale(question):
                seat.problem = ""  # the game this screen shows did not move: the same question
                continue
            if raw in (REDRAW, RELANG):
                if question.kind == "wait":
                    return None
                if question.menu:
                    raise Stale(answered=False)
                raise Cancelled()  # a question inside a step: back to its menu, drawn anew
            try:
                value = interpret(question, raw, t("core.prompt.rule"))
            except Refused as refused:
                seat.problem = refused.problem
                continue
            if value == RULE and question.kind == "select":
                self.rules(question.rules)
                seat.problem = ""  # asked again, keeping the cards just shown
                continue
            if question.menu and seat.stale(question):
                seat.moved_first = True
                raise Stale()
            seat.problem = None
            return value

    def say(self, text: str) -> None:
        self.owner.tell("say", text)

    def show(self, render: Callable[[Any], None], status: bool = False) -> None:
        self.owner.tell("status" if status else "screen", render_text(render))

    def events(self, texts: Sequence[str]) -> None:
        from rich.text import Text

        for text in texts:
            self.owner.tell("event", Text.from_markup(text).plain)

    def rules(self, card_ids: Sequence[str]) -> None:
        from gm_assist.rules_ref import render_cards

        self.owner.tell("rules", render_text(lambda out: render_cards(list(card_ids), out)))

    def clear(self) -> None:
        with self.owner.cond:
            self.owner.told = []


@dataclass
class Seats:
    """Every seat of the server, by id."""

    home: Any
    procedure: Callable[[], None]
    seats: dict[str, Seat] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def open(self, role: str | None, lang: str, session: str | None) -> Seat:
        self.tidy(opening=True)
        seat = Seat(
            id=secrets.token_urlsafe(12),
            role=role,
            context=Context(home=self.home, lang=lang, guided=True, session=session, surface="page"),
            procedure=self.procedure,
        )
        with self.lock:
            self.seats[seat.id] = seat
        seat.start()
        return seat

    def get(self, seat_id: Any, role: str | None) -> Seat | None:
        """The seat ``seat_id`` when it is open and was opened with the same kind of link."""
        self.tidy()
        with self.lock:
            seat = self.seats.get(seat_id) if isinstance(seat_id, str) else None
        if seat is None or seat.finished or seat.role != role:
            return None
        return seat

    def tidy(self, opening: bool = False) -> None:
        """Close the seats idle for too long, and the oldest idle ones beyond MAX_SEATS (with room
        for one more when a seat is ``opening``; a request to a seat kept makes no room)."""
        now, limit = time.monotonic(), idle_seconds()
        with self.lock:
            for sid in [sid for sid, s in self.seats.items() if s.finished]:
                del self.seats[sid]
            idle = sorted(self.seats.values(), key=lambda s: s.last)
            over = max(0, len(idle) + opening - MAX_SEATS)
            closing = [s for i, s in enumerate(idle) if i < over or now - s.last > limit]
            for seat in closing:
                del self.seats[seat.id]
        for seat in closing:
            seat.close()

    def close_all(self) -> None:
        with self.lock:
            closing = list(self.seats.values())
            self.seats.clear()
        for seat in closing:
            seat.close()
