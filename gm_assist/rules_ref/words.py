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
        time times difference differences im ive myself actually thanks thank""".split()
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
        veut dire sert servir marche fonctionne comme ici difference differences sais sait plait""".split()
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


_PLAIN_DE = re.compile(r"\b[dD][eE][sS]?\b")
_LAST_WORD = re.compile(r"(\w+) +$")
_NEXT_WORD = re.compile(r" +(\w+)")
_OF = frozenset(
    "mes tes ses nos vos leurs ces ceux celles plus moins trop mon ton son ma ta sa la le les l nous vous eux"
    " elles ils cela ça ca tout tous".split()
)
"""After « un de » or « de de », the words of « un de mes amis », « un de plus », « un de ceux-là »,
« de de la bonne couleur » (and a number, « un de 2 »): the article."""
_BEFORE_DICE = frozenset("le ce mon ton son quel chaque les mes tes ses nos vos ces de".split())
"""French « dé(s) » typed without its accent where the article « de »/« des » cannot stand: after a
determiner (« le de vert », « mes des », « un de » but for « un de mes… », `_OF`), after « de »
(« combien de des ») or a number (« 3 des »)."""

_TEXTING = {
    "cb": "combien", "cbien": "combien", "cmb": "combien", "koi": "quoi", "kwa": "quoi",
    "kan": "quand", "qd": "quand", "pk": "pourquoi", "pq": "pourquoi", "pkoi": "pourquoi",
    "pcq": "parce que", "ya": "il y a", "jai": "j'ai", "chui": "je suis",
    "chuis": "je suis", "jsp": "je sais pas", "tt": "tout", "tte": "toute", "ts": "tous",
    "mm": "même", "bcp": "beaucoup", "ds": "dans", "pr": "pour", "stp": "s'il te plaît",
    "svp": "s'il vous plaît", "qqn": "quelqu'un", "qqch": "quelque chose", "tjr": "toujours",
    "tjrs": "toujours", "mtn": "maintenant", "dla": "de la", "dle": "de le",
    "wat": "what", "wut": "what", "whos": "who is", "wheres": "where is", "hows": "how is",
    "cant": "cannot", "plz": "please", "pls": "please", "thx": "thanks", "thru": "through",
    "gonna": "going to", "wanna": "want to", "gotta": "got to", "idk": "i don't know",
}  # fmt: skip
"""French and English as they are texted (« cb de des jpeux lancer », "wat happens if u cant move"),
spelled out: a question word (« cb », « qd », "whos") says what kind of answer is wanted (`intents`), a
shortened filler is dropped as the full one is, and none is left as a word of its own that only texted
questions share. Words of one letter (« c », « g », "u") stay: the cards name tiles and monsters with
them."""
_CONSONANT = "[bcdfghklmnpqrstvz]"
"""A consonant after which a word's leading « j » is « je » glued to its verb (`_TEXTED`, `_GLUED_JE`)."""
_TEXTED = re.compile(
    r"(?<![\w'’])(?:(?:" + "|".join(_TEXTING) + r")(?![\w'’])|j(?=" + _CONSONANT + r"\w\w))", re.IGNORECASE
)
"""A texted word in a question's raw text: one of `_TEXTING`, or the « j » of « je » glued to its verb
(« jpeux », « jlance »; no word of either language starts with a j and a consonant)."""


def _spelled(match: re.Match[str]) -> str:
    return _TEXTING.get(match.group().lower(), "je ")


def spelled_out(text: str) -> str:
    """A question's texted French spelled out (`_TEXTING`, « jpeux » → « je peux ») and its unaccented
    « dé » made plain (`_PLAIN_DE`), as the question words (`intents`) read it."""
    return _plain_dice(_TEXTED.sub(_spelled, text))


def _plain_dice(text: str) -> str:
    dice_ends: set[int] = set()

    def one(match: re.Match[str]) -> str:
        before = _LAST_WORD.search(text, max(0, match.start() - 10), match.start())
        word = before.group(1).lower() if before else ""
        if before and before.end(1) in dice_ends:  # « mon de de compétence »: the second is the article
            return match.group()
        after = _NEXT_WORD.match(text, match.end())
        of = after and (after.group(1).lower() in _OF or after.group(1).isdigit())
        if of and word in ("un", "de"):  # « un de mes… », « sans de de la bonne couleur »: the article
            return match.group()
        plural = len(match.group()) == 3
        if word in _BEFORE_DICE or (word == "un" and not plural) or (word.isdigit() and plural):
            dice_ends.add(match.end())
            return "dé"
        return match.group()

    return _PLAIN_DE.sub(one, text)


def _plain(text: str) -> str:
    """Lower case without accents (what `fold` does for words, faster on whole card bodies)."""
    text = text.casefold()
    if text.isascii():
        return text
    import unicodedata

    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


_GLUED_JE = re.compile(r"\bj" + _CONSONANT + r"[a-z0-9]{2,}")
"""`_TEXTED`'s « je » glued to its verb, in folded text: `words` spells out word by word, which on whole
card bodies is faster than `spelled_out` on the text."""
_SPELLED = {key: _WORD.findall(_plain(value)) for key, value in _TEXTING.items()}
"""`_TEXTING` as folded words, for `words`."""


def words(text: str) -> list[str]:
    """Folded words of a text (accents and case removed), number words as digits, the ∞ sign as
    "infinity" (players type it as the cards print it), texted French spelled out (`_TEXTING`)."""
    text = _MARKET.sub(" marches ", _DICE.sub(" dice ", _plain_dice(text))).replace("∞", " infinity ")
    text = _plain(_PASSING.sub(" passes ", text))
    ws = _WORD.findall(text)
    if _SPELLED.keys().isdisjoint(ws) and not _GLUED_JE.search(text):
        return [NUMBERS.get(w, w) for w in ws]
    out: list[str] = []
    for w in ws:
        if w in _SPELLED:
            out += _SPELLED[w]
        elif _GLUED_JE.fullmatch(w):
            out += ("je", w[1:])
        else:
            out.append(NUMBERS.get(w, w))
    return out


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
    return " ".join(spelled_out(text).casefold().replace("’", "'").split())


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
