"""One layout for every game (issue 13): the same file names for the same role, and rules that are
plain modules (no lazy loading inside the rules: start-up tricks stay in the command modules)."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "gm_assist" / "games"


def _rules_and_models() -> list[Path]:
    """Every module of a game's rules layer: ``model.py``, ``rules.py`` and ``rules/*.py``."""
    found = []
    for path in sorted(GAMES.rglob("*.py")):
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
        str(path.relative_to(GAMES)): found
        for path in _rules_and_models()
        if (found := lazy_loads(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_the_rules_layer_is_found():
    names = {str(path.relative_to(GAMES)) for path in _rules_and_models()}
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
    for path in sorted(GAMES.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(GAMES))
        for pattern, allowed in RULE_NUMBERS.items():
            if name not in allowed and re.search(pattern, text, re.M):
                found.setdefault(pattern, []).append(name)
    assert found == {}
