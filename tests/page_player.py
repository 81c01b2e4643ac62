"""The whole-game scripts played by taps on the guided page, in a real browser (issue 33, Proof): a
:class:`PagePlayer` answers each question the page shows from the same script steps the terminal's
:class:`tests.player.Player` answers with keys, by the page's DOM contract (docs/table-view.md):

- it waits for the next question by ``#guided[data-number]`` (and ``aria-busy="false"``), never by
  a delay, and reads it from the page: ``data-kind``, ``#q-message``, the entries in the order of
  their ``data-index``, what the procedure told (``#q-told .gm-told``), a refusal (``#q-problem``);
- ``Pick(words)`` taps the entry found as the terminal finds it, ``Pick()`` the default
  (``.is-default``, else the first); ``Type(text)`` fills ``#q-text`` (``#q-number`` for a number,
  with the steppers ``#q-minus``/``#q-plus`` when it is a few taps away) and taps ``#q-ok``;
  ``Yes``/``No`` tap ``#q-yes``/``#q-no``, ``Enter`` and ``Type(None)`` the proposed answer;
  ``Tick(...)`` toggles those ``button.gm-tick`` then taps ``#q-ok``; ``Cancel`` taps ``#q-back``.

Like the other players it prints what the page was told (a script reads it from ``capsys``) and
records ``asked``, ``menus`` and ``questions``; a step that does not match the question, a refusal
or a seat that waits fails at once, naming the question.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from tests.player import ENTER, Pick, Tick, Type, _find, _Word
from tests.web_player import Scripted

READ = """() => {
  const g = document.getElementById('guided');
  const text = (id) => { const n = document.getElementById(id); return n ? n.textContent : ''; };
  const entries = [...g.querySelectorAll('button.gm-choice[data-index], button.gm-tick[data-index]')]
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
  return {
    number: Number(g.dataset.number), kind: g.dataset.kind || '', message: text('q-message'),
    problem: text('q-problem'),
    told: [...g.querySelectorAll('#q-told .gm-told')].map(n => {
      const pre = n.querySelector('pre'); return (pre || n).textContent; }),
    entries: entries.map(n => n.textContent),
    chosen: entries.map(n => n.classList.contains('is-default') || n.getAttribute('aria-pressed') === 'true'),
  };
}"""

SETTLED = """n => { const g = document.getElementById('guided');
  return g && Number(g.dataset.number) > n && g.getAttribute('aria-busy') === 'false'; }"""

STEPS = 6
"""A number at most this far from the proposed one is set with the steppers, tap by tap."""


@dataclass
class PagePlayer(Scripted):
    """Plays on ``page`` (a Playwright page at a phone's size), opening ``url`` (a play link)."""

    page: Any
    url: str
    taps: int = 0

    def home(self, lang: str) -> None:
        """One run of the guided mode on the phone: the play link opened in ``lang`` (a new seat),
        answered by taps until the table quits."""
        self.page.goto(f"{self.url}&lang={lang}")
        self._settled(0)
        while True:
            seen = self.page.evaluate(READ)
            for text in seen["told"]:
                print(text)
            if seen["kind"] == "finished":
                return
            self._answer(seen)
            self._settled(seen["number"])

    def _settled(self, after: int) -> None:
        self.page.wait_for_function(SETTLED, arg=after, timeout=30_000)

    def _tap(self, selector: str) -> None:
        self.page.click(selector)
        self.taps += 1

    def _answer(self, seen: dict[str, Any]) -> None:
        kind, labels = seen["kind"], [" ".join(e.split()) for e in seen["entries"]]
        message = " ".join(seen["message"].split())
        step = self.next_step(kind, message, labels, seen["problem"].strip())
        chosen = [i for i, on in enumerate(seen["chosen"]) if on]
        if step in (_Word(ENTER), Type(None)) or (isinstance(step, Pick) and not step.words):
            self._proposed(kind, labels, chosen, step, message)
        elif isinstance(step, _Word) and step.key == "\x03":
            self._tap("#q-back")
        elif isinstance(step, _Word):
            self._tap("#q-yes" if step.key == "y" else "#q-no")
        elif isinstance(step, Pick):
            self._tap(
                f'#guided button.gm-choice[data-index="{_find(labels, step.page or step.words, message)}"]'
            )
        elif isinstance(step, Type):
            self._type(kind, step.text or "")
        elif isinstance(step, Tick):
            for words in step.words:
                self._tap(f'#guided button.gm-tick[data-index="{_find(labels, words, message)}"]')
            self._tap("#q-ok")
        else:
            raise AssertionError(f"unknown answer {step!r}")

    def _proposed(self, kind: str, labels: list[str], chosen: list[int], step: Any, message: str) -> None:
        """Enter alone: the proposed entry, the proposed yes or no, the proposed text or number."""
        if kind == "select":
            here = chosen[0] if chosen else 0
            if isinstance(step, Pick) and step.expect and " ".join(step.expect.split()) not in labels[here]:
                pytest.fail(
                    f"{message!r}: the default is {labels[here]!r}, not {step.expect!r}", pytrace=False
                )
            self._tap(f'#guided button.gm-choice[data-index="{here}"]')
        elif kind == "confirm":
            self._tap("#guided .gm-yesno button.is-default")
        else:
            self._tap("#q-ok")

    def _type(self, kind: str, text: str) -> None:
        if kind != "integer":
            self.page.fill("#q-text", text)
            self._tap("#q-ok")
            return
        now, wanted = self.page.input_value("#q-number"), text.strip()
        if (
            now.lstrip("-").isdecimal()
            and wanted.lstrip("+-").isdecimal()
            and abs(int(wanted) - int(now)) <= STEPS
        ):
            for _ in range(abs(int(wanted) - int(now))):
                self._tap("#q-plus" if int(wanted) > int(now) else "#q-minus")
            assert self.page.input_value("#q-number") == str(int(wanted))
        else:
            self.page.fill("#q-number", wanted)
        self._tap("#q-ok")


@contextmanager
def table_in_this_process(config: Any) -> Iterator[str]:
    """A table view (``create_app(config)``) served by uvicorn from a thread of this process, over
    the current home; yields its URL. In this process, so that a test can draw its screens as the
    captured terminal does (``web_player.as_the_terminal_prints``)."""
    import uvicorn

    from gm_assist.table.server import create_app
    from tests.table.conftest import free_port

    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(config), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, name="gm-table-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:  # uvicorn says when it listens
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the table view did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(timeout=15)
