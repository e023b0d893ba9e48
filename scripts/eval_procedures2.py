"""Precision and recall of the procedure learner (jobs/procedures/learn.py) on the second blind set.

    python scripts/eval_procedures2.py [--half dev|heldout] [--json] [--verbose]

The set is tests/fixtures/procedures2/ (its README: written blind, before this script, by someone
who never read the code): one user turn each, with the assistant turn before it when the item
needs one, labelled `teaching`, `correction` or `near_miss` (one-offs, narrations, questions,
hypotheticals, pasted docs, single-step rules, today's plans, complaints, rejected proposals), in
en, th and zh (simplified and traditional). `dev` is what the learner may be tuned on; `heldout`
is only measured — totals per language, nothing per item (`--verbose` is refused for it).

Per language:
- precision: of the items where the learner learns a procedure at the user turn, the share that
  are teachings or corrections; recall: of the teachings and corrections, the share it learns;
- source right: of the positives found, those whose `explicit` / `correction` matches the label;
- steps ±1: of the positives found, those with the reference's number of steps, give or take one
  (the reference steps are paraphrases: the README asks for loose scoring);
- false positives by near-miss kind (all languages).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

from jobs.procedures.learn import learn  # noqa: E402

SET = ROOT / "tests/fixtures/procedures2"
LANGS = ("en", "th", "zh")
POSITIVE = ("teaching", "correction")
SOURCE_OF = {"teaching": "explicit", "correction": "correction"}


def load(half: str, lang: str) -> list[dict[str, Any]]:
    doc = yaml.safe_load((SET / half / f"{lang}.yaml").read_text(encoding="utf-8"))
    return list(doc["items"])


def turns_of(item: dict[str, Any]) -> list[tuple[str, str]]:
    prev = [("assistant", item["prev_assistant"])] if item.get("prev_assistant") else []
    return [*prev, ("user", item["turn"])]


def evaluate(half: str, verbose: bool = False) -> dict[str, Any]:
    langs: dict[str, dict[str, int]] = {}
    fp_kinds: Counter[str] = Counter()
    near_kinds: Counter[str] = Counter()
    for lang in LANGS:
        c = dict.fromkeys(("positives", "found", "near_misses", "false_positives", "source_right",
                           "steps_close"), 0)
        for item in load(half, lang):
            turns = turns_of(item)
            got = learn(turns)
            at_turn = got is not None and got.turn == len(turns) - 1
            if item["label"] == "near_miss":
                c["near_misses"] += 1
                near_kinds[item["kind"]] += 1
                if got is not None:
                    c["false_positives"] += 1
                    fp_kinds[item["kind"]] += 1
                    if verbose:
                        print(f"  false positive {item['id']} ({item['kind']}): {list(got.steps)}")
                continue
            c["positives"] += 1
            if not at_turn:
                if verbose:
                    print(f"  missed {item['id']} ({item['label']})")
                continue
            assert got is not None
            c["found"] += 1
            c["source_right"] += int(got.source == SOURCE_OF[item["label"]])
            c["steps_close"] += int(abs(len(got.steps) - len(item["steps"])) <= 1)
            if verbose and got.source != SOURCE_OF[item["label"]]:
                print(f"  source {item['id']}: {got.source} for a {item['label']}")
            if verbose and abs(len(got.steps) - len(item["steps"])) > 1:
                print(f"  steps {item['id']}: {list(got.steps)} vs {item['steps']}")
        langs[lang] = c
    return {"languages": langs, "false_positives_by_kind": dict(sorted(fp_kinds.items())),
            "near_misses_by_kind": dict(sorted(near_kinds.items()))}


def rates(c: dict[str, int]) -> tuple[float, float]:
    """(precision, recall); precision is 1.0 when nothing was learned."""
    learned = c["found"] + c["false_positives"]
    return (c["found"] / learned if learned else 1.0), (c["found"] / c["positives"] if c["positives"] else 0.0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--half", choices=("dev", "heldout"), default="dev")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true", help="list the misses (dev only)")
    args = ap.parse_args(argv)
    if args.verbose and args.half == "heldout":
        ap.error("the held-out half is measured as totals only")
    result = evaluate(args.half, args.verbose)
    langs = result["languages"]
    total = {k: sum(c[k] for c in langs.values()) for k in next(iter(langs.values()))}
    if args.json:
        print(json.dumps({"half": args.half, **result, "all": total}, indent=1))
        return 0
    print(f"procedure learner on the {args.half} half of tests/fixtures/procedures2")
    for lang, c in [*langs.items(), ("all", total)]:
        p, r = rates(c)
        print(f"  {lang}: precision {p:.2f} ({c['found']}/{c['found'] + c['false_positives']}), recall {r:.2f} "
              f"({c['found']}/{c['positives']}), false positives {c['false_positives']}/{c['near_misses']} near "
              f"misses; source right {c['source_right']}/{c['found']}, steps ±1 {c['steps_close']}/{c['found']}")
    fps = result["false_positives_by_kind"]
    print("  false positives by near-miss kind: "
          + ", ".join(f"{k} {fps.get(k, 0)}/{n}" for k, n in result["near_misses_by_kind"].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
