"""Two phones on the play link and a TV on the watch page (issue 33 §2, §5): a tap on one phone is
on the other and on the TV; a stale tap is refused and redrawn, nothing applied twice; the watch
page has no Undo."""

from __future__ import annotations

import json
import re


def play_url(server) -> str:
    token = re.search(r"\?token=([\w-]+)&play=1", server.log()).group(1)
    return f"{server.url}?token={token}&play=1&lang="


def night(server) -> None:
    """An Insomnia game "Night" (Ana and Bo) whose last two changes are Ana's 2 winks, then 3."""
    assert (
        server.gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "Night").returncode == 0
    )
    assert server.gm("insomnia", "dodos", "2").returncode == 0
    assert server.gm("insomnia", "dodos", "3").returncode == 0


def test_two_phones_and_a_tv(start_table, browser, tmp_path):
    server = start_table(tmp_path / "home")
    night(server)
    phones = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(2)]
    tv = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        one, two = (context.new_page() for context in phones)
        watch = tv.new_page()
        two.route("**/events*", lambda route: route.abort())  # phone two dozes: it misses the news
        for page, lang in ((one, "en"), (two, "fr")):
            page.goto(play_url(server) + lang)
            page.wait_for_function("document.documentElement.hasAttribute('data-status')")
            page.click("#tab-table")  # the Play tab (the guided mode) opens first; Undo is on the Table's
        watch.goto(server.url + "?lang=en")
        watch.wait_for_function("document.documentElement.hasAttribute('data-status')")
        assert watch.locator("#play").is_hidden()  # the TV's link never acts
        undo = one.locator("#undo")
        assert undo.inner_text() == "Undo: Ana gains 3 winks"
        box = undo.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44  # a thumb's target
        undo.click()
        one.wait_for_function("document.getElementById('undo').innerText === 'Undo: Ana gains 2 winks'")
        # the TV sees it without reloading (its event stream)
        watch.wait_for_function("document.getElementById('journal').innerText.indexOf('3 winks') < 0")
        # phone two still shows the old version: its tap is refused, said, and the page redrawn
        assert two.locator("#undo").inner_text() == "Annuler : Ana gagne 3 dodos"
        two.locator("#undo").click()
        two.wait_for_function("document.getElementById('play-note').innerText.indexOf('avant vous') >= 0")
        two.wait_for_function("document.getElementById('undo').innerText.indexOf('2 dodos') >= 0")
        history = json.loads(server.gm("history", "--json").stdout)["entries"]
        assert [e["undone"] for e in history] == [False, True]  # one undo, not two
        one.locator("#redo").click()
        one.wait_for_function("document.getElementById('undo').innerText.indexOf('3 winks') >= 0")
        history = json.loads(server.gm("history", "--json").stdout)["entries"]
        assert [e["undone"] for e in history] == [False, False]
    finally:
        for context in (*phones, tv):
            context.close()
