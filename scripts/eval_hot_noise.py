"""How much of what the extractor writes would reach MEMORY.md as noise, before and after the weekly
noise gate (jobs/weekly/noise.py).

    python scripts/eval_hot_noise.py [--set dev5 ...] [--json] [--show]

Each labelled conversation set of `scripts/eval_extraction.py` is run through the rule extractor.
An extracted entry that matches a label is a real item; one that matches none is noise (the
labels are every decision, rule and fact a careful reader finds, so the rest is what should not
be in the index). Every extracted entry is a MEMORY.md candidate the week it is written (rules,
constraints and remember items always are; a fresh decision scores above the promotion line), so:

    noise share before = noise / all entries
    noise share after  = noise the gate lets through / entries the gate lets through
    real items lost    = real items the gate keeps out

`dev*` sets are the development sets (`--show` lists each entry the gate keeps out, and each noise
entry it lets through). `eval`, `eval2`, `eval3` are held out: totals only, `--show` is refused.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import eval_extraction as ev  # noqa: E402

from jobs.microsync.rules.rules import RuleExtractor  # noqa: E402
from jobs.weekly.noise import entry_text, noise_class_of_text  # noqa: E402

DEV = ("dev", "dev2", "dev3", "dev4", "dev5", "dev6")
# The documented hard negatives of the sets (`negatives: {turn, type}`) whose type is one of the
# classes the gate is for: a closing, a complaint, a problem stated without a decision.
CLASS_OF_TYPE = {
    "thanks": "closing", "acknowledgement": "closing", "compliment": "closing", "chit_chat": "closing",
    "complaint": "complaint", "sarcasm": "complaint",
    "past_incident": "problem", "incident": "problem", "bug_report": "problem",
    "deferred": "deferral", "deferral": "deferral", "not_sure_yet": "deferral",
}
HELD_OUT = ("eval", "eval2", "eval3")


def measure(set_name: str, show: bool = False) -> dict[str, Any]:
    c: Counter[str] = Counter()
    extractor = RuleExtractor()
    for conv in ev.load_set(ev.SETS[set_name]):
        preds = extractor.extract(conv.records)
        real: set[int] = set()
        for label in conv.labels:
            fitting = [i for i, p in enumerate(preds) if i not in real and p.kind in ev._family(label.kinds)
                       and ev._covers(p, label)]
            if fitting:
                real.add(fitting[0])
        for i, p in enumerate(preds):
            side = "real" if i in real else "noise"
            cls = noise_class_of_text(entry_text(p.title, p.conclusion), p.kind, said=p.excerpt or "")
            c[side] += 1
            if cls:
                c[f"{side}_out"] += 1
                c[f"{side}_out:{cls}"] += 1
            if show and (cls or side == "noise"):
                verdict = f"kept out ({cls})" if cls else "let through"
                print(f"  {set_name} {conv.path.name}:{p.first_line} {side} {p.kind} {verdict}: "
                      f"{p.title[:110]!r}")
    total, noise = c["real"] + c["noise"], c["noise"]
    after_total = total - c["real_out"] - c["noise_out"]
    return {"set": set_name, "entries": total, "real": c["real"], "noise": noise,
            "noise_share_before": round(noise / total, 3) if total else None,
            "noise_share_after": round((noise - c["noise_out"]) / after_total, 3) if after_total else None,
            "noise_kept_out": c["noise_out"], "real_kept_out": c["real_out"],
            "by_class": {k.split(":", 1)[1] + (" (real)" if k.startswith("real") else " (noise)"): v
                         for k, v in sorted(c.items()) if ":" in k}}


def measure_turns(set_name: str, show: bool = False) -> dict[str, Any]:
    """The gate as a classifier of user turns: each documented hard negative of a gated class
    should be kept out, were it written as an entry (judged as a Decision, the kind such a turn is
    mistaken for); no labelled turn should be (judged as its labelled kind)."""
    import yaml

    c: Counter[str] = Counter()
    extractor = RuleExtractor()
    for conv in ev.load_set(ev.SETS[set_name]):
        doc = yaml.safe_load(conv.path.read_text(encoding="utf-8"))
        for neg in doc.get("negatives") or []:
            want = CLASS_OF_TYPE.get(str(neg.get("type", "")))
            turn = int(neg["turn"])
            if want is None or turn >= len(conv.records):
                continue
            text = conv.records[turn].text
            got = noise_class_of_text(text, "Decision")
            c[f"neg:{want}"] += 1
            c[f"neg_out:{want}"] += bool(got)
            if show and not got:
                print(f"  {set_name} {conv.path.name}:{turn} {neg['type']} let through: {text[:110]!r}")
        preds = extractor.extract(conv.records)
        for label in conv.labels:
            # What MEMORY.md would show: the extracted entry for the turn (an accepted proposal's
            # entry is the proposal, not the "go ahead"), else the turn itself.
            cover = [p for p in preds if ev._covers(p, label)]
            text = entry_text(cover[0].title, cover[0].conclusion) if cover else conv.records[label.turn].text
            got = noise_class_of_text(text, cover[0].kind if cover else sorted(label.kinds)[0])
            c["items"] += 1
            c["items_out"] += bool(got)
            if show and got:
                print(f"  {set_name} {conv.path.name}:{label.turn} item kept out ({got}): {text[:110]!r}")
    return {"set": set_name, "items": c["items"], "items_kept_out": c["items_out"],
            "negatives": {k[4:]: [c[f"neg_out:{k[4:]}"], v] for k, v in sorted(c.items()) if k.startswith("neg:")}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", action="append", choices=(*DEV, *HELD_OUT), help="a set (repeatable); default all")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--turns", action="store_true", help="judge the documented hard-negative turns of the gated "
                                                         "classes and the labelled turns, not the extractor's output")
    ap.add_argument("--show", action="store_true", help="list gated entries and noise let through (dev sets only)")
    args = ap.parse_args(argv)
    sets = args.set or [*DEV, *HELD_OUT]
    if args.show and any(s in HELD_OUT for s in sets):
        ap.error("--show lists items; the held-out sets are read only as totals")
    if args.turns:
        rows = [measure_turns(s, args.show) for s in sets]
        if args.json:
            print(json.dumps(rows, indent=2))
            return 0
        print("set      labelled turns kept out   hard negatives kept out, per class (kept out / all)")
        for r in rows:
            negs = "  ".join(f"{k} {a}/{b}" for k, (a, b) in r["negatives"].items())
            print(f"{r['set']:<8} {r['items_kept_out']:>4} / {r['items']:<4}              {negs}")
        return 0
    results = [measure(s, args.show) for s in sets]
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print("set      entries  noise  share before -> after   noise kept out  real items kept out")
    for r in results:
        print(f"{r['set']:<8} {r['entries']:>7}  {r['noise']:>5}  {r['noise_share_before']!s:>12} -> "
              f"{r['noise_share_after']!s:<6}  {r['noise_kept_out']:>14}  {r['real_kept_out']:>19}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
