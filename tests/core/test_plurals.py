"""Real singular and plural forms (never "(s)"): one mechanism in core i18n, 0/1/2 in both languages."""

from __future__ import annotations

import re
import string

import pytest

from gm_assist.core import context, i18n
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
    for language in i18n.LANGS:
        for key, text in _flat(language).items():
            for name, spec in PLURAL.findall(text):
                forms = spec.split("|")
                assert len(forms) == 2 and all(forms), (language, key)


def test_plural_rule_per_language():
    assert [i18n.plural_form(n, "en") for n in (0, 1, 2, 1.5)] == [1, 0, 1, 1]
    assert [i18n.plural_form(n, "fr") for n in (0, 1, 2, 1.5)] == [0, 0, 1, 0]


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
        one, other = spec.split("|")
        for n in (0, 1, 2):
            params = {f: 7 for f in fields} | {name: n}
            text = i18n.t(key, **params)
            singular = n == 1 or (language == "fr" and n == 0)
            expected = (one if singular else other).replace("#", str(n))
            assert expected in text, (key, language, n, text)
            assert ":plural:" not in text and "{" not in text, text
