"""Precision and recall of supersession, and the conflict-warning rate, on the blind conflict set.

    python scripts/eval_conflicts.py [--split dev|heldout|heldout2..heldout13] [--json] [--show]

The set (tests/fixtures/conflicts/, README there) pairs earlier active daily-log entries with later
statements labelled reversal / relaxation / refinement (→ `supersedes` the target) / conflict (→ a
warning, no supersede) / same / unrelated (→ nothing). Each later item is judged on its own against
its project's log by the detector microSync runs when it writes an entry
(memory_store/supersede), through the same BlockEntry → Statement path.

Printed per language and pooled: the share of true relations (reversal, relaxation, refinement,
conflict) caught either way, as a supersede or as a warning at the labelled target — what keeps
two contradicting items out of MEMORY.md; supersedes precision (a supersede on a negative item, or on the
wrong target, is a false positive) and recall; the warning rate (recall) on `conflict` items; the
false warning rate on `same` and `unrelated` items; the warnings' precision (a warning counts as
right only on a `conflict` item, at its target: one on a refinement is wrong too); and the
pooled counts of label → outcome.
`heldout/` to `heldout9/` were the first nine held-out halves; all are retired to development
halves (heldout9 on 2026-11-28, after its totals were reported three times), so `--show` works on
dev and heldout to heldout11.
`heldout10/` retired to development after its fourth reading as totals (2026-11-28), `heldout11/`
the same day after six. `heldout12/` (read twice) and `heldout13/` (written in session 16) are the blind
halves now, written before the code by someone who never saw them, and read only here, as totals: `--show`
(each wrong item) is refused for them.
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

from memory_store.entries import BlockEntry, Source  # noqa: E402
from memory_store.supersede.detect import detect, statement_of  # noqa: E402

SET = ROOT / "tests" / "fixtures" / "conflicts"
LANGS = ("en", "th", "zh")
POSITIVE = {"reversal", "relaxation", "refinement"}
RELATED = POSITIVE | {"conflict"}
DEV_SPLITS = ("dev", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7",
              "heldout8", "heldout9", "heldout10", "heldout11")
BLIND_SPLITS = ("heldout12", "heldout13")
_SRC = Source("eval", "eval", "L1-L1")


def _entry(kind: str, day: str, ident: str, title: str, body: str = "") -> BlockEntry:
    return BlockEntry(kind=kind, title=title, id=ident, date=day, source=_SRC, conclusion=body or title)


def score_file(path: Path, show: bool = False) -> Counter[str]:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    c: Counter[str] = Counter()
    for project in doc["projects"]:
        log = [statement_of(_entry(e["kind"], str(e["date"]), e["id"], e["title"], e.get("body", "")), n)
               for n, e in enumerate(project["log"])]
        for item in project["later"]:
            new = statement_of(_entry(item["kind"], str(item["date"]), item["id"], item["text"]), len(log))
            f = detect(new, log)
            label, target = item["label"], item.get("target")
            c["items"] += 1
            right = "" if f.target in (None, target) or not target else "-wrong-target"
            c[f"got:{label}->{f.outcome}{right}"] += 1
            if label in POSITIVE:
                c["positives"] += 1
            if f.supersedes:
                c["emitted"] += 1
                if label in POSITIVE and f.target == target:
                    c["correct"] += 1
            warned = f.outcome == "conflict"
            c["warnings"] += warned
            c["warnings_right"] += warned and label == "conflict" and f.target == target
            if label in RELATED:
                # What matters for MEMORY.md: the pair is caught, as a supersede or as a warning
                # (the newer side is held out until a person decides), at the right target.
                c["related"] += 1
                c["caught"] += (f.supersedes or warned) and f.target == target
            if label == "conflict":
                c["conflict_items"] += 1
                c["conflict_warned"] += warned
            elif label in ("same", "unrelated"):
                c["quiet_items"] += 1
                c["quiet_warned"] += warned
            ok = (f.supersedes and label in POSITIVE and f.target == target) or \
                 (not f.supersedes and label not in POSITIVE)
            if show and (not ok or (label == "conflict") != warned):
                print(f"  {project['id']} {item['id']} [{label} → {target}] got {f.outcome} → {f.target} "
                      f"(match {f.score}, cue {f.cue!r}): {item['text'][:90]}")
    return c


def rates(c: Counter[str]) -> dict[str, Any]:
    def ratio(a: int, b: int) -> float | None:
        return round(a / b, 3) if b else None
    return {"items": c["items"], "positives": c["positives"], "emitted": c["emitted"], "correct": c["correct"],
            "precision": ratio(c["correct"], c["emitted"]), "recall": ratio(c["correct"], c["positives"]),
            "conflict_warning_rate": ratio(c["conflict_warned"], c["conflict_items"]),
            "warnings": c["warnings"], "warning_precision": ratio(c["warnings_right"], c["warnings"]),
            "false_warning_rate": ratio(c["quiet_warned"], c["quiet_items"]),
            "related": c["related"], "caught": c["caught"], "caught_rate": ratio(c["caught"], c["related"]),
            "outcomes": {k[4:]: v for k, v in sorted(c.items()) if k.startswith("got:")}}


def evaluate(split: str, show: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"split": split, "languages": {}}
    pooled: Counter[str] = Counter()
    for lang in LANGS:
        if show:
            print(f"{lang}:")
        c = score_file(SET / split / f"{lang}.yaml", show)
        pooled.update(c)
        out["languages"][lang] = rates(c)
    out["pooled"] = rates(pooled)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=(*DEV_SPLITS, *BLIND_SPLITS), default="dev")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--show", action="store_true", help=f"list each wrong item (not for {', '.join(BLIND_SPLITS)})")
    args = ap.parse_args(argv)
    if args.show and args.split in BLIND_SPLITS:
        ap.error("--show lists items; the held-out split is read only as totals")
    if not (SET / args.split).is_dir():
        ap.error(f"no split {args.split!r}: {SET / args.split} is missing")
    result = evaluate(args.split, args.show)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"conflict set, split {args.split}: supersedes precision / recall; warnings on conflict items; "
          "false warnings on same+unrelated")
    for name, r in [*result["languages"].items(), ("pooled", result["pooled"])]:
        print(f"  {name:<7} precision {r['precision']}  recall {r['recall']}  ({r['correct']} correct of "
              f"{r['emitted']} emitted, {r['positives']} positives)  conflict warnings {r['conflict_warning_rate']}"
              f"  false warnings {r['false_warning_rate']}  warning precision {r['warning_precision']}"
              f" ({r['warnings']} warnings)  caught either way {r['caught_rate']} ({r['caught']} of {r['related']})")
    print("  outcomes (label -> detector outcome: count), pooled:")
    for k, v in result["pooled"]["outcomes"].items():
        print(f"    {k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
