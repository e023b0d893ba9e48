#!/usr/bin/env python3
"""False hides of the forgotten filter's folded matching (memory_store/core/forgotten.py `_spelt`) against
matching a value as written: every value core memory holds in a demo workspace, every punctuated word of its
texts, and every LoCoMo observation of conversations 0-4 (and its part after "is") taken as forgotten, over
every text the demo workspace and those conversations hold. Prints what the folded matching hides that
matching as written did not.

    memjobs demo /tmp/demo && python scripts/measure_forgotten_folding.py /tmp/demo
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from memory_store.core import document as doc  # noqa: E402
from memory_store.core import forgotten as f  # noqa: E402
from scripts.shared_eval import SHARED_EVAL  # noqa: E402

_PUNCTUATED = re.compile(r"(?<![^\W_])[^\W_]+(?:[-./:'_][^\W_]+)+(?![^\W_])")


def _as_written(v: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + r"\s+".join(re.escape(p) for p in v.split()) + r")(?!\w)", re.I)


def main(ws: Path) -> None:
    values: set[str] = set()
    for rel in ("PROFILE.md", "SESSION.md", "PROPOSALS.md"):
        for loc in doc.scan((ws / rel).read_text(encoding="utf-8"), rel)[0]:
            values.add(" ".join(loc.entry.value.casefold().split()))
    texts = [line for p in ws.rglob("*.md") for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    for p in (Path(__file__).resolve().parent.parent / "jobs" / "demo" / "data" / "transcripts").rglob("*.jsonl"):
        texts += p.read_text(encoding="utf-8").splitlines()
    data = SHARED_EVAL / "locomo" / "locomo10.json"
    for conv in json.loads(data.read_text(encoding="utf-8"))[:5]:
        texts += [t.get("text", "") for v in conv["conversation"].values() if isinstance(v, list) for t in v]
        for obs in conv.get("observation", {}).values():
            for items in obs.values():
                for it in items:
                    v = " ".join(it[0].casefold().split())
                    values.add(v)
                    m = re.search(r"\s(?:is|are)\s", v)
                    if m and len(v[m.end():].split()) >= 2:
                        values.add(v[m.end():].strip(" ."))
    values |= {m.group(0).casefold() for t in texts for m in _PUNCTUATED.finditer(t)}
    values = {v for v in values if len(v) >= f.MIN_CHARS and not f._UNSPACED.search(v)}
    extra = []
    for v in sorted(values):
        folded, written = re.compile(f._spelt(v), re.I), _as_written(v)
        extra += [(v, t) for t in texts if folded.search(t) and not written.search(t)]
    print(f"values {len(values)}, texts {len(texts)}; hidden folded and not as written: {len(extra)}")
    for v, t in extra:
        print(f"  {v[:50]!r} | {t[:110]!r}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
