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
