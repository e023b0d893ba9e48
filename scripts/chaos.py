"""Reliability stress run (docs/reliability.md): faults a failing machine and a hostile neighbour
cause, thrown at real `memjobs run` subprocesses over a workspace built like the demo
(jobs/demo/build.py), with the invariants checked after every round.

    python scripts/chaos.py --seed 7 --rounds 40 --json

A round takes one step of the demo's schedule (microSync five times a day, the wrap-up, the weekly
compound; the job is picked first, so daily and weekly are hit as often as microSync), starts
from the reference workspace as it was just before that step, and applies one fault while the
step runs:

- kill:     SIGKILL at a random moment of the run (real subprocess);
- kill-aim: SIGKILL 0-30 ms after the run's ledger shows its first write (the write phase);
- storm:    N concurrent `memjobs run` of the step's job and of another job taking the same lock;
            the winners must not overlap in time, every loser exits 75 (docs/design.md §8);
- append:   another program appends notes to the day's files and MEMORY.md during the run;
- disk:     the run gets a file-size limit (RLIMIT_FSIZE, as tests/jobs/run/test_storage_errors.py);
- enospc:   the workspace on a tmpfs of its own (private mount namespace) with 0-64 KB left: a real
            ENOSPC; the run must exit 0, or 1 with one line naming the file (skipped, with the
            reason in the summary's notes, where a tmpfs cannot be mounted);
- readonly: the workspace is read-only for the run (its write bits taken away or, as root, who
            ignores them, a read-only bind mount in a private mount namespace: a real EROFS).

Then one clean run of the same step (in-process, as the scheduler would) and the checks: no entry
of the uninterrupted run missing, `validate` clean, no secret of the demo's answer key in any file
or output, no line another program appended lost, no temp file or "running" run left, and the
memory files byte-identical to the uninterrupted run's (paths normalised, appended notes taken
out). Every violation is printed with its path; the exit code is 1 if there is any.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import yaml  # noqa: E402

from jobs.demo.build import DEMO_DATA  # noqa: E402
from jobs.dispatch import registry  # noqa: E402
from memory_store.check import validate_paths  # noqa: E402
from memory_store.config import load_config  # noqa: E402
from memory_store.workspace import init_workspace  # noqa: E402

FAULTS = ("kill", "kill-aim", "storm", "append", "disk", "enospc", "readonly")
EXIT_LOCKED = 75
NOTE_RE = re.compile(rb"\nchaos-writer [^\n]*\n")
ID_RE = re.compile(r"^\s*- id: (\S+)", re.M)
TMP_RE = re.compile(r"^\..+\.[A-Za-z0-9_]{6,}\.tmp$")


@dataclass(frozen=True)
class Step:
    job: str
    now: datetime

    def args(self) -> list[str]:
        return ["run", self.job, "--now", self.now.isoformat(), "--json"]


@dataclass
class Violation:
    round: int
    fault: str
    step: str
    check: str
    path: str
    detail: str

    def line(self) -> str:
        return f"round {self.round} [{self.fault} @ {self.step}] {self.check}: {self.path}: {self.detail}"


@dataclass
class FaultCount:
    tries: int = 0
    violations: int = 0
    landed: int = 0          # kills that hit a running job, storms with a loser, appends made...
    entries_lost: int = 0
    appended_lost: int = 0
    converged: int = 0
    lines_appended: int = 0  # notes the other program appended (append rounds)


@dataclass
class Summary:
    seed: int
    rounds: int
    faults: dict[str, FaultCount] = field(default_factory=lambda: {f: FaultCount() for f in FAULTS})
    violations: list[Violation] = field(default_factory=list)
    secrets_found: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"seed": self.seed, "rounds": self.rounds, "seconds": round(self.seconds, 1),
                "faults": {k: vars(v) for k, v in self.faults.items()},
                "secrets_found": self.secrets_found,
                "violations": [vars(v) for v in self.violations], "notes": self.notes}


def schedule(key: dict, days: int) -> list[Step]:
    """The demo's schedule (jobs/demo/build.py), cut to the first `days` days."""
    from zoneinfo import ZoneInfo

    tz = ZoneInfo(key["timezone"])
    ds = [date.fromisoformat(d) for d in key["days"]][:days]
    steps = [Step("microsync", datetime.combine(d, dtime.fromisoformat(t), tz))
             for d in ds for t in key["microsync_local_times"]]
    after = ds[-1] + timedelta(days=1)
    steps.append(Step("microsync", datetime.combine(after, dtime(10), tz)))
    steps.append(Step("daily", datetime.combine(after, dtime(0, 30), tz)))
    monday = ds[-1] + timedelta(days=7 - ds[-1].weekday())
    steps.append(Step("weekly", datetime.combine(monday, dtime(3), tz)))
    return steps


def make_workspace(target: Path, key: dict) -> None:
    init_workspace(target)
    sources = [{**s, "path": str(DEMO_DATA / s["path"])} for s in key["sources"]]
    (target / "memjobs.yaml").write_text(
        yaml.safe_dump({"timezone": key["timezone"], "transcripts": sources}, sort_keys=False), encoding="utf-8")


def run_clean(ws: Path, step: Step) -> str:
    """One uninterrupted run in-process (the scheduler's path); returns its status."""
    cfg = load_config(ws, env={})
    return registry.run(cfg, step.job, now=step.now).status


def memory_bytes(ws: Path) -> dict[str, bytes]:
    """What an agent or a person sees: every file outside `.memjobs/` and the locks, with the
    workspace's own path blanked and the notes chaos appended taken out."""
    out = {}
    root = str(ws).encode()
    for p in sorted(ws.rglob("*")):
        rel = p.relative_to(ws)
        if p.is_file() and ".memjobs" not in rel.parts and ".locks" not in rel.parts:
            out[rel.as_posix()] = NOTE_RE.sub(b"", p.read_bytes().replace(root, b"ROOT"))
    return out


def entry_ids(ws: Path) -> dict[str, str]:
    ids: dict[str, str] = {}
    for p in ws.rglob("*.md"):
        rel = p.relative_to(ws)
        if ".memjobs" in rel.parts:
            continue
        for m in ID_RE.finditer(p.read_text("utf-8", errors="replace")):
            ids.setdefault(m.group(1), rel.as_posix())
    return ids


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMJOBS_")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return {**env, **(extra or {})}


def spawn(ws: Path, args: list[str], env: dict[str, str] | None = None,
          preexec: Callable[[], None] | None = None, wrap: list[str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([*(wrap or []), sys.executable, "-m", "jobs", "--workspace", str(ws), *args], cwd=REPO,
                            env=_env(env), preexec_fn=preexec, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@dataclass
class Outcome:
    """What one fault left for the checks."""
    outputs: list[str] = field(default_factory=list)
    appended: dict[str, list[bytes]] = field(default_factory=dict)
    problems: list[tuple[str, str, str]] = field(default_factory=list)   # (check, path, detail)
    landed: bool = False


class Chaos:
    def __init__(self, seed: int, rounds: int, days: int, base: Path, log: Callable[[str], None]) -> None:
        self.rng = random.Random(seed)
        self.summary = Summary(seed, rounds)
        self.base = base
        self.log = log
        self.key = yaml.safe_load((DEMO_DATA / "expected.yaml").read_text(encoding="utf-8"))
        self.secrets = [s.encode() for s in self.key["secrets"]]
        self.steps = schedule(self.key, days)
        self.duration: dict[str, float] = {"microsync": 0.8, "daily": 0.8, "weekly": 0.8}
        self.ro_mount = _can_mount_read_only(base)
        self.no_tmpfs = tmpfs_unavailable(base)

    # -- reference ----------------------------------------------------------------------------
    def build_reference(self) -> None:
        """Snapshots of the uninterrupted run: snap/<k> is the workspace after k steps."""
        ws = self.base / "ref"
        make_workspace(ws, self.key)
        shutil.copytree(ws, self.base / "snap" / "0", symlinks=True)
        for k, step in enumerate(self.steps, 1):
            status = run_clean(ws, step)
            if status not in ("ok", "nothing"):
                raise SystemExit(f"the uninterrupted run failed at step {k} ({step.job}): {status}")
            shutil.copytree(ws, self.base / "snap" / str(k), symlinks=True)

    # -- faults -------------------------------------------------------------------------------
    def fault_kill(self, ws: Path, step: Step, out: Outcome) -> None:
        est = self.duration[step.job]
        delay = self.rng.uniform(0.1, 1.0) * est
        proc = spawn(ws, step.args())
        t0 = time.monotonic()
        try:
            proc.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            out.landed = True
        stdout, stderr = proc.communicate()
        if not out.landed:
            self.duration[step.job] = max(0.3, 0.5 * est + 0.5 * (time.monotonic() - t0))
        out.outputs += [stdout, stderr]

    def fault_kill_aim(self, ws: Path, step: Step, out: Outcome) -> None:
        runs = ws / ".memjobs" / "runs"
        before = set(os.listdir(runs)) if runs.exists() else set()
        proc = spawn(ws, step.args())
        while proc.poll() is None:
            fresh = (set(os.listdir(runs)) if runs.exists() else set()) - before
            if any((runs / d / f).exists() for d in fresh for f in ("intents.jsonl", "patches.jsonl")):
                time.sleep(self.rng.uniform(0.0, 0.03))
                if proc.poll() is None:
                    proc.send_signal(signal.SIGKILL)
                    out.landed = True
                break
            time.sleep(0.002)
        stdout, stderr = proc.communicate()
        out.outputs += [stdout, stderr]

    def fault_storm(self, ws: Path, step: Step, out: Outcome) -> None:
        # daily and weekly also take microsync's lock, so microSync runs join their storms (a daily
        # run joining a microSync storm would write wrap-ups the uninterrupted run has not yet).
        other = "microsync"
        n_same = self.rng.randint(3, 6)
        n_other = 0 if step.job == "microsync" else self.rng.randint(1, 3)
        argv = [step.args()] * n_same + [["run", other, "--now", step.now.isoformat(), "--json"]] * n_other
        self.rng.shuffle(argv)
        # The winner holds its locks a while, so the others meet them; nobody waits for a lock.
        env = {"MEMJOBS_TEST_DELAY_S": "1.0", "MEMJOBS_LIMITS__LOCK_WAIT_S": "0"}
        procs = [spawn(ws, a, env) for a in argv]
        spans: list[tuple[float, float, str]] = []
        for p in procs:
            stdout, stderr = p.communicate(timeout=300)
            out.outputs += [stdout, stderr]
            if p.returncode == 0:
                rep = json.loads(stdout)
                spans.append((_stamp(rep["started"]), _stamp(rep["finished"]), rep["run_id"]))
            elif p.returncode == EXIT_LOCKED:
                out.landed = True
            else:
                out.problems.append(("storm exit", "memjobs run", f"exit {p.returncode}: {_tail(stderr)}"))
        if not spans:
            out.problems.append(("storm winner", "memjobs run", f"no winner among {len(procs)}"))
        spans.sort()
        for (_, end, a), (start, _, b) in zip(spans, spans[1:], strict=False):
            if start < end:
                out.problems.append(("storm overlap", ".memjobs/runs", f"{a} and {b} held the lock together"))

    def fault_append(self, ws: Path, step: Step, out: Outcome) -> None:
        day = step.now.date()
        targets = [ws / "memory" / f"{d}.md" for d in (day - timedelta(days=1), day)] + [ws / "MEMORY.md"]
        stop = threading.Event()
        seq = [0]

        def writer() -> None:
            while not stop.is_set():
                target = self.rng.choice(targets)
                if target.exists():          # another program appends, it does not create
                    seq[0] += 1
                    note = f"\nchaos-writer {seq[0]}: a note another program appended.\n".encode()
                    with target.open("ab") as fh:     # open, append, close, as OpenClaw's flush
                        fh.write(note)
                    out.appended.setdefault(target.relative_to(ws).as_posix(), []).append(note)
                time.sleep(self.rng.uniform(0.002, 0.03))

        proc = spawn(ws, step.args())
        th = threading.Thread(target=writer)
        th.start()
        stdout, stderr = proc.communicate(timeout=300)
        stop.set()
        th.join()
        out.outputs += [stdout, stderr]
        out.landed = seq[0] > 0
        if proc.returncode != 0:
            out.problems.append(("append run", "memjobs run", f"exit {proc.returncode}: {_tail(stderr)}"))
        self._check_appended(ws, out, "append lost (during the run)")

    def fault_disk(self, ws: Path, step: Step, out: Outcome) -> None:
        limit = self.rng.choice([256, 1024, 2048, 4096, 8192, 16384])

        def cap() -> None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        proc = spawn(ws, step.args(), preexec=cap)
        stdout, stderr = proc.communicate(timeout=300)
        out.outputs += [stdout, stderr]
        out.landed = proc.returncode == 1
        if proc.returncode not in (0, 1) or "Traceback" in stderr:
            out.problems.append(("disk exit", "memjobs run", f"limit {limit}: exit {proc.returncode}: {_tail(stderr)}"))

    def fault_enospc(self, ws: Path, step: Step, out: Outcome) -> None:
        free = self.rng.choice([0, 4096, 8192, 16384, 32768, 65536])
        p = on_small_tmpfs(ws, free, [sys.executable, "-m", "jobs", "--workspace", str(ws), *step.args()])
        out.outputs += [p.stdout, p.stderr]
        out.landed = p.returncode == 1
        if p.returncode not in (0, 1) or "Traceback" in p.stderr:
            out.problems.append(("enospc exit", "memjobs run",
                                 f"{free} B free: exit {p.returncode}: {_tail(p.stderr)}"))
        elif p.returncode == 1:
            # One message naming the full disk: with --json the report's one error (stderr empty).
            said = _errors_said(p.stdout, p.stderr)
            if len(said) != 1 or "no space left" not in said[0]:
                out.problems.append(("enospc message", "memjobs run",
                                     f"{free} B free: {len(said)} messages, not one naming the full disk: {said}"))
        for left in ws.rglob("index.rebuild.sqlite*"):
            out.problems.append(("enospc leftover", left.relative_to(ws).as_posix(), "a half-built index copy"))

    def fault_readonly(self, ws: Path, step: Step, out: Outcome) -> None:
        """As root, a read-only bind mount of the workspace in a private mount namespace (a real
        EROFS; root ignores permission bits); otherwise the write bits taken away."""
        modes: dict[Path, int] = {}
        wrap: list[str] = []
        if os.geteuid() == 0 and self.ro_mount:
            wrap = ["unshare", "-m", "sh", "-c",
                    'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && exec "$@"', str(ws)]
        else:
            modes = {p: p.lstat().st_mode for p in [ws, *ws.rglob("*")] if not p.is_symlink()}
            for p, mode in modes.items():
                os.chmod(p, mode & ~0o222)
        try:
            proc = spawn(ws, step.args(), wrap=wrap)
            stdout, stderr = proc.communicate(timeout=300)
        finally:
            for p, mode in modes.items():
                os.chmod(p, mode)
        out.outputs += [stdout, stderr]
        said = (stdout + stderr).lower()
        out.landed = proc.returncode == 1 and ("read-only" in said or "permission denied" in said)
        if proc.returncode not in (0, 1) or "Traceback" in stderr:
            out.problems.append(("readonly exit", "memjobs run", f"exit {proc.returncode}: {_tail(stderr)}"))

    # -- checks -------------------------------------------------------------------------------
    def _check_appended(self, ws: Path, out: Outcome, check: str) -> None:
        for rel, notes in out.appended.items():
            data = (ws / rel).read_bytes() if (ws / rel).exists() else b""
            lost = [n for n in notes if data.count(n) != 1]
            if lost:
                out.problems.append((check, rel, f"{len(lost)} of {len(notes)} appended notes missing or doubled, "
                                     f"first {lost[0].strip().decode()!r}"))

    def check(self, ws: Path, k: int, out: Outcome, count: FaultCount) -> list[tuple[str, str, str]]:
        probs = list(out.problems)
        ref = self.base / "snap" / str(k)
        want, have = entry_ids(ref), entry_ids(ws)
        missing = sorted(set(want) - set(have))
        count.entries_lost += len(missing)
        probs += [("entry lost", want[i], i) for i in missing]
        for problem in validate_paths(ws):
            if problem.severity == "error":
                probs.append(("validate", problem.path or "?", problem.format()))
        self._secrets(ws, out, probs)
        before = len(probs)
        self._check_appended(ws, out, "append lost (after the rerun)")
        count.appended_lost += sum(1 for x in probs[before:] if x[0].startswith("append lost"))
        for tmp in ws.rglob("*.tmp"):
            if TMP_RE.match(tmp.name) and ".memjobs" not in tmp.relative_to(ws).parts:
                probs.append(("temp file left", tmp.relative_to(ws).as_posix(), "not swept by the rerun"))
        for rep in (ws / ".memjobs" / "runs").glob("*/report.json"):
            if json.loads(rep.read_text("utf-8")).get("status") == "running":
                probs.append(("run left running", rep.relative_to(ws).as_posix(), "never marked failed"))
        a, b = memory_bytes(ref), memory_bytes(ws)
        diff = sorted(p for p in set(a) | set(b) if a.get(p) != b.get(p))
        if diff:
            probs += [("not converged", p, _first_diff(a.get(p), b.get(p))) for p in diff]
        else:
            count.converged += 1
        return probs

    def _secrets(self, ws: Path, out: Outcome, probs: list[tuple[str, str, str]]) -> None:
        for p in ws.rglob("*"):
            if p.is_file() and not p.is_symlink():
                data = p.read_bytes()
                for s in self.secrets:
                    if s in data:
                        self.summary.secrets_found += 1
                        probs.append(("secret written", p.relative_to(ws).as_posix(), s[:6].decode() + "…"))
        for text in out.outputs:
            for s in self.secrets:
                if s.decode() in text:
                    self.summary.secrets_found += 1
                    probs.append(("secret printed", "stdout/stderr", s[:6].decode() + "…"))

    # -- rounds -------------------------------------------------------------------------------
    def run(self) -> Summary:
        t0 = time.monotonic()
        self.build_reference()
        faults = [f for f in FAULTS if f != "enospc" or self.no_tmpfs is None]
        if self.no_tmpfs is not None:
            self.summary.notes.append(f"enospc rounds skipped: {self.no_tmpfs}")
        for r in range(1, self.summary.rounds + 1):
            if (r - 1) % len(faults) == 0:
                self.rng.shuffle(faults)
            fault = faults[(r - 1) % len(faults)]
            # The job first, so daily and weekly (one step each) are hit as often as microSync.
            job = self.rng.choice(["microsync", "daily", "weekly"])
            k = self.rng.choice([i for i, st in enumerate(self.steps, 1) if st.job == job])
            step = self.steps[k - 1]
            ws = self.base / f"round-{r}"
            shutil.copytree(self.base / "snap" / str(k - 1), ws, symlinks=True)
            out = Outcome()
            getattr(self, "fault_" + fault.replace("-", "_"))(ws, step, out)
            status = run_clean(ws, step)
            if status not in ("ok", "nothing"):
                out.problems.append(("rerun failed", "memjobs run", f"{step.job}: {status}"))
            count = self.summary.faults[fault]
            count.tries += 1
            count.landed += out.landed
            count.lines_appended += sum(len(v) for v in out.appended.values())
            tag = f"{step.job}@{step.now.isoformat()}"
            for check, path, detail in self.check(ws, k, out, count):
                count.violations += 1
                v = Violation(r, fault, tag, check, path, detail)
                self.summary.violations.append(v)
                self.log(v.line())
            self.log(f"round {r}: {fault} at step {k} ({tag}) landed={out.landed}")
            shutil.rmtree(ws, ignore_errors=True)
        self.summary.seconds = time.monotonic() - t0
        return self.summary


def _can_mount_read_only(base: Path) -> bool:
    """Whether a private read-only bind mount works here (root with CAP_SYS_ADMIN and unshare)."""
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    probe = base / "ro-probe"
    probe.mkdir(exist_ok=True)
    p = subprocess.run(["unshare", "-m", "sh", "-c",
                        'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && ! touch "$0/x"', str(probe)],
                       capture_output=True)
    ok = p.returncode == 0 and not (probe / "x").exists()
    shutil.rmtree(probe, ignore_errors=True)
    return ok


# Runs a command with the workspace on a tmpfs of its own, in a private mount namespace, with only
# `free` bytes left on it (a filler file takes the rest); then copies the workspace back.
_TMPFS_SCRIPT = r"""
ws="$1"; src="$2"; back="$3"; free="$4"; shift 4
kb=$(du -sk "$src" | cut -f1)
mount -t tmpfs -o size=$((kb + 4096))k tmpfs "$ws" || exit 90
cp -a "$src/." "$ws/" || exit 91
dd if=/dev/zero of="$ws/.chaos-filler" bs=4096 2>/dev/null
truncate -s -"$free" "$ws/.chaos-filler" || exit 92
"$@"; rc=$?
rm -f "$ws/.chaos-filler"
mkdir -p "$back" && cp -a "$ws/." "$back/" || exit 93
exit $rc
"""


def tmpfs_unavailable(base: Path) -> str | None:
    """Why a small tmpfs cannot be mounted here (None: it can): it takes root (CAP_SYS_ADMIN) and
    `unshare` for a private mount namespace."""
    if os.geteuid() != 0:
        return "mounting a tmpfs needs root (CAP_SYS_ADMIN); not root here"
    if not shutil.which("unshare"):
        return "no unshare(1) for a private mount namespace"
    probe = base / "tmpfs-probe"
    probe.mkdir(exist_ok=True)
    p = subprocess.run(["unshare", "-m", "sh", "-c", 'mount -t tmpfs -o size=64k tmpfs "$0" && touch "$0/x"',
                        str(probe)], capture_output=True, text=True)
    left = (probe / "x").exists()      # a mount that leaked out of the namespace would leave it
    shutil.rmtree(probe, ignore_errors=True)
    if p.returncode != 0 or left:
        return f"mount -t tmpfs in a private mount namespace failed: {_tail(p.stderr)}"
    return None


def on_small_tmpfs(ws: Path, free: int, argv: list[str], env: dict[str, str] | None = None,
                   timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run `argv` with the workspace `ws` on a tmpfs (same path, private mount namespace) that
    has `free` bytes left, rounded down to its 4 KB pages; what the run left in the workspace is
    copied back to `ws`. Exit 90-93: the tmpfs could not be set up."""
    src = ws.with_name(ws.name + ".src")
    back = ws.with_name(ws.name + ".back")
    ws.rename(src)
    ws.mkdir()
    try:
        p = subprocess.run(["unshare", "-m", "sh", "-c", _TMPFS_SCRIPT, "chaos-tmpfs", str(ws), str(src), str(back),
                            str(free), *argv], cwd=REPO, env=_env(env), text=True, capture_output=True,
                           timeout=timeout)
    finally:
        ws.rmdir()
        if back.is_dir():
            back.rename(ws)
            shutil.rmtree(src, ignore_errors=True)
        else:
            src.rename(ws)
    return p


def _errors_said(stdout: str, stderr: str) -> list[str]:
    """The error messages a failed `memjobs run --json` gave: its report's errors plus any line on
    stderr (the report is the one place they belong)."""
    try:
        said = [str(e.get("message")) for e in json.loads(stdout).get("errors", [])]
    except (ValueError, AttributeError):
        said = []
    return said + [x for x in stderr.splitlines() if x.strip()]


def _stamp(s: str) -> float:
    return datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


def _tail(text: str) -> str:
    lines = [x for x in text.strip().splitlines() if x.strip()]
    return lines[-1][:200] if lines else "(no output)"


def _first_diff(a: bytes | None, b: bytes | None) -> str:
    if a is None or b is None:
        return "missing in the uninterrupted run" if a is None else "missing after the rerun"
    la, lb = a.decode("utf-8", "replace").splitlines(), b.decode("utf-8", "replace").splitlines()
    for i, (x, y) in enumerate(zip(la, lb, strict=False), 1):
        if x != y:
            return f"line {i}: expected {x[:80]!r}, got {y[:80]!r}"
    return f"{len(la)} lines expected, {len(lb)} found"


def run_chaos(seed: int, rounds: int, days: int = 5, base: Path | None = None,
              log: Callable[[str], None] | None = None) -> Summary:
    """The core, for scripts and tests: a summary with every violation."""
    owned = base is None
    root = Path(tempfile.mkdtemp(prefix="memjobs-chaos-")) if base is None else base
    try:
        return Chaos(seed, rounds, days, root, log or (lambda _s: None)).run()
    finally:
        if owned:
            shutil.rmtree(root, ignore_errors=True)


def table(s: Summary) -> str:
    rows = [f"{'fault':<9} {'tries':>5} {'landed':>6} {'violations':>10} {'entries lost':>12} "
            f"{'appends lost':>12} {'converged':>9}"]
    for name, c in s.faults.items():
        rows.append(f"{name:<9} {c.tries:>5} {c.landed:>6} {c.violations:>10} {c.entries_lost:>12} "
                    f"{c.appended_lost:>12} {c.converged:>6}/{c.tries:<3}")
    appended = sum(c.lines_appended for c in s.faults.values())
    rows.append(f"lines appended by the other program: {appended}")
    rows.append(f"secrets found: {s.secrets_found}; violations: {len(s.violations)}; "
                f"seed {s.seed}, {s.rounds} rounds, {s.seconds:.0f} s")
    rows.extend(f"note: {n}" for n in s.notes)
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--seed", type=int, default=1, help="random seed (same seed, same faults)")
    ap.add_argument("--rounds", type=int, default=25, help="rounds, one fault each (default 25)")
    ap.add_argument("--days", type=int, default=5, help="days of the demo schedule to use (1-5)")
    ap.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    args = ap.parse_args(argv)
    log = (lambda s: print(s, file=sys.stderr)) if args.json else print
    summary = run_chaos(args.seed, args.rounds, args.days, log=log)
    print(json.dumps(summary.to_dict(), indent=2) if args.json else table(summary))
    return 1 if summary.violations else 0


if __name__ == "__main__":
    sys.exit(main())
