"""How well the procedure learner (jobs/procedures/learn.py) finds taught procedures.

    python scripts/eval_procedures.py [--half dev|heldout] [--json] [--verbose]

The set is tests/fixtures/procedures/ (its README says how it was written: blind, before the code).
`dev` is what the learner is developed against; `heldout` is only measured — this script prints
its totals and nothing per item, and `--verbose` is refused for it. Per language:
- positives: teachings and corrections whose expected user turn the learner picks (a procedure found
  in another turn counts as missed);
- near-miss false positives: near misses (one-offs, questions, stories, hypotheticals, pasted docs,
  single-step rules, dated plans, looked-up recipes, tool output) where it learns anything;
- steps exact: of the positives found, those with as many steps as the reference. Trigger and
  step wording are reference paraphrases to be judged by meaning, so they are not scored here;
- merges (merge.yaml): pairs of the same procedure that `memory_store.procedures` merges, and pairs
  of different procedures that it wrongly merges, at its `MERGE_THRESHOLD`.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

from jobs.procedures.learn import learn  # noqa: E402
from memory_store.procedures import MERGE_THRESHOLD, similarity  # noqa: E402

SET = ROOT / "tests/fixtures/procedures"
LANGS = ("en", "th", "zh")


def evaluate(half: str, verbose: bool = False) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for lang in LANGS:
        items = yaml.safe_load((SET / half / f"{lang}.yaml").read_text(encoding="utf-8"))
        c = {"positives": 0, "found": 0, "near_misses": 0, "false_positives": 0, "steps_exact": 0}
        for item in items:
            turns = [next(iter(t.items())) for t in item["turns"]]
            got = learn(turns)
            expect = item["expect"]
            if expect is None:
                c["near_misses"] += 1
                if got is not None:
                    c["false_positives"] += 1
                    if verbose:
                        print(f"  false positive {item['id']}: {list(got.steps)}")
                continue
            c["positives"] += 1
            if got is not None and got.turn == expect["turn"]:
                c["found"] += 1
                if len(got.steps) == len(expect["steps"]):
                    c["steps_exact"] += 1
                elif verbose:
                    print(f"  steps {item['id']}: {list(got.steps)} vs {expect['steps']}")
            elif verbose:
                print(f"  missed {item['id']}")
        out[lang] = c
    for pair in yaml.safe_load((SET / half / "merge.yaml").read_text(encoding="utf-8")):
        c = out[pair["lang"] if pair["lang"] in out else str(pair["id"]).split("-")[1]]
        merged = similarity(pair["a"]["steps"], pair["b"]["steps"]) >= MERGE_THRESHOLD
        key = "same" if pair["same"] else "different"
        c[f"{key}_pairs"] = c.get(f"{key}_pairs", 0) + 1
        c[f"{key}_merged"] = c.get(f"{key}_merged", 0) + int(merged)
        if verbose and merged != pair["same"]:
            print(f"  merge {pair['id']}: merged={merged}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--half", choices=("dev", "heldout"), default="dev")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true", help="list the misses (dev only)")
    args = ap.parse_args(argv)
    if args.verbose and args.half == "heldout":
        ap.error("the held-out half is measured as totals only")
    result = evaluate(args.half, args.verbose)
    if args.json:
        print(json.dumps({"half": args.half, "languages": result}, indent=1))
        return 0
    print(f"procedure learner on the {args.half} half")
    for lang, c in result.items():
        print(f"  {lang}: found {c['found']}/{c['positives']} taught procedures, "
              f"false positives {c['false_positives']}/{c['near_misses']} near misses, "
              f"steps exact {c['steps_exact']}/{c['found']}; merged {c.get('same_merged', 0)}/"
              f"{c.get('same_pairs', 0)} same pairs, {c.get('different_merged', 0)}/{c.get('different_pairs', 0)} "
              "different pairs")
    total = {k: sum(c.get(k, 0) for c in result.values()) for k in next(iter(result.values()))}
    print(f"  all: found {total['found']}/{total['positives']}, false positives "
          f"{total['false_positives']}/{total['near_misses']}, steps exact {total['steps_exact']}/{total['found']}; "
          f"merged {total['same_merged']}/{total['same_pairs']} same pairs, "
          f"{total['different_merged']}/{total['different_pairs']} different pairs (threshold {MERGE_THRESHOLD})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
