"""Rule-card content: both languages, coverage of every rulebook section, references from code."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from gm_assist.rules_ref.cards import LANGS, all_cards, card_files, glossary, parse_card, rules_dir

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"
BOOK = {
    "tmb": "too-many-bones.fr.txt",
    "insomnia": "insomnia.fr.txt",
    "stuffed-fables": "stuffed-fables.fr.txt",
    "mice-and-mystics": "mice-and-mystics.fr.txt",
    "shy-monsters": "shy-monsters.fr.txt",
}
CARD_REF = re.compile(r"[\"']((?:tmb|insomnia|stuffed-fables|mice-and-mystics|shy-monsters)/[a-z0-9-]+)[\"']")


def test_every_game_has_cards():
    assert {c.game for c in all_cards().values()} == set(BOOK)


@pytest.mark.parametrize("path", card_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_card_is_complete_in_both_languages(path):
    card = parse_card(path)
    assert card.id == f"{path.parent.name}/{path.stem}" and card.game == path.parent.name
    assert card.source.strip()
    for lang in LANGS:
        assert card.title.get(lang, "").strip(), f"{card.id}: no {lang} title"
        assert len(card.body.get(lang, "").strip()) > 40, f"{card.id}: no {lang} body"
        assert card.keywords.get(lang), f"{card.id}: no {lang} keywords"
    for related in card.related:
        assert related in all_cards(), f"{card.id}: related card {related} does not exist"


def test_a_second_reading_is_a_past_day():
    """``checked`` (data/rules/README.md): on every card, a TOML date (not a string, not a time) no
    later than today: the day a second person of the team read the card."""
    import datetime

    stamped = {}
    for path in card_files():
        meta = tomllib.loads(path.read_text(encoding="utf-8").split("+++", 2)[1])
        if "checked" in meta:
            value = meta["checked"]
            assert type(value) is datetime.date, f"{path.stem}: checked = {value!r}, want YYYY-MM-DD"
            assert value <= datetime.date.today(), f"{path.stem}: checked on {value}, a day to come"
            assert parse_card(path).checked == value
            stamped[f"{path.parent.name}/{path.stem}"] = value
    # the cards the check of issue 35 found slips in, mended and read again
    assert {
        "stuffed-fables/store-die",
        "mice-and-mystics/feat-rat-poison-eater",
        "mice-and-mystics/cheese",
        "shy-monsters/overview",
        "insomnia/tile-carnet-des-reves",
    } <= set(stamped)
    # issue 35 asks for a second reading of every card: a card written since is read before it lands
    unread = [f"{p.parent.name}/{p.stem}" for p in card_files() if f"{p.parent.name}/{p.stem}" not in stamped]
    assert unread == []


@pytest.mark.parametrize("checked", ["2026-02-30", "yesterday", "[2026]"])
def test_a_malformed_second_reading_is_refused(tmp_path, checked):
    from gm_assist.core.errors import EnvError

    source = (rules_dir() / "tmb" / "fatigue.md").read_text(encoding="utf-8")
    value = checked if checked.startswith("[") else f'"{checked}"'
    bad = tmp_path / "fatigue.md"
    bad.write_text(source.replace("\n[title]", f"\nchecked = {value}\n[title]", 1), encoding="utf-8")
    with pytest.raises(EnvError):
        parse_card(bad)


@pytest.mark.parametrize("game", sorted(BOOK))
def test_every_section_maps_to_cards(game):
    with (rules_dir() / game / "_sections.toml").open("rb") as fh:
        sections = tomllib.load(fh)["section"]
    assert sections
    book = (RULEBOOKS / BOOK[game]).read_text(encoding="utf-8").lower() if RULEBOOKS.exists() else None
    for section in sections:
        assert section["cards"], section
        for cid in section["cards"]:
            assert cid in all_cards(), f"{section['heading']}: {cid} does not exist"
        if book is not None:
            assert section["heading"].lower() in book, f"heading not in the rulebook: {section['heading']}"


@pytest.mark.skipif(not RULEBOOKS.exists(), reason="shared rulebooks not beside the checkout")
def test_tmb_table_of_contents_is_covered():
    """Every entry of the Too Many Bones table of contents is one of the mapped headings."""
    text = (RULEBOOKS / BOOK["tmb"]).read_text(encoding="utf-8")
    toc = text[text.index("Table des matières") :]
    entries = []
    for line in toc.splitlines()[1:]:
        match = re.match(r"^(.+?)(?:\.{2,})?\t[\d-]+\s*$", line)
        if match:
            entries.append(match.group(1).strip(" ."))
        elif entries and line.strip() and not match:
            break

    def norm(heading: str) -> str:
        return re.sub(r"</?i>", "", heading).lower().strip(" .")

    with (rules_dir() / "tmb" / "_sections.toml").open("rb") as fh:
        headings = {norm(s["heading"]) for s in tomllib.load(fh)["section"]}
    missing = [e for e in entries if norm(e) not in headings and e != "Table des matières"]
    assert len(entries) > 20 and missing == []


def test_every_card_id_referenced_by_the_code_exists():
    refs: dict[str, set[str]] = {}
    for path in [*ROOT.joinpath("gm_assist").rglob("*.py"), *ROOT.joinpath("data").glob("*/*.toml")]:
        for ref in CARD_REF.findall(path.read_text(encoding="utf-8")):
            refs.setdefault(ref, set()).add(str(path.relative_to(ROOT)))
    missing = {ref: sorted(where) for ref, where in refs.items() if ref not in all_cards()}
    assert missing == {}


def test_glossary_has_both_languages():
    terms = glossary()
    assert {t.game for t in terms} == set(BOOK)
    for term in terms:
        assert term.en.strip() and term.fr.strip()
        assert term.card is None or term.card in all_cards(), term


def test_no_rulebook_sentence_copied():
    """No card body contains a sentence of 8+ words lifted from the French rulebooks."""
    if not RULEBOOKS.exists():
        pytest.skip("shared rulebooks not beside the checkout")
    from gm_assist.core.names import fold

    def grams(text: str, n: int = 8) -> set[tuple[str, ...]]:
        ws = re.findall(r"\w+", fold(text))
        return {tuple(ws[i : i + n]) for i in range(len(ws) - n + 1)}

    book = set().union(*(grams(p.read_text(encoding="utf-8")) for p in RULEBOOKS.glob("*.txt")))
    copied = {c.id: len(grams(c.body["fr"]) & book) for c in all_cards().values()}
    assert {k: v for k, v in copied.items() if v > 2} == {}
