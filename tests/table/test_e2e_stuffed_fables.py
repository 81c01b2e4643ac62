"""Stuffed Fables' table page end to end (issue 16): a real `gm-assist table`, the system Chromium,
real `gm-assist stuffed-fables` commands in other processes; every change shown within 2 s, in
English and in French, and a screenshot of the page kept with ``GM_SCREENS_DIR``."""

from __future__ import annotations


def _ok(result):
    assert result.returncode == 0, result.stderr
    return result


def test_threat_track_dice_and_stuffies_in_both_languages(
    table_server, page, open_page, wait_text, keep_shot
):
    _ok(table_server.gm("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch"))
    open_page(page, table_server, "en")
    wait_text(page, "Between turns")
    _ok(
        table_server.gm(
            "stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "black,black,orange,green,yellow"
        )
    )
    wait_text(page, "Turn of Lumpy")
    _ok(table_server.gm("stuffed-fables", "place-threat"))
    wait_text(page, "Black dice: 2")
    assert page.locator(".sf-space.sf-filled").count() == 2
    _ok(table_server.gm("stuffed-fables", "encounter", "--monster", "Crawly", "--monster", "Wretch:boss"))
    wait_text(page, "Crawly")
    assert "Space 1" in page.locator(".sf-space", has_text="Crawly").inner_text()
    keep_shot(page, "stuffed-fables-en", full_page=True)

    open_page(page, table_server, "fr")
    wait_text(page, "Dés noirs : 2")
    wait_text(page, "Au tour de Lumpy")
    _ok(table_server.gm("stuffed-fables", "store", "--die", "orange"))
    wait_text(page, "plateau : orange")
    _ok(table_server.gm("stuffed-fables", "end-turn"))
    wait_text(page, "Tour des monstres")
    wait_text(page, "Peluches")
    keep_shot(page, "stuffed-fables-fr", full_page=True)
    page.click("#lang")  # switching on the page needs no request
    wait_text(page, "Monster turn")
