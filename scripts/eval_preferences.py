"""How well the transcript router (memory_store/core/router.py) routes user turns to core memory.

    python scripts/eval_preferences.py [--split dev|heldout|heldout2|heldout3|heldout4|heldout5] [--json] [--verbose]

The set is tests/fixtures/preferences/ (its README says how it was written: blind, before the router).
`dev`, `heldout` (the first held-out half), `heldout2` (the second, written later by another writer),
`heldout3` (a third writer's) and `heldout4` (a fourth writer's) are development splits: each was
measured as totals until it had been reported once, then demoted to development, so `--verbose`
lists their misses (heldout3 was read as totals twice, then demoted when heldout4 was commissioned;
heldout4 was read as totals once, then demoted when heldout5 was commissioned). `heldout5`, written
blind by a fifth writer who never saw the code, is the held-out split: this script prints its totals
and nothing per item, and `--verbose` is refused for it. Per language and pooled:
- explicit writes: turns the router writes to PROFILE at once (explicit, or the user's "yes,
  remember that" to an offer that names its key). A write is right when the item is explicit and
  the key is its key (or one of its alt_keys); precision = right / written, recall = right /
  explicit items. Precision comes first: a wrong profile write is worse than a missed one;
- staged: explicit statements of a weak class (expertise, instruction.other, user.other, no strong
  standing marker) that go to PROPOSALS.md for review instead of PROFILE; `staged_explicit` of them
  are on explicit items (the share of explicit items the user reviews instead);
- wrong writes on negatives: writes on items labelled none (the worst error);
- key accuracy: of the items the router gives their own label (explicit/inferred/forget), those
  with the right key;
- inferred → proposal and forget: precision and recall, a hit needing the right key too.
- capture: of the explicit + inferred items, those that reach PROFILE.md or PROPOSALS.md at all
  (with the right key too: `captured_recall_right_key`); a router that writes little to PROFILE is
  useful only if the rest reaches the user's review;
- proposal precision: of what goes to PROPOSALS.md (staged explicit + inferred), the share on
  explicit or inferred items, not on negatives (project decisions, questions, quoted text).
A yes to an offer naming no key accepts nothing, so it counts as nothing.
Values are paraphrases for free-form keys, so they are not scored.
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

from memory_store.core.router import route  # noqa: E402

SET = ROOT / "tests/fixtures/preferences"
LANGS = ("en", "th", "zh")
DEV_SPLITS = ("dev", "heldout", "heldout2", "heldout3", "heldout4")     # read item by item (--verbose)
HELDOUT = "heldout5"                                                   # totals only
COUNTS = ("items", "explicit", "written", "written_right", "written_on_none", "staged", "staged_explicit",
          "staged_right", "staged_on_none", "inferred", "proposed",
          "proposed_right", "forget", "forgot", "forgot_right", "same_label", "same_label_key",
          "prefs", "captured", "captured_right", "to_proposals", "to_proposals_on_pref", "to_proposals_on_none")


def _label(item: dict[str, Any]) -> tuple[str, str, bool]:
    """(label, key, written to PROFILE at once)."""
    got = route(item["turn"], item.get("context"))
    if got is None:
        return "none", "", False
    if got.label == "confirm" and not got.key:
        return "none", "", False      # a yes to an offer naming no key accepts nothing
    if got.label == "forget" and got.to == "review":
        return "none", "", False      # only a note for the user: nothing is revoked
    return ("explicit" if got.label == "confirm" else got.label), got.key, got.writes_profile


def evaluate(split: str, verbose: bool = False) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for lang in LANGS:
        doc = yaml.safe_load((SET / split / f"{lang}.yaml").read_text(encoding="utf-8"))
        c = dict.fromkeys(COUNTS, 0)
        for item in doc["items"]:
            gold = item["label"]
            keys = {item.get("key"), *(item.get("alt_keys") or [])} - {None}
            label, key, to_profile = _label(item)
            right = label == gold and key in keys
            c["items"] += 1
            c[gold] = c.get(gold, 0) + 1 if gold == "none" else c[gold] + 1
            for name, done in (("explicit", "written" if to_profile else "staged"), ("inferred", "proposed"),
                               ("forget", "forgot")):
                if label == name:
                    c[done] += 1
                    c[f"{done}_right"] += int(right)
            if label == "explicit" and gold == "none":
                c["written_on_none" if to_profile else "staged_on_none"] += 1
            if label == "explicit" and not to_profile and gold == "explicit":
                c["staged_explicit"] += 1
            to_review = label in ("explicit", "inferred") and not to_profile
            if gold in ("explicit", "inferred"):
                c["prefs"] += 1
                if label in ("explicit", "inferred"):
                    c["captured"] += 1
                    c["captured_right"] += int(key in keys)
            if to_review:
                c["to_proposals"] += 1
                c["to_proposals_on_pref"] += int(gold in ("explicit", "inferred"))
                c["to_proposals_on_none"] += int(gold == "none")
            if gold != "none" and label == gold:
                c["same_label"] += 1
                c["same_label_key"] += int(key in keys)
            if verbose and not (label == gold and (gold == "none" or right) and (gold != "explicit" or to_profile)):
                where = "" if label != "explicit" else " (profile)" if to_profile else " (proposals)"
                print(f"  {item['id']}: {gold} {item.get('key', '')} → {label} {key}{where}")
        out[lang] = c
    return out


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 3) if b else None


def scores(c: dict[str, int]) -> dict[str, Any]:
    return {
        "explicit_precision": _ratio(c["written_right"], c["written"]),
        "explicit_recall": _ratio(c["written_right"], c["explicit"]),
        "explicit_staged_share": _ratio(c["staged_explicit"], c["explicit"]),
        "staged_precision": _ratio(c["staged_right"], c["staged"]),
        "staged_share_of_items": _ratio(c["staged"], c["items"]),
        "key_accuracy": _ratio(c["same_label_key"], c["same_label"]),
        "inferred_precision": _ratio(c["proposed_right"], c["proposed"]),
        "inferred_recall": _ratio(c["proposed_right"], c["inferred"]),
        "forget_precision": _ratio(c["forgot_right"], c["forgot"]),
        "forget_recall": _ratio(c["forgot_right"], c["forget"]),
        "captured_recall": _ratio(c["captured"], c["prefs"]),
        "captured_recall_right_key": _ratio(c["captured_right"], c["prefs"]),
        "proposals_precision": _ratio(c["to_proposals_on_pref"], c["to_proposals"]),
        "written_on_none": c["written_on_none"], "staged_on_none": c["staged_on_none"], "none": c.get("none", 0),
    }


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=(*DEV_SPLITS, HELDOUT), default="dev")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true", help="list the misses (development splits only)")
    args = ap.parse_args(argv)
    if args.verbose and args.split == HELDOUT:
        ap.error("the held-out split is measured as totals only")
    if not (SET / args.split).is_dir():
        ap.error(f"no split {args.split} in {SET}")
    result = evaluate(args.split, args.verbose)
    pooled = {k: sum(c.get(k, 0) for c in result.values()) for k in (*COUNTS, "none")}
    rows = {**{lang: {**c, **scores(c)} for lang, c in result.items()}, "all": {**pooled, **scores(pooled)}}
    if args.json:
        print(json.dumps({"split": args.split, "languages": rows}, indent=1))
        return 0
    print(f"preference router on the {args.split} split")
    for lang, r in rows.items():
        print(f"  {lang}: PROFILE writes P {_fmt(r['explicit_precision'])} ({r['written_right']}/{r['written']}); "
              f"preferences captured (PROFILE or PROPOSALS) {_fmt(r['captured_recall'])} "
              f"({r['captured']}/{r['prefs']}, right key {_fmt(r['captured_recall_right_key'])}); "
              f"PROPOSALS precision {_fmt(r['proposals_precision'])} "
              f"({r['to_proposals_on_pref']}/{r['to_proposals']}, {r['to_proposals_on_none']} on none)")
        print(f"      explicit writes P {_fmt(r['explicit_precision'])} R {_fmt(r['explicit_recall'])} "
              f"({r['written_right']}/{r['written']} right, {r['explicit']} explicit), "
              f"wrong writes on none {r['written_on_none']}/{r['none']}; staged for review {r['staged']} "
              f"({r['staged_explicit']} of the explicit, {r['staged_right']} right, {r['staged_on_none']} on none); "
              f"key accuracy {_fmt(r['key_accuracy'])}; "
              f"inferred→proposal P {_fmt(r['inferred_precision'])} R {_fmt(r['inferred_recall'])}; "
              f"forget P {_fmt(r['forget_precision'])} R {_fmt(r['forget_recall'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
