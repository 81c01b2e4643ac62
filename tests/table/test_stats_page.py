"""The table view's statistics page (`/stats`, issue 20): the same figures as `gm-assist stats`, the
charts as inline SVG, read-only and offline, in both languages, at phone and TV sizes."""

from __future__ import annotations

import urllib.request

import pytest


def _play(server) -> None:  # noqa: ANN001
    from conftest import run_cli

    def gm(*args: str) -> None:
        assert run_cli("--home", str(server.home), *args).exit_code == 0, args

    gm("insomnia", "new", "-p", "Ana", "-p", "Bo", "--name", "evening")
    for step in (["dodos", "40"], ["move", "11"], ["bed"], ["nightmare", "move", "11"], ["end-race"]):
        gm("insomnia", *step)
    gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--hp", "Picket=5", "--name", "drellen")
    for step in (["day", "10"], ["encounter"], ["failure"], ["next-day"]):
        gm("tmb", *step)


@pytest.fixture(scope="module")
def played(table_server):  # noqa: ANN001
    _play(table_server)
    return table_server


def test_stats_page_from_the_table_view_in_both_languages(played, page, open_page, wait_text, keep_shot):  # noqa: ANN001
    open_page(page, played, "en")
    page.click("#stats")
    page.wait_for_selector(".gm-stats-game[data-game='insomnia']")
    text = page.inner_text("#main")
    assert "Wins per player (won/played): Ana 1/1, Bo 0/1." in text
    assert "Per tyrant (won/played): Drellen 0/1." in text
    assert page.locator("svg.gm-chart").count() >= 3
    titles = page.eval_on_selector_all("svg.gm-chart title", "ts => ts.map(t => t.textContent)")
    assert {"Wins per player", "Wins per tyrant (%)"} <= set(titles), titles
    for size, name in (
        ({"width": 390, "height": 844}, "phone-en"),
        ({"width": 1920, "height": 1080}, "tv-en"),
    ):
        page.set_viewport_size(size)
        keep_shot(page, f"stats-{name}", full_page=True)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 1, f"{name}: the page is {overflow}px wider than the screen"
    page.click("text=Passer en français")
    page.wait_for_selector("html[lang='fr']")
    text = page.inner_text("#main")
    assert "Victoires par joueur (gagnées/jouées) : Ana 1/1, Bo 0/1." in text
    assert "Par tyran (gagnées/jouées) : Drellen le pâle 0/1." in text
    for size, name in (
        ({"width": 390, "height": 844}, "phone-fr"),
        ({"width": 1920, "height": 1080}, "tv-fr"),
    ):
        page.set_viewport_size(size)
        keep_shot(page, f"stats-{name}", full_page=True)
    page.click("text=← Retour à la partie")
    page.wait_for_function("document.documentElement.hasAttribute('data-status')", timeout=5000)


def test_stats_page_is_read_only_and_names_nothing_outside(played):  # noqa: ANN001
    before = {p: p.read_bytes() for p in (played.home / "sessions").iterdir()}
    with urllib.request.urlopen(played.url + "stats?lang=fr", timeout=10) as response:
        body = response.read().decode()
        assert response.headers["Cache-Control"] == "no-store"
    assert "<svg" in body and "http://" not in body.replace(played.url, "") and "https://" not in body
    assert {p: p.read_bytes() for p in (played.home / "sessions").iterdir()} == before
