"""The phones' seats (issue 33): a failing procedure ends in the table's words, idle seats are
closed and their threads end, and no more than MAX_SEATS are kept."""

from __future__ import annotations

import pytest

from gm_assist.core import prompts
from gm_assist.table import seats as seats_module
from gm_assist.table.seats import Seats


def broken() -> None:
    prompts.say("before")
    raise RuntimeError("a defect")


def asks() -> None:
    while True:
        prompts.confirm("Again?")


def test_a_procedure_that_fails_ends_its_seat_with_a_translated_message(home):
    seats = Seats(home, broken)
    seat = seats.open(None, "fr", None)
    assert seat.settle(0, 10)
    view = seat.view("Règle ?")
    assert view["finished"] and view["question"] is None
    assert [item["kind"] for item in view["told"]] == ["say", "error"]
    assert "a defect" not in view["told"][1]["text"] and "menu d'accueil" in view["told"][1]["text"]


def test_idle_seats_are_closed_and_their_threads_end(home, monkeypatch: pytest.MonkeyPatch):
    seats = Seats(home, asks)
    first = seats.open(None, "en", None)
    assert first.settle(0, 10) and first.question is not None
    monkeypatch.setattr(seats_module, "IDLE_SECONDS", -1)
    assert seats.get(first.id, None) is None  # closed as idle
    assert first.thread is not None
    first.thread.join(10)
    assert not first.thread.is_alive() and first.finished


def test_no_more_than_max_seats_are_kept(home, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(seats_module, "MAX_SEATS", 3)
    seats = Seats(home, asks)
    opened = [seats.open(None, "en", None) for _ in range(5)]
    for seat in opened:
        seat.settle(0, 10)
    assert len(seats.seats) == 3
    for seat in opened[:2]:
        assert seat.thread is not None
        seat.thread.join(10)
        assert seat.finished
    seats.close_all()
    for seat in opened[2:]:
        assert seat.thread is not None
        seat.thread.join(10)
        assert not seat.thread.is_alive()


def test_a_busy_seat_takes_no_answer_until_it_asks_again(home):
    import threading

    go = threading.Event()

    def slow() -> None:
        prompts.confirm("First?")
        go.wait(10)  # a long search between two questions
        prompts.confirm("Second?")

    seats = Seats(home, slow)
    seat = seats.open(None, "en", None)
    assert seat.settle(0, 10)
    number = seat.number
    assert seat.deliver(number, True)
    assert not seat.settle(number, 0.05)  # still searching: no question
    view = seat.view("Rule?")
    assert view["busy"] and view["question"] is None
    assert not seat.deliver(view["number"], True)  # nothing to answer meanwhile
    go.set()
    assert seat.settle(number, 10)
    assert seat.view("Rule?")["question"]["message"] == "Second?"
    seats.close_all()
