"""The whole-game scripts played on the table's page protocol, over HTTP (issue 33): a
:class:`WebPlayer` answers each question of a phone's seat (``POST /api/seat``, ``POST /api/answer``
with the play token, see docs/table-view.md) from the same script steps the terminal's
:class:`tests.player.Player` answers with keys, by the same words:

- ``Pick(words)``: the entry found as the terminal finds it (``tests.player._find``; by its
  ``page`` words when it has them), sent as its index; ``Pick()`` takes the view's default (the
  first entry when there is none, where the terminal's cursor stands) and ``expect`` checks it;
- ``Type(text)``: the text (a number for a number question, as the page's stepper sends it);
- ``Enter`` and ``Type(None)`` (Enter alone in a terminal): the proposed answer, whatever the
  question (a yes/no question's default too);
- ``Yes`` / ``No``; ``Tick(...)`` toggles those entries from the ticked
  defaults, as Space does; ``Cancel``: ``{"cancel": true}`` (the page's Back, Esc in a terminal).

What the procedure tells between questions (``told``: lines, events, screens, rule cards) is
printed, so that a script reads it from ``capsys`` as it reads the terminal's output. Like the
terminal's player it records every question (``asked``, ``menus``, ``questions`` as
``(kind, message, entries)``); a step that does not match the question, a refusal, a ``wait``
question or a procedure's error fails at once, naming the question.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.player import ENTER, Pick, Tick, Type, _find, _Word

DM_ROLE = "dungeon-master"


@dataclass(kw_only=True)
class Scripted:
    """What a player on the page keeps: its script, and every question it was asked (``asked``,
    ``menus`` with their entries, ``questions`` as ``(kind, message, entries)``)."""

    script: list[tuple[str | None, Any]] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    menus: list[tuple[str, list[str]]] = field(default_factory=list)
    questions: list[tuple[str, str, list[str]]] = field(default_factory=list)

    def queue(self, *steps: tuple[str | None, Any]) -> None:
        self.script.extend(steps)

    def next_step(self, kind: str, message: str, labels: list[str], problem: str | None) -> Any:
        """Note the question the page shows and give the script's step for it; fail at once on a
        refusal, a seat that waits, a script that is over or a step meant for another question."""
        if problem:
            pytest.fail(f"the page refused the last answer to {message!r}: {problem!r}", pytrace=False)
        if kind == "wait":
            pytest.fail(f"this seat waits ({message!r}): another seat must answer it", pytrace=False)
        self.asked.append(message)
        if kind in ("select", "checkbox"):
            self.menus.append((message, labels))
        self.questions.append((kind, message, labels))
        if not self.script:
            pytest.fail(f"the script is over but the page asks: {message!r} {labels}", pytrace=False)
        want, step = self.script.pop(0)
        if want is not None and " ".join(as_on_the_page(want).split()) not in message:
            pytest.fail(f"expected a prompt with {want!r}, the page asks {message!r} {labels}", pytrace=False)
        return step


@dataclass
class WebPlayer(Scripted):
    """Answers a seat's questions from ``script`` over ``client`` (a Starlette ``TestClient`` or
    anything with its ``post(path, json=, headers=)``), acting with ``token`` (a play or a
    Dungeon Master token)."""

    client: Any
    token: str
    views: list[dict[str, Any]] = field(default_factory=list)  # every view the page was sent

    def home(self, lang: str) -> None:
        """One run of the guided mode on a phone: a new seat in ``lang``, answered until the table
        quits (the seat is finished)."""
        view = self._post("/api/seat", {"lang": lang})
        while True:
            while view.get("busy"):  # still working after the answer's wait (a long search): ask again
                view = self._post("/api/seat", {"seat": view["seat"]})
            self.views.append(view)
            self._tell(view)
            if view["finished"]:
                return
            view = self._post(
                "/api/answer", {"seat": view["seat"], "number": view["number"], **self.answer(view)}
            )

    def answer(self, view: dict[str, Any]) -> dict[str, Any]:
        """The body answering ``view``'s question with the next step of the script."""
        question = view["question"]
        message = " ".join(question["message"].split())
        labels = [" ".join(choice["label"].split()) for choice in question["choices"]]
        step = self.next_step(question["kind"], message, labels, view["problem"])
        return _body(step, question, message, labels)

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.client.post(path, json=body, headers={"Authorization": f"Bearer {self.token}"})
        if response.status_code != 200:
            pytest.fail(f"{path} answered {response.status_code}: {response.text[:600]}", pytrace=False)
        view: dict[str, Any] = response.json()
        return view

    @staticmethod
    def _tell(view: dict[str, Any]) -> None:
        for item in view["told"]:
            if item["kind"] == "error":
                pytest.fail(f"the procedure failed on the page: {item['text']}", pytrace=False)
            print(item["text"])


def _body(step: Any, question: dict[str, Any], message: str, labels: list[str]) -> dict[str, Any]:
    kind, default = question["kind"], question["default"]
    if step in (_Word(ENTER), Type(None)):  # Enter alone: what is proposed, whatever the question
        if kind == "select":
            return {"answer": default or 0}
        return {"answer": _kept(kind, default)}
    if isinstance(step, _Word) and step.key == "\x03":  # Cancel
        return {"cancel": True}
    if isinstance(step, _Word):
        if kind != "confirm":
            pytest.fail(f"{message!r} is not a yes/no question (answer {step})", pytrace=False)
        return {"answer": step.key == "y"}
    if isinstance(step, Pick):
        if kind != "select":
            pytest.fail(f"{message!r} is not a menu (answer {step})", pytrace=False)
        if step.words:
            return {"answer": _find(labels, step.page or step.words, message)}
        here = default or 0
        if step.expect and " ".join(step.expect.split()) not in labels[here]:
            pytest.fail(f"{message!r}: the default is {labels[here]!r}, not {step.expect!r}", pytrace=False)
        return {"answer": here}
    if isinstance(step, Type):
        if kind not in ("text", "secret", "integer"):
            pytest.fail(f"{message!r} takes no typed answer (answer {step})", pytrace=False)
        typed = step.text.strip()
        is_number = kind == "integer" and typed.lstrip("+-").isdecimal()
        return {"answer": int(typed) if is_number else step.text}
    if isinstance(step, Tick):
        if kind != "checkbox":
            pytest.fail(f"{message!r} is not a list to tick", pytrace=False)
        ticked = set(default or [])
        for words in step.words:
            ticked ^= {_find(labels, words, message)}
        return {"answer": sorted(ticked)}
    raise AssertionError(f"unknown answer {step!r}")


def _kept(kind: str, default: Any) -> Any:
    """The proposed value, as the page sends it when nothing is changed (Enter in a terminal)."""
    if kind in ("text", "secret"):
        return "" if default is None else str(default)
    return default


# --- the proof that both screens run the same procedure -----------------------------------------

PLAY = "play-token-0123456789abcdef"
DM = "dm-token-0123456789abcdefgh"


def as_the_terminal_prints(render: Callable[[Any], None], width: int = 0) -> str:
    """A screen drawn for the page as this terminal's console draws it when the tests capture it
    (lines unwrapped): a phone's 44 columns would cut the lines the scripts look for in what they
    were told. Only the drawing differs: the procedure, its questions and its journal do not."""
    import io

    from rich.console import Console

    out = io.StringIO()
    render(Console(file=out, color_system=None, highlight=False, soft_wrap=True))
    return out.getvalue().rstrip()


def on_the_terminal(questions: list[tuple[str, str, list[str]]]) -> list[tuple[str, str, list[str]]]:
    """The terminal's questions as the page must ask them: without the terminal shell's own entry
    of the home menu (``gm_assist.flow``: start the table view), and in a phone's words where the
    catalogs have them (a key's variants, see :func:`page_words`: "leave it empty" where a terminal
    says "Enter", "Undo: …" where it says "Undo (u): …")."""
    from gm_assist.core.i18n import t

    title, own = t("core.menu.title"), t("core.menu.table")
    return [
        (
            kind,
            as_on_the_page(message),
            [as_on_the_page(e) for e in entries if not (message == title and e == own)],
        )
        for kind, message, entries in questions
    ]


def as_on_the_page(text: str) -> str:
    """``text`` (a terminal's question or entry) in the page's words when the catalogs have them."""
    from gm_assist.core.i18n import lang

    for terminal, page in page_words(lang()):
        found = terminal.fullmatch(text)
        if found:
            return PLACEHOLDER.sub(lambda m, found=found: found.group(m.group(1)), page)
    return text


PLACEHOLDER = re.compile(r"\{(\w+)\}")


VARIANTS = ("_page", "_screen", "_guided")
"""The suffixes of a key's variants (``core.i18n``): a phone's guided mode reads the first it finds
in this order, a terminal's reads ``_guided``."""


@cache
def page_words(language: str) -> list[tuple[re.Pattern[str], str]]:
    """Every text of the catalogs in ``language`` that a phone reads in other words than a terminal
    (a key's ``_page``, ``_screen`` or ``_guided`` variant, see ``core.i18n``): the terminal's text
    (with or without the guided mode) as a pattern, each ``{name}`` matching any words, and the
    page's template."""
    from gm_assist.core.data import data_dir
    from gm_assist.core.i18n import catalog

    pairs = []
    for path in sorted((data_dir() / "i18n" / "en").glob("*.toml")):
        found = catalog(language, path.stem)
        for key, text in found.items():
            if key.endswith(VARIANTS):
                continue
            page = next((found[key + v] for v in VARIANTS if key + v in found), text)
            for terminal in {text, found.get(key + "_guided", text)} - {page}:
                parts = PLACEHOLDER.split(terminal)  # literal, name, literal, name, …
                if not set(PLACEHOLDER.findall(page)) <= set(parts[1::2]):
                    continue  # the page says what the terminal's words do not hold
                pairs.append((_pattern(parts), page))
    return pairs


def journals(home: Path) -> dict[str, list[dict[str, Any]]]:
    """Every saved game of ``home`` by name: each line of its journal (done and undone changes, the
    origin) without its time, then the session's document without its times and its random id."""
    from gm_assist.core import context
    from gm_assist.core.index import resolve
    from gm_assist.core.manage import listing
    from gm_assist.core.session_file import journal_path, read_document

    kept = context.ctx()
    context.reset(home=home, lang=kept.lang)
    games: dict[str, list[dict[str, Any]]] = {}
    try:
        for row in listing():
            sid = resolve(row["name"])
            lines = [json.loads(line) for line in journal_path(sid).read_text(encoding="utf-8").splitlines()]
            doc, _ = read_document(sid)
            doc.pop("id")  # drawn at random when the game is created
            games[row["name"]] = [_timeless(entry) for entry in (*lines, doc)]
    finally:
        context.reset(home=kept.home, lang=kept.lang)
    return games


def _timeless(entry: Any) -> Any:
    if isinstance(entry, dict):
        return {k: _timeless(v) for k, v in entry.items() if k not in ("time", "created", "updated")}
    if isinstance(entry, list):
        return [_timeless(v) for v in entry]
    return entry


def _pattern(parts: list[str]) -> re.Pattern[str]:
    """A template split on its placeholders as a pattern: each ``{name}`` matches any words (one
    key for a ``{letter}``), the same words where it comes again."""
    out, named = [], set()
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(re.escape(part))
        elif part in named:
            out.append(f"(?P={part})")
        else:
            named.add(part)
            out.append(rf"(?P<{part}>\S)" if part == "letter" else f"(?P<{part}>.+?)")
    return re.compile("".join(out))


def same_on_the_page(
    script: Callable[..., None],
    lang: str,
    terminal: Any,
    web: Callable[[bool], WebPlayer],
    capsys: Any,
    home: Path,
    page_home: Path,
    dm: bool = False,
) -> WebPlayer:
    """Play ``script`` again on a phone's seat (``dm``: the Dungeon Master's link), over a new home
    ``page_home``, after ``terminal`` (the Player that played it in ``home``): every assertion of
    the script holds there too (its texts read in a phone's words: the context it resets says the
    answers come from a page), the page asks the terminal's questions (kind, message, entries) in
    the same order, and the saved games' journals are the same. Answers the page's player."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("GM_ASSIST_HOME", str(page_home))
        from gm_assist.core import context

        reset = context.reset  # what the script expects to read, it reads as a phone says it
        env.setattr(context, "reset", lambda **values: reset(**{"surface": "page", **values}))
        context.reset(lang=lang)
        page = web(dm)
        script(page, capsys, lang)
        context.reset(lang=lang)
        difference = first_difference(timeless(page.questions), timeless(on_the_terminal(terminal.questions)))
        assert not difference, difference
        seen, reference = journals(page_home), journals(home)
        assert seen.keys() == reference.keys(), (
            f"saved games: page {sorted(seen)}, terminal {sorted(reference)}"
        )
        for name, entries in seen.items():
            assert entries == reference[name], (
                f"{name}: the journals differ\n{_journal_difference(entries, reference[name])}"
            )
    return page


Asked = tuple[str, str, list[str]]
CLOCK = re.compile(r"\b\d\d:\d\d\b")


def timeless(questions: list[Asked]) -> list[Asked]:
    """The questions without the clock times they show (a saved game's "today 20:06" in the list
    to resume: the page plays a minute after the terminal)."""
    return [
        (kind, CLOCK.sub("hh:mm", message), [CLOCK.sub("hh:mm", e) for e in entries])
        for kind, message, entries in questions
    ]


def first_difference(page: list[Asked], terminal: list[Asked]) -> str:
    """Where the page's questions first differ from the terminal's, in words ("" when they do not)."""
    for number, (here, there) in enumerate(zip(page, terminal, strict=False), start=1):
        if here == there:
            continue
        (kind, message, entries), (kind_t, message_t, entries_t) = here, there
        if (kind, message) != (kind_t, message_t):
            return f"question {number}: the page asks {kind} {message!r}, the terminal {kind_t} {message_t!r}"
        only_t = [e for e in entries_t if e not in entries]
        only_p = [e for e in entries if e not in entries_t]
        return (
            f"question {number} ({message!r}): entries only on the terminal {only_t}, "
            f"only on the page {only_p}"
            + ("" if only_t or only_p else f"; in another order: page {entries}, terminal {entries_t}")
        )
    if len(page) != len(terminal):
        return f"the page asks {len(page)} questions, the terminal {len(terminal)}"
    return ""


def _journal_difference(seen: list[Any], reference: list[Any]) -> str:
    for number, (here, there) in enumerate(zip(seen, reference, strict=False), start=1):
        if here != there:
            keys = sorted(k for k in {*here, *there} if here.get(k) != there.get(k))
            return f"line {number}, keys {keys}: page {str(here)[:400]} / terminal {str(there)[:400]}"
    return f"the page's journal has {len(seen)} lines, the terminal's {len(reference)}"
