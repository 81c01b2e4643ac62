"""The guided mode's HTTP API (issue 33 §1, §4, §5, §6): a phone's seat runs the home procedure and
answers by index; ``POST /api/step`` takes a step of the rules by its key through the game's own
procedure; the Dungeon Master's seat alone is asked the secret floor; every refusal writes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.table.test_api import DM, PLAY, WATCH, bearer, client, saved

__all__ = ["client"]  # the fixture, shared with the undo/redo API's tests


@pytest.fixture
def night(gm):
    assert gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "Night").exit_code == 0
    assert gm("insomnia", "dodos", "2").exit_code == 0


class Phone:
    """One phone's seat, answered by the labels of its entries."""

    def __init__(self, client: TestClient, token: str = PLAY, lang: str = "en") -> None:
        self.client, self.token = client, token
        r = client.post("/api/seat", json={"lang": lang}, headers=bearer(token))
        assert r.status_code == 200, r.text
        self.view: dict[str, Any] = r.json()
        self.seen: list[dict[str, Any]] = [self.view]

    @property
    def question(self) -> dict[str, Any]:
        return self.view["question"]

    def send(self, **body: Any) -> Any:
        body = {"seat": self.view["seat"], "number": self.view["number"], **body}
        r = self.client.post("/api/answer", json=body, headers=bearer(self.token))
        if r.status_code in (200, 409):
            self.view = r.json()
            self.seen.append(self.view)
        return r

    def pick(self, words: str) -> Any:
        labels = [c["label"] for c in self.question["choices"]]
        index = next((i for i, label in enumerate(labels) if words in label), None)
        assert index is not None, f"{words!r} not in {labels} ({self.question['message']!r})"
        return self.send(answer=index)


def new_insomnia(phone: Phone) -> None:
    phone.pick("Start a new game")
    phone.pick("Insomnia")
    phone.send(answer="Ana")
    phone.send(answer="Bo")
    phone.send(answer="")


def test_a_phone_starts_a_game_and_plays_through_the_same_procedure(client, gm):
    with client() as c:
        phone = Phone(c)
        assert phone.question["kind"] == "select" and phone.question["message"] == "What now?"
        assert not any("Esc" in item["text"] for item in phone.view["told"])  # the page's welcome
        labels = [choice["label"] for choice in phone.question["choices"]]
        assert "Quit" in labels and not any("table view" in label.lower() for label in labels)
        new_insomnia(phone)
        while phone.question["kind"] != "select" or phone.question["version"] is None:
            q = phone.question  # the set-up's remaining questions: the rule's answers proposed
            phone.send(answer=q["default"] if q["kind"] != "select" else q["default"] or 0)
        assert gm("show", "--json").json["session"]["game"] == "insomnia"
        assert phone.question["version"] == c.get("/state.json").json()["version"]


def test_a_refused_answer_is_asked_again_with_its_reason_and_back_goes_back(client, gm):
    with client() as c:
        phone = Phone(c)
        phone.pick("Roll dice")
        assert phone.question["kind"] == "text" and phone.question["default"] == "2d6"
        assert "Esc" not in phone.question["message"]  # a phone has no Esc key: its words (_page)
        phone.send(answer="2d")
        assert phone.question["kind"] == "text" and phone.view["problem"]
        phone.send(answer="3d6+1")
        assert any("3d6+1" in item["text"] for item in phone.view["told"])
        phone.send(cancel=True)
        assert phone.question["message"] == "What now?"


def test_rule_shows_the_cards_and_asks_again(client, gm, night):
    with client() as c:
        phone = Phone(c)
        phone.pick("Resume")
        phone.pick("Night")
        menu = phone.question
        rule = next(i for i, choice in enumerate(menu["choices"]) if choice["rule"])
        phone.send(answer=rule)
        assert phone.question["message"] == menu["message"]
        assert any(item["kind"] == "rules" and item["text"] for item in phone.view["told"])


def test_an_answer_after_another_screen_moved_is_a_409_and_the_fresh_menu(client, gm, night, home):
    with client() as c:
        phone = Phone(c)
        phone.pick("Resume")
        phone.pick("Night")
        drawn = phone.question["version"]
        assert gm("insomnia", "dodos", "1").exit_code == 0  # the terminal moved first
        before = saved(home)
        r = phone.pick("end of turn")
        assert r.status_code == 409 and phone.view["moved_first"]
        assert "moved first" in phone.view["error"]["en"]
        assert phone.question["version"] != drawn
        assert saved(home) == before  # nothing acted on
        r = phone.send(answer=0, number=phone.view["number"] - 1)  # an old question's number
        assert r.status_code == 409
        assert saved(home) == before


def test_redraw_draws_the_menu_again_only_when_the_game_moved(client, gm, night):
    with client() as c:
        phone = Phone(c)
        phone.pick("Resume")
        phone.pick("Night")
        number = phone.view["number"]
        phone.send(redraw=True)  # nothing moved: the same question
        assert phone.view["number"] == number + 1 and not phone.view["moved_first"]
        assert gm("insomnia", "dodos", "1").exit_code == 0
        phone.send(redraw=True)
        assert phone.question["version"] == c.get("/state.json").json()["version"]


def test_the_seat_is_found_again_after_a_reload_and_a_closed_one_is_404(client, gm):
    with client() as c:
        phone = Phone(c)
        again = c.post("/api/seat", json={"seat": phone.view["seat"]}, headers=bearer()).json()
        assert again["seat"] == phone.view["seat"] and again["number"] == phone.view["number"]
        dm_view = c.post("/api/seat", json={"seat": phone.view["seat"]}, headers=bearer(DM)).json()
        assert dm_view["seat"] != phone.view["seat"]  # a seat is its link's own
        r = c.post("/api/answer", json={"seat": "nope", "number": 1, "answer": 0}, headers=bearer())
        assert r.status_code == 404 and r.json()["error"]["fr"]


def test_switching_language_draws_the_question_again_in_it(client, gm):
    with client() as c:
        phone = Phone(c)
        view = c.post("/api/seat", json={"seat": phone.view["seat"], "lang": "fr"}, headers=bearer()).json()
        assert view["lang"] == "fr" and view["question"]["message"] == "Et maintenant ?"


@pytest.mark.parametrize(
    "body", [[], {"seat": 1}, {"seat": "x", "number": "1"}, {"seat": "x", "number": True}]
)
def test_bad_answers_get_a_translated_400(client, body):
    with client() as c:
        r = c.post("/api/answer", content=json.dumps(body), headers=bearer())
        assert r.status_code == 400 and r.json()["error"]["en"] and r.json()["error"]["fr"]


@pytest.mark.parametrize(
    "headers", [{}, {"Authorization": f"Bearer {WATCH}"}, {"Cookie": f"gm_table_token={PLAY}"}]
)
def test_the_watch_link_and_a_cookie_cannot_open_a_seat(client, gm, home, headers):
    with client(token=WATCH) as c:
        before = saved(home)
        for path in ("/api/seat", "/api/answer", "/api/step"):
            assert c.post(path, json={"lang": "en"}, headers=headers).status_code == 403
        assert saved(home) == before


# --- POST /api/step --------------------------------------------------------------------------------


def test_step_takes_a_choice_by_its_key_and_answers_the_envelope(client, gm, night):
    with client() as c:
        version = c.get("/state.json").json()["version"]
        r = c.post("/api/step", json={"choice": "end_turn", "version": version}, headers=bearer())
        assert r.status_code == 200, r.text
        done = r.json()
        assert {"session", "label", "events", "next", "state", "version"} <= set(done)
        assert done["state"] == gm("show", "--json").json["state"]
        assert done["version"] == c.get("/state.json").json()["version"] != version
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1] == done["label"]


def test_step_with_a_question_needs_its_answer_and_writes_nothing_without(client, gm, night, home):
    with client() as c:
        version = c.get("/state.json").json()["version"]
        before = saved(home)
        r = c.post("/api/step", json={"choice": "move", "version": version}, headers=bearer())
        assert r.status_code == 422 and "answers" in r.json()["error"]["en"]
        assert saved(home) == before
        r = c.post(
            "/api/step", json={"choice": "move", "version": version, "answers": ["x"]}, headers=bearer()
        )
        assert r.status_code == 422 and saved(home) == before
        r = c.post("/api/step", json={"choice": "move", "version": version, "answers": [2]}, headers=bearer())
        assert r.status_code == 200, r.text
        assert r.json()["state"] == gm("show", "--json").json["state"]
        assert [e["label"] for e in gm("history", "--json").json["entries"]][-1] == "Ana moves 2"


def test_step_refuses_a_key_the_rules_do_not_offer_and_a_stale_version(client, gm, night, home):
    with client() as c:
        version = c.get("/state.json").json()["version"]
        before = saved(home)
        r = c.post("/api/step", json={"choice": "scoring", "version": version}, headers=bearer())
        assert r.status_code == 422 and "end_turn" in r.json()["error"]["en"]
        r = c.post("/api/step", json={"choice": "end_turn", "version": version + 1}, headers=bearer())
        assert r.status_code == 409 and r.json()["version"] == version
        r = c.post("/api/step", json={"choice": 3, "version": version}, headers=bearer())
        assert r.status_code == 400
        assert saved(home) == before


# --- the Dungeon Master's seat ---------------------------------------------------------------------

FLOOR = "opc/..c/xec"  # the two-player whole-game script's first floor


def test_only_the_dungeon_masters_seat_lays_the_floor_and_no_one_else_sees_it(client, gm, home):
    assert gm("shy-monsters", "new", "--name", "Duel").exit_code == 0  # two players
    with client() as c:
        hero = Phone(c)
        hero.pick("Resume")
        hero.pick("Duel")
        assert hero.question["kind"] == "wait" and "Dungeon Master" in hero.question["message"]
        master = Phone(c, DM)
        assert master.view["role"] == "dungeon-master"
        master.pick("Resume")
        master.pick("Duel")
        assert master.question["kind"] == "secret"
        master.send(answer=FLOOR)
        assert master.question["kind"] == "select"
        hero.send(redraw=True)  # the page does so when /events brings the new version
        assert hero.question["kind"] == "select"
        watched = [
            c.get("/state.json").text,
            c.get("/").text,
            json.dumps(hero.seen),
            json.dumps(master.seen[-1]),
        ]
        with c.stream("GET", "/events") as stream:
            for line in stream.iter_lines():
                if line.startswith("data:"):
                    watched.append(line)
                    break
    for text in watched:
        for secret in (FLOOR, "opc", "xec"):
            assert secret not in text.lower()


def test_switching_language_inside_a_step_goes_back_to_its_menu_in_the_new_language(client, gm):
    with client() as c:
        phone = Phone(c)
        phone.pick("Start a new game")
        assert phone.question["message"] == "Which game are you playing?"  # a step's question, not a menu
        view = c.post("/api/seat", json={"seat": phone.view["seat"], "lang": "fr"}, headers=bearer()).json()
        assert not view["finished"] and view["question"]["message"] == "Et maintenant ?"


def test_the_statistics_reach_the_phone_not_the_servers_terminal(client, gm, night, capsys):
    with client() as c:
        phone = Phone(c)
        capsys.readouterr()
        phone.pick("Statistics")
        assert any(item["kind"] == "screen" and "Insomnia" in item["text"] for item in phone.view["told"])
        assert "Insomnia" not in capsys.readouterr().out


def test_switching_language_on_a_game_menu_redraws_it_without_saying_anyone_moved(client, gm, night):
    with client() as c:
        phone = Phone(c)
        phone.pick("Resume")
        phone.pick("Night")
        view = c.post("/api/seat", json={"seat": phone.view["seat"], "lang": "fr"}, headers=bearer()).json()
        assert view["question"]["version"] is not None and not view["moved_first"]
        assert not any("avant vous" in item["text"] for item in view["told"])


def test_a_phones_language_entry_changes_the_phone_not_the_homes_default(client, gm, home):
    with client() as c:
        phone = Phone(c)
        phone.pick("Language")
        phone.pick("Français")
        assert phone.view["lang"] == "fr" and phone.question["message"] == "Et maintenant ?"
    from gm_assist.core.settings import get_setting

    assert get_setting("lang") != "fr"  # the terminal's default is untouched
