#!/usr/bin/env python3
"""Screenshots of the guided page (issue 33), run by hand (never in the test suite):

    .venv/bin/python bench/guided_screens.py [DIR]   (default: docs/screens)

Plays through a play link in the system Chromium, by taps only, over the sessions of
``tests/table_screens.py`` (each game's largest state): each game's menu on a phone (390×844) and a
step at 1280×800 (Stuffed Fables' dice drawn by the app, Too Many Bones' damage of a hit, Mice and
Mystics' cheese rolled), in both languages and both themes. Writes
``guided-<game>-<lang>-<w>x<h>.png``; look at them before committing them.
"""

from __future__ import annotations

import re
import sys
import tempfile
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import table_screens  # noqa: E402
from tests.table.conftest import CHROMIUM, CHROMIUM_ARGS, TableServer  # noqa: E402
from tests.table.test_guided_page import number, pick, settled  # noqa: E402

PHONE, WIDE = (390, 844), (1280, 800)
PLAN: list[tuple[str, tuple[int, int], str, str, list[Any]]] = [
    # game, size, language, theme, taps after "Resume" and the session (a label, an index, "OK",
    # "DEFAULT" for the outlined entry, "BOARD" to unfold the drawn board)
    ("tmb", PHONE, "en", "light", []),
    ("stuffed-fables", PHONE, "fr", "dark", [7, 1]),  # Draw dice → the app draws: how many?
    ("insomnia", PHONE, "en", "dark", ["BOARD"]),
    ("mice-and-mystics", PHONE, "fr", "light", []),
    ("shy-monsters", PHONE, "en", "light", []),
    ("stuffed-fables", WIDE, "en", "light", ["Draw dice", "The app draws", "OK"]),
    ("tmb", WIDE, "fr", "dark", [0, 1, "DEFAULT"]),  # the battle → a unit takes a hit → damage
    ("mice-and-mystics", WIDE, "en", "dark", ["A mouse", "Tilda", "Cheese rolled"]),
    ("insomnia", WIDE, "fr", "light", []),
    ("shy-monsters", WIDE, "fr", "dark", []),
]


def tap_index(page: Any, index: int) -> None:
    before = number(page)
    page.click(f"#guided .gm-choice[data-index='{index}']")
    settled(page, before)


def main() -> None:
    from playwright.sync_api import sync_playwright

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    server = TableServer(Path(tempfile.mkdtemp()) / "home")

    def gm(*args: str) -> Any:
        done = server.gm(*args)
        return types.SimpleNamespace(exit_code=done.returncode, stdout=done.stdout, stderr=done.stderr)

    try:
        names = table_screens.build(gm)
        token = re.search(r"\?token=([\w-]+)&play=1\b", server.log())
        assert token, server.log()
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            for game, (width, height), lang, theme, steps in PLAN:
                context = browser.new_context(viewport={"width": width, "height": height})
                context.add_init_script(f"localStorage.setItem('gm-theme', '{theme}')")
                page = context.new_page()
                page.goto(f"{server.url}?token={token.group(1)}&play=1&lang={lang}")
                settled(page)
                tap_index(page, 0)  # Resume a saved game
                pick(page, names[game])
                for step in steps:
                    if step == "OK":
                        before = number(page)
                        page.click("#q-ok")
                        settled(page, before)
                    elif step == "DEFAULT":
                        before = number(page)
                        page.click("#guided .gm-choice.is-default")
                        settled(page, before)
                    elif step == "BOARD":
                        page.click("#q-told details[data-kind='status'] summary")
                    elif isinstance(step, int):
                        tap_index(page, step)
                    else:
                        pick(page, step)
                page.evaluate("document.activeElement && document.activeElement.blur()")
                path = out / f"guided-{game}-{lang}-{width}x{height}.png"
                page.screenshot(path=str(path))
                print(path, path.stat().st_size)
                context.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
