#!/usr/bin/env python3
"""Benchmark microSync against a bare `json.loads` line loop over the same transcripts.

    python scripts/bench_microsync.py [--mode real|synthetic|both] [--mb 20] [--repeat 5] [--json] [--keep]

Two corpora, each measured against the json loop over its own files in the same run:
  real       the public transcripts in the shared eval folder (the pi-coding-agent session, an
             OpenClaw-format file, and the Claude Code sample), copied under new names until the
             size is reached (`--shared`, default: the `shared/eval` folder beside the checkout);
  synthetic  generated Claude Code sessions with the real corpus's mix of user turns, assistant
             text, tool calls and tool results (`record_mix`, printed for both), and about its
             share of user turns that hold an item.
For each corpus, in the same run:
  baseline   a bare loop: open each file, json.loads every line;
  first      `microsync --since` over everything (read, redact, extract, write daily files), in process;
  output     the sha256 of the daily files it wrote (identical before and after a speed change);
and once, as separate processes (the best of --repeat, start-up included, byte code cached as
after `pip install`):
  help       `memjobs --help`;
  no-op      `memjobs run microsync` with nothing new (cursors: one stat per file);
  lock loser `memjobs run microsync` while another process holds the microsync lock (exit 75);
and a 51-day `backfill` over a real corpus of --backfill-mb.
The copies' mtimes are set to their last line's time, as in a real history.
Prints MB/s and the ratios: first / baseline, no-op / help, lock loser / help.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts.shared_eval import SHARED_EVAL  # noqa: E402

# the real corpus: (format, file under the shared eval folder)
REAL_FILES = (("openclaw", "transcripts/pi-coding-agent/large-session.jsonl"),
              ("claude-code", "transcripts/claude-code/sample_main_transcript.jsonl"))

USER = [
    "can you run the test suite and tell me what fails",
    "let's go with PostgreSQL for the {x} store, MySQL is out",
    "from now on always run ruff before committing the {x} module",
    "remember that the staging {x} is reset every Sunday",
    "what does this stack trace mean? {x}",
    "if we decided to move {x} to Kafka, what would break?",
    "never push directly to main again, use a PR for {x}",
    "ok add a test for the {x} edge case",
]
# What most of a real history's user turns are: questions and requests that hold no item.
CHATTER = [
    "can you explain what this stack trace in {x} means?",
    "ok thanks, and what does the retry loop in {x} do?",
    "run the tests for {x} again please",
    "why is {x} slow on the second call?",
    "show me the diff for {x}",
    "hmm that still fails, can you look at the log for {x}",
]
ASSISTANT = "I looked at {x}. " + "Here is a longer explanation of what the code does and why. " * 5
TOOL_OUTPUT = "{x}: collected 42 items\n" + "tests/test_module.py::test_case PASSED                [ 50%]\n" * 15
FILE_BODY = "def handler(event, context):\n    return process(event['body'], retries=3)\n\n" * 16
SYSTEM_NOTE = "Hook PostToolUse:Bash completed; " * 12

# The mix of the real corpus (the pi-coding-agent session and the Claude Code sample; `record_mix`
# prints both side by side): per user turn about 2.8 assistant texts, 4.4 tool calls and 4.2 tool
# results; by bytes about half tool results, 3 % user turns; about 2 entries per MB, so about one
# user turn in 50 holds an item.
TOOL_CYCLES = 4          # tool call + tool result pairs after each user turn
TEXT_CYCLES = 3          # of which the first ones carry assistant text as well
DECISION_EVERY = 50      # every 50th user turn is one of USER (the first one too); the rest CHATTER


def _line(typ: str, msg: dict[str, object], sid: str, t: datetime, rng: random.Random) -> str:
    return json.dumps({"parentUuid": None, "isSidechain": False, "type": typ, "message": msg,
                       "uuid": str(uuid.UUID(int=rng.getrandbits(128))), "sessionId": sid,
                       "timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"), "cwd": "/home/user/proj"})


def session_lines(rng: random.Random, sid: str, t: datetime, turns: int, counter: list[int],
                  n: int) -> tuple[list[str], datetime]:
    """One Claude Code session of `turns` user turns with the real corpus's tool traffic after each."""
    lines = []
    for i in range(turns):
        x = f"thing{rng.randint(0, 10_000)}"
        t += timedelta(seconds=rng.randint(5, 90))
        pool = USER if counter[0] % DECISION_EVERY == 0 else CHATTER
        counter[0] += 1
        lines.append(_line("user", {"role": "user", "content": rng.choice(pool).format(x=x)}, sid, t, rng))
        for c in range(TOOL_CYCLES):
            t += timedelta(seconds=rng.randint(2, 30))
            call_id = f"toolu_{n}_{i}_{c}"
            content: list[dict[str, object]] = []
            if c < TEXT_CYCLES:
                content.append({"type": "text", "text": ASSISTANT.format(x=x)})
            if c < TEXT_CYCLES:
                call: dict[str, object] = {"command": f"cd /home/user/proj && python -m pytest tests/ -k {x} -q",
                                           "description": "Run the tests touching " + x + " and show the failures"}
            else:
                call = {"file_path": f"/home/user/proj/{x}.py", "content": FILE_BODY}
            content.append({"type": "tool_use", "id": call_id, "name": "Bash" if c < TEXT_CYCLES else "Write",
                            "input": call})
            lines.append(_line("assistant", {"role": "assistant", "id": f"msg_{n}_{i}_{c}", "content": content},
                               sid, t, rng))
            t += timedelta(seconds=rng.randint(1, 20))
            result = [{"type": "tool_result", "tool_use_id": call_id, "content": TOOL_OUTPUT.format(x=x)}]
            lines.append(_line("user", {"role": "user", "content": result}, sid, t, rng))
        lines.append(json.dumps({"type": "system", "subtype": "informational", "content": SYSTEM_NOTE,
                                 "sessionId": sid, "timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.000Z")}))
    return lines, t


def make_corpus(root: Path, target_mb: float, seed: int = 7, days: int = 4,
                start: datetime = datetime(2026, 11, 2, 1, 0, tzinfo=UTC)) -> int:
    """Generated Claude Code sessions of about `target_mb` MB spread over `days` days, written one
    file at a time (memory stays small at any size); each file's mtime is its last line's time."""
    rng = random.Random(seed)
    total = n = 0
    counter = [0]
    hours = days * 24
    while total < target_mb * 1024 * 1024:
        sid = str(uuid.UUID(int=rng.getrandbits(128)))
        proj = root / f"-home-user-proj{n % 7}"
        proj.mkdir(parents=True, exist_ok=True)
        t = start + timedelta(hours=(n * 7) % hours, minutes=rng.randint(0, 50))
        lines, t = session_lines(rng, sid, t, rng.randint(3, 12), counter, n)
        data = ("\n".join(lines) + "\n").encode()
        path = proj / f"{sid}.jsonl"
        path.write_bytes(data)
        os.utime(path, (t.timestamp(), t.timestamp()))
        total += len(data)
        n += 1
    return total


def record_mix(root: Path, sources: list[dict[str, str]]) -> dict[str, dict[str, float]]:
    """Per record kind (user, assistant, tool_call, tool_result, other): its share of the records
    and of the line bytes (a line with several records counts for its first), read by memjobs."""
    from memory_store.config import TranscriptSource
    from memory_store.transcripts.discover import discover, read

    count: dict[str, int] = {}
    size: dict[str, int] = {}
    total_bytes = 0
    for s in sources:
        for tf in discover(TranscriptSource(s["format"], s["path"], subagents=True)).files:
            lines = Path(tf.path).read_bytes().splitlines(keepends=True)
            total_bytes += sum(map(len, lines))
            owner: dict[int, str] = {}
            for r in read(tf).records:
                kind = r.role.value if r.role.value in ("user", "assistant", "tool_call", "tool_result") else "other"
                count[kind] = count.get(kind, 0) + 1
                for n in range(r.line, r.line_end + 1):
                    owner.setdefault(n, kind)
            for n, line in enumerate(lines, start=1):
                kind = owner.get(n, "other")
                size[kind] = size.get(kind, 0) + len(line)
    records = sum(count.values()) or 1
    return {k: {"records": round(count.get(k, 0) / records, 3), "bytes": round(size.get(k, 0) / (total_bytes or 1), 3)}
            for k in ("user", "assistant", "tool_call", "tool_result", "other")}


def make_real_corpus(root: Path, shared: Path, target_mb: float) -> tuple[int, list[dict[str, str]]]:
    """The public transcripts copied under new names until about `target_mb` MB; one folder per format."""
    blobs = [(fmt, (shared / rel).read_bytes()) for fmt, rel in REAL_FILES]
    total = n = 0
    while total < target_mb * 1024 * 1024:
        for fmt, data in blobs:
            sid = str(uuid.UUID(int=n * 7919 + len(data)))
            folder = root / fmt / ("-bench-real" if fmt == "claude-code" else "sessions")
            folder.mkdir(parents=True, exist_ok=True)
            copy = folder / f"{sid}.jsonl"
            copy.write_bytes(data)
            last = _last_time(data)
            os.utime(copy, (last, last))  # as in a real history: modified when its last line was written
            total += len(data)
        n += 1
    return total, [{"format": fmt, "path": str(root / fmt)} for fmt, _ in blobs]


def _last_time(data: bytes) -> float:
    """The newest top-level "timestamp" of a transcript's lines (ISO), as a POSIX time."""
    stamps = []
    for line in data.splitlines():
        ts = json.loads(line).get("timestamp")
        if isinstance(ts, str):
            stamps.append(datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp())
    return max(stamps)


def baseline(root: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of a bare loop: open each file, json.loads every line."""
    t0, c0 = time.perf_counter(), time.process_time()
    for f in sorted(root.rglob("*.jsonl")):
        with open(f, "rb") as fh:
            for line in fh:
                json.loads(line)
    return time.perf_counter() - t0, time.process_time() - c0


def output_digest(ws: Path, work: Path) -> str:
    """The sha256 of the daily files, the scratch folder's name (in every source link) left out."""
    h = hashlib.sha256()
    for p in sorted((ws / "memory").glob("*.md")):
        h.update(p.name.encode() + b"\0" + p.read_bytes().replace(str(work).encode(), b"<BENCH>") + b"\0")
    return h.hexdigest()[:16]


def make_workspace(ws: Path, sources: list[dict[str, str]]) -> None:
    from memory_store.workspace import init_workspace

    init_workspace(ws)
    lines = "".join(f"  - {{format: {s['format']}, path: {s['path']}}}\n" for s in sources)
    (ws / "memjobs.yaml").write_text(f"timezone: UTC\ntranscripts:\n{lines}", encoding="utf-8")


def first_run(ws: Path, since: datetime, now: datetime) -> tuple[float, float, int]:
    from jobs.dispatch import registry
    from jobs.run.runner import RunOptions
    from memory_store.config import load_config

    cfg = load_config(ws, env={})
    t0, c0 = time.perf_counter(), time.process_time()
    rep = registry.run(cfg, "microsync", now=now, options=RunOptions(since=since))
    return time.perf_counter() - t0, time.process_time() - c0, rep.added


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _memjobs(args: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(wall, CPU, exit code) of one `memjobs` process."""
    t0, c0 = time.perf_counter(), _children_cpu()
    p = subprocess.run([sys.executable, "-m", "jobs", *args], capture_output=True, env=env, cwd=ROOT)
    return time.perf_counter() - t0, _children_cpu() - c0, p.returncode


def _best(args: list[str], env: dict[str, str], repeat: int, want: int) -> tuple[float, float]:
    """The least wall and the least CPU seconds over `repeat` processes."""
    walls, cpus = [], []
    for _ in range(repeat):
        t, c, rc = _memjobs(args, env)
        if rc != want:
            raise SystemExit(f"memjobs {' '.join(args)} exited {rc}, expected {want}")
        walls.append(t)
        cpus.append(c)
    return min(walls), min(cpus)


HOLD = """
import sys, time
from pathlib import Path
from memory_store.locks import JobLocks
locks = JobLocks(Path(sys.argv[1]), "microsync", "bench-holder", 300)
locks.acquire()
print("held", flush=True)
time.sleep(600)
"""


def process_timings(ws: Path, repeat: int) -> dict[str, float]:
    """`memjobs --help`, a no-op scheduled run and a lock loser, each the best of `repeat` processes."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("MEMJOBS_WORKSPACE", None)
    # As installed: byte code cached (pip compiles it), so a process does not time the compiler.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    run = ["--workspace", str(ws), "run", "microsync"]
    _memjobs(["--help"], env)  # warm-up: byte code written
    _memjobs(run, env)  # the scheduled first run: cursors to the end of every file
    help_s, help_cpu = _best(["--help"], env, repeat, 0)
    noop_s, noop_cpu = _best(run, env, repeat, 0)
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(ws)], stdout=subprocess.PIPE, text=True,
                              cwd=ROOT, env=env)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        loser_s, loser_cpu = _best(run, env, repeat, 75)
    finally:
        holder.kill()
        holder.wait()
    return {"help_s": help_s, "noop_s": noop_s, "lock_loser_s": loser_s,
            "noop_ratio": noop_s / help_s, "lock_loser_ratio": loser_s / help_s,
            "help_cpu_s": help_cpu, "noop_cpu_s": noop_cpu, "lock_loser_cpu_s": loser_cpu,
            "noop_cpu_ratio": noop_cpu / help_cpu, "lock_loser_cpu_ratio": loser_cpu / help_cpu}


def bench_corpus(work: Path, mode: str, mb: float, shared: Path) -> dict[str, object]:
    corpus = work / f"{mode}-transcripts"
    if mode == "real":
        size, sources = make_real_corpus(corpus, shared, mb)
        since, now = datetime(2025, 1, 1, tzinfo=UTC), datetime(2026, 11, 8, tzinfo=UTC)
    else:
        size = make_corpus(corpus, mb)
        sources = [{"format": "claude-code", "path": str(corpus)}]
        since, now = datetime(2026, 11, 1, tzinfo=UTC), datetime(2026, 11, 8, tzinfo=UTC)
    ws = work / f"{mode}-ws"
    make_workspace(ws, sources)
    base, base_cpu = baseline(corpus)
    first_s, first_cpu, added = first_run(ws, since, now)
    return {"mode": mode, "mb": round(size / 1024 / 1024, 2), "files": sum(1 for _ in corpus.rglob("*.jsonl")),
            "baseline_s": round(base, 3), "first_s": round(first_s, 3), "first_ratio": round(first_s / base, 2),
            "baseline_cpu_s": round(base_cpu, 3), "first_cpu_s": round(first_cpu, 3),
            "first_cpu_ratio": round(first_cpu / base_cpu, 2),
            "first_mb_s": round(size / 1024 / 1024 / first_s, 2), "added": added, "output": output_digest(ws, work),
            "mix": record_mix(corpus, sources), "ws": str(ws)}


def bench_backfill(work: Path, mb: float, shared: Path) -> dict[str, object]:
    """`backfill` day by day over the real corpus's span (2025-11-15 .. 2026-01-04, 51 days)."""
    from jobs.dispatch.backfill import backfill
    from memory_store.config import load_config

    corpus = work / "backfill-transcripts"
    size, sources = make_real_corpus(corpus, shared, mb)
    ws = work / "backfill-ws"
    make_workspace(ws, sources)
    cfg = load_config(ws, env={})
    t0, c0 = time.perf_counter(), time.process_time()
    progress = backfill(cfg, date(2025, 11, 15), date(2026, 1, 4))
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    base, base_cpu = baseline(corpus)
    return {"mb": round(size / 1024 / 1024, 2), "days": len(progress.done), "runs": len(progress.reports),
            "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "baseline_cpu_s": round(base_cpu, 3),
            "output": output_digest(ws, work)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("real", "synthetic", "both"), default="both")
    ap.add_argument("--mb", type=float, default=20.0, help="size of each corpus (MB)")
    ap.add_argument("--repeat", type=int, default=5, help="processes per start-up timing (the best counts)")
    ap.add_argument("--shared", type=Path, default=SHARED_EVAL,
                    help="folder holding the public transcripts (default: %(default)s)")
    ap.add_argument("--backfill-mb", type=float, default=2.0,
                    help="size of the real corpus a 51-day backfill runs over (0: no backfill)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = ap.parse_args()
    modes = ("real", "synthetic") if args.mode == "both" else (args.mode,)
    work = Path(tempfile.mkdtemp(prefix="memjobs-bench-"))
    try:
        results = [bench_corpus(work, m, args.mb, args.shared) for m in modes]
        procs = {k: round(v, 3) for k, v in process_timings(Path(str(results[0]["ws"])), args.repeat).items()}
        back = bench_backfill(work, args.backfill_mb, args.shared) if args.backfill_mb > 0 else None
        if args.json:
            print(json.dumps({"corpora": results, "processes": procs, "backfill": back}, indent=2))
        else:
            for r in results:
                print(f"{r['mode']}: {r['mb']} MB in {r['files']} files; json.loads loop {r['baseline_s']:.2f} s; "
                      f"microsync --since {r['first_s']:.2f} s ({r['first_mb_s']:.1f} MB/s) = "
                      f"{r['first_ratio']:.2f}x the loop (CPU {r['first_cpu_s']:.2f} s / {r['baseline_cpu_s']:.2f} s = "
                      f"{r['first_cpu_ratio']:.2f}x); added {r['added']}, output {r['output']}")
                mix = r["mix"]
                assert isinstance(mix, dict)
                print("  mix (records / line bytes): " + ", ".join(
                    f"{k} {v['records']:.0%} / {v['bytes']:.0%}" for k, v in mix.items()))
            print(f"memjobs --help {procs['help_s'] * 1000:.0f} ms; no-op run {procs['noop_s'] * 1000:.0f} ms = "
                  f"{procs['noop_ratio']:.2f}x; lock loser (exit 75) {procs['lock_loser_s'] * 1000:.0f} ms = "
                  f"{procs['lock_loser_ratio']:.2f}x  (best of {args.repeat}, on the {modes[0]} workspace)")
            print(f"  CPU: --help {procs['help_cpu_s'] * 1000:.0f} ms; no-op {procs['noop_cpu_s'] * 1000:.0f} ms = "
                  f"{procs['noop_cpu_ratio']:.2f}x; lock loser {procs['lock_loser_cpu_s'] * 1000:.0f} ms = "
                  f"{procs['lock_loser_cpu_ratio']:.2f}x")
            if back is not None:
                print(f"backfill: {back['days']} days ({back['runs']} runs) over {back['mb']} MB of real transcripts: "
                      f"{back['wall_s']:.2f} s, CPU {back['cpu_s']:.2f} s (the json loop over them once: "
                      f"{back['baseline_cpu_s']:.2f} s CPU); output {back['output']}")
        if args.keep:
            print(f"scratch folder: {work}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
