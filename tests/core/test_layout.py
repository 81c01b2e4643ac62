"""One layout for every game (issue 13): the same file names for the same role, and rules that are
plain modules (no lazy loading inside the rules: start-up tricks stay in the command modules)."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parents[2] / "gm_assist" / "games"


def _rules_and_models() -> list[Path]:
    """Every module of a game's rules layer: ``model.py``, ``rules.py`` and ``rules/*.py``."""
    found = []
    for path in sorted(GAMES_DIR.rglob("*.py")):
        if path.name in ("model.py", "rules.py") or path.parent.name == "rules":
            found.append(path)
    return found


def lazy_loads(source: str) -> list[str]:
    """Calls that load a module on first use (``lazy_module(…)``, ``lazy(…)``, ``import_module(…)``)
    and imports of the lazy loader itself."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in ("lazy_module", "lazy", "import_module"):
                found.append(f"{name}() line {node.lineno}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").endswith("lazy_cli"):
            found.append(f"import of {node.module} line {node.lineno}")
    return found


def test_the_check_sees_a_lazy_load():
    source = "from gm_assist.kit.lazy_cli import lazy_module\nmodel = lazy_module(f'{__package__}.model')\n"
    assert lazy_loads(source) == ["import of gm_assist.kit.lazy_cli line 1", "lazy_module() line 2"]


def test_no_lazy_loading_inside_the_rules():
    offenders = {
        str(path.relative_to(GAMES_DIR)): found
        for path in _rules_and_models()
        if (found := lazy_loads(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_the_rules_layer_is_found():
    names = {str(path.relative_to(GAMES_DIR)) for path in _rules_and_models()}
    assert {"tmb/rules.py", "tmb/model.py", "tmb/battle/rules/fight.py", "insomnia/rules.py"} <= names


#: a rule's arithmetic, written out, and the only modules allowed to write it (issue 13: views,
#: flows and commands call the rule's constant or function instead)
RULE_NUMBERS = {
    r"\.days - 3\b": {"tmb/rules.py"},  # deck size: rules.general_cards / rules.deck_size
    r"\bday \* (gearlocs|party_size|len\()": {"tmb/battle/rules/queue.py"},  # baddie_points
    r"\bround >= 6\b": set(),  # FATIGUE_FROM_ROUND
    r"\blocks_open\}/3\b|max=3\)": set(),  # tmb model.LOCKS
    r"len\(names\) < 4\b": set(),  # insomnia MAX_PLAYERS
    r"new_state\([^)]*, 5\)|key=\"stuffing\"\)\] = 5,$": set(),  # stuffed fables STARTING_STUFFING
}


def test_rule_numbers_live_in_one_place():
    import re

    found: dict[str, list[str]] = {}
    for path in sorted(GAMES_DIR.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(GAMES_DIR))
        for pattern, allowed in RULE_NUMBERS.items():
            if name not in allowed and re.search(pattern, text, re.M):
                found.setdefault(pattern, []).append(name)
    assert found == {}


#: every game's files, each with the same role everywhere (docs/FOUNDATION.md, "Layout of a game")
ROLES = ("spec.py", "model.py", "rules", "actions.py", "view.py", "cli.py", "flow.py")
#: names a role had before issue 13 (a view is view.py, a parser parse.py)
OLD_NAMES = ("views.py", "render.py", "cli_more.py", "cli_parse.py", "cli_mice.py", "cli_ref.py")


def test_every_game_has_the_same_files():
    from gm_assist.games import GAMES

    missing = {}
    for game in GAMES.values():
        folder = GAMES_DIR / game.package
        names = {p.name for p in folder.iterdir()}
        lacking = [
            role
            for role in ROLES
            if not (role in names if role.endswith(".py") else {f"{role}.py", role} & names)
        ]
        if lacking:
            missing[game.package] = lacking
    assert missing == {}


def test_the_tmb_battle_is_laid_out_as_a_game():
    battle = GAMES_DIR / "tmb" / "battle"
    assert {"actions.py", "view.py", "cli.py", "flow.py", "catalog.py", "rules"} <= {
        p.name for p in battle.iterdir()
    }
    assert not list((GAMES_DIR / "tmb").glob("battle_*.py"))


def test_no_old_name_is_left():
    assert [str(p.relative_to(GAMES_DIR)) for n in OLD_NAMES for p in GAMES_DIR.rglob(n)] == []
