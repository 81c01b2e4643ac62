"""Every docstring example in the package runs (issue 13): a module with ``>>>`` is found by its
text, imported and run through doctest, so an example can never drift from the code it shows."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "gm_assist"
WITH_EXAMPLES = sorted(
    ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    for path in PACKAGE.rglob("*.py")
    if ">>>" in path.read_text(encoding="utf-8")
)


def test_examples_are_found():
    assert "gm_assist.games.tmb.rules" in WITH_EXAMPLES


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    written = len(re.findall(r"^\s*>>> ", Path(module.__file__).read_text(encoding="utf-8"), re.M))
    seen = sum(len(test.examples) for test in doctest.DocTestFinder().find(module))
    # every example written is run: none hidden where doctest does not look (a nested function,
    # a comment, an object doctest cannot place in its module)
    assert seen == written, f"{name}: {written} '>>>' written, {seen} seen by doctest"
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted == written
    assert result.failed == 0
