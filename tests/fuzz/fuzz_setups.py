"""The set-ups and valid seeds of the input fuzzing (issue 9): what each `--json` command starts from.

A *recipe* is a list of valid commands that builds the session a command acts on, in the right
phase; a *seed* is a valid argv (without ``--json``) of the command, so the fuzzing reaches deep code.
"""

from __future__ import annotations

from tests_tmb_battle_helpers import DAY_2, LIVE_START

# --- set-ups --------------------------------------------------------------------------------------------

TMB_FIGHT = tuple(("tmb", *args) for args in DAY_2)  # the live example, up to its day-2 fight
TMB_DAY = TMB_FIGHT[:4]  # a new adventure on day 1, its gearlocs' HP set
TMB_BATTLE = (*TMB_FIGHT, ("tmb", "battle", "start", *LIVE_START))
SF_TURN = (
    ("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch"),
    ("stuffed-fables", "encounter", "--monster", "Crawly"),
    ("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "orange,blanc,noir,rose,vert"),
)
SF_MONSTERS = (
    ("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch"),
    ("stuffed-fables", "encounter", "--monster", "Crawly"),
    ("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "noir,noir,orange"),
    ("stuffed-fables", "end-turn"),
)
MM = (
    ("mice-and-mystics", "new", "--mouse", "Tilda", "--mouse", "Nez"),
    ("mice-and-mystics", "place", "--space", "A:1", "--enemy", "roach:2:small"),
    ("mice-and-mystics", "initiative", "--enemy", "roach:2", "--seed", "1"),
    ("mice-and-mystics", "wound", "Nez", "--count", "2"),
    ("mice-and-mystics", "item", "Tilda", "Dagger"),
)
INSOMNIA = (("insomnia", "new", "--player", "Ana", "--player", "Bo", "--nightmare", "loup"),)
INSOMNIA_REST = (
    *INSOMNIA,
    ("insomnia", "move", "11"),
    ("insomnia", "bed"),
    ("insomnia", "move", "11"),
    ("insomnia", "bed"),
    ("insomnia", "end-race"),
)
SHY = (
    ("shy-monsters", "new", "--seed", "11"),
    ("shy-monsters", "floor", "--grid", "OPC/..C/XEC"),
    ("shy-monsters", "reveal", "1,1"),
    ("shy-monsters", "reveal", "1,3"),
)
ROOT = (
    *TMB_DAY,
    ("export", "tmb-1", "-o", "files/valid.json"),
    ("insomnia", "new", "--player", "Ana", "--player", "Bo"),
)
"""Two sessions (tmb-1 with a few changes, insomnia-1 current) for the generic session commands."""

TMB_ENCOUNTER = (*TMB_DAY, ("tmb", "encounter", "--peaceful"))
TMB_RECOVERY = (*TMB_ENCOUNTER, ("tmb", "success"), ("tmb", "reward", "--progress", "1", "--training", "1"))
_SF_MONSTER_PHASE = {"activate", "monster-attack", "monsters-end", "surge"}
_SPECIAL: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {
    ("tmb", "battle", "start"): TMB_FIGHT,
    **{("tmb", c): TMB_ENCOUNTER for c in ("success", "failure")},
    ("tmb", "reward"): (*TMB_ENCOUNTER, ("tmb", "success")),
    **{("tmb", c): TMB_RECOVERY for c in ("lockpick", "rest", "search", "scout")},
    **{("tmb", "loot", c): (*TMB_DAY, ("tmb", "loot", "add", "Capitank", "Dague")) for c in ("drop", "give")},
    ("stuffed-fables", "draw"): SF_TURN[:2],
    ("stuffed-fables", "contribute"): (*SF_TURN, ("stuffed-fables", "group-task", "--target", "6")),
    ("shy-monsters", "floor"): SHY[:1],
    ("shy-monsters", "reveal"): SHY[:2],
    ("insomnia", "end-race"): INSOMNIA_REST[:-1],
    ("insomnia", "rest"): INSOMNIA_REST,
}


def recipe_for(path: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The commands that build the session a command acts on (empty: a fresh home is enough)."""
    if path in _SPECIAL:
        return _SPECIAL[path]
    game = path[0]
    if game == "tmb":
        return TMB_BATTLE if path[1] == "battle" else TMB_DAY
    if game == "stuffed-fables":
        return SF_MONSTERS if path[1] in _SF_MONSTER_PHASE else SF_TURN
    if game == "mice-and-mystics":
        return MM
    if game == "insomnia":
        return INSOMNIA
    if game == "shy-monsters":
        return SHY
    if game in ("rules", "roll", "odds"):
        return ()
    return ROOT


def other_recipes(path: tuple[str, ...]) -> list[tuple[tuple[str, ...], ...]]:
    """The game's other set-ups: a command is also tried in the phases it is not meant for."""
    game = path[0]
    pool = [r for key, r in _SPECIAL.items() if key[0] == game]
    pool += {
        "tmb": [TMB_DAY, TMB_BATTLE],
        "stuffed-fables": [SF_TURN, SF_MONSTERS],
        "mice-and-mystics": [MM[:1], MM],
        "insomnia": [INSOMNIA],
        "shy-monsters": [SHY],
        "rules": [],
    }.get(game, [(), TMB_BATTLE, SHY])
    own = recipe_for(path)
    return list(dict.fromkeys(r for r in pool if r != own))


SEEDS: dict[str, list[str]] = {
    # root
    "sessions": [""],
    "show": ["tmb-1", ""],
    "use": ["tmb-1"],
    "rename": ["tmb-1 Autre"],
    "delete": ["tmb-1 --yes"],
    "import": [
        "files/valid.json --name Copie",
        "files/future_format.json --name Copie",
        "files/future_game.json",
        "files/truncated.json",
    ],
    "undo": ["", "2"],
    "redo": [""],
    "history": ["tmb-1", ""],
    "doctor": ["", "--fix"],
    "roll": ["2d6+1 --seed 7", "d6"],
    "odds": ["2d6+d4 >= 7", "4d6kh3"],
    "stats": ["", "tmb", "insomnia --since 2026-01-01", "--player Ana", "--session tmb-1"],
    # tmb
    "tmb tyrants": [""],
    "tmb setup": ["--tyrant Nom --gearlocs 2", "--tyrant drellen -g 1 --mode legendary"],
    "tmb new": ["--tyrant Nom --gearloc Tantrum --gearloc Boomer --hp Tantrum=5"],
    "tmb status": [""],
    "tmb next-day": ["", "--force"],
    "tmb day": ["3"],
    "tmb encounter": ["--fight", "--peaceful", "--title Ambush"],
    "tmb challenge": [""],
    "tmb success": [""],
    "tmb failure": [""],
    "tmb reward": ["--progress 1 --training 1 --loot 2"],
    "tmb sheet": ["Capitank --hp 6 --dex 3 --atk 1 --def 1", "Atomik"],
    "tmb train": ["Capitank dex", "Atomik skill --skill Grenade --ok"],
    "tmb lockpick": ["Atomik Chest --opened 2"],
    "tmb rest": ["Capitank"],
    "tmb search": ["Capitank --discard 1"],
    "tmb scout": ["Atomik --roll 3 --stack 1 --baddie crapaud\u00a0des marais", "Capitank --roll 2 --seed 4"],
    "tmb queue": ["--day 4 --gearlocs 3", "-d 6 -g 2 --add 5"],
    "tmb initiative": ["--baddie 2 --baddie x=2 --gearloc Capitank=3"],
    "tmb loot add": ["Capitank Dague --heavy"],
    "tmb loot drop": ["Capitank Dague"],
    "tmb loot give": ["Capitank Atomik Dague"],
    "tmb baddie add": ["Grobul --points 5 --initiative 4 --hp 5"],
    "tmb baddie list": [""],
    "tmb battle start": [" ".join(a.replace(" ", "\u00a0") for a in LIVE_START), "--roll --seed 3"],
    "tmb battle status": [""],
    "tmb battle damage": ["1 2", "Capitank 3"],
    "tmb battle heal": ["Capitank 1"],
    "tmb battle hp": ["1 3"],
    "tmb battle defeat": ["2"],
    "tmb battle ko": ["Atomik"],
    "tmb battle revive": ["Atomik --hp 2"],
    "tmb battle move": ["Atomik 3"],
    "tmb battle place": ["1 --lane 2 --position melee"],
    "tmb battle next-turn": [""],
    "tmb battle next-round": ["", "--first Atomik"],
    "tmb battle refill": ["1"],
    "tmb battle hit": ["Atomik 3", "2 1 --crits 2"],
    "tmb battle effect": ["Capitank poison 2", "1 sang --off"],
    "tmb battle shields": ["4 1"],
    "tmb battle bonus": ["Atomik 2"],
    "tmb battle backup": ["Capitank 3"],
    "tmb battle end": ["", "--outcome victory"],
    # stuffed fables
    "stuffed-fables threat": ["--black 2 --monsters 1 --stuffies 3"],
    "stuffed-fables odds": ["", "--for test --target 4 --colour orange"],
    "stuffed-fables defend": ["--attack 3 --roll 5"],
    "stuffed-fables colours": ["", "--edition en"],
    "stuffed-fables new": ["--stuffie Lumpy --stuffie Stitch --stuffing 3"],
    "stuffed-fables status": [""],
    "stuffed-fables draw": ["--stuffie Lumpy --dice orange,noir", "--stuffie Stitch --random --seed 3"],
    "stuffed-fables recover": ["--rolls 5 --value 5"],
    "stuffed-fables place-threat": [""],
    "stuffed-fables move": ["--dice vert --rolls 3"],
    "stuffed-fables store": ["--die rose"],
    "stuffed-fables encourage": ["--to Stitch --die orange"],
    "stuffed-fables test": ["--colour orange --target 3 --dice orange --rolls 4"],
    "stuffed-fables search": ["--target 4 --dice vert --rolls 5", "--target 4 --dice blanc --rolls 5"],
    "stuffed-fables attack": ["--monster crawly --dice orange --rolls 2 --defense 4"],
    "stuffed-fables group-task": ["--target 6"],
    "stuffed-fables contribute": ["--dice orange --rolls 3"],
    "stuffed-fables end-turn": [""],
    "stuffed-fables surge": ["--monster Grizzlor:boss"],
    "stuffed-fables encounter": ["--monster Crawly"],
    "stuffed-fables activate": ["--roll 3"],
    "stuffed-fables monster-attack": ["--stuffie Lumpy --attack 2 --slot board --roll 4"],
    "stuffed-fables monsters-end": [""],
    "stuffed-fables monsters": [""],
    "stuffed-fables adjust": ["--stuffie Lumpy --add-slot brave1 --brave", "--monster crawly --hearts 2"],
    # mice and mystics
    "mice-and-mystics new": ["--mouse Tilda --mouse Nez --end 5"],
    "mice-and-mystics status": [""],
    "mice-and-mystics initiative": ["--enemy roach:2 --seed 9", "--mouse Tilda --enemy brodie --seed 1"],
    "mice-and-mystics next": [""],
    "mice-and-mystics defeat": ["roach --count 2 --by nez"],
    "mice-and-mystics wheel": ["6", "--set 3"],
    "mice-and-mystics swap": ["roach"],
    "mice-and-mystics tile": ["--name Kitchen"],
    "mice-and-mystics hourglass": ["--page 3 --end 4"],
    "mice-and-mystics end-chapter": ["--keep tilda=none", "--keep tilda=dagger"],
    "mice-and-mystics place": [
        "--space A:1 --enemy rat:2:small",
        "--space A:1,B:2 --enemy Frog:1:large:melee",
    ],
    "mice-and-mystics wound": ["Tilda --count 2 --poison"],
    "mice-and-mystics heal": ["Nez --count 1"],
    "mice-and-mystics cheese": ["Tilda 3 --rolled"],
    "mice-and-mystics condition": ["Tilda renversée"],
    "mice-and-mystics item": ["Tilda Dagger --equip", "Tilda Rope --kind groupe"],
    "mice-and-mystics skill": ["Tilda Healing\u00a0Light"],
    "mice-and-mystics narrative": ["Nez Brave"],
    "mice-and-mystics capture": ["Nez"],
    "mice-and-mystics feat": ["maitre\u00a0fromager Nez"],
    "mice-and-mystics conditions": ["", "poison"],
    "mice-and-mystics movement": [""],
    "mice-and-mystics turn-menu": ["", "Tilda"],
    "mice-and-mystics bag": ["", "Nez"],
    "mice-and-mystics feats": [""],
    "mice-and-mystics enemies": [""],
    "mice-and-mystics enemy": ["cafard --size petit", "roach --reset", "Bat --new --wounds 2 --battle 2"],
    # shy monsters
    "shy-monsters check": ["--floor ..P/ECC/.XO", "--floor OPC/..C/XEC --killed O --revealed P"],
    "shy-monsters suggest": ["--hand P,O --floor-number 4", "--hand violet,orange --top 3"],
    "shy-monsters patterns": ["", "--set teal TT/M", "--reset teal"],
    "shy-monsters new": ["--solo --seed 11 --difficulty random"],
    "shy-monsters floor": ["--grid EPC/..C/CXO"],
    "shy-monsters reveal": ["2,3"],
    "shy-monsters explore": ["east", "south --attack"],
    "shy-monsters jump": ["n", "w --attack"],
    "shy-monsters attack": [""],
    "shy-monsters status": [""],
    # insomnia
    "insomnia score": ["--player A:12:40 --player B:9:40", "-p Ana:22:20 -p Bo:24:22 --woke bo"],
    "insomnia solo-score": ["--dodos 25 --pillow-moved 5 --races 1"],
    "insomnia tiles": ["", "--solo"],
    "insomnia new": ["--player Ana --player Bo --nightmare loup", "-p Solo --solo"],
    "insomnia status": [""],
    "insomnia move": ["3", "9 --sheep bo", "--to 4"],
    "insomnia dodos": ["2 --sheep ana"],
    "insomnia scare": ["", "Ana"],
    "insomnia brave": ["Ana"],
    "insomnia bed": ["", "Ana"],
    "insomnia end-turn": [""],
    "insomnia nightmare": ["move 2", "saute --to 3"],
    "insomnia end-race": [""],
    "insomnia rest": ["tuile --space 3 --tile bounce\u00a0ahead", "zzz", "tile --space 1 --tile Rival"],
    # rules
    "rules search": ["queue", "dés --game stuffed-fables --limit 3"],
    "rules show": ["tmb/baddie-points"],
    "rules list": ["", "--game tmb --lang fr"],
    "rules glossary": ["", "baddie --game tmb"],
}
"""Valid argv (without ``--json``) per command; a no-break space stands for a space inside one argument."""
