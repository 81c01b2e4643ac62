"""What players asked (issue 35, fourteenth pass): ``data/rules/<game>/_asked.toml``, the held-out
question sets already measured, read by the index beside each card's own questions."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import EnvError
from gm_assist.rules_ref import index as I
from gm_assist.rules_ref import meaning as M
from gm_assist.rules_ref import paths
from gm_assist.rules_ref import search as S
from gm_assist.rules_ref.cards import all_cards, players_questions
from tests.bench_scripts import bench_script

pytestmark = pytest.mark.usefixtures("fresh_index")


def test_the_shipped_tables_are_the_read_sets_and_nothing_else():
    """Fails when a held-out set was added (HELD_OUT raised) or relabelled without running
    bench/rules_asked.py, and when a table was edited by hand."""
    with bench_script("rules_asked") as writer:
        tables = writer.tables()
        again = "run `python bench/rules_asked.py`"
        assert [p.parent.name for p in paths.asked_files()] == sorted(tables), again
        for path in paths.asked_files():
            assert path.read_text(encoding="utf-8") == writer.render(tables[path.parent.name]), again
    with bench_script("rules_search") as bench:
        newest = bench.questions(f"rules_questions_heldout{bench._numbered(bench.HELD_OUT)}.tsv")
    learned = {q for asked in players_questions().values() for q in asked}
    # the newest set, the pass's honest measure, is never learned
    assert learned and not {q for _, _, q, _ in newest} & learned


def test_a_fold_leaves_its_set_out_of_what_is_learned(monkeypatch):
    """bench/rules_folds.py rebuilds the players' questions and the regressions without one read set
    (``GM_BENCH_LEAVE_OUT``): that set, and only it, is gone from what they learn."""
    with bench_script("rules_search") as bench:
        every = bench.read_sets()
        monkeypatch.setenv("GM_BENCH_LEAVE_OUT", "12")
        assert bench.read_sets() == [s for s in every if s != "rules_questions_heldout12.tsv"]
        with bench_script("rules_asked") as writer:
            tables = writer.tables()
        learned = {q for cards in tables.values() for by in cards.values() for qs in by.values() for q in qs}
        left = {q for _, _, q, _ in bench.questions("rules_questions_heldout12.tsv")}
        also_elsewhere = {q for s in bench.read_sets() for _, _, q, _ in bench.questions(s)}
        assert left and not (left - also_elsewhere) & learned


def test_every_players_question_is_under_a_card_in_its_language():
    cards = all_cards()
    for (card, lang), asked in players_questions().items():
        assert card in cards and lang in ("en", "fr")
        assert all(q.strip() for q in asked)


def _table(tmp_path, game: str, text: str) -> None:
    folder = tmp_path / game
    folder.mkdir()
    (folder / "_asked.toml").write_text(text, encoding="utf-8")


def test_a_question_players_asked_finds_the_card_that_answered_it(tmp_path, monkeypatch):
    monkeypatch.setattr(M, "_engine", lambda: None)
    question = "the grumbly wobbler thing, who shoves it"
    monkeypatch.setattr(paths, "asked_files", lambda: [])
    assert [h.id for h in S.run(question, "en", None, 3).hits][:1] != ["mice-and-mystics/minion-turn"]
    _table(tmp_path, "mice-and-mystics", f'[minion-turn]\nen = ["{question}"]\n')
    monkeypatch.setattr(paths, "asked_files", lambda: [tmp_path / "mice-and-mystics" / "_asked.toml"])
    I.reset()
    assert players_questions()[("mice-and-mystics/minion-turn", "en")] == [question]
    assert [h.id for h in S.run(question, "en", None, 3).hits][0] == "mice-and-mystics/minion-turn"
    # in its language only: the French index does not hold it
    assert players_questions()[("mice-and-mystics/minion-turn", "fr")] == []


@pytest.mark.parametrize(
    "text",
    [
        "[minion-turn\nen = [",  # not TOML
        '[minion-turn]\nde = ["wer bewegt die ratten"]\n',  # a language we do not have
        '[minion-turn]\nen = "one question, not a list"\n',
        'minion-turn = "a question without its table"\n',
    ],
)
def test_a_damaged_table_is_named_and_nothing_is_searched_with_it(tmp_path, monkeypatch, gm, text):
    _table(tmp_path, "mice-and-mystics", text)
    monkeypatch.setattr(paths, "asked_files", lambda: [tmp_path / "mice-and-mystics" / "_asked.toml"])
    with pytest.raises(EnvError):
        players_questions()
    I.reset()
    result = gm("rules", "search", "who moves the rats", "--json")
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert "_asked.toml" in result.stdout + result.stderr
