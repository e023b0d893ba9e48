"""Differential check of the redaction catalogue: every text of a large corpus redacted by this
checkout's `memory_store.redact` and by the one of a git revision (default `main`), side by side.

A new format should change only texts that hold a secret of its class; every other change is a
false positive to fix before the format lands (docs/reliability.md, "Redaction").

The corpus: every string of the transcripts the tests and benchmarks read (the fixtures, the
demo's, the public transcripts of the shared eval folder), of the public LoCoMo and LongMemEval
conversations there, of the YAML fixtures (dev and eval sets of extraction, preferences,
procedures, conflicts, wrap-ups, search questions), the harmless texts of tests/fixtures/redaction/
(one a line) and the harmless lines of its development sets blind1/ to blind4/ (their secret
lines are meant to change); not blind5, which scripts/eval_redaction.py measures as totals, nor the
conflict set's blind splits: `--show` prints texts, and a blind set is read only as totals),
and every line of the repository's own
markdown and Python (code is where `KEY = value` shapes abound), but the catalogue and its
tests, which hold secret shapes on purpose. The reference revision runs in a
subprocess on a `git archive` copy of its `memory_store/`.

    .venv/bin/python scripts/redact_diff.py [--ref main] [--show 40] [--json]

Prints the number of texts, how many each side changed, and, for each text redacted differently,
the marker kinds it gained or lost; `--show N` prints N differing texts (with their secrets: run it
on public data only).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts.shared_eval import SHARED_EVAL  # noqa: E402

# the blind sets: measured by scripts/eval_redaction.py and scripts/eval_conflicts.py, never printed here
BLIND = (ROOT / "tests" / "fixtures" / "redaction" / "blind5",
         ROOT / "tests" / "fixtures" / "conflicts" / "heldout10",
         ROOT / "tests" / "fixtures" / "conflicts" / "heldout12",
         ROOT / "tests" / "fixtures" / "conflicts" / "heldout13")
# the development sets of the redaction eval: only their harmless lines are read (a secret line should change)
REDACTION_SETS = ROOT / "tests" / "fixtures" / "redaction"
MARK_RE = re.compile(r"\[REDACTED:([A-Za-z0-9_-]+)\]")
_REFERENCE = """
import json, sys
from memory_store.redact import redact
texts = json.load(sys.stdin)
json.dump([redact(t) for t in texts], sys.stdout)
"""


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _json_file(path: Path) -> Iterator[str]:
    text = path.read_text("utf-8", errors="replace")
    if path.suffix == ".json":
        try:
            yield from _strings(json.loads(text))
            return
        except ValueError:
            pass
    for line in text.splitlines():
        try:
            yield from _strings(json.loads(line))
        except ValueError:
            yield line


def blind(path: Path) -> bool:
    """Whether `path` lies in a blind set (above): never read into the corpus."""
    return any(b in path.parents for b in BLIND)


def corpus() -> Iterator[tuple[str, str]]:
    """(group, text) for every text of the corpus (see the module docstring)."""
    import yaml

    for base, group in ((ROOT / "tests" / "fixtures", "fixtures"), (ROOT / "jobs" / "demo", "demo"),
                        (SHARED_EVAL, "shared-eval")):
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if blind(path):
                continue   # a blind set (above)
            if path.suffix in (".json", ".jsonl"):
                for s in _json_file(path):
                    yield group, s
            elif path.suffix == ".txt" and path.parent.name == "redaction":
                # tests/fixtures/redaction/: one text a line (what must stay as it is), `#` a note
                for line in path.read_text("utf-8").splitlines():
                    if line.strip() and not line.startswith("#"):
                        yield group, line
            elif path.suffix in (".yaml", ".yml") and group != "shared-eval":
                try:
                    data = yaml.safe_load(path.read_text("utf-8"))
                except (yaml.YAMLError, UnicodeDecodeError):
                    continue
                if REDACTION_SETS in path.parents:
                    for item in data if isinstance(data, list) else ():
                        if isinstance(item, dict) and item.get("label") == "harmless":
                            yield group, str(item.get("text", ""))
                    continue
                for s in _strings(data):
                    yield group, s
    markdown = [*ROOT.glob("*.md"), *(ROOT / "docs").rglob("*.md"), *(ROOT / "second-brain-template").rglob("*.md")]
    for path in sorted(markdown):
        for line in path.read_text("utf-8").splitlines():
            yield "docs", line
    for top in ("memory_store", "jobs", "scripts", "tests"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if "secret" in path.name or "redact" in path.name:
                continue   # the catalogue and its tests hold secret shapes on purpose
            for line in path.read_text("utf-8").splitlines():
                yield "code", line


def reference(ref: str, texts: list[str]) -> list[str]:
    """`texts` redacted by the `memory_store` of git revision `ref`."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "ref.tar"
        subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), ref, "memory_store"], check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, filter="data")
        env = {**os.environ, "PYTHONPATH": tmp}
        out = subprocess.run([sys.executable, "-c", _REFERENCE], input=json.dumps(texts), cwd=tmp, env=env,
                             capture_output=True, text=True, check=True)
        result: list[str] = json.loads(out.stdout)
        return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ref", default="main", help="the git revision to compare with (default main)")
    ap.add_argument("--show", type=int, default=0, help="print this many differing texts")
    ap.add_argument("--json", action="store_true", help="print the totals as JSON")
    args = ap.parse_args()
    from memory_store.redact import redact

    groups, texts = [], []
    seen: set[str] = set()
    for group, text in corpus():
        if text and text not in seen:
            seen.add(text)
            groups.append(group)
            texts.append(text)
    old = reference(args.ref, texts)
    new = [redact(t) for t in texts]
    differing = [i for i in range(len(texts)) if old[i] != new[i]]
    gained: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    by_group: Counter[str] = Counter()
    for i in differing:
        o, n = Counter(MARK_RE.findall(old[i])), Counter(MARK_RE.findall(new[i]))
        gained.update((n - o).keys())
        lost.update((o - n).keys())
        by_group[groups[i]] += 1
    totals = {
        "ref": args.ref, "texts": len(texts), "bytes": sum(len(t.encode()) for t in texts),
        "changed_by_ref": sum(o != t for o, t in zip(old, texts, strict=True)),
        "changed_now": sum(n != t for n, t in zip(new, texts, strict=True)),
        "differing": len(differing), "by_group": dict(by_group),
        "kinds_gained": dict(gained), "kinds_lost": dict(lost),
    }
    if args.json:
        print(json.dumps(totals, indent=1))
    else:
        for k, v in totals.items():
            print(f"{k}: {v}")
    for i in differing[: args.show]:
        print(f"--- [{groups[i]}]\n{texts[i][:600]}\n+++\n{new[i][:600]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
