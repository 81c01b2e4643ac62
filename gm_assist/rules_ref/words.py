"""Words of the rules search (issue 17): the players' text and the cards' text folded (accents,
case), number words as digits, question words and fillers of both languages set apart (`STOP`), and
stemmed with each language's Snowball stemmer. The index (`index`) and the quoted answers
(`answers`) read text the same way through these functions; a change here changes what the index
holds, so `index.INDEX_VERSION` moves with it."""

from __future__ import annotations

import re
from functools import cache

from gm_assist.core.names import fold

_WORD = re.compile(r"[a-z0-9]+")

# Question words, fillers, pronouns, auxiliaries and negations of each language: they say how a
# question is asked, not what it is about. A word is dropped when either language lists it (the
# language of a short query is a guess), so neither list holds a word the other uses for content.
STOP = {
    "en": frozenset(
        """a an the of to in on at by for from with about into onto over under and or but if then than
        so as is are was were be been being am do does did doing done have has had having can could
        may might must shall should will would i me my mine we us our ours you your yours he him his
        she her hers it its they them their theirs this that these those there here what whats which
        who whom whose when where why how what's it's i'm i've don't can't cannot isn't aren't doesn't
        didn't won't wouldn't shouldn't couldn't not no nor never any anything some someone somebody
        something one ones just also still only very too really please rule rules ok okay yes happen
        happens happened get gets got getting go goes going gone went let lets s t d ll re ve m
        else ever again even like want wanted need needs supposed allowed say says said know tell
        mean means use used using work works way much many often whole all every each other another
        time times difference differences im ive myself actually""".split()
    ),
    "fr": frozenset(
        """le la les l un une des de du d au aux a à et ou mais donc or ni car si sinon que qu qui
        quoi quel quelle quels quelles lequel laquelle lesquels dont ou où quand comment combien
        pourquoi est es suis sommes sont etre être ete été sera seront serait etait était ai as avons
        avez ont avoir eu fait faire fais font faut peut peux pouvons pouvez peuvent pourrait pouvoir
        dois doit doivent devoir je j me m moi tu te t toi il ils elle elles on nous vous se s soi
        lui leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos ce c cet cette ces ceci
        cela ça ca y en ne n pas plus jamais rien aucun aucune non oui ok bien alors
        aussi encore deja déjà tout tous toute toutes chaque autre autres meme même sur sous dans par
        pour avec chez vers entre pendant durant lors regle regles règle règles passe quelqu chose truc
        veut dire sert servir marche fonctionne comme ici difference differences""".split()
    ),
}

NUMBERS = {
    "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "twenty": "20", "twice": "2",
    "zero": "0", "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "sept": "7", "huit": "8",
    "neuf": "9", "dix": "10", "vingt": "20",
}  # fmt: skip
"""Number words read as digits (cards write "round 6", players say "round six"); "one"/"un"/"une"
stay articles, "six" is the same word in both languages."""


@cache
def _stemmer(lang: str):
    import snowballstemmer

    return snowballstemmer.stemmer("french" if lang == "fr" else "english")


_DICE = re.compile(r"\b[dD][éÉ]s?\b")
"""French « dé(s) » (dice), which folding would turn into the article « de »/« des »."""
_MARKET = re.compile(r"\bmarch[éÉ]s?\b|(?<=\b(?:le|au|du|un|ce) )marche\b", re.IGNORECASE)
"""French « marché » (Insomnia's tile market), which folding would turn into the filler « marche »
(« ça marche comment ? »); unaccented, it is the market after an article (« le marche des tuiles »)."""
_PASSING = re.compile(r"(?<!\bse )(?<!\bs')(?<!\bs’)\bpasse\b", re.IGNORECASE)
"""French « passe » when something passes (« je passe sur la case du cauchemar »), not the filler
« il se passe quoi ? » (what happens), which folding cannot tell apart."""


def _plain(text: str) -> str:
    """Lower case without accents (what `fold` does for words, faster on whole card bodies)."""
    text = text.casefold()
    if text.isascii():
        return text
    import unicodedata

    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def words(text: str) -> list[str]:
    """Folded words of a text (accents and case removed), number words as digits, the ∞ sign as
    "infinity" (players type it as the cards print it)."""
    text = _MARKET.sub(" marches ", _DICE.sub(" dice ", text)).replace("∞", " infinity ")
    text = _PASSING.sub(" passes ", text)
    return [NUMBERS.get(w, w) for w in _WORD.findall(_plain(text))]


def content_words(ws: list[str]) -> list[str]:
    """The words of ``ws`` that say what a question is about (`STOP` words left out)."""
    return [w for w in ws if w not in STOP["en"] and w not in STOP["fr"]]


def stems(text: str, lang: str, keep_stop: bool = False) -> list[str]:
    """Folded, stemmed words of a text in ``lang`` (stop words dropped unless asked)."""
    ws = words(text) if keep_stop else content_words(words(text))
    return [stem(w, lang) for w in ws]


_STEMS: dict[tuple[str, str], str] = {}


def stem(word: str, lang: str) -> str:
    """A folded word's stem in ``lang`` (remembered: the same words come back all the time)."""
    key = (word, lang)
    found = _STEMS.get(key)
    if found is None:
        found = _STEMS[key] = fold(_stemmer(lang).stemWord(word))
    return found


_INTENTS = {
    "who": re.compile(
        r"\bwho(?:m|se)?\b|\bwhich (?:player|one|mouse|mice|gearloc|stuffie|sheep|hero|monster|baddie)s?\b"
        r"|^\W*qui\b|\bqui\W*$|\b(?:c'est|est-ce|a|à|sur|vers|par|pour|attaque|tape|cible|joue|commence|fait)"
        r" qui\b|\bquel(?:le)?s? (?:joueur|joueuse|souris|gearloc|peluche|mouton|héros|monstre|vilain)s?\b"
        r"|\blequel\b|\blaquelle\b"
    ),
    "when": re.compile(
        r"\bwhen\b|\bwhat time\b|\bat what point\b|\bbefore or after\b|\bhow (?:long|often)\b"
        r"|\bquand\b|\bquel moment\b|\bavant ou après\b|\bà partir de quand\b"
    ),
    "count": re.compile(r"\bhow (?:many|much)\b|\bcombien\b"),
    "can": re.compile(
        r"\b(?:can|could|may)(?:n't| not)? (?:i|we|you|he|she|they|it|my|a|the|one)\b"
        r"|\ballowed\b|\bis it (?:ok|legal)\b"
        r"|\b(?:peut|peux|peuvent|pouvons|pouvez|pourrait)\b|\b(?:le|du) droit\b|\bautoris"
    ),
    "where": re.compile(r"\bwhere\b|\boù\b"),
}
"""Question words that say what kind of answer is wanted (issue 35): who acts, when (timing), how
many (a count), can I (a permission), where (a place). Read on the raw text, before folding (« où »
folds to « ou », "or")."""


def _lowered(text: str) -> str:
    """A question as `_INTENTS` and `_ADVICE` read it: lower case, accents kept (« où » is not « ou »),
    typographic apostrophes made plain, one space between words."""
    return " ".join(text.casefold().replace("’", "'").split())


_ADVICE = re.compile(
    r"\b(?:any|some|good|best|your|a few|quick) tip\b|\btips\b(?! over)|\btip (?:for|on|about)\b|\badvice\b"
    r"|\bstrateg(?:y|ies|ic)\b|\b(?:des|un|une|vos|tes|quelques|bons?|meilleurs?|petits?) conseils?\b"
    r"|\bconseill(?:e|es|ez|er)\b|\bastuces?\b|\bstrat[ée]gi(?:e|es|que)\b"
)
"""A question asking for advice (tips, a strategy, « des conseils », « une astuce »): the cards hold the
rules, which say what may be done, not what is best to do, nor how to put children to bed."""


def asks_advice(text: str) -> bool:
    """Whether a question asks for advice rather than a rule (`_ADVICE`)."""
    return bool(_ADVICE.search(_lowered(text)))


def intents(text: str) -> frozenset[str]:
    """The kinds of answer a question asks for (`_INTENTS`): "who", "when", "count", "can", "where"."""
    low = _lowered(text)
    return frozenset(name for name, pattern in _INTENTS.items() if pattern.search(low))
