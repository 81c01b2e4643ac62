"""No import circle anywhere in gm_assist/ (issues 13 and 33): a test walks every import of every
module, the ones inside functions included (a deferred load keeps start-up fast but still points
somewhere: down the layers, never back up them; only ``TYPE_CHECKING`` blocks are left out), and
fails naming any group of modules that import one another."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "gm_assist"


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _skipped(node: ast.If) -> bool:
    """An ``if TYPE_CHECKING:`` block (read by the type checker only) or an
    ``if __name__ == "__main__":`` block (the module run as a program: Python loads it a second
    time, as ``__main__``, at the top of every layer; nothing imports that copy back)."""
    test = ast.dump(node.test)
    return "TYPE_CHECKING" in test or ("'__name__'" in test and "'__main__'" in test)


def _imports(nodes: Iterable[ast.AST]) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement in ``nodes`` and under them, wherever it sits (module level, a
    function, a class, a ``try``), except in the body of a :func:`_skipped` block."""
    out: list[ast.Import | ast.ImportFrom] = []
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        elif isinstance(node, ast.If) and _skipped(node):
            out += _imports(node.orelse)
        else:
            out += _imports(ast.iter_child_nodes(node))
    return out


def import_graph() -> dict[str, set[str]]:
    """Module → the gm_assist modules it imports, when it loads or later (inside a function)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8")).body):
            if isinstance(node, ast.Import):
                targets |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                targets.add(base)
                targets |= {f"{base}.{a.name}" for a in node.names}
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that reach one another (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_the_walk_sees_the_imports():
    graph = import_graph()
    assert "gm_assist.cli_app" in graph["gm_assist.cli_sessions"]
    assert "gm_assist.games.tmb.cli_app" in graph["gm_assist.games.tmb.cli_sheet"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_walk_sees_imports_inside_functions():
    source = (
        "import a\n"
        "def f():\n    from b import c\n"
        "class K:\n    def m(self):\n        try:\n            import d.e\n"
        "        except ImportError:\n            pass\n"
        "if TYPE_CHECKING:\n    import typed\nelse:\n    import untyped\n"
        "if __name__ == '__main__':\n    import program\n"
    )
    found = [ast.unparse(node) for node in _imports(ast.parse(source).body)]
    assert found == ["import a", "from b import c", "import d.e", "import untyped"]


def describe(graph: dict[str, set[str]], group: list[str]) -> str:
    """A circle as the imports that make it: ``a → b; b → a``."""
    return "; ".join(f"{m} → {', '.join(sorted(graph[m] & set(group)))}" for m in group)


def test_no_import_circle_in_the_package():
    graph = import_graph()
    found = circles(graph)
    assert not found, "modules that import one another (an import inside a function counts):\n" + "\n".join(
        describe(graph, group) for group in found
    )
