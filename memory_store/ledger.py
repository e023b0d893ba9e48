"""The run ledger: `.memjobs/runs/<run_id>/` with report.json, audit.jsonl and, for rollback,
patches.jsonl (reverse patches of only the bytes memjobs changed, with hashes before and after)
and state/ (the `.memjobs/` files the run moved, as they were before it).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.fileio import append_bytes, atomic_write, sha256_bytes

RUNS_DIR = "runs"
REPORT = "report.json"
AUDIT = "audit.jsonl"
OPENED = "opened"       # "<ns> <sequence>": when the run's folder was made; orders runs of the same second
SEQUENCE = "sequence"   # runs/sequence: the last number a run folder took (digits; older ledgers: one byte a run)
PATCHES = "patches.jsonl"
INTENTS = "intents.jsonl"   # appends announced before they are made (see RunLedger.intent)
ROLLED_BACK = "rolled_back"
STATE_AFTER = "state_after"   # a later change, in the same run, of a state file already saved
NOTHING_LOG = "nothing.jsonl"   # runs/nothing.jsonl: one line per run folded away (it changed nothing)
NOTHING_LOCK = "nothing.lock"   # held while nothing.jsonl is appended to or pruned


def new_run_id(job: str, started: datetime | None = None) -> str:
    """`<UTC start second>-<job>-<32 random bits>`. The suffix keeps two runs started in the same
    second apart: with 16 bits a backfill (tens of runs a second) gave two runs one folder about
    once in a few hundred, and the second run's report and audit landed in the first's folder."""
    started = started or datetime.now(UTC)
    return f"{started.astimezone(UTC):%Y%m%dT%H%M%SZ}-{job}-{secrets.token_hex(4)}"


def utc_stamp(moment: datetime | None = None) -> str:
    return (moment or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class RunLedger:
    def __init__(self, state_dir: Path, run_id: str) -> None:
        self.state_dir = state_dir
        self.run_id = run_id
        self.dir = state_dir / RUNS_DIR / run_id
        self._saved_state: set[str] = set()
        self._intents = 0
        self._open = False

    def open(self) -> None:
        """Make the run's folder and stamp it (`opened`: the time and the next number of the
        ledger's sequence). Every write into the folder opens it first, so that a run whose first
        write is its report (a core-memory operation, a timeout the daemon records) has its place
        among the runs of the same second too."""
        self.dir.mkdir(parents=True, exist_ok=True)
        if not (self.dir / OPENED).exists():
            stamp = f"{time.time_ns()} {_next_sequence(self.state_dir / RUNS_DIR)}"
            atomic_write(self.dir / OPENED, stamp.encode("ascii"))
        self._open = True

    def ensure_open(self) -> None:
        if not self._open:
            self.open()

    def _append_json(self, name: str, record: dict[str, Any]) -> None:
        self.ensure_open()
        line = json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"
        append_bytes(self.dir / name, line.encode("utf-8"))

    def audit(self, op: str, path: str, **details: Any) -> None:
        self._append_json(AUDIT, {"ts": utc_stamp(), "op": op, "path": path, **details})

    def patch(self, record: dict[str, Any]) -> None:
        self._append_json(PATCHES, record)

    def intent(self, path: str, data: bytes) -> int:
        """Announce an append of memjobs' own bytes before making it; its patch record, written
        after, carries the returned number. A run killed between the two leaves an intent with
        no patch, and rollback still finds and removes those bytes."""
        self._intents += 1
        self._append_json(INTENTS, {"n": self._intents, "path": path, "text": data.decode("utf-8")})
        return self._intents

    def save_state_before(self, rel: str, data: bytes | None, after: bytes | None = None) -> None:
        """Keep the state file as it was before this run's first change to it, and the hash of
        what each change leaves (`after`): rollback restores the file only while it still holds
        this run's bytes (memory_store/rollback.py), as it does for memory files."""
        sha_after = {"sha_after": sha256_bytes(after)} if after is not None else {}
        if rel in self._saved_state:
            if sha_after:
                self.patch({"op": STATE_AFTER, "path": rel, **sha_after})
            return
        self._saved_state.add(rel)
        self.patch({"op": "state", "path": rel, "existed": data is not None, **sha_after})
        if data is not None:
            atomic_write(self.dir / "state" / rel, data)

    def write_report(self, report: dict[str, Any]) -> None:
        self.ensure_open()
        data = json.dumps(report, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
        atomic_write(self.dir / REPORT, data.encode("utf-8"))


def fold_empty_run(state_dir: Path, run_id: str, report: dict[str, Any]) -> bool:
    """Replace the folder of a run that changed nothing by one line of `runs/nothing.jsonl`.

    Trigger: a backfill over a year of history, most days without a session. Why: a thousand
    folders holding only "nothing" reports. Outcome: the run is still recorded, in one line; a
    folder holding anything but its report and an empty audit (state moved, patches) is kept.
    """
    import shutil

    folder = run_dir(state_dir, run_id)
    try:
        names = {p.name: p.stat().st_size for p in folder.iterdir()}
    except OSError:
        names = {}
    if set(names) - {REPORT, AUDIT, OPENED} or names.get(AUDIT, 0):
        return False
    keep = {k: report.get(k) for k in ("run_id", "job", "status", "now", "started", "finished")}
    # Why it changed nothing (weekly's "nothing compounded: …") is what a reader of `runs` or
    # `status` needs most: the line keeps the run's notes and warnings, and its place among runs.
    keep.update({k: list(report[k]) for k in ("notes", "warnings") if report.get(k)})
    ns, seq = _opened(folder)
    if ns or seq:
        keep[OPENED], keep[SEQUENCE] = ns, seq
    with _locked(state_dir / RUNS_DIR / NOTHING_LOCK):
        append_bytes(state_dir / RUNS_DIR / NOTHING_LOG, (json.dumps(keep, sort_keys=True) + "\n").encode("utf-8"))
    shutil.rmtree(folder, ignore_errors=True)
    return True


def run_dir(state_dir: Path, run_id: str) -> Path:
    """The folder of one run (this module is the one owner of the ledger's layout)."""
    return state_dir / RUNS_DIR / run_id


def run_dirs(state_dir: Path) -> list[Path]:
    """Every run folder, oldest first: run ids start with their UTC start second, and runs started
    in the same second are ordered by their recorded start (`opened`), not their random suffix."""
    root = state_dir / RUNS_DIR
    try:
        folders = sorted(p for p in root.iterdir() if p.is_dir())
    except OSError:
        return []
    seconds: dict[str, int] = {}
    for p in folders:
        seconds[p.name[:16]] = seconds.get(p.name[:16], 0) + 1
    if all(n == 1 for n in seconds.values()):
        return folders
    return sorted(folders, key=lambda p: run_order(p.name, *(_opened(p) if seconds[p.name[:16]] > 1 else (0, 0))))


def run_order(run_id: str, ns: int, seq: int) -> tuple[str, int, int, str]:
    """The one order of runs (oldest first; every listing reverses it for newest first): the start
    second in the run id, then, within a second, the ledger's sequence (runs/sequence: a number
    taken when the run's folder was made, one higher each time, across processes), then the
    folder's time stamp (folders made before the sequence), then the id."""
    return (run_id[:16], seq, ns, run_id)


def _next_sequence(root: Path) -> int:
    """The ledger's next number, one higher than the last: runs/sequence holds the last one, read and
    written under an exclusive lock on the file, so two processes never get the same number and the
    file stays a few bytes (it grew a byte a run while it was one byte appended per run: such a
    file's length is its last number, and it is read so)."""
    import fcntl

    root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root / SEQUENCE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        last = _last_number(os.pread(fd, size, 0) if size else b"")
        digits = str(last + 1).encode("ascii")
        # written over the old number, then cut: killed in between, the file starts with the new
        # number and `_last_number` still reads at least it
        os.pwrite(fd, digits, 0)
        os.ftruncate(fd, len(digits))
        return last + 1
    finally:
        os.close(fd)   # and the lock with it


def _last_number(data: bytes) -> int:
    """runs/sequence's last number: its leading digits, or its length for the older one-byte-a-run
    file (the larger of the two for a file cut short between writes)."""
    digits = len(data) - len(data.lstrip(b"0123456789"))
    number = int(data[:digits]) if digits else 0
    return max(number, len(data)) if data.strip(b"0123456789") else number


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on `path` (made if missing) for the block."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _opened(folder: Path) -> tuple[int, int]:
    """A run folder's stamp: (nanoseconds, sequence number); a folder made before the sequence has
    no number (0), one made before the stamp neither (0, 0)."""
    try:
        parts = (folder / OPENED).read_text("ascii").split()
        return int(parts[0]), int(parts[1]) if len(parts) > 1 else 0
    except (OSError, ValueError, IndexError):
        return 0, 0


def read_report(state_dir: Path, run_id: str) -> dict[str, Any] | None:
    """One run's report, or None when it has none or it is unreadable."""
    try:
        value = json.loads((run_dir(state_dir, run_id) / REPORT).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def read_audit(state_dir: Path, run_id: str) -> list[dict[str, Any]]:
    """One run's audit lines (one per mutation), in order."""
    path = run_dir(state_dir, run_id) / AUDIT
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text("utf-8").splitlines() if x.strip()]


def is_rolled_back(state_dir: Path, run_id: str) -> bool:
    return (run_dir(state_dir, run_id) / ROLLED_BACK).exists()


def mark_rolled_back(state_dir: Path, run_id: str) -> None:
    atomic_write(run_dir(state_dir, run_id) / ROLLED_BACK, b"")


def folded_runs(state_dir: Path) -> list[dict[str, Any]]:
    """The runs folded into `runs/nothing.jsonl` (fold_empty_run), as recorded (a line cut short by a
    kill is skipped)."""
    try:
        data = (state_dir / RUNS_DIR / NOTHING_LOG).read_bytes()
    except OSError:
        return []
    out: list[dict[str, Any]] = []
    for line in data.splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and isinstance(rec.get("run_id"), str):
            out.append(rec)
    return out


def list_runs(state_dir: Path) -> list[dict[str, Any]]:
    """Every recorded run's report, oldest first, the folded ones (`runs/nothing.jsonl`) among them
    in their place (runs without a report are skipped)."""
    keyed: list[tuple[tuple[str, int, int, str], dict[str, Any]]] = []
    for d in run_dirs(state_dir):
        try:
            rep = json.loads((d / REPORT).read_text("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(rep, dict):
            keyed.append((run_order(d.name, *_opened(d)), rep))
    for rec in folded_runs(state_dir):
        ns, seq = rec.get(OPENED), rec.get(SEQUENCE)
        rec = {k: v for k, v in rec.items() if k not in (OPENED, SEQUENCE)} | {"folded": True}
        keyed.append((run_order(rec["run_id"], ns if isinstance(ns, int) else 0, seq if isinstance(seq, int) else 0),
                      rec))
    keyed.sort(key=lambda kr: kr[0])
    return [rep for _, rep in keyed]


def mark_interrupted(state_dir: Path, jobs: tuple[str, ...], current: str,
                     failed: list[str] | None = None) -> list[str]:
    """Reports of `jobs` still saying "running" (a run killed, or out of disk before it could
    record its end) become "failed" with an `interrupted` error. Call only while holding those
    jobs' locks: then none of them can still be running. Returns the run ids changed; `failed`,
    if given, receives every run id whose report now says "failed" (the same one read of the
    reports serves memory_store/unrecorded.py)."""
    changed: list[str] = []
    for d in run_dirs(state_dir):
        if d.name == current:
            continue
        ended = _ended_status(d / REPORT)
        if ended is not None:
            if ended == "failed" and failed is not None:
                failed.append(d.name)
            continue
        rep = read_report(state_dir, d.name)
        if rep is not None and rep.get("status") == "failed" and failed is not None:
            failed.append(d.name)
        if rep is None or rep.get("status") != "running" or rep.get("job") not in jobs:
            continue
        if failed is not None:
            failed.append(d.name)
        rep["status"] = "failed"
        rep["errors"] = [*(rep.get("errors") or []), {
            "path": None, "line": None, "code": "interrupted",
            "message": "the run ended before it could record its end (killed, or the disk was full)"}]
        RunLedger(state_dir, d.name).write_report(rep)
        changed.append(d.name)
    return changed


# The status of run reports that have ended (anything but "running"), by path, with the report
# file's inode, size and mtime when read: such a report is not written again (only a "running" one
# is, by its run or by `mark_interrupted`; a rewrite is a new file), so while those are the same
# its status is known without reading it. Trigger: every run reads every report to find
# interrupted runs, and a backfill keeps every run's folder: its runs read reports days x runs times.
_ENDED: dict[str, tuple[tuple[int, int, int], str]] = {}


def _ended_status(path: Path) -> str | None:
    """The status of the ended report at `path` if it is known and unchanged since; else None."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    stamp = (st.st_ino, st.st_size, st.st_mtime_ns)
    known = _ENDED.get(str(path))
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        rep = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    status = rep.get("status") if isinstance(rep, dict) else None
    if not isinstance(status, str) or status == "running":
        return None
    if len(_ENDED) >= _ENDED_MAX:   # a long-lived process (the MCP server): forget folders pruned since
        _ENDED.clear()
    _ENDED[str(path)] = (stamp, status)
    return status


_ENDED_MAX = 20_000


def last_runs(state_dir: Path) -> dict[str, dict[str, Any]]:
    """The newest report of each job (folded runs included), in `list_runs`' order."""
    latest: dict[str, dict[str, Any]] = {}
    for rep in list_runs(state_dir):
        job = rep.get("job")
        if isinstance(job, str):
            latest[job] = rep
    return latest


def unfinished_appends(state_dir: Path, run_id: str, patches: list[dict[str, Any]]) -> dict[str, list[bytes]]:
    """Appends a run announced but never recorded as made (it was killed in between), by path."""
    path = run_dir(state_dir, run_id) / INTENTS
    if not path.exists():
        return {}
    done = {p.get("n") for p in patches if p.get("op") == "append"}
    out: dict[str, list[bytes]] = {}
    for line in path.read_text("utf-8").splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue   # a line cut by a kill: its append had not started (the intent comes first)
        if isinstance(rec, dict) and rec.get("n") not in done and "path" in rec:
                out.setdefault(rec["path"], []).append(rec["text"].encode("utf-8"))
    return out


def read_patches(state_dir: Path, run_id: str) -> list[dict[str, Any]]:
    path = run_dir(state_dir, run_id) / PATCHES
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def prune_runs(state_dir: Path, keep_days: int, now: datetime | None = None) -> list[str]:
    """Remove run folders older than `keep_days` (by the run id's start time), and the lines of
    runs/nothing.jsonl (the runs folded away) by the same rule."""
    import shutil

    now = now or datetime.now(UTC)
    root = state_dir / RUNS_DIR
    removed: list[str] = []
    if not root.is_dir():
        return removed
    for d in root.iterdir():
        started = _run_started(d.name)
        if started is None:
            continue
        if (now - started).days > keep_days:
            shutil.rmtree(d, ignore_errors=True)
            removed.append(d.name)
    return sorted(removed + _prune_folded(root, keep_days, now))


def _run_started(run_id: str) -> datetime | None:
    """When a run started, from its id (a run folder's name), or None for another name."""
    try:
        return datetime.strptime(run_id[:16], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def _prune_folded(root: Path, keep_days: int, now: datetime) -> list[str]:
    """Drop the lines of runs/nothing.jsonl whose run is older than `keep_days`; the file is read
    whole only when its first line is that old (lines are appended as runs end, oldest first)."""
    path = root / NOTHING_LOG
    try:
        with open(path, "rb") as fh:
            first = fh.readline()
    except OSError:
        return []

    def old(line: bytes) -> str | None:
        """The line's run id when its run is past the retention, "" for a line that is no run (cut short
        by a kill: `folded_runs` skips it too), else None."""
        try:
            rec = json.loads(line)
        except ValueError:
            return ""
        run_id = rec.get("run_id") if isinstance(rec, dict) else None
        started = _run_started(run_id) if isinstance(run_id, str) else None
        if started is None:
            return ""
        return run_id if (now - started).days > keep_days else None

    if not first.strip() or old(first) is None:
        return []
    with _locked(root / NOTHING_LOCK):
        try:
            lines = path.read_bytes().splitlines(keepends=True)
        except OSError:
            return []
        gone = [(line, old(line)) for line in lines]
        kept = [line for line, run_id in gone if run_id is None and line.strip()]
        atomic_write(path, b"".join(x if x.endswith(b"\n") else x + b"\n" for x in kept))
    return [run_id for _, run_id in gone if run_id]
