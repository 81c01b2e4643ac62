"""Both catalogs complete: the same keys and the same placeholders in every namespace."""

from __future__ import annotations

import string
import tomllib

from gm_assist.core import i18n
from gm_assist.core.data import data_dir


def _flat(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted((data_dir() / "i18n" / lang).glob("*.toml")):
        with path.open("rb") as fh:
            i18n._flatten(path.stem, tomllib.load(fh), out)
    return out


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_same_namespaces():
    en = {p.name for p in (data_dir() / "i18n" / "en").glob("*.toml")}
    fr = {p.name for p in (data_dir() / "i18n" / "fr").glob("*.toml")}
    assert en == fr


def test_same_keys_and_placeholders():
    en, fr = _flat("en"), _flat("fr")
    assert sorted(set(en) - set(fr)) == []
    assert sorted(set(fr) - set(en)) == []
    wrong = {k: (_fields(en[k]), _fields(fr[k])) for k in en if _fields(en[k]) != _fields(fr[k])}
    assert wrong == {}


def test_every_core_key_used_exists():
    import pathlib
    import re

    used = set()
    root = pathlib.Path(i18n.__file__).resolve().parents[1]
    for path in root.rglob("*.py"):
        used |= set(re.findall(r"[\"'](core\.[a-z_]+\.[a-z_.]+)[\"']", path.read_text()))
    en = _flat("en")
    missing = sorted(k for k in used if k not in en and not k.endswith("."))
    assert missing == []


def test_fallback_and_format():
    assert i18n.t("core.no.such.key") == "core.no.such.key"
    assert "7" in i18n.t("core.error.count_positive", value=7)


def test_bilingual_parameters_follow_the_language():
    from gm_assist.core import context

    name = {"en": "Entangled", "fr": "Empêtrée"}
    context.reset(lang="fr")
    assert i18n.t("mice_and_mystics.action.mouse_condition", mouse="Tilda", text=name) == "Tilda : Empêtrée"
    context.reset(lang="en")
    assert i18n.t("mice_and_mystics.action.mouse_condition", mouse="Tilda", text=name) == "Tilda: Entangled"
    assert i18n.localized({"en": "only English"}, "fr") == "only English"
    assert i18n.localized({"en": 1, "other": 2}, "fr") == {"en": 1, "other": 2}  # not a bilingual text


def test_menu_and_screen_variants_fit_their_hint():
    """``<key>_guided`` replaces ``<key>`` in the guided mode, ``<key>_screen`` on the table view's
    shared screen: each exists only beside its key, uses no placeholder the key is not given, and
    never names a command line (the screen variant names no menu entry either: no quotes)."""
    for language in ("en", "fr"):
        texts = _flat(language)
        for key, text in texts.items():
            if not key.endswith(("_guided", "_screen")):
                continue
            base = key.removesuffix("_guided").removesuffix("_screen")
            assert base in texts, key
            assert _fields(text) <= _fields(texts[base]), key
            assert "gm-assist" not in text and "--" not in text and "`" not in text, key
            if key.endswith("_screen"):
                assert not set("«»“”") & set(text), key


def test_the_screen_variant_is_used_only_when_asked(monkeypatch):
    monkeypatch.setitem(i18n.catalog("en", "core"), "core.demo.hint", "Run `gm-assist undo`.")
    monkeypatch.setitem(i18n.catalog("en", "core"), "core.demo.hint_screen", "Undo it.")
    assert i18n.t_in("en", "core.demo.hint") == "Run `gm-assist undo`."
    assert i18n.t_in("en", "core.demo.hint", "screen") == "Undo it."
    assert i18n.t_in("en", "core.menu.quit", "screen") == i18n.catalog("en", "core")["core.menu.quit"]


def test_guided_mode_uses_the_menu_variant(monkeypatch):
    from gm_assist.core import context

    monkeypatch.setitem(i18n.catalog("en", "core"), "core.demo.hint", "Run `gm-assist undo`.")
    monkeypatch.setitem(i18n.catalog("en", "core"), "core.demo.hint_guided", "Choose Undo in the menu.")
    context.reset(lang="en")
    assert i18n.t("core.demo.hint") == "Run `gm-assist undo`."
    context.ctx().guided = True
    assert i18n.t("core.demo.hint") == "Choose Undo in the menu."
    assert i18n.t("core.menu.quit") == i18n.catalog("en", "core")["core.menu.quit"]  # no variant: the key
