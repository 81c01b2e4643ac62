"""The phones' seats (issue 33, gm_assist.table.seats): a seat closed while its procedure is busy
between two questions still ends (its thread does not wait forever for a page that is gone), and
idle seats are closed after ``$GM_ASSIST_SEAT_IDLE`` seconds when it is set."""

from __future__ import annotations

import threading

import pytest

from gm_assist.table import seats as seats_module
from gm_assist.table.seats import IDLE_SECONDS, Seats, idle_seconds


def test_a_seat_closed_while_its_procedure_works_ends(tmp_path):
    from gm_assist.core.prompts import text

    working, go_on = threading.Event(), threading.Event()
    asked: list[str] = []

    def procedure() -> None:
        asked.append(text("first?"))
        working.set()
        go_on.wait(30)  # the procedure is busy between two questions (a long step)
        asked.append(text("second?"))

    table = Seats(tmp_path, procedure)
    seat = table.open(None, "en", None)
    assert seat.settle(0, 10)
    assert seat.deliver(seat.number, "one")
    assert working.wait(10)
    table.close_all()  # the server stops (or the seat idled out) while the procedure works
    go_on.set()
    assert seat.thread is not None
    seat.thread.join(10)
    assert not seat.thread.is_alive(), "the seat's thread still waits for an answer nobody sends"
    assert seat.finished and asked == ["one"]


def test_idle_seats_are_closed_after_the_configured_time(tmp_path, monkeypatch):
    from gm_assist.core.prompts import text

    monkeypatch.setenv("GM_ASSIST_SEAT_IDLE", "0.01")
    table = Seats(tmp_path, lambda: text("anything?") and None)
    first = table.open(None, "en", None)
    assert first.settle(0, 10)
    first.last -= 1  # its phone left a second ago, a hundred times the idle time
    second = table.open(None, "en", None)  # the next page that opens a seat tidies
    assert first.thread is not None
    first.thread.join(10)
    assert not first.thread.is_alive() and first.finished
    assert list(table.seats) == [second.id]
    table.close_all()


@pytest.mark.parametrize(
    ("value", "seconds"),
    [
        (None, IDLE_SECONDS),
        ("30", 30.0),
        ("0", IDLE_SECONDS),
        ("-5", IDLE_SECONDS),
        ("nan", IDLE_SECONDS),
        ("inf", IDLE_SECONDS),
        ("soon", IDLE_SECONDS),
    ],
)
def test_idle_time_from_the_environment(monkeypatch, value, seconds):
    if value is None:
        monkeypatch.delenv(seats_module.IDLE_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(seats_module.IDLE_VARIABLE, value)
    assert idle_seconds() == seconds
