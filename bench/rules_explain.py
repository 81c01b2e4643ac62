#!/usr/bin/env python3
"""Why a question finds the cards it finds: each card's score parts (words: BM25F over the fields,
scaled by coverage; phrases: title/keyword phrase bonus; pairs: neighbouring words held side by side;
near: cosine with the card's nearest own question), and the query's weighted stems.

Run by hand: .venv/bin/python bench/rules_explain.py "question" [--lang fr] [--game tmb]
"""

from __future__ import annotations

import argparse


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("question")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--game", default=None, help="the game context (a session of that game)")
    parser.add_argument("-n", type=int, default=8)
    args = parser.parse_args()
    from gm_assist.rules_ref import ranking, search
    from gm_assist.rules_ref.query import parse_in_its_language

    ranking._EXPLAIN = {}
    result = search.run(args.question, args.lang, None, args.n, args.game)
    q = parse_in_its_language(args.question, args.lang, args.game)
    print(f"found in {result.found_in}, context {result.game_context}, confident {result.confident}")
    print("stems:", ", ".join(f"{s} {w:.2f}" for s, w in q.weights.items()))
    for hit in result.hits:
        parts = " ".join(f"{k}={v:.2f}" for k, v in ranking._EXPLAIN.get(hit.id, {}).items())
        print(f"  {hit.id:40} {hit.score:7.2f}  {parts}")


if __name__ == "__main__":
    main()
