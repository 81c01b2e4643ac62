"""Loading rule cards: ``data/rules/<game>/<slug>.md``, TOML front matter between ``+++`` lines,
then ``<!-- en -->`` and ``<!-- fr -->`` bodies (format: ``data/rules/README.md``)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ConfigDict, ValidationError, field_validator

import gm_assist.rules_ref.paths as paths
from gm_assist.core.errors import EnvError, GmError
from gm_assist.core.model import Model
from gm_assist.rules_ref.paths import card_files, check_game, games, rules_dir  # noqa: F401 (re-exported)

LANGS = ("en", "fr")
QUESTIONS = (3, 12)
"""How many questions (``questions_en``, ``questions_fr``) a card lists per language."""
_BODY = re.compile(r"^<!--\s*(en|fr)\s*-->\s*$", re.MULTILINE)


class Card(Model):
    """One rule card: one topic, both languages."""

    model_config = ConfigDict(frozen=True)

    id: str
    game: str
    source: str
    sections: list[str] = []
    related: list[str] = []
    confidence: str = "rulebook"
    checked: date | None = None
    """The day a second person of the team read the card against the rulebook (both languages make
    the same claims, and the rulebook's): absent until then."""
    title: dict[str, str]
    keywords: dict[str, list[str]]
    body: dict[str, str]
    questions_en: list[str] = []
    questions_fr: list[str] = []
    path: str = ""

    @field_validator("questions_en", "questions_fr")
    @classmethod
    def _three_to_twelve(cls, value: list[str]) -> list[str]:
        """The questions a card answers, in players' words: 3 to 12 per language when given."""
        value = [q.strip() for q in value]
        if value and not QUESTIONS[0] <= len(value) <= QUESTIONS[1]:
            raise ValueError(f"{len(value)} questions: give {QUESTIONS[0]} to {QUESTIONS[1]}")
        if any(not q for q in value):
            raise ValueError("an empty question")
        return value

    def questions(self, lang: str) -> list[str]:
        return self.questions_fr if lang == "fr" else self.questions_en

    def text(self, field: str, lang: str) -> Any:
        value = getattr(self, field)
        return value.get(lang) or value.get("en" if lang == "fr" else "fr")


class GlossaryTerm(Model):
    """A game term in both languages (and other spellings)."""

    model_config = ConfigDict(frozen=True)

    game: str
    en: str
    fr: str
    also: list[str] = []
    card: str | None = None


class Synonym(Model):
    """Phrases players use for the same thing (``[[synonym]]`` of a glossary), in either language."""

    model_config = ConfigDict(frozen=True)

    game: str
    en: list[str] = []
    fr: list[str] = []

    @field_validator("en", "fr")
    @classmethod
    def _not_empty(cls, value: list[str]) -> list[str]:
        if any(not p.strip() for p in value):
            raise ValueError("an empty phrase")
        return [p.strip() for p in value]

    def phrases(self) -> list[str]:
        return [*self.en, *self.fr]


@contextmanager
def _read_from(path: Path) -> Iterator[None]:
    """What is malformed in ``path`` (TOML, a model's fields, a missing part) → EnvError naming it."""
    try:
        yield
    except (ValueError, tomllib.TOMLDecodeError, ValidationError, TypeError) as exc:
        raise EnvError("core.error.bad_data", path=str(path), detail=str(exc)[:200]) from exc


def parse_card(path: Path) -> Card:
    """Read one card file; EnvError naming the file when it is malformed."""
    text = path.read_text(encoding="utf-8")
    with _read_from(path):
        _, header, rest = text.split("+++", 2)
        meta = tomllib.loads(header)
        parts = _BODY.split(rest)
        bodies = {parts[i]: parts[i + 1].strip() for i in range(1, len(parts) - 1, 2)}
        return Card(**meta, body=bodies, path=str(path))


@cache
def all_cards() -> dict[str, Card]:
    """Every card by id (parsed once per process)."""
    return {card.id: card for card in map(parse_card, card_files())}


def get_card(card_id: str) -> Card:
    """A card by id; GmError with the closest ids when it does not exist."""
    cards = all_cards()
    key = card_id.strip().lower()
    if key in cards:
        return cards[key]
    matches = [cid for cid in cards if cid.endswith("/" + key)]
    if len(matches) == 1:
        return cards[matches[0]]
    import difflib

    from gm_assist.core.names import closest

    close = difflib.get_close_matches(key, list(cards), n=3, cutoff=0.5) or matches[:3]
    if not close:
        slug = closest(key.split("/")[-1], [c.split("/")[-1] for c in cards])
        close = [c for c in cards if slug and c.endswith("/" + slug)][:3]
    raise GmError("rules.error.unknown_card", id=card_id, suggestions=", ".join(close) or "—")


@cache
def _glossaries() -> tuple[list[GlossaryTerm], list[Synonym]]:
    terms: list[GlossaryTerm] = []
    synonyms: list[Synonym] = []
    common = rules_dir() / "_synonyms.toml"  # players' words shared by every game
    for path in [*sorted(rules_dir().glob("*/_glossary.toml")), *([common] if common.exists() else [])]:
        game = "" if path == common else path.parent.name
        with _read_from(path), path.open("rb") as fh:
            data = tomllib.load(fh)
            for item in data.get("term", []):
                terms.append(GlossaryTerm(game=game, **item))
            for item in data.get("synonym", []):
                entry = Synonym(game=game, **item)
                if len(entry.phrases()) < 2:
                    raise ValueError(f"synonym {entry.phrases()}: give two phrases at least")
                synonyms.append(entry)
    return terms, synonyms


class Asked(Model):
    """What players asked that one card answers, per language (a card's table in ``_asked.toml``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    en: list[str] = []
    fr: list[str] = []


def players_questions() -> dict[tuple[str, str], list[str]]:
    """(card id, language) → questions players asked that the card answers: ``data/rules/<game>/
    _asked.toml`` (`paths.asked_files`), written by bench/rules_asked.py from the held-out question
    sets already measured, never by hand. The index reads them beside the card's own questions
    (``questions_en``/``_fr``), which stay the card's: what a reader of the card sees."""
    return _players_questions(tuple(paths.asked_files()))


@cache
def _players_questions(files: tuple[Path, ...]) -> dict[tuple[str, str], list[str]]:
    out: dict[tuple[str, str], list[str]] = {}
    for path in files:
        with _read_from(path), path.open("rb") as fh:
            for slug, table in tomllib.load(fh).items():
                entry = Asked(**table)
                for lang in LANGS:
                    out[(f"{path.parent.name}/{slug}", lang)] = getattr(entry, lang)
    return out


class OtherGame(Model):
    """A game that is not one of ours, as players name it (``data/rules/_other_games.toml``)."""

    model_config = ConfigDict(frozen=True)

    name: str
    fr: str | None = None
    also: list[str] = []
    match: list[str] = []
    opening: list[str] = []
    """Names that are also everyday words or words of our cards ("risk", "chess": Shy Monsters' hero
    jumps like a knight in chess), which name this game only when they open the question ("risk: how
    many dice…", « aux échecs, le roi… »)."""

    def phrases(self) -> list[str]:
        """What a question naming this game holds: ``match`` when given, else its names and ``also``."""
        return self.match or [self.name, *([self.fr] if self.fr else []), *self.also]

    def shown(self, lang: str) -> str:
        """Its name in ``lang``."""
        return self.fr if lang == "fr" and self.fr else self.name


@cache
def other_games() -> list[OtherGame]:
    """The other games players may name (none when the file is absent)."""
    path = rules_dir() / "_other_games.toml"
    if not path.exists():
        return []
    with _read_from(path), path.open("rb") as fh:
        return [OtherGame(**item) for item in tomllib.load(fh).get("game", [])]


def glossary() -> list[GlossaryTerm]:
    """Every glossary term of every game."""
    return _glossaries()[0]


def synonyms() -> list[Synonym]:
    """Every ``[[synonym]]`` entry of every game's glossary."""
    return _glossaries()[1]
