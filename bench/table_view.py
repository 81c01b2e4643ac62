#!/usr/bin/env python3
"""Table view benchmark (issue 16), run by hand (never in the test suite):

    .venv/bin/python bench/table_view.py [--changes 50] [--clients 20] [--reconnects 5000]
    .venv/bin/python bench/table_view.py --reconnects-only [--reconnects 5000]
    .venv/bin/python bench/table_view.py --watchers
    .venv/bin/python bench/table_view.py --phones [--phone-taps 100] [--commands 20] [--records 50]
    .venv/bin/python bench/table_view.py --evening [--speed 40]
    .venv/bin/python bench/table_view.py --play-weight
    .venv/bin/python bench/table_view.py --taps 40

- latency: from a ``gm-assist insomnia dodos 1`` process's exit to the page's DOM update, in the
  system Chromium (a MutationObserver stamps the update; both clocks are this machine's wall
  clock), p50/p95 over ``--changes`` changes. Target p95 ≤ 300 ms.
- memory: the server's resident memory (VmRSS) with ``--clients`` event streams open, after ten
  changes sent to all of them. Target ≤ 60 MiB.
- page weight: the page and every asset it loads (no compression). Target ≤ 150 KB; the play
  link's page (the guided mode, issue 33: guided.js as well) ≤ 200 KB.
- reconnects: a tablet that sleeps and wakes all evening. ``--reconnects`` times (default 5,000),
  an event stream is opened, read up to its first snapshot and dropped; the server's resident
  memory (VmRSS) is read before, every 1,000 and at the end. Target ≤ 60 MiB at the end.
  ``--reconnects-only`` runs only this part (no Chromium needed).
- ``--phones`` (issue 33): a TV (the watch page, 1920×1080) and four phones (play pages, 390×844),
  each in its own context of one system Chromium. Each phone holds a guided seat (``/api/seat``) at
  the Insomnia menu, and its page does what the guided page does: when ``/events`` brings a version
  other than its menu's, it sends ``{"redraw": true}``. A **tap**: a phone's page sends
  ``POST /api/answer`` for the entry "… keeps running: end of turn" (recorded at once), timed from
  the moment the request is sent to the moment the last of the four other screens has the new
  version in its DOM (``<html data-version>``, stamped by a MutationObserver; one machine, one wall
  clock), phones taking turns. Then the same to all five screens from a ``gm-assist insomnia dodos
  1`` command (from its exit, and from its start) and from a change recorded through the core by a
  process already running (``session.record``, as the terminal's guided mode does). p50/p95/max;
  target p95 ≤ 300 ms.
- ``--evening`` (issue 33): three hours of play, ``--speed`` times faster than life, against its own
  ``gm-assist table``: a change every 20 s (taps on the phones' seats; every 20th a command, every
  10th a record through the core, an undo and a redo from a phone every 30), each change followed by
  the other phones' redraws; each phone reconnects its event stream every 3 minutes and reloads its
  page every 20 (every other time as a new tab: a new seat, the old one left behind), sleeps once for
  30 minutes (longer than a seat may idle) and wakes; a guest joins for 40 minutes and leaves
  without a word; a phone quits and starts again; the TV reloads every hour. A seat's idle time is
  compressed by the same factor (``$GM_ASSIST_SEAT_IDLE``). The server's resident memory (VmRSS)
  and threads at the start, with the phones seated, every 30 minutes of play and at the end
  (target ≤ 80 MiB); then, once every seat has idled out, the next seat opened closes them and the
  threads fall back; the connections left open and how Ctrl-C stops it.
- ``--play-weight`` (issue 33): what the play page loads in Chromium (every response but the event
  stream and the API; no compression) and any address it asks for that is not this server's.
  Target ≤ 200 KB, everything local.
- ``--taps N``: issue 33, a tap on a phone's Play tab (Undo, then Redo) until a TV and three other
  phones show it (the TV's journal; each phone's menu drawn again): p50/p95 over N taps. Target p95
  ≤ 300 ms. Runs only this part.
- ``--watchers``: how fast each way of watching notices an atomic replacement of a session file
  (stat polling every 50 ms, as the server does, against ``watchfiles``, when it is installed),
  and what each costs while nothing changes (CPU seconds over 10 s).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from table.conftest import CHROMIUM, CHROMIUM_ARGS, TableServer  # noqa: E402


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


OBSERVE = """() => { window.__seen = window.__seen || {};
  const root = document.documentElement;
  const stamp = () => {
    const n = root.getAttribute('data-version');
    if (n && !(n in window.__seen)) window.__seen[n] = performance.timeOrigin + performance.now();
    if (window.__sync) window.__sync();
  };
  stamp();
  new MutationObserver(stamp).observe(root, {attributes: true, attributeFilter: ['data-version']}); }"""
"""Stamps (wall clock, ms) the first moment each snapshot version is in the page's DOM (the page sets
``data-version`` on ``<html>`` when it draws a snapshot)."""


def latency(server: TableServer, changes: int) -> tuple[list[float], list[float]]:
    from playwright.sync_api import sync_playwright

    out, from_start = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(server.url)
        page.wait_for_function("document.documentElement.getAttribute('data-status') === 'ok'")
        page.evaluate(OBSERVE)
        for _ in range(changes):
            started = time.time() * 1000
            r = server.gm("insomnia", "dodos", "1")
            exited = time.time() * 1000
            assert r.returncode == 0, r.stderr
            expected = str(server.state()["version"])
            page.wait_for_function("n => n in window.__seen", arg=expected, timeout=5000)
            shown = page.evaluate("n => window.__seen[n]", expected)
            out.append(shown - exited)
            from_start.append(shown - started)
            time.sleep(0.05)
        browser.close()
    return out, from_start


def taps(server: TableServer, count: int, phones: int = 4) -> list[float]:
    """Issue 33: a tap on one phone's Play tab (Undo, then Redo, of the game's last change), until
    every other screen shows it: the TV's journal, and each other phone's menu drawn again from the
    new version (its /events, then its own redraw request). Milliseconds from the click to the last
    screen's DOM change, one figure per tap (every page stamps with this machine's wall clock)."""
    from playwright.sync_api import sync_playwright

    token = re.search(r"\?token=([\w-]+)&play=1\b", server.log())
    assert token, server.log()
    stamp = """sel => { window.__stamps = [];
        new MutationObserver(() => window.__stamps.push(performance.timeOrigin + performance.now()))
          .observe(document.querySelector(sel), {attributes: true, childList: true, subtree: true}); }"""
    out = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tv = browser.new_page(viewport={"width": 1920, "height": 1080})
        tv.goto(server.url)
        tv.wait_for_function("document.documentElement.getAttribute('data-status') === 'ok'")
        pages = []
        for _ in range(phones):
            phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            phone.goto(f"{server.url}?token={token.group(1)}&play=1&lang=en")
            for entry in ("Resume", server.state()["session"]["name"]):
                phone.wait_for_selector(f"#guided[aria-busy=false] button.gm-choice:has-text('{entry}')")
                phone.click(f"#guided button.gm-choice:has-text('{entry}')")
            phone.wait_for_selector("#guided[aria-busy=false][data-version] .gm-undo")
            pages.append(phone)
        tapping, others = pages[0], pages[1:]
        tv.evaluate(stamp, "#journal")
        for phone in others:
            phone.evaluate(stamp, "#guided")
        for n in range(count):
            word = "Redo" if n % 2 else "Undo"
            seen = {id(p): p.evaluate("window.__stamps.length") for p in (tv, *others)}
            versions = {id(p): p.get_attribute("#guided", "data-version") for p in others}
            clicked = tapping.evaluate(
                """w => { const b = [...document.querySelectorAll('#guided .gm-undo')]
                  .find(e => e.innerText.startsWith(w)); const t = performance.timeOrigin + performance.now();
                  b.click(); return t; }""",
                word,
            )
            tv.wait_for_function("n => window.__stamps.length > n", arg=seen[id(tv)], timeout=5000)
            last = tv.evaluate("window.__stamps[window.__stamps.length - 1]")
            for phone in others:
                phone.wait_for_function(
                    "v => { const g = document.getElementById('guided');"
                    " return g.dataset.version !== v && g.getAttribute('aria-busy') === 'false'; }",
                    arg=versions[id(phone)],
                    timeout=5000,
                )
                last = max(last, phone.evaluate("window.__stamps[window.__stamps.length - 1]"))
            tapping.wait_for_selector("#guided[aria-busy=false] .gm-undo")
            out.append(last - clicked)
        browser.close()
    return out


def rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1))


def memory(server: TableServer, clients: int) -> tuple[int, int]:
    before = rss_kib(server.proc.pid)
    conns = []
    for _ in range(clients):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/events")
        conns.append((conn, conn.getresponse()))

    def drain(response: http.client.HTTPResponse) -> None:
        try:
            while response.readline():
                pass
        except (OSError, ValueError):  # closed at the end of the measure
            pass

    readers = [threading.Thread(target=drain, args=(r,), daemon=True) for _, r in conns]
    for reader in readers:
        reader.start()
    for _ in range(10):
        server.gm("insomnia", "dodos", "1")
    time.sleep(0.5)
    after = rss_kib(server.proc.pid)
    for conn, _ in conns:
        conn.close()
    return before, after


def reconnects(server: TableServer, count: int) -> list[tuple[int, int]]:
    """Open and drop ``count`` event streams one after the other; (streams so far, RSS KiB) at the
    start, every 1,000 and at the end."""
    import socket

    points = [(0, rss_kib(server.proc.pid))]
    for done in range(1, count + 1):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/events")
        response = conn.getresponse()
        assert response.status == 200, response.status
        while not response.readline().startswith(b"data: "):
            pass
        if conn.sock is not None:
            conn.sock.shutdown(socket.SHUT_RDWR)  # the tablet goes away mid-stream
        conn.close()
        if done % 1000 == 0 or done == count:
            points.append((done, rss_kib(server.proc.pid)))
    # the server notices the last drops within a moment: wait until it has let them all go
    deadline = time.monotonic() + 10
    while _open_streams(server) > 0 and time.monotonic() < deadline:
        time.sleep(0.1)
    points.append((count, rss_kib(server.proc.pid)))
    return points


def _open_streams(server: TableServer) -> int:
    """The server's established TCP connections on its port (from /proc/net/tcp), minus ours."""
    port = f"{server.port:04X}"
    count = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1].endswith(":" + port) and fields[3] == "01":  # local side is the server, ESTABLISHED
            count += 1
    return count


def page_weight(server: TableServer, query: str = "") -> dict[str, int]:
    """Bytes of the page and of every asset it loads; ``query``: e.g. a play link's ``?token=…&play=1``."""
    with urllib.request.urlopen(server.url + query) as response:
        html = response.read()
    sizes = {"/": len(html)}
    for asset in re.findall(rb'(?:src|href)="(/static/[^"]+)"', html):
        with urllib.request.urlopen(server.url.rstrip("/") + asset.decode()) as response:
            sizes[asset.decode().split("?")[0]] = len(response.read())
    return sizes


def watchers(runs: int = 50) -> None:
    import asyncio

    folder = Path(tempfile.mkdtemp())
    target = folder / "session.json"
    target.write_text("{}")

    def replace(n: int) -> None:
        tmp = folder / f".tmp{n}"
        tmp.write_text(json.dumps({"n": n}))
        os.replace(tmp, target)

    def stamp() -> tuple[int, int, int] | None:
        try:
            st = os.stat(target)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    async def polling() -> list[float]:
        seen, out = stamp(), []
        for n in range(runs):
            asyncio.get_running_loop().call_later(0.013 * (n % 4), replace, n)  # any phase of the poll
            at = time.perf_counter() + 0.013 * (n % 4)
            while stamp() == seen:
                await asyncio.sleep(0.05)
            seen = stamp()
            out.append((time.perf_counter() - at) * 1000)
        return out

    def idle_cpu(coro_factory) -> float:
        start = time.process_time()

        async def run() -> None:
            task = asyncio.ensure_future(coro_factory())
            await asyncio.sleep(10)
            task.cancel()

        asyncio.run(run())
        return time.process_time() - start

    async def poll_forever() -> None:
        while True:
            stamp()
            await asyncio.sleep(0.05)

    poll = asyncio.run(polling())
    print(
        f"stat polling (50 ms): detection p50 {statistics.median(poll):.0f} ms, p95 {pct(poll, 95):.0f} ms; "
        f"idle CPU {idle_cpu(poll_forever):.3f} s per 10 s"
    )
    try:
        import watchfiles
    except ImportError:
        print("watchfiles: not installed (pip install watchfiles to compare)")
        return

    async def watching() -> list[float]:
        out = []
        stop = asyncio.Event()
        changes = watchfiles.awatch(
            folder,
            stop_event=stop,
            debounce=50,
            step=10,
            watch_filter=lambda _c, path: path.endswith("session.json"),
        )
        ready = asyncio.Event()

        async def consume() -> None:
            ready.set()
            async for _ in changes:
                arrived.append(time.perf_counter())

        arrived: list[float] = []
        task = asyncio.ensure_future(consume())
        await ready.wait()
        await asyncio.sleep(0.3)
        for n in range(runs):
            count = len(arrived)
            at = time.perf_counter()
            replace(n)
            while len(arrived) == count:
                await asyncio.sleep(0.002)
            out.append((arrived[-1] - at) * 1000)
            await asyncio.sleep(0.06)
        stop.set()
        await task
        return out

    async def watch_forever() -> None:
        async for _ in watchfiles.awatch(folder, debounce=50, step=10):
            pass

    watched = asyncio.run(watching())
    print(
        f"watchfiles (debounce 50, step 10): detection p50 {statistics.median(watched):.0f} ms, "
        f"p95 {pct(watched, 95):.0f} ms; idle CPU {idle_cpu(watch_forever):.3f} s per 10 s"
    )


# --- issue 33: a TV and four phones, the guided mode on the phones ------------------------------

TAP = "keeps running"
"""The Insomnia menu entry a phone taps: "<player> keeps running: end of turn" records at once."""

SEAT_JS = """([token, view]) => {
  window.__seat = view; window.__busy = false; window.__redraws = 0; window.__moved = 0;
  const root = document.documentElement;
  window.__post = async (body) => {
    window.__busy = true;
    try {
      const r = await fetch('/api/answer', {method: 'POST', body: JSON.stringify(body),
        headers: {'Authorization': 'Bearer ' + token, 'Content-Type': 'application/json'}});
      const v = await r.json();
      if (v && v.seat) window.__seat = v;
      if (v && v.moved_first) window.__moved++;
      return {status: r.status, view: v};
    } finally { window.__busy = false; }
  };
  // what the guided page does when /events brings another version than its menu's: redraw
  window.__sync = async () => {
    const q = window.__seat && window.__seat.question;
    const now = root.getAttribute('data-version');
    if (window.__busy || !q || q.version == null || String(q.version) === now) return;
    window.__redraws++;
    await window.__post({seat: window.__seat.seat, number: window.__seat.number, redraw: true});
    window.__sync();
  };
}"""
"""A phone's seat, held by its page: the tap's request and the redraw the guided page sends when the
game moved elsewhere, both from the page itself (``fetch``, the play token as a Bearer header)."""

TAP_JS = """async (words) => {
  const seat = window.__seat;
  const index = seat.question.choices.findIndex(c => c.label.includes(words));
  const t0 = performance.timeOrigin + performance.now();
  const r = await window.__post({seat: seat.seat, number: seat.number, answer: index});
  r.t0 = t0; r.t1 = performance.timeOrigin + performance.now();
  window.__sync();
  return r;
}"""

SYNCED = """() => { const q = window.__seat && window.__seat.question;
  const shown = document.documentElement.getAttribute('data-version');
  return !window.__busy && !!q && String(q.version) === shown; }"""


def tokens(server: TableServer) -> dict[str, str]:
    """The home's links' secrets (``table-tokens.json``, written by the server at its start)."""
    return json.loads((server.home / "table-tokens.json").read_text())


def play_url(server: TableServer) -> str:
    return f"{server.url}?token={tokens(server)['play']}&play=1&lang=en"


def api(server: TableServer, path: str, body: dict, token: str, timeout: float = 30) -> tuple[int, dict]:
    """``POST /api/…`` as a phone sends it; (status, JSON answer)."""
    request = urllib.request.Request(
        server.url + path.lstrip("/"),
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


class Phone:
    """A phone's guided seat over HTTP (what its page sends): open or find it again, answer, redraw."""

    def __init__(self, server: TableServer, token: str) -> None:
        self.server, self.token = server, token
        self.view: dict = {}
        self.opened = 0

    @property
    def seat(self) -> str | None:
        return self.view.get("seat")

    def open(self, keep: bool = True) -> None:
        """The page loads: ``POST /api/seat`` with the seat it kept (``keep``), else a new tab's."""
        body = {"lang": "en", **({"seat": self.seat} if keep and self.seat else {})}
        before = self.seat
        status, self.view = api(self.server, "/api/seat", body, self.token)
        assert status == 200, (status, self.view)
        self.opened += self.seat != before

    def answer(self, **body: object) -> int:
        """Answer the current question (``answer=``, ``cancel=True``, ``redraw=True``); a closed seat
        (404) is opened again, as the page does."""
        status, view = api(
            self.server, "/api/answer", {"seat": self.seat, "number": self.view["number"], **body}, self.token
        )
        if status == 404:
            self.open(keep=False)
            return status
        assert status in (200, 409), (status, view)
        self.view = view
        return status

    def index(self, words: str) -> int | None:
        question = self.view.get("question") or {}
        return next((i for i, c in enumerate(question.get("choices", [])) if words in c["label"]), None)

    def to_game(self) -> None:
        """From wherever the seat is, to the game's menu (home → Resume → the saved game)."""
        for _ in range(6):
            if self.view.get("finished"):
                self.open(keep=False)
            if self.index(TAP) is not None:
                return
            question = self.view.get("question") or {}
            if question.get("message") == "What now?":
                self.answer(answer=self.index("Resume"))
            elif question.get("kind") == "select" and question.get("version") is None:
                self.answer(answer=0)  # the saved game (there is one)
            else:
                self.answer(cancel=True)
        raise AssertionError(f"no game menu: {self.view}")

    def redraw_if_moved(self, version: int | None) -> None:
        """What the page does when ``/events`` brings another version than its menu's."""
        question = self.view.get("question") or {}
        if question.get("version") is not None and question["version"] != version:
            self.answer(redraw=True)


def screens(server: TableServer, taps: int, commands: int, records: int) -> dict[str, list[float]]:
    """A TV (watch page) and four phones (play pages) in one Chromium; the time from a change to the
    moment every other screen's DOM shows its version, for ``taps`` taps on a phone's guided menu,
    ``commands`` ``gm-assist`` commands and ``records`` changes recorded through the core by a
    running process (a terminal's guided mode)."""
    from playwright.sync_api import sync_playwright

    token = tokens(server)["play"]
    out: dict[str, list[float]] = {
        k: [] for k in ("tap", "tap own", "command exit", "command start", "record")
    }
    redraws = moved = 0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tv_context = browser.new_context(viewport={"width": 1920, "height": 1080})
        contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(4)]
        try:
            tv = tv_context.new_page()
            tv.goto(server.url + "?lang=en")
            phones = [context.new_page() for context in contexts]
            for page in phones:
                page.goto(play_url(server))
            pages = [tv, *phones]
            for page in pages:
                page.wait_for_function("document.documentElement.getAttribute('data-status') === 'ok'")
            for page in phones:
                seat = Phone(server, token)
                seat.open()
                seat.to_game()
                page.evaluate(SEAT_JS, [token, seat.view])
            for page in pages:
                page.evaluate(OBSERVE)

            def everywhere(version: str, skip: object = None) -> list[float]:
                found = []
                for page in pages:
                    if page is not skip:
                        page.wait_for_function("n => n in window.__seen", arg=version, timeout=10000)
                        found.append(page.evaluate("n => window.__seen[n]", version))
                return found

            for n in range(taps):
                phone = phones[n % 4]
                for page in phones:
                    page.wait_for_function(SYNCED, timeout=10000)
                done = phone.evaluate(TAP_JS, TAP)
                assert done["status"] == 200, done
                version = str(done["view"]["question"]["version"])
                out["tap"].append(max(everywhere(version, skip=phone)) - done["t0"])
                out["tap own"].append(phone.evaluate("n => window.__seen[n]", version) - done["t0"])
                time.sleep(0.1)
            for _ in range(commands):
                started = time.time() * 1000
                r = server.gm("insomnia", "dodos", "1")
                exited = time.time() * 1000
                assert r.returncode == 0, r.stderr
                shown = max(everywhere(str(server.state()["version"])))
                out["command exit"].append(shown - exited)
                out["command start"].append(shown - started)
                time.sleep(0.1)
            with Terminal(server) as terminal:
                for _ in range(records):
                    started, version = terminal.record()
                    out["record"].append(max(everywhere(str(version))) - started)
                    time.sleep(0.1)
            for page in phones:
                page.wait_for_function(SYNCED, timeout=10000)
                redraws += page.evaluate("window.__redraws")
                moved += page.evaluate("window.__moved")
        finally:
            for context in (tv_context, *contexts):
                context.close()
            browser.close()
    out["redraws"], out["moved"] = [redraws], [moved]
    return out


TERMINAL = """
import json, sys, time
from gm_assist.core.session import record
from gm_assist.core.session_position import version_of
from gm_assist.core.session_file import read_document
from gm_assist.core.index import resolve
from gm_assist.games.insomnia.actions import GainDodos

for line in sys.stdin:
    started = time.time() * 1000
    record(GainDodos(name="Ana", dodos=1))
    doc, _ = read_document(resolve(None))
    print(json.dumps([started, version_of(doc)]), flush=True)
"""


class Terminal:
    """A running process on the server's home that records a change through the core on demand (as
    the terminal's guided mode does, without its start-up)."""

    def __init__(self, server: TableServer) -> None:
        import subprocess

        from table.conftest import child_env

        self.proc = subprocess.Popen(
            [sys.executable, "-c", TERMINAL],
            env=child_env(server.home),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def record(self) -> tuple[float, int]:
        """Record one change; (when it started, wall clock ms; the session's new version)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()
        started, version = json.loads(self.proc.stdout.readline())
        return started, version

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_: object) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def report_screens(server: TableServer, taps: int, commands: int, records: int) -> None:
    found = screens(server, taps, commands, records)

    def line(key: str) -> str:
        values = found[key]
        return (
            f"p50 {statistics.median(values):.0f} ms, p95 {pct(values, 95):.0f} ms, max {max(values):.0f} ms"
        )

    print(f"a TV and 4 phones in Chromium; {taps} taps, {commands} commands, {records} records")
    target = "(target p95 ≤ 300 ms)"
    print(f"tap on a phone (its request sent) → the TV's and the 3 other phones' DOM: {line('tap')} {target}")
    print(f"  the tapping phone's own page: {line('tap own')}")
    print(f"command's exit → all 5 screens: {line('command exit')} {target}")
    print(f"command's start → all 5 screens (its own run included): {line('command start')}")
    print(f"change recorded through the core (a terminal) → all 5 screens: {line('record')} {target}")
    print(
        f"  the phones' redraws after a change elsewhere: {found['redraws'][0]}; "
        f"taps told someone moved first: {found['moved'][0]}"
    )


def play_weight(server: TableServer) -> tuple[dict[str, int], list[str]]:
    """What the play page loads in Chromium (path → bytes, the event stream and the API aside), and
    every address it asked for that this server does not serve."""
    from playwright.sync_api import sync_playwright

    sizes: dict[str, int] = {}
    outside: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        responses: list = []

        def asked(request) -> None:
            if not request.url.startswith((server.url, "data:")):
                outside.append(request.url)

        page.on("request", asked)
        page.on("response", lambda response: responses.append(response))
        page.goto(play_url(server))
        page.wait_for_function("document.documentElement.getAttribute('data-status') === 'ok'")
        page.wait_for_load_state("load")
        for response in responses:
            path = response.url[len(server.url) - 1 :].split("?")[0]
            if response.url.startswith(server.url) and path != "/events" and not path.startswith("/api/"):
                sizes[path] = sizes.get(path, 0) + len(response.body())
        context.close()
        browser.close()
    return sizes, outside


def report_play_weight(server: TableServer) -> None:
    sizes, outside = play_weight(server)
    total = sum(sizes.values())
    print(
        f"play page weight, as Chromium loads it: {total / 1000:.1f} KB in {len(sizes)} files "
        f"({', '.join(f'{k} {v}' for k, v in sizes.items())}) (target ≤ 200 KB); "
        f"addresses elsewhere: {outside or 'none'}"
    )


EVENING = 3 * 3600
"""Seconds of play the evening stands for."""


class Stream:
    """An awake screen's ``/events`` stream, read to its first snapshot, then drained by a thread."""

    def __init__(self, server: TableServer, token: str | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        self.conn.request("GET", "/events" + (f"?token={token}" if token else ""))
        response = self.conn.getresponse()
        assert response.status == 200, response.status
        while not response.readline().startswith(b"data: "):
            pass
        threading.Thread(target=self._drain, args=(response,), daemon=True).start()

    @staticmethod
    def _drain(response: http.client.HTTPResponse) -> None:
        try:
            while response.readline():
                pass
        except (OSError, ValueError, AttributeError):  # dropped by close()
            pass

    def close(self) -> None:
        import socket

        if self.conn.sock is not None:
            self.conn.sock.shutdown(socket.SHUT_RDWR)  # the phone sleeps mid-stream
        self.conn.close()


def load_page(url: str) -> int:
    """A page load without the browser: the page and each script and style it names; bytes read."""
    with urllib.request.urlopen(url, timeout=30) as response:
        html = response.read()
    size = len(html)
    base = url.split("?")[0].rstrip("/")
    for asset in re.findall(rb'(?:src|href)="(/static/[^"]+)"', html):
        with urllib.request.urlopen(base + asset.decode(), timeout=30) as response:
            size += len(response.read())
    return size


def threads(pid: int) -> int:
    return int(re.search(r"Threads:\s+(\d+)", Path(f"/proc/{pid}/status").read_text()).group(1))


class Table:
    """The screens of the simulated evening: four phones (and a guest) with their seats and
    streams, the TV's stream, a terminal; what each did, counted."""

    def __init__(self, server: TableServer, terminal: Terminal) -> None:
        self.server, self.terminal = server, terminal
        self.token = tokens(server)["play"]
        self.phones = [Phone(server, self.token) for _ in range(5)]  # the fifth: a guest's
        self.streams: dict[int, Stream] = {}
        self.tv = Stream(server)
        self.count = dict.fromkeys(
            (
                "taps",
                "commands",
                "records",
                "undo",
                "redo",
                "redraws",
                "moved_first",
                "reconnects",
                "page loads",
                "seats opened",
                "quits",
            ),
            0,
        )

    def wake(self, i: int, keep: bool = True) -> None:
        """Phone ``i``'s page loads (again): the page, its seat (the one it kept, or a new tab's),
        its event stream."""
        load_page(play_url(self.server))
        self.count["page loads"] += 1
        phone = self.phones[i]
        opened = phone.opened
        phone.open(keep=keep)
        phone.to_game()
        self.count["seats opened"] += phone.opened - opened
        self.reconnect(i)

    def reconnect(self, i: int) -> None:
        if i in self.streams:
            self.streams.pop(i).close()
            self.count["reconnects"] += 1
        self.streams[i] = Stream(self.server, self.token)

    def sleep(self, i: int) -> None:
        if i in self.streams:
            self.streams.pop(i).close()

    def version(self) -> int:
        return self.server.state()["version"]

    def tap(self, i: int) -> None:
        phone = self.phones[i]
        phone.to_game()
        phone.redraw_if_moved(self.version())
        if phone.answer(answer=phone.index(TAP)) == 409:  # moved first: the menu is drawn again
            self.count["moved_first"] += 1
            phone.answer(answer=phone.index(TAP))
        self.count["taps"] += 1

    def act(self, path: str) -> None:
        status, body = api(self.server, path, {"version": self.version()}, self.token)
        assert status == 200, (status, body)
        self.count[path.rsplit("/", 1)[1]] += 1

    def others_redraw(self, awake: list[int]) -> None:
        """What every awake phone's page does when ``/events`` brings the change: redraw its menu."""
        version = self.version()
        for i in awake:
            if self.phones[i].view.get("question", {}) and self.phones[i].view["question"].get(
                "version"
            ) not in (None, version):
                self.phones[i].answer(redraw=True)
                self.count["redraws"] += 1

    def quit_and_again(self, i: int) -> None:
        """Back to the home menu (Esc), Quit, then the page's "Start again" (a new seat)."""
        phone = self.phones[i]
        while (phone.view.get("question") or {}).get("message") != "What now?":
            phone.answer(cancel=True)
        phone.answer(answer=phone.index("Quit"))
        assert phone.view["finished"], phone.view
        self.count["quits"] += 1
        opened = phone.opened
        phone.to_game()
        self.count["seats opened"] += phone.opened - opened

    def close(self) -> None:
        for stream in [*self.streams.values(), self.tv]:
            stream.close()
        self.streams.clear()


def evening_plan() -> list[tuple[int, str, int]]:
    """(second of the evening, what, which phone), in order. A change every 20 s (a tap on a phone,
    and every few a command, a terminal's record, an undo and its redo); each phone reconnects its
    event stream every 3 minutes and reloads its page every 20 (every other time as a new tab,
    whose seat is left behind); each sleeps 30 minutes once (longer than a seat's idle time) and
    wakes; a guest joins for 40 minutes and leaves without a word; a phone quits and starts again;
    the TV reloads every hour."""
    plan: list[tuple[int, str, int]] = []
    for k, t in enumerate(range(30, EVENING, 20)):
        what = (
            "command"
            if k % 20 == 3
            else "record"
            if k % 10 == 7
            else "undo"
            if k % 30 == 15
            else "redo"
            if k % 30 == 16
            else "tap"
        )
        plan.append((t, what, k))
    for i in range(4):
        plan += [(t, "reconnect", i) for t in range(180 + 45 * i, EVENING, 180)]
        plan += [(t, "reload", i) for t in range(1200 + 300 * i, EVENING, 1200)]
        plan += [(2400 + 2100 * i, "sleep", i), (2400 + 2100 * i + 1800, "wake", i)]
    plan += [(3600, "wake", 4), (6000, "sleep", 4), (5400, "quit", 1)]
    plan += [(t, "tv", 0) for t in range(3600, EVENING, 3600)]
    return sorted(plan)


def evening(server: TableServer, speed: float) -> dict[str, object]:
    """Play the evening ``speed`` times faster than life; the server's memory and threads along it."""
    pid = server.proc.pid
    found: dict[str, object] = {"rss start": rss_kib(pid), "threads start": threads(pid)}
    samples: list[tuple[int, int, int]] = []
    with Terminal(server) as terminal:
        table = Table(server, terminal)
        for i in range(4):
            table.wake(i)
        found["rss seated"], found["threads seated"] = rss_kib(pid), threads(pid)
        asleep = {4}
        started, late = time.monotonic(), 0.0
        turn = 0
        for t, what, who in evening_plan():
            ahead = started + t / speed - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)
            else:
                late = max(late, -ahead)
            awake = [i for i in range(5) if i not in asleep]
            if what in ("tap", "command", "record", "undo", "redo"):
                if what == "tap":
                    turn += 1
                    table.tap(awake[turn % len(awake)])
                elif what == "command":
                    r = server.gm("insomnia", "dodos", "1")
                    assert r.returncode == 0, r.stderr
                    table.count["commands"] += 1
                elif what == "record":
                    terminal.record()
                    table.count["records"] += 1
                else:
                    table.act(f"/api/{what}")
                table.others_redraw(awake)
            elif what == "reconnect" and who not in asleep:
                table.reconnect(who)
            elif what == "reload" and who not in asleep:
                table.wake(who, keep=t // 1200 % 2 == 1)
            elif what == "sleep":
                table.sleep(who)
                asleep.add(who)
            elif what == "wake":
                asleep.discard(who)
                table.wake(who)
            elif what == "quit":
                table.quit_and_again(who)
            elif what == "tv":
                load_page(server.url)
                table.tv.close()
                table.tv = Stream(server)
                table.count["page loads"] += 1
                table.count["reconnects"] += 1
            if not samples or t - samples[-1][0] >= 1800:
                samples.append((t, rss_kib(pid), threads(pid)))
        found["real seconds"], found["late"] = time.monotonic() - started, late
        found["rss end"], found["threads end"] = rss_kib(pid), threads(pid)
        table.close()
        found["counts"] = dict(table.count)
    # the table goes home: once every seat has been idle longer than a seat may be, the next page
    # that opens one closes them all, and each one's thread ends
    time.sleep(float(os.environ["GM_ASSIST_SEAT_IDLE"]) + 1)
    last = Phone(server, tokens(server)["play"])
    last.open()
    deadline = time.monotonic() + 10
    while threads(pid) > found["threads start"] + 8 and time.monotonic() < deadline:
        time.sleep(0.1)
    found["threads reaped"], found["rss reaped"] = threads(pid), rss_kib(pid)
    deadline = time.monotonic() + 10
    while _open_streams(server) > 0 and time.monotonic() < deadline:
        time.sleep(0.1)
    found["open connections"] = _open_streams(server)
    found["samples"] = samples
    return found


def report_evening(speed: float) -> None:
    """A server of its own, whose seats may idle ``20 min / speed`` (``$GM_ASSIST_SEAT_IDLE``)."""
    from gm_assist.table.seats import IDLE_SECONDS

    os.environ["GM_ASSIST_SEAT_IDLE"] = str(IDLE_SECONDS / speed)
    base = Path(tempfile.mkdtemp())
    server = TableServer(base / "home")
    try:
        r = server.gm(
            "insomnia", "new", "--player", "Ana", "--player", "Bo", "--player", "Cy", "--player", "Di"
        )
        assert r.returncode == 0, r.stderr
        found = evening(server, speed)
    finally:
        stopping = time.monotonic()
        server.stop()
        stopped = time.monotonic() - stopping
    log = server.log()
    mib = lambda key: f"{found[key] / 1024:.1f} MiB"  # noqa: E731
    print(
        f"an evening (3 h of play in {found['real seconds']:.0f} s, ×{speed:g}; at most "
        f"{found['late']:.1f} s behind its plan; seats idle after {IDLE_SECONDS / speed:.0f} s): "
        f"{found['counts']}"
    )
    print(
        f"server memory: {mib('rss start')} at start, {mib('rss seated')} with 4 phones seated, "
        f"{mib('rss end')} at the end of the evening, {mib('rss reaped')} once the idle seats closed "
        "(target ≤ 80 MiB)"
    )
    along = ", ".join(f"{t // 60}: {k / 1024:.1f}, {n}" for t, k, n in found["samples"])
    print(f"  along the evening (minute: MiB, threads): {along}")
    print(
        f"server threads: {found['threads start']} at start, {found['threads seated']} seated, "
        f"{found['threads end']} at the end, {found['threads reaped']} after the idle seats closed; "
        f"connections left open: {found['open connections']}"
    )
    print(
        f"Ctrl-C stopped it in {stopped:.1f} s, exit code {server.proc.returncode}, "
        f"{'a traceback in its output' if 'Traceback' in log else 'no traceback in its output'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--changes", type=int, default=50)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--reconnects", type=int, default=5000)
    parser.add_argument("--reconnects-only", action="store_true")
    parser.add_argument("--watchers", action="store_true")
    parser.add_argument(
        "--phones", action="store_true", help="a TV and 4 phones: tap/command/record → all screens"
    )
    parser.add_argument("--phone-taps", type=int, default=100, help="taps of --phones")
    parser.add_argument("--commands", type=int, default=20)
    parser.add_argument("--records", type=int, default=50)
    parser.add_argument("--evening", action="store_true", help="server memory after 3 hours of play")
    parser.add_argument("--speed", type=float, default=40, help="how much faster than life the evening runs")
    parser.add_argument("--play-weight", action="store_true", help="what the play page loads")
    parser.add_argument("--taps", type=int, default=0, help="issue 33: taps on a phone, to a TV and 3 phones")
    args = parser.parse_args()
    if args.watchers:
        watchers()
        return
    if args.phones or args.play_weight:
        server = TableServer(Path(tempfile.mkdtemp()) / "home")
        try:
            r = server.gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
            assert r.returncode == 0, r.stderr
            if args.play_weight:
                report_play_weight(server)
            if args.phones:
                report_screens(server, args.phone_taps, args.commands, args.records)
        finally:
            server.stop()
    if args.evening:
        report_evening(args.speed)
    if args.phones or args.play_weight or args.evening:
        return
    base = Path(tempfile.mkdtemp())
    server = TableServer(base / "home")
    try:
        r = server.gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
        assert r.returncode == 0, r.stderr
        if args.reconnects_only:
            report_reconnects(server, args.reconnects)
            return
        if args.taps:
            assert server.gm("insomnia", "dodos", "2").returncode == 0  # a change to undo and redo
            spent = taps(server, args.taps)
            print(
                f"tap on a phone → a TV and 3 other phones over {len(spent)} taps: "
                f"p50 {statistics.median(spent):.0f} ms, p95 {pct(spent, 95):.0f} ms, "
                f"max {max(spent):.0f} ms (target p95 ≤ 300 ms, issue 33)"
            )
            return
        lat, whole = latency(server, args.changes)
        print(
            f"latency command exit → DOM update over {len(lat)} changes: "
            f"p50 {statistics.median(lat):.0f} ms, p95 {pct(lat, 95):.0f} ms, max {max(lat):.0f} ms "
            "(target p95 ≤ 300 ms; negative: the page changed before the command's process ended)"
        )
        print(
            f"latency command start → DOM update (the command's own run included): "
            f"p50 {statistics.median(whole):.0f} ms, p95 {pct(whole, 95):.0f} ms"
        )
        before, after = memory(server, args.clients)
        print(
            f"server memory: {before / 1024:.1f} MiB idle, {after / 1024:.1f} MiB with {args.clients} "
            "event streams after 10 changes (target ≤ 60 MiB)"
        )
        sizes = page_weight(server)
        total = sum(sizes.values())
        print(
            f"page weight: {total / 1000:.1f} KB ({', '.join(f'{k} {v}' for k, v in sizes.items())}) "
            "(target ≤ 150 KB)"
        )
        play = re.search(r"\?token=[\w-]+&play=1\b", server.log())
        if play:
            sizes = page_weight(server, play.group(0))
            print(
                f"play page weight (the guided mode): {sum(sizes.values()) / 1000:.1f} KB "
                f"(guided.js {sizes.get('/static/guided.js', 0)}) (target ≤ 200 KB, issue 33)"
            )
        if args.reconnects:
            report_reconnects(server, args.reconnects)
    finally:
        server.stop()


def report_reconnects(server: TableServer, count: int) -> None:
    started = time.monotonic()
    points = reconnects(server, count)
    path = ", ".join(f"{n}: {kib / 1024:.1f}" for n, kib in points[:-1])
    print(
        f"server memory over {count} event streams opened and dropped ({time.monotonic() - started:.0f} s): "
        f"{points[0][1] / 1024:.1f} MiB before, {points[-1][1] / 1024:.1f} MiB at the end "
        f"(MiB after N streams: {path}) (target ≤ 60 MiB at the end)"
    )


if __name__ == "__main__":
    main()
