"""The guided mode in the browser (issue 33 §1, §3, §4, §5, §7): a phone on the play link plays by taps
through the seat's questions (the guided procedures' own), one per screen; two phones and a TV stay
in step, a stale tap is refused and redrawn; the watch link hands on and does nothing else; the
Dungeon Master's floor reaches only the Dungeon Master's page. Real server, real Chromium, and no
sleep: every wait is for a condition of the page (``#guided[data-number]``)."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.table.test_api import saved
from tests.table.test_play_link import night

WATCH = "watch-token-0123456789abcdef"
PLAY = "play-token-0123456789abcdefgh"
DM = "dm-token-0123456789abcdefghij"
PHONE = {"width": 390, "height": 844}


def play_url(server: Any, lang: str = "en", dm: bool = False) -> str:
    token = re.search(r"\?token=([\w-]+)&play=1&dm=1" if dm else r"\?token=([\w-]+)&play=1\b", server.log())
    assert token, server.log()
    return f"{server.url}?token={token.group(1)}&play=1{'&dm=1' if dm else ''}&lang={lang}"


def number(page: Any) -> int:
    return int(page.get_attribute("#guided", "data-number") or 0)


def settled(page: Any, after: int = 0) -> None:
    """Wait until the page shows a question numbered past ``after``, and no answer is on its way."""
    page.wait_for_function(
        "n => { const g = document.getElementById('guided');"
        " return Number(g.dataset.number) > n && g.getAttribute('aria-busy') === 'false'; }",
        arg=after,
    )


def tap(page: Any, selector: str) -> None:
    """Tap ``selector`` and wait for the next question."""
    before = number(page)
    page.click(selector)
    settled(page, before)


def pick(page: Any, words: str) -> None:
    tap(page, f"#guided button.gm-choice:has-text({json.dumps(words, ensure_ascii=False)})")


def type_in(page: Any, text: str) -> None:
    page.fill("#q-text", text)
    tap(page, "#q-ok")


def message(page: Any) -> str:
    return page.inner_text("#q-message")


def kind(page: Any) -> str:
    return page.get_attribute("#guided", "data-kind") or ""


def take_defaults(page: Any, until: Any) -> None:
    """Answer what the rules propose until ``until(page)``: the set-up's remaining questions."""
    for _ in range(40):
        if until(page):
            return
        asked = kind(page)
        if asked == "select":
            default = page.locator("#guided button.gm-choice.is-default")
            tap(
                page, "#guided button.gm-choice.is-default" if default.count() else "#guided button.gm-choice"
            )
        elif asked == "confirm":
            default = page.locator("#guided button.is-default")
            tap(page, "#guided button.is-default" if default.count() else "#q-yes")
        else:
            tap(page, "#q-ok")
    raise AssertionError(f"still asked {message(page)!r}")


def in_game(page: Any) -> bool:
    return kind(page) == "select" and page.get_attribute("#guided", "data-version") is not None


def test_a_new_game_by_taps_rule_a_refusal_back_and_a_reload(start_table, page, keep_shot, tmp_path):
    server = start_table(tmp_path / "home")
    page.goto(play_url(server))
    settled(page)
    assert page.get_attribute("#tab-play", "aria-selected") == "true"
    assert page.locator("#main").is_hidden() and page.locator("#guided").is_visible()
    assert message(page) == "What now?"
    entries = page.locator("#guided button.gm-choice")
    for i in range(entries.count()):  # a thumb's targets, the phone's whole width
        box = entries.nth(i).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 300
    assert not re.search(r"gm-assist [a-z]", page.inner_text("#guided"))  # no command line
    # a refusal, said with its reason, then Back
    pick(page, "Roll dice")
    assert kind(page) == "text" and page.input_value("#q-text") == "2d6"
    type_in(page, "2d")
    assert page.locator("#q-problem").inner_text().strip()
    assert page.get_attribute("#q-problem", "role") == "alert"
    type_in(page, "3d6+1")
    assert "3d6+1" in page.inner_text("#q-told")
    tap(page, "#q-back")
    assert message(page) == "What now?"
    # a new game through its set-up questions
    pick(page, "Start a new game")
    pick(page, "Insomnia")
    type_in(page, "Ana")
    type_in(page, "Bo")
    type_in(page, "")
    take_defaults(page, in_game)
    shown = json.loads(server.gm("show", "--json").stdout)
    assert shown["session"]["game"] == "insomnia"
    assert page.get_attribute("#guided", "data-version") == str(server.state()["version"])
    menu = message(page)
    keep_shot(page, "guided-insomnia-menu")
    # Rule? shows the cards, open, above the same question
    tap(page, "#guided button.gm-rule")
    assert message(page) == menu
    card = page.locator("#q-told details[data-kind='rules']")
    assert card.count() >= 1 and card.first.get_attribute("open") is not None
    assert card.first.locator("pre").inner_text().strip()
    # the Table tab is one tap away, and back
    page.click("#tab-table")
    page.wait_for_function("document.getElementById('guided').hidden")
    assert page.locator("#main").is_visible()
    page.wait_for_function("document.documentElement.getAttribute('data-status') === 'ok'")
    page.click("#tab-play")
    # a reload finds the same seat, at the same question
    seen = number(page)
    page.reload()
    settled(page)
    assert number(page) == seen and message(page) == menu
    # Esc is Back: out of the game's menu
    page.keyboard.press("Escape")
    settled(page, seen)
    assert message(page) == "What now?"
    # the home's language entry: the whole page follows the seat's choice
    pick(page, "Language / langue")
    pick(page, "Français")
    assert message(page) == "Et maintenant ?"
    assert page.inner_text("#tab-play") == "Jouer" and page.inner_text("#lang") == "English"
    # and the page's switch takes the seat along
    seen = number(page)
    page.click("#lang")
    settled(page, seen)
    assert message(page) == "What now?" and page.inner_text("#tab-play") == "Play"


@pytest.mark.slow
def test_a_tap_reaches_the_other_phone_and_the_tv_and_a_stale_tap_is_refused(start_table, browser, tmp_path):
    server = start_table(tmp_path / "home")
    night(server)
    contexts = [browser.new_context(viewport=PHONE) for _ in range(3)]
    tv = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        one, two, dozing = (context.new_page() for context in contexts)
        dozing.route("**/events*", lambda route: route.abort())  # this phone misses the news
        for phone, lang in ((one, "en"), (two, "en"), (dozing, "fr")):
            phone.goto(play_url(server, lang))
            settled(phone)
            pick(phone, "Reprendre" if lang == "fr" else "Resume")
            pick(phone, "Night")
            assert in_game(phone)
        watch = tv.new_page()
        watch.goto(server.url + "?lang=en")
        watch.wait_for_function("document.documentElement.hasAttribute('data-status')")
        assert watch.locator("#tabs").is_hidden() and watch.locator("#guided").is_hidden()
        undo = "#guided button.gm-undo >> text=/^Undo.*Ana gains 3 winks/"
        assert one.locator(undo).count() == 1
        version = server.state()["version"]
        tap(one, undo)  # Undo: Ana gains 3 winks
        # the other phone's menu is drawn again from the new state, by itself
        two.wait_for_function(
            "v => document.getElementById('guided').dataset.version !== String(v)"
            " && document.getElementById('guided').getAttribute('aria-busy') === 'false'",
            arg=version,
        )
        assert two.locator(undo).count() == 0
        # the TV sees it without reloading
        watch.wait_for_function("document.getElementById('journal').innerText.indexOf('3 winks') < 0")
        # the dozing phone still shows the old menu: its tap is refused, said, and the menu redrawn
        assert dozing.locator("#guided button.gm-undo >> text=/^Annuler.*Ana gagne 3 dodos/").count() == 1
        before = saved(server.home)
        tap(dozing, "#guided button.gm-undo >> text=/^Annuler.*Ana gagne 3 dodos/")
        assert "avant vous" in dozing.inner_text("#q-note")
        assert dozing.locator("#guided button.gm-undo >> text=/^Annuler.*Ana gagne 3 dodos/").count() == 0
        assert saved(server.home) == before  # nothing applied twice
        history = json.loads(server.gm("history", "--json").stdout)["entries"]
        assert [e["undone"] for e in history] == [False, True]
    finally:
        for context in (*contexts, tv):
            context.close()


def lan_home(tmp_path: Any) -> Any:
    """A home whose table links are known: its tokens written before the server starts."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "table-tokens.json").write_text(json.dumps({"watch": WATCH, "play": PLAY, "dm": DM}))
    return home


def post(server: Any, path: str, body: dict[str, Any], headers: dict[str, str]) -> int:
    request = urllib.request.Request(
        server.url + path.lstrip("/"),
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **headers},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def joined(page: Any) -> list[str]:
    """The kinds of the links the page's Join panel shows."""
    page.click("#join")
    page.wait_for_selector("#join-panel:not([hidden]) figure svg")
    kinds = [figure.get_attribute("data-link") for figure in page.locator("#join-panel figure").all()]
    page.click("#join-close")
    return kinds


def test_the_watch_link_hands_on_only_itself_and_cannot_act(start_table, page, tmp_path):
    home = lan_home(tmp_path)
    server = start_table(home, "--lan", token=WATCH)
    assert (
        server.gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "Night").returncode == 0
    )
    assert server.gm("insomnia", "dodos", "2").returncode == 0
    page.goto(f"{server.url}?token={WATCH}")
    page.wait_for_function("document.documentElement.hasAttribute('data-status')")
    assert page.locator("#tabs").is_hidden() and page.locator("#play").is_hidden()
    assert joined(page) == ["watch"]
    html = page.content()
    assert PLAY not in html and DM not in html  # the watch page never holds a link that acts
    codes = json.loads(urllib.request.urlopen(f"{server.url}join.json?token={WATCH}").read())
    assert [link["url"] for link in codes["links"]] == [f"{server.url}?token={WATCH}"]
    before = saved(home)
    for path, body in (
        ("/api/undo", {"version": server.state()["version"]}),
        ("/api/seat", {"lang": "en"}),
    ):
        assert post(server, path, body, {"Authorization": f"Bearer {WATCH}"}) == 403
        assert post(server, path, body, {"Cookie": f"gm_table_token={PLAY}"}) == 403  # a cookie alone
    # the page itself, on the watch link, cannot act either
    status = page.evaluate(
        "t => fetch('/api/undo', {method: 'POST', headers: {'Authorization': 'Bearer ' + t,"
        " 'Content-Type': 'application/json'}, body: JSON.stringify({version: 1})}).then(r => r.status)",
        WATCH,
    )
    assert status == 403
    assert saved(home) == before
    # the play link hands on the watch link and itself; the Dungeon Master's link adds its own
    page.goto(f"{server.url}?token={PLAY}&play=1")
    settled(page)
    assert joined(page) == ["watch", "play"]
    page.goto(f"{server.url}?token={DM}&play=1&dm=1")
    settled(page)
    assert joined(page) == ["watch", "play", "dm"]
    seen = number(page)
    page.click("#join")
    page.wait_for_selector("#join-panel:not([hidden])")
    page.keyboard.press("Escape")  # closes the panel, and only that: the question stays
    page.wait_for_selector("#join-panel", state="hidden")
    assert number(page) == seen and message(page) == "What now?"
    pick(page, "Roll dice")  # had Esc gone to the seat, "Leave gm-assist?" would be asked instead
    assert kind(page) == "text" and number(page) == seen + 1


@pytest.mark.slow
def test_join_on_loopback_hands_on_the_plain_page_and_the_play_link(start_table, page, tmp_path):
    server = start_table(tmp_path / "home")
    page.goto(server.url)
    page.wait_for_function("document.documentElement.hasAttribute('data-status')")
    assert joined(page) == ["watch"]
    page.goto(play_url(server))
    settled(page)
    page.click("#join")
    page.wait_for_selector("#join-panel:not([hidden]) figure svg")
    urls = page.locator("#join-panel code").all_inner_texts()
    assert urls[0] == server.url and urls[1].startswith(server.url + "?token=") and "dm=1" not in urls[1]


FLOOR = "opc/..c/xec"  # the two-player whole-game script's first floor


def first_event(server: Any, token: str) -> str:
    with urllib.request.urlopen(f"{server.url}events?token={token}", timeout=10) as stream:
        for raw in stream:
            line = raw.decode()
            if line.startswith("data:"):
                return line
    return ""


@pytest.mark.slow
def test_the_dungeon_master_lays_the_floor_and_only_their_page_sees_it(start_table, browser, tmp_path):
    home = lan_home(tmp_path)
    server = start_table(home, "--lan", token=WATCH)
    assert server.gm("shy-monsters", "new", "--name", "Duel").returncode == 0  # two players
    contexts = [browser.new_context(viewport=PHONE) for _ in range(3)]
    heard: list[str] = []  # every answer the play and watch pages received

    def listen(response: Any) -> None:
        if "/static/" not in response.url and "/events" not in response.url:
            heard.append(response.text())

    try:
        hero, master, tv = (context.new_page() for context in contexts)
        for page in (hero, tv):
            page.on("response", listen)
        hero.goto(f"{server.url}?token={PLAY}&play=1&lang=en")
        settled(hero)
        pick(hero, "Resume")
        pick(hero, "Duel")
        assert kind(hero) == "wait" and hero.locator("#q-wait").is_visible()
        assert "Dungeon Master" in message(hero)
        waiting = number(hero)
        tv.goto(f"{server.url}?token={WATCH}&lang=en")
        tv.wait_for_function("document.documentElement.hasAttribute('data-status')")
        master.goto(f"{server.url}?token={DM}&play=1&dm=1&lang=en")
        settled(master)
        pick(master, "Resume")
        pick(master, "Duel")
        assert kind(master) == "secret" and master.get_attribute("#q-text", "type") == "password"
        master.fill("#q-text", FLOOR)
        tap(master, "#q-ok")
        assert kind(master) == "select"
        # the hero's phone moves on by itself once the floor is laid
        settled(hero, waiting)
        hero.wait_for_function("document.getElementById('guided').dataset.kind === 'select'")
        tv.wait_for_function("document.documentElement.getAttribute('data-changes') !== ''")
        shown = [
            hero.content(),
            tv.content(),
            *heard,
            first_event(server, PLAY),
            first_event(server, WATCH),
            json.dumps(server.state()),
        ]
        assert any('"seat"' in r for r in heard)  # the hero's seat answered it
        for text in shown:
            for secret in (FLOOR, "opc", "xec"):
                assert secret not in text.lower(), secret
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize(
    ("given", "kinds"), [(WATCH, ["watch"]), (PLAY, ["watch", "play"]), (DM, ["watch", "play", "dm"])]
)
def test_join_hands_on_only_what_the_presented_token_may(given, kinds):
    from starlette.testclient import TestClient

    from gm_assist.table.config import TableConfig
    from gm_assist.table.server import create_app

    config = TableConfig(token=WATCH, allowed_hosts=None, play_token=PLAY, dm_token=DM)
    with TestClient(create_app(config), base_url="http://192.168.1.20:8765") as client:
        links = client.get("/join.json", params={"token": given}).json()["links"]
        assert client.get("/join.json", params={"token": "nope"}).status_code == 403
    assert [link["kind"] for link in links] == kinds
    assert links[0]["url"] == f"http://192.168.1.20:8765/?token={WATCH}"  # built on the Host used
    text = json.dumps(links)
    assert (PLAY in text) == ("play" in kinds) and (DM in text) == ("dm" in kinds)
    assert all(link["svg"].startswith("<svg") and "<script" not in link["svg"] for link in links)


def test_join_builds_no_link_on_a_forged_host():
    from gm_assist.table.config import TableConfig
    from gm_assist.table.links import join_links

    links = join_links(TableConfig(play_token=PLAY), 'evil"><script>:1', PLAY)
    assert [link["url"] for link in links] == ["http://127.0.0.1/", f"http://127.0.0.1/?token={PLAY}&play=1"]


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_play_tab_passes_axe_in_both_themes(start_table, page, tmp_path, theme):
    """axe-core (tests/table/vendor) finds no serious or critical violation on a game's menu with its
    rule cards, the tabs and the Join panel open."""
    from tests.table.test_screens import serious_violations

    server = start_table(tmp_path / "home")
    assert (
        server.gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "Night").returncode == 0
    )
    page.add_init_script(f"localStorage.setItem('gm-theme', '{theme}')")
    page.goto(play_url(server, "fr" if theme == "dark" else "en"))
    settled(page)
    tap(page, "#guided button.gm-choice[data-index='0']")  # Resume
    pick(page, "Night")
    tap(page, "#guided button.gm-rule")
    page.click("#join")
    page.wait_for_selector("#join-panel:not([hidden]) figure svg")
    bad = serious_violations(page)
    assert not bad, bad


@pytest.mark.slow
def test_toggles_and_steppers_answer_what_the_phone_shows(start_table, page, tmp_path):
    server = start_table(tmp_path / "home")
    page.goto(play_url(server))
    settled(page)
    pick(page, "Start a new game")
    pick(page, "Mice and Mystics")
    assert kind(page) == "checkbox"
    ticks = page.locator("#guided button.gm-tick")
    chosen = [ticks.nth(i).inner_text() for i in (1, 3)]
    for i in (1, 3, 0, 0):  # the first one ticked, then unticked
        ticks.nth(i).click()
    assert [ticks.nth(i).get_attribute("aria-pressed") for i in range(4)] == [
        "false",
        "true",
        "false",
        "true",
    ]
    tap(page, "#q-ok")
    take_defaults(page, in_game)
    mice = json.loads(server.gm("show", "--json").stdout)["state"]
    assert sorted(chosen) == sorted(m["name"] for m in mice["mice"]), mice
    # a number: − and + within the rule's bounds, then OK
    made = ("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Flops", "--name", "Fable")
    assert server.gm(*made).returncode == 0
    page.keyboard.press("Escape")
    settled(page)
    page.wait_for_selector("#guided button.gm-choice:has-text('Resume a saved game')")
    pick(page, "Resume")
    pick(page, "Fable")
    pick(page, "Draw dice")
    pick(page, "Lumpy")
    pick(page, "The app draws")
    assert kind(page) == "integer"
    proposed = int(page.input_value("#q-number"))
    for button in ("#q-minus", "#q-minus", "#q-plus"):
        page.click(button)
    assert int(page.input_value("#q-number")) == proposed - 1
    tap(page, "#q-ok")
    drawn = [item for item in page.locator("#q-told .gm-told").all_inner_texts() if "drew" in item]
    assert drawn and len(drawn[0].split(":")[1].split(",")) == proposed - 1, drawn
