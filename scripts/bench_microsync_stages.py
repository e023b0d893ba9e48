#!/usr/bin/env python3
"""Where a first microSync run's CPU time goes, stage by stage, per MB of real transcripts.

    python scripts/bench_microsync_stages.py [--mb 20] [--repeat 3] [--json]

The real corpus of `bench_microsync.py` (the public transcripts, copied to `--mb`), one process:
a 1 MB warm-up run first (so that once-per-process costs, imports and compiling patterns, are
left out), then `--repeat` first runs (`microsync --since`, each into a fresh workspace) with
the functions of each stage timed from inside (CPU seconds; a stage that runs inside another is
counted in both, a function that calls itself once). The best run counts. Stages:
  json                parsing each line (`jsonl.parse_json`), inside reading
  redaction           the readers' `redact`, inside reading, and a tool text's `redact_capped` when
                      first read (`records.ToolText`), inside whatever stage reads it
  reading             microSync's reads of the transcripts (`discover.read` from the scan)
  extractor           the rule extractor (`RuleExtractor.extract`)
    assistant turns   the dialogue act of the assistant turn before a reply (`acts.act_of`)
  preference router   `core.heard` (after its gate)
  procedures          procedure learning (`procedures.sync.candidates`)
  sessions tier       the index's said tier (`said._read_file`; its `fts_text` shown apart)
  writes              the daily files, procedures and preferences (`job._apply`, `procedures.write`,
                      `preferences.write`) and the state files
and the json loop over the same files, as `bench_microsync.py` measures it.

`--floor` adds what a first run would cost if every stage but two were free: the readers' JSON
parsing (`parse_json` on every line) and one pass of the extractor's turn gate (`fold`, lower case,
the trie of every cue's literals) over every user and assistant text; and, as a second floor, those
two with the readers' redaction of the same texts (`redact`, which no stage may skip). Best of
`--repeat`, per MB, against the json loop.
"""

from __future__ import annotations

import argparse
import functools
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import bench_microsync as bench  # noqa: E402

SPENT: dict[str, float] = {}
_INSIDE: set[str] = set()


def _timed(owner: Any, name: str, stage: str) -> None:
    """Replace `owner.name` by the same function counting its CPU time under `stage`."""
    fn: Callable[..., Any] = getattr(owner, name)

    @functools.wraps(fn)
    def timed(*args: Any, **kwargs: Any) -> Any:
        if stage in _INSIDE:
            return fn(*args, **kwargs)
        _INSIDE.add(stage)
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[stage] = SPENT.get(stage, 0.0) + time.process_time() - start
            _INSIDE.discard(stage)

    setattr(owner, name, timed)


def instrument() -> None:
    import jobs.microsync.job as job
    import jobs.microsync.preferences as prefs
    import jobs.microsync.rules.acts as acts
    import jobs.microsync.rules.rules as rules
    import jobs.microsync.scan as scan
    import jobs.procedures.sync as procedures
    import memory_store.search.said as said
    import memory_store.transcripts.claude_code as claude_code
    import memory_store.transcripts.codex as codex
    import memory_store.transcripts.jsonl as jsonl
    import memory_store.transcripts.openclaw as openclaw
    import memory_store.transcripts.records as records
    import memory_store.writers as writers

    _timed(jsonl, "parse_json", "json")
    for module in (claude_code, codex, openclaw, jsonl, records):
        for name in ("redact", "redact_capped"):
            if hasattr(module, name):
                _timed(module, name, "redaction")
    _timed(scan, "read", "reading")
    _timed(rules.RuleExtractor, "extract", "extractor")
    _timed(acts, "act_of", "extractor: assistant turns")
    _timed(prefs, "heard", "preference router")
    _timed(procedures, "candidates", "procedures")
    _timed(said, "_read_file", "sessions tier")
    _timed(said, "fts_text", "sessions tier: fts_text")
    _timed(job, "_apply", "writes")
    _timed(procedures, "write", "writes")
    _timed(prefs, "write", "writes")
    _timed(writers.Writer, "write_state", "writes")


def one_run(work: Path, corpus_mb: float, name: str) -> tuple[float, float, float, str]:
    """(MB, json loop CPU, first run CPU, output digest) of one first run into a fresh workspace."""
    corpus = work / f"{name}-transcripts"
    if not corpus.exists():
        bench.make_real_corpus(corpus, bench.SHARED_EVAL, corpus_mb)
    sources = [{"format": fmt, "path": str(corpus / fmt)} for fmt, _ in bench.REAL_FILES]
    ws = work / f"{name}-ws"
    shutil.rmtree(ws, ignore_errors=True)
    bench.make_workspace(ws, sources)
    size = sum(p.stat().st_size for p in corpus.rglob("*.jsonl"))
    _, base = bench.baseline(corpus)
    since, now = datetime(2025, 1, 1, tzinfo=UTC), datetime(2026, 11, 8, tzinfo=UTC)
    _, cpu, _ = bench.first_run(ws, since, now)
    return size / 1024 / 1024, base, cpu, bench.output_digest(ws, work)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=20.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--floor", action="store_true", help="also measure the floor (see the module docstring)")
    args = ap.parse_args()
    instrument()
    work = Path(tempfile.mkdtemp(prefix="memjobs-stages-"))
    try:
        one_run(work, 1.0, "warm")
        best: tuple[float, dict[str, float], float, float, str] | None = None
        for _ in range(args.repeat):
            SPENT.clear()
            mb, base, cpu, digest = one_run(work, args.mb, "real")
            if best is None or cpu < best[0]:
                best = (cpu, dict(SPENT), base, mb, digest)
        low = floor(work / "real-transcripts", args.repeat) if args.floor else None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    assert best is not None
    cpu, spent, base, mb, digest = best
    out: dict[str, Any] = {"mb": round(mb, 1), "json_loop_cpu_s": round(base, 3), "first_cpu_s": round(cpu, 3),
           "ratio": round(cpu / base, 1), "output": digest,
           "stages": {k: {"cpu_s": round(v, 3), "ms_per_mb": round(v / mb * 1000, 1)}
                      for k, v in sorted(spent.items(), key=lambda kv: -kv[1])}}
    if low is not None:
        per_mb: dict[str, float] = {k: round(v / mb * (1 if k == "texts" else 1000), 1) for k, v in low.items()}
        per_mb["ratio"] = round((low["json"] + low["gate pass"]) / low["json loop"], 2)
        with_redaction = low["json"] + low["gate pass"] + low["redaction"]
        per_mb["ratio_with_redaction"] = round(with_redaction / low["json loop"], 2)
        out["floor"] = per_mb
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{out['mb']} MB: json loop {base:.3f} s, first run {cpu:.3f} s CPU ({out['ratio']}x), output {digest}")
    for stage, v in out["stages"].items():
        print(f"  {stage:28s} {v['cpu_s']:7.3f} s  {v['ms_per_mb']:6.1f} ms/MB")
    if low is not None:
        f = out["floor"]
        print(f"floor, ms/MB: json loop {f['json loop']}, parse_json {f['json']}, gate pass over user/assistant "
              f"text {f['gate pass']} ({f['texts']:.0f} texts/MB), their redaction {f['redaction']}: "
              f"{f['ratio']}x the json loop, {f['ratio_with_redaction']}x with the redaction")
    return 0


def floor(corpus: Path, repeat: int) -> dict[str, float]:
    """CPU seconds (best of `repeat`) of the json loop, the readers' JSON parsing of every line, one
    pass of the extractor's turn gate over every user and assistant text, and their redaction; and
    how many such texts there are."""
    from jobs.microsync.rules.rules import _TURN_GATE
    from jobs.microsync.rules.text import fold
    from memory_store.config import TranscriptSource
    from memory_store.redact import redact
    from memory_store.transcripts.discover import discover, read
    from memory_store.transcripts.jsonl import parse_json
    from memory_store.transcripts.records import Role

    files = sorted(corpus.rglob("*.jsonl"))
    texts: list[str] = []
    for fmt, _ in bench.REAL_FILES:
        for tf in discover(TranscriptSource(fmt, str(corpus / fmt))).files:
            texts += [r.text for r in read(tf).records if r.role in (Role.USER, Role.ASSISTANT) and not r.is_tool]
    raw = [line for f in files for line in f.read_bytes().splitlines()]

    def best(fn: Callable[[], object]) -> float:
        spent = []
        for _ in range(repeat):
            start = time.process_time()
            fn()
            spent.append(time.process_time() - start)
        return min(spent)

    def each(fn: Callable[[Any], object], items: list[Any]) -> Callable[[], None]:
        def run() -> None:
            for item in items:   # nothing kept: a list of 20 MB of parsed lines would time the collector
                fn(item)
        return run

    return {"json loop": best(lambda: bench.baseline(corpus)),
            "json": best(each(parse_json, raw)),
            "gate pass": best(each(lambda t: _TURN_GATE.may_match(fold(t).lower()), texts)),
            "redaction": best(each(redact, texts)),
            "texts": float(len(texts))}


if __name__ == "__main__":
    raise SystemExit(main())
