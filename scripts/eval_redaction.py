"""Secret recall and false redactions of `memory_store.redact` on the blind redaction set.

    python scripts/eval_redaction.py [--set blind1|…|blind5] [--split dev|heldout|all] [--json] [--show]

Each set (tests/fixtures/redaction/blind1/ … blind5/, README in each) was written by hand before
the code it measures by someone who never read the redactor: one line a chat turn or a piece of tool output, labelled
`secret` (with every secret value it holds, as exact substrings) or `harmless` (close to a secret:
a version after "password", a random seed, a price after "token", a masked card …).

Printed per split and language, and pooled:
- secret recall: the share of listed secret substrings absent from the redacted text (a leaked
  secret is the worst failure);
- lines fully clean: the share of secret lines with none of their secrets left;
- harmless lines changed: the share of harmless lines that redaction changed at all (a false
  redaction: a decision or a fact lost).

`--show` lists each miss (leaked values with the redacted line, changed harmless lines) on blind1 to
blind4, which are development data now (each was read as totals, then item by item to tune the redactor:
docs/benchmarks.md, "Redaction quality"; blind4's held-out half retired after its third reading). blind5
(tests/fixtures/redaction/blind5/, written 2026-11-28) is blind, both halves: read only as totals, `--show` is
refused on it.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

from memory_store.redact import redact  # noqa: E402

SETS = ROOT / "tests" / "fixtures" / "redaction"
SPLITS = ("dev", "heldout")
SET_NAMES = ("blind1", "blind2", "blind3", "blind4", "blind5")
BLIND = {("blind5", "dev"), ("blind5", "heldout")}    # read only as totals
LANGS = ("en", "th", "zh")


def score(items: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """Totals for `items` of one file, and the lines that describe each miss."""
    t = {"secret_lines": 0, "clean_lines": 0, "secrets": 0, "secrets_gone": 0, "harmless_lines": 0,
         "harmless_changed": 0}
    misses: list[str] = []
    for item in items:
        text = item["text"]
        out = redact(text)
        if item["label"] == "secret":
            left = [s for s in item["secrets"] if s in out]
            t["secret_lines"] += 1
            t["secrets"] += len(item["secrets"])
            t["secrets_gone"] += len(item["secrets"]) - len(left)
            t["clean_lines"] += not left
            if left:
                misses.append(f"LEAK {item['id']} ({item['note']}): {left!r}\n    {out!r}")
        else:
            t["harmless_lines"] += 1
            if out != text:
                t["harmless_changed"] += 1
                misses.append(f"FALSE {item['id']} ({item['note']}):\n    {text!r}\n -> {out!r}")
    return t, misses


def _rates(t: dict[str, Any]) -> dict[str, Any]:
    def share(a: int, b: int) -> float | None:
        return round(a / b, 3) if b else None
    return {**t, "secret_recall": share(t["secrets_gone"], t["secrets"]),
            "lines_clean": share(t["clean_lines"], t["secret_lines"]),
            "harmless_changed_rate": share(t["harmless_changed"], t["harmless_lines"])}


def _add(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {k: a.get(k, 0) + v for k, v in b.items()}


def evaluate(split: str, show: bool = False, set_name: str = "blind3") -> dict[str, Any]:
    """The totals of one split: per language and pooled; the misses printed if `show`."""
    result: dict[str, Any] = {}
    pooled: dict[str, Any] = {}
    for lang in LANGS:
        path = SETS / set_name / split / f"{lang}.yaml"
        items = yaml.safe_load(path.read_text(encoding="utf-8"))
        t, misses = score(items)
        if show:
            for m in misses:
                print(m)
        result[lang] = _rates(t)
        pooled = _add(pooled, t)
    result["all"] = _rates(pooled)
    return result


def _line(split: str, lang: str, r: dict[str, Any]) -> str:
    return (f"{split:8} {lang:3}  secret recall {r['secrets_gone']:3}/{r['secrets']:<3} = {r['secret_recall']:.3f}"
            f"   lines clean {r['clean_lines']:3}/{r['secret_lines']:<3} = {r['lines_clean']:.3f}"
            f"   harmless changed {r['harmless_changed']:3}/{r['harmless_lines']:<3}"
            f" = {r['harmless_changed_rate']:.3f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", dest="set_name", choices=SET_NAMES, default="blind3",
                    help="which set (default blind3, the newest development set)")
    ap.add_argument("--split", choices=(*SPLITS, "all"), default="dev", help="which half (default dev)")
    ap.add_argument("--json", action="store_true", help="print the totals as JSON")
    ap.add_argument("--show", action="store_true", help="list every miss (not a blind half)")
    args = ap.parse_args()
    splits = SPLITS if args.split == "all" else (args.split,)
    if args.show and any((args.set_name, split) in BLIND for split in splits):
        ap.error(f"--show lists items; {args.set_name}'s held-out half is blind: read only as totals")
    results = {split: evaluate(split, args.show, args.set_name) for split in splits}
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        for split, by_lang in results.items():
            for lang, r in by_lang.items():
                print(_line(split, lang, r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
