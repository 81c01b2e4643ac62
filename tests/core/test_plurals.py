"""Real singular and plural forms (never "(s)"): one mechanism in core i18n, 0/1/2 in both languages."""

from __future__ import annotations

import re
import string

import pytest

from gm_assist.core import context, grammar, i18n
from tests.core.test_i18n import _flat

PLURAL = re.compile(r"\{(\w+):plural:([^{}]*)\}")


def _plural_keys() -> dict[str, set[str]]:
    """Every key that has a plural form, with the counts that choose its forms (either language)."""
    keys: dict[str, set[str]] = {}
    for language in i18n.LANGS:
        for key, text in _flat(language).items():
            for name, _ in PLURAL.findall(text):
                keys.setdefault(key, set()).add(name)
    return keys


def test_no_catalog_writes_s_in_brackets():
    for language in i18n.LANGS:
        bad = {k: v for k, v in _flat(language).items() if re.search(r"\w\((s|x|e|es)\)", v)}
        assert bad == {}, language


def test_plural_forms_have_two_forms_and_the_number():
    """Singular|plural, or zero|singular|plural (the zero form may be empty: said only when > 0)."""
    for language in i18n.LANGS:
        for key, text in _flat(language).items():
            for _name, spec in PLURAL.findall(text):
                forms = spec.split("|")
                assert len(forms) in (2, 3) and all(forms[-2:]), (language, key)


def test_a_zero_form_is_said_for_zero_only():
    for language in i18n.LANGS:
        fill = i18n.fill
        spec = "{n:plural:none|# die|# dice}"
        assert [fill(spec, {"n": n}, language) for n in (0, 1, 2)] == ["none", "1 die", "2 dice"]


def test_plural_rule_per_language():
    assert [grammar.plural_form(n, "en") for n in (0, 1, 2, 1.5)] == [1, 0, 1, 1]
    assert [grammar.plural_form(n, "fr") for n in (0, 1, 2, 1.5)] == [0, 0, 1, 0]


@pytest.mark.parametrize("language", i18n.LANGS)
@pytest.mark.parametrize("key", sorted(_plural_keys()))
def test_every_plural_key_for_0_1_2(key, language):
    """Each count of each plural key: the singular form for 1 (and 0 in French), else the plural."""
    context.reset(lang=language)
    raw = _flat(language)[key]
    fields = {f for _, f, _, _ in string.Formatter().parse(raw) if f}
    counts = {name for name, _ in PLURAL.findall(raw)}
    for name in counts:
        spec = dict(PLURAL.findall(raw))[name]
        *zero, one, other = spec.split("|")
        for n in (0, 1, 2):
            params = {f: 7 for f in fields} | {name: n}
            text = i18n.t(key, **params)
            singular = n == 1 or (language == "fr" and n == 0)
            expected = (zero[0] if zero and n == 0 else one if singular else other).replace("#", str(n))
            assert expected in text, (key, language, n, text)
            assert ":plural:" not in text and "{" not in text, text


def test_sources_in_players_words():
    """A player has no "game-facts" file: screens say where a figure comes from in their words."""
    context.reset(lang="en")
    assert "companion" in i18n.provenance("game-facts §1.1-1.2 (companion app data); French name not found")
    assert "check your card" in i18n.provenance("game-facts §1.1-1.2 (companion app data)")
    assert i18n.provenance("game-facts.md §2.1 (constants of a student implementation)").startswith(
        "from fan-made"
    )
    assert i18n.provenance("rulebook p. 19 (Réplique); English name not found") == "from the rulebook"
    assert "rulebook" in i18n.provenance("rulebook (French name); English name and bonus: game-facts.md §2.3")
    assert i18n.provenance("entered by the table") == "entered by your table"
    context.reset(lang="fr")
    assert "vérifiez votre carte" in i18n.provenance("game-facts §1.4 (Undertow, companion app data)")


def test_no_screen_names_an_internal_document(gm):
    """The precise source stays in --json; the text never shows "game-facts"."""
    for language in ("en", "fr"):
        for args in (
            ("tmb", "setup", "--tyrant", "Gendricks", "--gearlocs", "2"),
            ("insomnia", "score", "-p", "A:5:40", "-p", "B:9:40"),
            ("shy-monsters", "patterns"),
            ("mice-and-mystics", "enemies"),
            ("tmb", "baddie", "list"),
            ("insomnia", "tiles"),
        ):
            r = gm("--lang", language, *args)
            assert r.exit_code == 0, (args, r)
            assert "game-facts" not in r.stdout, (args, language)
    r = gm("tmb", "setup", "--tyrant", "Gendricks", "--gearlocs", "2", "--json")
    assert "game-facts" in r.stdout  # the precise source is kept for scripts
