"""How the weekly dedupe tells near-duplicates on tests/fixtures/near_duplicates/pairs.jsonl.

    python scripts/eval_near_duplicates.py [--json] [--show]

For each kind of pair (same: one statement in other words; value: one subject, two values;
unrelated; part: one statement about two parts, two services or environments) and language, the
share merged by the test the weekly uses (memory_store/near_duplicates.py)
and, as the baseline in the same run, by the test before it (Jaccard >= 0.9 over plain tokens,
jobs/weekly/similarity.py). `same` should be merged; `value`, `unrelated` and `part` never.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jobs.weekly.near_duplicates import near_duplicate  # noqa: E402
from jobs.weekly.similarity import jaccard, token_set  # noqa: E402

PAIRS = ROOT / "tests" / "fixtures" / "near_duplicates" / "pairs.jsonl"


def measure() -> dict[str, Any]:
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])   # merged now, merged before, items
    wrong: list[str] = []
    for line in PAIRS.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        now = int(near_duplicate(item["a"], item["b"]) is not None)
        before = int(jaccard(token_set(item["a"]), token_set(item["b"])) >= 0.9)
        for lang in (item["lang"], "all"):
            c = counts[(item["expect"], lang)]
            c[0] += now
            c[1] += before
            c[2] += 1
        if bool(now) != (item["expect"] == "same"):
            wrong.append(f"{item['lang']} {item['expect']}: {item['a']} | {item['b']}")
    out: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for (expect, lang), (now, before, n) in sorted(counts.items()):
        out[expect][lang] = {"items": n, "merged": now, "merged_rate": round(now / n, 3),
                             "baseline_merged": before, "baseline_rate": round(before / n, 3)}
    return {"kinds": dict(out), "wrong": wrong}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--show", action="store_true", help="list each pair judged wrong")
    args = ap.parse_args()
    result = measure()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    for expect, langs in result["kinds"].items():
        for lang, r in langs.items():
            print(f"{expect:9} {lang:3}  merged {r['merged']:2}/{r['items']:2} ({r['merged_rate']:.2f})"
                  f"   baseline Jaccard>=0.9: {r['baseline_merged']:2}/{r['items']:2} ({r['baseline_rate']:.2f})")
    if args.show:
        print("\n".join(result["wrong"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
