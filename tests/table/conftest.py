"""Shared fixtures of the table view's tests (issue 16).

Browser tests (T1's and T2's) use this API, kept stable:

- ``table_server`` (module scope): a real ``gm-assist table --port <free port>`` subprocess over its
  own temporary home. ``.url`` (``http://127.0.0.1:<port>/``), ``.port``, ``.home``,
  ``.gm(*args, lang=None) -> subprocess.CompletedProcess`` runs the real ``gm-assist`` command in
  another process on that home (``--json`` output in ``.stdout``; ``lang`` adds ``--lang``),
  ``.state() -> dict`` fetches ``/state.json``, ``.log() -> str`` the server's output so far.
- ``start_table`` (function scope), a function ``start_table(home, *options, token=None) -> TableServer``:
  a real ``gm-assist table`` over ``home`` (which may not exist yet), stopped at the end of the test;
  ``token``: the watch token a ``--lan`` server was given (written in ``home``'s table-tokens.json).
- ``browser`` (module scope): the system Chromium (``/usr/bin/chromium``) through Playwright,
  headless. Without it the browser tests are skipped, except in CI (``$CI`` set) where they fail.
- ``page`` (function scope): a new page (390×844 by default; ``page.set_viewport_size`` to change).
- ``open_page`` fixture, a function ``open_page(page, server, lang="en")``: opens the server's page
  in a language and waits until it shows its first snapshot.
- ``wait_text`` fixture, a function ``wait_text(page, text, timeout_ms=2000)``: waits until the
  page's main area contains ``text`` (AssertionError naming what it showed otherwise).
- ``keep_shot`` fixture, a function ``keep_shot(page, name, full_page=False)``: the page as it stands
  written to ``$GM_SCREENS_DIR/<name>.png`` for a person to look at; without ``GM_SCREENS_DIR``
  nothing is taken (no test reads a screenshot, and a 4K one costs the browser most of a second).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("GM_TABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def gm_command() -> list[str]:
    """The real console command of this environment (``gm-assist``), else ``python -m gm_assist``."""
    script = Path(sys.executable).parent / "gm-assist"
    return [str(script)] if script.exists() else [sys.executable, "-m", "gm_assist"]


def child_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GM_ASSIST_LANG", "PYTEST_CURRENT_TEST")}
    env.update(GM_ASSIST_HOME=str(home), LC_ALL="C", PYTHONUNBUFFERED="1")
    return env


class TableServer:
    """A running ``gm-assist table`` over its own home (see the module docstring)."""

    def __init__(self, home: Path, extra: tuple[str, ...] = (), token: str | None = None) -> None:
        self.home = home
        self.token = token  # the watch token of a --lan server (its tokens written in the home first)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self._out = home.parent / f"table-{self.port}.log"
        self._log = open(self._out, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [*gm_command(), "table", "--port", str(self.port), *extra],
            env=child_env(home),
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                self.state()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"gm-assist table did not start:\n{self.log()}") from None
                time.sleep(0.1)

    def gm(self, *args: str, lang: str | None = None) -> subprocess.CompletedProcess[str]:
        head = ["--lang", lang] if lang else []
        return subprocess.run(
            [*gm_command(), *head, *map(str, args)],
            env=child_env(self.home),
            capture_output=True,
            text=True,
            timeout=60,
        )

    def state(self, path: str = "state.json") -> dict[str, Any]:
        if self.token:
            path += ("&" if "?" in path else "?") + "token=" + self.token
        with urllib.request.urlopen(self.url + path, timeout=5) as response:
            return json.loads(response.read())

    def log(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self._out.read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(2)  # Ctrl-C
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableServer]:
    base = tmp_path_factory.mktemp("table")
    server = TableServer(base / "home")
    try:
        yield server
    finally:
        server.stop()
    # Ctrl-C stops it cleanly: a message, exit 0, never a traceback
    assert "Traceback" not in server.log(), server.log()
    assert server.proc.returncode == 0, server.log()
    assert "Table view stopped." in server.log()


@pytest.fixture
def start_table() -> Iterator[Any]:
    """``start_table(home, *options)``: see the module docstring."""
    started: list[TableServer] = []

    def start(home: Path, *options: str, token: str | None = None) -> TableServer:
        server = TableServer(home, options, token)
        started.append(server)
        return server

    try:
        yield start
    finally:
        for server in started:
            server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        message = f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("playwright is not installed (pip install -e '.[test]')")
        pytest.skip("playwright is not installed")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    tab = context.new_page()
    try:
        yield tab
    finally:
        context.close()


def _open_page(page: Any, server: TableServer, lang: str = "en") -> None:
    """Open the table view in ``lang`` and wait for its first snapshot from the event stream."""
    page.goto(f"{server.url}?lang={lang}")
    page.wait_for_function("document.documentElement.hasAttribute('data-status')", timeout=5000)


def _wait_text(page: Any, text: str, timeout_ms: int = 2000) -> None:
    """Wait until ``#main`` contains ``text``; fail naming what the page showed."""
    try:
        page.wait_for_function(
            "t => (document.getElementById('main').innerText || '').includes(t)", arg=text, timeout=timeout_ms
        )
    except Exception as exc:
        shown = page.inner_text("#main")[:600]
        raise AssertionError(f"{text!r} not shown within {timeout_ms} ms; the page shows:\n{shown}") from exc


@pytest.fixture
def open_page() -> Any:
    """``open_page(page, table_server, lang="en")``: see the module docstring."""
    return _open_page


@pytest.fixture
def wait_text() -> Any:
    """``wait_text(page, text, timeout_ms=2000)``: see the module docstring."""
    return _wait_text


@pytest.fixture
def keep_shot() -> Any:
    def keep(page: Any, name: str, full_page: bool = False) -> None:
        folder = os.environ.get("GM_SCREENS_DIR")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)

    return keep
