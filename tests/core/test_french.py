"""French that reads as French: every template rendered with vowel-initial names and counts 0, 1, 2.

The i18n layer elides (d', l', qu'…) and contracts (du → de l', au → à l') before a value that starts
with a vowel sound, for every template; English turns "a" into "an" the same way. These tests render
every key of both catalogs and fail on a missing elision, on "(s)", on English words in French and
on the other form of address ("tu" where the catalogs say "vous").
"""

from __future__ import annotations

import re
import string

import pytest

from gm_assist.core import i18n
from tests.core.test_i18n import _flat

NAMES = ("Ana", "Éloïse", "Hélène", "Oscar", "ours des cavernes")
PLURAL = re.compile(r"\{(\w+):plural:[^{}]*\}")
NOT_ELIDED = re.compile(
    r"(?<![\w'’-])(de|le|la|que|ne|je|me|te|se|du|au|De|Le|La|Que|Du|Au) (" + "|".join(NAMES) + r")\b"
)
# English words that have no business in a French sentence (command tokens in `backticks`, option
# values after "--x " or "NOM:" and game titles aside).
ENGLISH = re.compile(
    r"(?<![\w`\-=:./])(the|and|with|your|board|dice|die|low|medium|high|players?|turn|roll|when|then|"
    r"arrow|keys|yes|none|next|undo|redo)(?![\w`\-=])",
    re.IGNORECASE,
)
ENGLISH_ALLOWED = {"Mice and Mystics", "Bump in the Night"}
TU = re.compile(r"(?<![\w-])(tu|ton|ta|tes|toi|te)(?![\w'’])|(?<![\w-])t['’]", re.IGNORECASE)


def _fields(text: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def _renderings(language: str, text: str):
    """``text`` filled every way a table fills it: each name for every name-like field, and the
    counts 0, 1 and 2 for the fields used as counts."""
    fields = set(_fields(text))
    counts = {f for _, f, spec, _ in string.Formatter().parse(text) if f and spec}  # plural, +d…
    for name in NAMES:
        for n in (0, 1, 2):
            params = {f: (n if f in counts else name) for f in fields}
            yield params, i18n.fill(text, params, language)


@pytest.mark.parametrize("language", i18n.LANGS)
def test_every_template_renders_with_any_name_and_count(language):
    bad = {}
    for key, text in _flat(language).items():
        if not _fields(text) or any(f.isdigit() for f in _fields(text)):
            continue  # no value, or click's own positional messages (filled by click)
        for _params, rendered in _renderings(language, text):
            if (
                "{" in rendered.replace("{{", "")
                or ":plural:" in rendered
                or re.search(r"\w\((s|x|e|es)\)", rendered)
            ):
                bad[key] = rendered
            if language == "fr" and NOT_ELIDED.search(rendered):
                bad[key] = rendered
            if language == "en" and re.search(r"(?<![\w'-])[Aa] (Ana|Éloïse|Oscar|ours)\b", rendered):
                bad[key] = rendered
    assert bad == {}


def test_elision_examples():
    fr = lambda text, **params: i18n.fill(text, params, "fr")  # noqa: E731
    assert fr("Le mouton de {name}", name="Ana") == "Le mouton d'Ana"
    assert fr("Main de {name} : {dice}", name="Éloïse", dice="2 verts") == "Main d'Éloïse : 2 verts"
    assert fr("Au {monster} de jouer", monster="ours") == "À l'ours de jouer"
    assert fr("Au {monster} de jouer", monster="crapaud des marais") == "Au crapaud des marais de jouer"
    assert fr("Le tour de {who}", who="le crapaud") == "Le tour du crapaud"
    assert fr("Le tour de {who}", who="les crapauds") == "Le tour des crapauds"
    assert fr("Le tour de {who}", who="héros") == "Le tour de héros"  # aspirated h
    assert fr("Le tour de {who}", who="Hélène") == "Le tour d'Hélène"  # mute h
    assert fr("Lancez-le {n} fois", n=2) == "Lancez-le 2 fois"
    assert fr("{n:plural:# mouton|# moutons} de {name}", n=0, name="Yann") == "0 mouton de Yann"
    en = lambda text, **params: i18n.fill(text, params, "en")  # noqa: E731
    assert en("A {colour} die cannot be stored.", colour="orange") == "An orange die cannot be stored."
    assert en("A {colour} die cannot be stored.", colour="red") == "A red die cannot be stored."
    assert en("a {what}", what="unit") == "a unit"


def test_elision_through_t_follows_the_language():
    from gm_assist.core import context

    context.reset(lang="fr")
    assert i18n.t("stuffed_fables.status.hand", stuffie="Éloïse", dice="—") == "Main d'Éloïse : —"
    assert i18n.t_in("fr", "stuffed_fables.status.hand", stuffie="Ana", dice="—") == "Main d'Ana : —"
    context.reset(lang="en")
    assert i18n.t("stuffed_fables.status.hand", stuffie="Ana", dice="—").endswith("Ana: —")


def test_no_english_words_in_french_catalogs():
    found = {}
    for key, text in _flat("fr").items():
        plain = re.sub(r"`[^`]*`|\{[^{}]*\}|--[\w-]+|[A-Z]+[=:][^\s,;)]*", "", text)
        for allowed in ENGLISH_ALLOWED:
            plain = plain.replace(allowed, "")
        words = ENGLISH.findall(plain)
        if words:
            found[key] = words
    assert found == {}


def test_one_form_of_address_in_french():
    """The catalogs say "vous" to the table; "tu" nowhere."""
    found = {
        key: text for key, text in _flat("fr").items() if TU.search(re.sub(r"`[^`]*`|\{[^{}]*\}", "", text))
    }
    assert found == {}


def test_confidence_said_in_the_readers_words():
    """Every confidence the data ships is shown in words of the reader's language ("low-medium"
    never reaches a French screen), and --json keeps the token."""
    import tomllib

    from gm_assist.core.data import data_dir

    tokens = set()
    for path in data_dir().rglob("*.toml"):
        if "i18n" not in path.parts:
            tokens |= set(re.findall(r'confidence = "([^"]*)"', path.read_text(encoding="utf-8")))
            tomllib.loads(path.read_text(encoding="utf-8"))
    assert {"low-medium", "rulebook", "medium"} <= tokens
    for token in tokens:
        fr, en = i18n.confidence_words(token, "fr"), i18n.confidence_words(token, "en")
        assert fr and en and fr != i18n.t_in("fr", "core.confidence.unknown"), token
        assert not ENGLISH.search(fr), (token, fr)


def test_french_screens_say_confidence_in_french(gm):
    out = gm("--lang", "fr", "insomnia", "tiles").stdout
    assert not re.search(r"\((low|medium|high)[\w-]*\)", out), out
    data = gm("--lang", "fr", "insomnia", "tiles", "--json").json
    assert "not-found" in {tile["confidence"] for tile in data["tiles"]}  # the token, untranslated


@pytest.mark.parametrize("language", i18n.LANGS)
def test_prompts_say_their_keys_in_the_interface_language(monkeypatch, language):
    """questionary's own hints are English ("(Use arrow keys)"): every prompt passes ours."""
    import questionary

    from gm_assist.core import context, prompts, terminal

    context.reset(lang=language)
    seen: dict[str, object] = {}

    class Answer:
        def __init__(self, kind: str, kwargs: dict) -> None:
            seen[kind] = kwargs.get("instruction")

        def unsafe_ask(self, *args, **kwargs):  # noqa: ANN002, ANN003
            return []

        ask = unsafe_ask

    monkeypatch.setattr(terminal, "FORCE_INTERACTIVE", True)
    monkeypatch.setattr(terminal, "_ask", lambda question, extra=None: [])
    monkeypatch.setattr(questionary, "checkbox", lambda *a, **k: Answer("checkbox", k))
    monkeypatch.setattr(questionary, "select", lambda *a, **k: Answer("select", k))
    prompts.checkbox("?", ["a", "b"])
    prompts.select("?", ["a", "b"])
    assert seen == {
        "checkbox": i18n.t("core.prompt.checkbox_hint"),
        "select": i18n.t("core.prompt.select_hint"),
    }
    assert all(ENGLISH.search(str(v)) is None for v in seen.values()) or language == "en"


def test_french_screens_agree_colours_and_name_the_board(gm):
    """ "5 verts, 3 blancs" (orange stays), the stuffie's board is the « plateau », never "board"."""
    assert gm("--lang", "fr", "stuffed-fables", "new", "--stuffie", "Lumpy").exit_code == 0
    out = gm("--lang", "fr", "stuffed-fables", "status").stdout
    assert "5 orange, 5 verts, 5 jaunes" in out and "blancs" in out, out
    assert "plateau" in out and "board" not in out
    out = gm("--lang", "en", "stuffed-fables", "status").stdout
    assert "5 green" in out and "board" in out


def test_the_french_editions_words():
    """Stuffing is « rembourrage » (the French summary's « remboursement », a refund, is a slip)."""
    found = {k: v for k, v in _flat("fr").items() if "rembours" in v.lower()}
    assert found == {}
    assert i18n.t_in("fr", "stuffed_fables.use.stuffing") == "rembourrage"


def test_saved_times_as_people_read_them():
    """The resume list, `sessions` and `history` show "today 21:14", never a raw ISO time (issue 14)."""
    from datetime import UTC, datetime

    now = datetime(2026, 11, 24, 22, 0, tzinfo=UTC).astimezone()
    cases = {
        "2026-11-24T21:14:00+00:00": ("today", "aujourd'hui"),
        "2026-11-23T08:05:00+00:00": ("yesterday", "hier"),
        "2026-11-22T10:00:00+00:00": ("Sun 22 Nov", "dim. 22 nov."),
        "2025-08-01T10:00:00+00:00": ("Fri 1 Aug 2025", "ven. 1 août 2025"),
    }
    for stamp, (en, fr) in cases.items():
        assert i18n.when(stamp, "en", now).startswith(en), stamp
        assert i18n.when(stamp, "fr", now).startswith(fr), stamp
    assert i18n.when("not a time", "en", now) == "not a time"


def test_sessions_and_history_show_readable_times(gm):
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    assert gm("insomnia", "move", "2").exit_code == 0
    for args in (["sessions"], ["history"]):
        text = gm("--lang", "fr", *args).stdout
        assert "aujourd'hui" in text and not re.search(r"\d{4}-\d\d-\d\dT", text), text
    assert re.match(r"\d{4}-\d\d-\d\dT", gm("history", "--json").json["entries"][0]["time"])
