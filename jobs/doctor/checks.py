"""The checks of `memjobs doctor`. Each reads only (docs/design.md §3: doctor without `--fix`
writes nothing) and adds findings to the report; a failure carries the command that fixes it."""
from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

from jobs.doctor.findings import DoctorReport
from memory_store.config import Config
from memory_store.layout import CORE_FILES
from memory_store.locks import LOCK_DIR, path_is_locked

TEMP_RE = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")   # fileio.atomic_write's mkstemp names
TEMP_AGE_S = 3600          # a younger temp file may belong to a write in progress
MAX_FILE_FINDINGS = 20     # per kind; the rest are counted in one line
SECRET_SCAN_MAX_BYTES = 5 * 1024 * 1024
_MARK_RE = re.compile(r"\[REDACTED:([A-Za-z0-9_-]+)\]")


def check_layout(cfg: Config, rep: DoctorReport) -> None:
    """A file where the layout has a folder (a notes file called `memory`): every job fails on it,
    and doctor's other findings (links that do not resolve, …) would only be its consequences."""
    from memory_store.workspace import blocked_folders

    blocked = blocked_folders(cfg.workspace)
    for rel in blocked:
        rep.add("layout", "error", f"{rel} is a file, not a folder: memjobs keeps its {rel}/ folder there, and "
                "every job fails until it is one", f"rename or move the file {cfg.workspace / rel}, then "
                f"memjobs init {cfg.workspace} (creates the missing folders, keeps every file)", path=rel)
    if not blocked:
        rep.add("layout", "ok", "the workspace's folders are folders")


def check_sources(cfg: Config, rep: DoctorReport) -> None:
    from memory_store.transcripts.history import survey

    label = cfg.source_file or cfg.workspace / "memjobs.yaml"
    for i, h in enumerate(survey(cfg)):
        if h.sessions:
            rep.add("sources", "ok", f"{h.format} {h.path}: {h.sessions} sessions since {h.oldest}")
        elif h.is_default:
            rep.add("sources", "info", f"{h.format} {h.path}: not found (that agent is not installed here?)")
        else:
            rep.add("sources", "error", f"transcripts[{i}] ({h.format}): {h.problem or 'no session found'}",
                    f"fix transcripts[{i}].path in {label}, or remove the source", path=str(label))
    if not cfg.transcripts:
        rep.add("sources", "warning", "no transcript source is configured: the jobs have nothing to read",
                f"add a source under `transcripts:` in {label}")


def check_locks(cfg: Config, rep: DoctorReport) -> None:
    from memory_store.locks import read_holder

    folder = cfg.workspace / LOCK_DIR
    found = False
    for holder_file in sorted(folder.glob("*.lock.json")) if folder.is_dir() else []:
        name = holder_file.name.removesuffix(".lock.json")
        lock = folder / f"{name}.lock"
        holder = read_holder(cfg.workspace, name)
        who = holder.describe() if holder else "an unknown holder"
        found = True
        if path_is_locked(lock):
            rep.add("locks", "info", f"{name} lock held by {who}: a run is in progress")
        else:
            rep.add("locks", "warning", f"stale {name} lock record: {who} ended without releasing it",
                    "memjobs doctor --fix (removes the record; the OS lock is already free)",
                    path=_rel(cfg, holder_file), fixable=True)
    if not found:
        rep.add("locks", "ok", "no lock held, none stale")


def temp_files(cfg: Config, now: float | None = None) -> list[Path]:
    """Temp files of interrupted atomic writes (and an abandoned index rebuild), older than an hour."""
    now = time.time() if now is None else now
    out: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(cfg.workspace):
        dirnames[:] = sorted(d for d in dirnames if d not in (".git", "node_modules"))
        for f in sorted(filenames):
            if TEMP_RE.match(f) or f == "index.rebuild.sqlite":
                p = Path(dirpath) / f
                try:
                    if now - p.stat().st_mtime >= TEMP_AGE_S:
                        out.append(p)
                except OSError:
                    continue
    return out


def check_temp_files(cfg: Config, rep: DoctorReport) -> None:
    leftovers = temp_files(cfg)
    for p in leftovers[:MAX_FILE_FINDINGS]:
        rep.add("temp_files", "warning", f"leftover temp file of an interrupted write: {_rel(cfg, p)}",
                "memjobs doctor --fix", path=_rel(cfg, p), fixable=True)
    if len(leftovers) > MAX_FILE_FINDINGS:
        rep.add("temp_files", "warning", f"{len(leftovers) - MAX_FILE_FINDINGS} more leftover temp files",
                "memjobs doctor --fix", fixable=True)
    if not leftovers:
        rep.add("temp_files", "ok", "no leftover temp files")


def check_index(cfg: Config, rep: DoctorReport) -> None:
    from memory_store.errors import IndexOtherVersion
    from memory_store.search.indexer import unindexed
    from memory_store.search.schema import generation_stamp, index_path, meta_get, open_readonly

    path = index_path(cfg.state_dir)
    if not path.is_file():
        rep.add("index", "warning", "there is no search index yet", "memjobs index (or memjobs doctor --fix)",
                fixable=True)
        return
    try:
        db = open_readonly(path)
        try:
            stale = generation_stamp(cfg.state_dir) != meta_get(db, "generation")
            edited = unindexed(cfg, db)   # by the index's record of each file, not by file times
        finally:
            db.close()
    except IndexOtherVersion:
        rep.add("index", "warning", "the search index was built by another version of memjobs (an upgrade): "
                "until it is rebuilt, search answers from a scan of the memory files, without the sessions tier",
                "memjobs index --rebuild (or memjobs doctor --fix; the next job run rebuilds it too)",
                path=_rel(cfg, path), fixable=True)
        return
    except Exception as exc:  # a corrupt or foreign file: sqlite3 raises several kinds
        rep.add("index", "error", f"the search index cannot be read: {exc}",
                "memjobs index --rebuild (or memjobs doctor --fix)", path=_rel(cfg, path), fixable=True)
        return
    if stale:
        rep.add("index", "warning", "the search index is older than the jobs' last write",
                "memjobs index (or memjobs doctor --fix)", fixable=True)
    elif edited:
        rep.add("index", "warning", f"{len(edited)} memory file(s) not in the search index as they are now "
                f"(e.g. {edited[0]}): search does not find what they say", "memjobs index (or memjobs doctor --fix)",
                fixable=True)
    else:
        rep.add("index", "ok", "the search index is up to date")
    from jobs.status.embed import embed_line
    from memory_store.search import vectors

    if vectors.wanted(cfg) and vectors.available() and vectors.model() is None:
        # Installed but not loadable (a half-written install): search ranks by words only.
        rep.add("embed", "warning", f"hybrid ranking is off: {vectors.failure()}",
                "pip install --force-reinstall 'memjobs[embed]' (or search.embed: off)")
        return
    rep.add("embed", "info", f"hybrid ranking (sentence vectors): {embed_line(vectors.describe(cfg))}")


def check_runs(cfg: Config, rep: DoctorReport) -> None:
    """The last run of each job: one that failed is an error naming its first error and the run, as
    `status` warns of it (docs/design.md §7.2) — a weekly a guard refused in a backfill included."""
    from memory_store.config import JOBS
    from memory_store.ledger import last_runs

    runs = last_runs(cfg.state_dir)
    failed = False
    for job in JOBS:
        last = runs.get(job)
        if last is None or last.get("status") != "failed":
            continue
        failed = True
        errors = last.get("errors") or [{}]
        first = errors[0] if isinstance(errors[0], dict) else {}
        said = first.get("message") or "no error recorded"
        rep.add("runs", "error", f"the last {job} run failed ({last.get('run_id')}): {said}",
                f"memjobs runs show {last.get('run_id')} (the error says what to do), then run it again",
                path=first.get("path"), line=first.get("line"))
    if not failed:
        rep.add("runs", "ok", "no job's last run failed")
    _check_clock(cfg, rep)


CLOCK_RUNS = 50   # how many of the latest runs doctor looks through for lines read as of another time


def _check_clock(cfg: Config, rep: DoctorReport) -> None:
    """Transcript lines a recent run read as of another time than their stamp (jobs/microsync/scan.py
    `file_order_times`: stamped in the future by a clock that jumped). The lines were read; the
    finding says whose clock to fix, as a warning while the newest run with new lines still met
    one (it persists), else as information."""
    from memory_store.ledger import list_runs

    recent = [r for r in list_runs(cfg.state_dir)[-CLOCK_RUNS:] if r.get("job") in ("microsync", "daily", "weekly")]
    clocked = [r for r in recent if (r.get("details") or {}).get("clock")]
    if not clocked:
        return
    last = clocked[-1]
    line = last["details"]["clock"][0]
    with_lines = [r for r in recent if any((s.get("lines") or 0) > 0 for s in r.get("sources") or [])]
    persists = bool(with_lines) and with_lines[-1] is last
    rep.add("runs", "warning" if persists else "info",
            f"{len(clocked)} of the last {len(recent)} runs read transcript lines stamped later than the lines after "
            f"them or than this machine's clock (run {last.get('run_id')}: {line.get('path')}:{line.get('line')} "
            f"stamped {line.get('stamped')}, read as of {line.get('read_as')}): a clock that jumped; they were read, "
            "dated by their place in the file",
            "check the clock of the machine that wrote that transcript (timedatectl); nothing to do in memjobs",
            path=line.get("path"), line=line.get("line"))


def check_sizes(cfg: Config, rep: DoctorReport) -> None:
    from jobs.status.collect import sizes

    s = sizes(cfg.workspace, cfg)
    mm = s["memory_md"]
    if mm["lines"] > mm["max_lines"] or mm["chars"] > mm["max_chars"]:
        rep.add("sizes", "warning", f"MEMORY.md is over budget: {mm['lines']}/{mm['max_lines']} lines, "
                f"{mm['chars']}/{mm['max_chars']} characters (agents may truncate it)",
                "memjobs run weekly (demotes the lowest items), or shorten ## Pinned", path="MEMORY.md")
    else:
        rep.add("sizes", "ok", f"MEMORY.md {mm['lines']}/{mm['max_lines']} lines, "
                f"{mm['chars']}/{mm['max_chars']} characters")
    d = s["largest_daily"]
    if d["path"] and d["entries"] > d["max_entries"]:
        rep.add("sizes", "warning", f"{d['path']} holds {d['entries']} entries (limit {d['max_entries']})",
                "memjobs run microsync (moves the overflow to memory/recent/)", path=d["path"])
    w = s["largest_summary"]
    if w["path"] and w["lines"] > w["max_lines"]:
        rep.add("sizes", "warning", f"{w['path']} has {w['lines']} lines (limit {w['max_lines']})",
                f"memjobs run daily --date {w['path'].rsplit('/', 1)[-1][:10]}", path=w["path"])


def check_files(cfg: Config, rep: DoctorReport) -> None:
    """Entry files that do not validate, orphan links in MEMORY.md and elsewhere, entries whose
    transcript vanished (memory_store.check, the same checks as `memjobs validate`)."""
    from memory_store.check import validate_paths

    problems = validate_paths(cfg.workspace)
    gone = [p for p in problems if p.message.startswith("transcript not found")]
    others = [p for p in problems if p not in gone]
    for p in others[:MAX_FILE_FINDINGS]:
        orphan = p.path == "MEMORY.md" and "link" in p.message
        fix = ("memjobs run weekly (rewrites the generated part of MEMORY.md)" if orphan
               else _validate_fix(cfg, p.path, p.line))
        rep.add("files", "error" if p.severity == "error" else "warning", f"{p.path}:{p.line}: {p.message}", fix,
                path=p.path, line=p.line)
    if len(others) > MAX_FILE_FINDINGS:
        rep.add("files", "warning", f"{len(others) - MAX_FILE_FINDINGS} more problems", "memjobs validate")
    if gone:
        first = gone[0]
        rep.add("files", "info", f"{len(gone)} entr{'y' if len(gone) == 1 else 'ies'} cite a transcript that no "
                f"longer exists (e.g. {first.path}:{first.line}); their excerpt keeps the user's words",
                None, path=first.path, line=first.line)
    if not problems:
        rep.add("files", "ok", "every memory file validates; every link resolves")


def _validate_fix(cfg: Config, rel: str, line: int) -> str:
    """`edit /ws/PROFILE.md:3, then memjobs --workspace /ws validate /ws/PROFILE.md`: a command that works
    as printed from any folder (a bare `PROFILE.md` was read against the current folder)."""
    import shlex

    ws = shlex.quote(str(cfg.workspace))
    path = shlex.quote(str(cfg.workspace / rel))
    return f"edit {path}:{line}, then memjobs --workspace {ws} validate {path}"


def check_excluded(cfg: Config, rep: DoctorReport) -> None:
    """Entries, episodes and wrap-up lines kept from a session `exclude_sessions` now excludes
    (jobs/daily/excluded_kept.py): excluding withdraws nothing already kept; the person removes them."""
    from jobs.daily.excluded_kept import HOW_TO_REMOVE, kept_from_excluded

    kept = kept_from_excluded(cfg)
    if not kept:
        return
    places = ", ".join(k.place() for k in kept[:MAX_FILE_FINDINGS])
    more = f" and {len(kept) - MAX_FILE_FINDINGS} more" if len(kept) > MAX_FILE_FINDINGS else ""
    rep.add("excluded", "warning", f"{len(kept)} item{'s' if len(kept) != 1 else ''} kept from sessions "
            f"exclude_sessions now excludes: {places}{more}", HOW_TO_REMOVE, path=kept[0].rel, line=kept[0].line)


def check_proposals(cfg: Config, rep: DoctorReport) -> None:
    pending = _pending_proposals(cfg.workspace / "PROPOSALS.md")
    if pending:
        noun = "memory" if pending == 1 else "memories"
        rep.add("proposals", "info", f"{pending} inferred {noun} pending in PROPOSALS.md",
                "review PROPOSALS.md (accept or reject each)", path="PROPOSALS.md")
    open_n, decided_n = _conflict_counts(cfg)
    if open_n:
        noun = "conflict" if open_n == 1 else "conflicts"
        rep.add("proposals", "info", f"{open_n} open possible {noun}: the newer side is held out of MEMORY.md "
                "until a person decides", "`memjobs conflicts` lists them, `memjobs conflicts resolve ID "
                "--keep new|old|both` decides each")
    if decided_n:
        rep.add("proposals", "info", f"{decided_n} decided conflict(s) wait for the next weekly run to apply them",
                "memjobs run weekly")
    if not pending and not open_n and not decided_n:
        rep.add("proposals", "ok", "no pending proposal or open conflict")


def _conflict_counts(cfg: Config) -> tuple[int, int]:
    """(open, decided but not applied) pairs of the conflicts queue (jobs/weekly/queue.py): what
    `memjobs conflicts` lists now, not what the last weekly log listed."""
    from jobs.weekly.queue import conflict_queue

    queued = conflict_queue(cfg.workspace)
    decided = sum(1 for q in queued if q.decision is not None)
    return len(queued) - decided, decided


def _pending_proposals(path: Path) -> int:
    if not path.is_file():
        return 0
    return _section_items(path, "Pending")


def _section_items(path: Path, section: str) -> int:
    n, inside = 0, False
    for line in path.read_text("utf-8", errors="replace").splitlines():
        if line.startswith("## "):
            inside = line[3:].strip() == section
        elif inside and line.startswith("- "):
            n += 1
    return n


def secret_files(cfg: Config) -> list[Path]:
    from memory_store.workspace import markdown_files

    files = markdown_files(cfg.workspace)
    for extra in ("memjobs.yaml",):
        if (cfg.workspace / extra).is_file():
            files.append(cfg.workspace / extra)
    state = cfg.state_dir
    if state.is_dir():
        for dirpath, dirnames, filenames in os.walk(state):
            dirnames.sort()
            files.extend(Path(dirpath) / f for f in sorted(filenames) if f.endswith((".json", ".jsonl", ".md")))
    return files


def check_secrets(cfg: Config, rep: DoctorReport) -> None:
    """File, line and kind of each secret found; never the secret itself.

    Besides the text as it is, a value stored under a key that names a secret: a core-memory line
    (`- key:db.password | value:…` in PROFILE.md, SESSION.md, PROPOSALS.md, and in the run folders'
    copies of their lines) and a JSON object of the audit trail and the run folders
    (`{"key": "db.password", "new": "…"}`) are read as `key: value` and `key value` too. A secret in the path of a
    transcript (a folder named after a token) is a warning about that folder, not an error about
    the state file that names it: memjobs must keep the path to read the file."""
    from memory_store.redact import contains_secret

    found = 0
    in_paths: dict[str, set[str]] = {}
    for path in secret_files(cfg):
        try:
            if path.stat().st_size > SECRET_SCAN_MAX_BYTES:
                continue
            text = path.read_text("utf-8", errors="replace")
        except OSError:
            continue
        if path.suffix not in (".json", ".jsonl") and not contains_secret(text) and "key:" not in text:
            continue   # (JSON may hide a phrase in \u escapes: its decoded strings are tested below)
        by_line: dict[int, set[str]] = {}
        for i, line in _scanned_texts(path, text):
            kinds = _secret_kinds(line)
            if not kinds:
                continue
            if _is_source_path(cfg, line):
                in_paths.setdefault(line, set()).update(kinds)
                continue
            by_line.setdefault(i or _json_line(text, line), set()).update(kinds)
        for i, kinds in sorted(by_line.items()):
            found += 1
            if found <= MAX_FILE_FINDINGS:
                rel = _rel(cfg, path)
                rep.add("secrets", "error", f"{rel}:{i}: a secret ({', '.join(sorted(kinds))}) is stored in plain text",
                        _secret_fix(rel, i), path=rel, line=i)
    if found > MAX_FILE_FINDINGS:
        rep.add("secrets", "error", f"{found - MAX_FILE_FINDINGS} more lines with secrets", "edit the files above")
    for where, kinds in sorted(in_paths.items()):
        from memory_store.redact import redact
        rep.add("secrets", "warning",
                f"a transcript's path holds a secret ({', '.join(sorted(kinds))}): {redact(where)}; memjobs' "
                "state names the file by its path, which is outside the workspace",
                "if it is a live secret, rotate it and rename the folder (memjobs then reads it as a new file)")
    if not found:
        rep.add("secrets", "ok", "no secret found in the workspace's memory, configuration or state")


_PAIR_RE = re.compile(r"(?:^|\s)- key:([^\s|\\]+) \| value:(.*?)(?: \| [a-z_]+:|$)")
_EMPTY_VALUES = frozenset(("", "none", "null", "unset", "n/a", "-"))


def _secret_kinds(line: str) -> set[str]:
    """The kinds of secret in `line` (a line of a file, a decoded JSON string, or a `key: value`
    pair `_scanned_texts` made), empty when none."""
    from memory_store.redact import contains_secret, redact

    if not contains_secret(line):
        m = _PAIR_RE.search(line)
        if m is None:
            return set()
        from memory_store.core.lineformat import unescape
        value = unescape(m.group(2))
        line = next((p for p in _pairs(m.group(1), value) if contains_secret(p)), "")
        if not line:
            # a key that names a secret holding a random-looking word (`wifi_pass`, `door_pin`):
            # the test core memory applies before it writes, for values kept from before it
            from memory_store.core.secret_values import secret_kind

            kind = secret_kind(m.group(1), value) if _pairs(m.group(1), value) else None
            return {kind} if kind else set()
    return set(_MARK_RE.findall(redact(line))) - set(_MARK_RE.findall(line)) or {"secret"}


def _pairs(key: str, value: str) -> list[str]:
    """`key: value` and `key value`, the shapes in which the catalogue reads a value its key names
    as a secret (the same test core memory applies before it writes a value); none for an empty
    value or one already redacted."""
    value = value.strip()
    if value.lower() in _EMPTY_VALUES or "[REDACTED:" in value:
        return []
    return [f"{key}: {value}", f"{key} {value}"]


def _secret_fix(rel: str, line: int) -> str:
    """How to take a stored secret out of `rel`, by what the file is."""
    if rel.startswith(".memjobs/runs/"):
        run = "/".join(rel.split("/")[:3])
        return (f"rotate the secret; then replace it with [REDACTED] at {rel}:{line}, or delete {run}/ "
                "if you will not roll that run back")
    if rel.startswith(".memjobs/audit/"):
        return (f"rotate the secret; then replace it with [REDACTED] at {rel}:{line} "
                "(the trail keeps each value only to show what changed)")
    if rel in CORE_FILES:
        return (f"rotate the secret; then edit {rel}:{line} to replace the value with where the secret is kept "
                "(\"in the team vault\"); the old value is also in .memjobs/audit/ and .memjobs/runs/ (listed here)")
    return f"edit {rel}:{line} to remove it, and rotate the secret"


def _is_source_path(cfg: Config, text: str) -> bool:
    """Whether `text` is the path of a transcript (under a configured source, or a file that exists)."""
    if not text.startswith(("/", "~")) and not re.match(r"^[A-Za-z]:[\\/]", text):
        return False
    roots = [str(Path(os.path.expanduser(t.path))) for t in cfg.transcripts]
    if any(text.startswith(r.rstrip("/") + "/") for r in roots if r):
        return True
    try:
        return Path(text).exists()
    except OSError:
        return False


def _scanned_texts(path: Path, text: str) -> Iterator[tuple[int, str]]:
    """(line number, text) pairs to scan; 0 for a line `_json_line` finds when a secret is there.
    A markdown or YAML file: its lines. A JSON or JSON Lines state file: the decoded strings of
    each line (keys and values), not its escaped text, where an escaped `\\n` would join the end
    of one field to the next (`…api_key =…\\n- id: …` would read as a key and its value).
    A line that does not parse is scanned as it is."""
    if path.suffix == ".json":
        try:
            strings = list(_json_strings(json.loads(text)))
        except ValueError:
            strings = None
        if strings is not None:   # line 0: found by `_json_line` when a secret is there
            for s in strings:
                for part in s.splitlines():
                    yield 0, part
            return
    for i, line in enumerate(text.splitlines(), start=1):
        if path.suffix not in (".json", ".jsonl"):
            yield i, line
            continue
        try:
            decoded = json.loads(line)
        except ValueError:
            yield i, line
            continue
        for s in _json_strings(decoded):
            for part in s.splitlines():
                yield i, part


def _json_strings(value: object) -> Iterator[str]:
    """Every key and string of `value`, and `key: value`, `key value` for an object that stores a
    value under a key (`{"key": "db.password", "value": …}`, the audit trail's `old` and `new`)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        key = value.get("key")
        if isinstance(key, str):
            for name in ("value", "old", "new"):
                stored = value.get(name)
                if isinstance(stored, str):
                    yield from _pairs(key, stored)
        for k, v in value.items():
            yield str(k)
            yield from _json_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _json_strings(v)


def _json_line(text: str, part: str) -> int:
    """The line of a JSON file that holds `part` (as JSON writes it), else 1."""
    candidates = [part] + ([part.split(" ", 1)[1]] if " " in part else [])   # one of `_pairs`: its value
    for candidate in candidates:
        needle = json.dumps(candidate, ensure_ascii=False)[1:-1][:60]
        ascii_needle = json.dumps(candidate)[1:-1][:60]
        for i, line in enumerate(text.splitlines(), start=1):
            if needle in line or ascii_needle in line:
                return i
    return 1


def check_policy(cfg: Config, rep: DoctorReport) -> None:
    """POLICY.md: a `$MEMJOBS_POLICY` that names no file is an error (the admin's policy is not in
    effect); a POLICY.md inside the workspace is ignored, a warning; problems in the file, warnings."""
    from memory_store.core.files import named_policy_missing, workspace_policy_warning
    from memory_store.core.policy import load_policy, policy_problems

    missing = named_policy_missing(cfg.policy_file, cfg.policy_named)
    if missing:
        rep.add("policy", "error", missing, "export MEMJOBS_POLICY=<the admin's POLICY.md>, or unset it",
                path=str(cfg.policy_file))
    elif cfg.policy_file is not None and cfg.policy_file.is_file():
        policy = load_policy(cfg.policy_file)
        problems = policy_problems(policy, frozenset(cfg.core.multi_valued))
        if problems:
            line, message = problems[0]
            rep.add("policy", "warning", f"POLICY.md has {len(problems)} problem(s), first: {message}",
                    "memjobs policy check", path=str(cfg.policy_file), line=line)
        else:
            rep.add("policy", "ok", f"policy {cfg.policy_file}: version {policy.version}, {len(policy.keys)} keys")
    warning = workspace_policy_warning(cfg.workspace)
    if warning:
        rep.add("policy", "warning", warning, f"move {cfg.workspace / 'POLICY.md'} out of the workspace",
                path="POLICY.md", line=1)


def check_schedule(cfg: Config, rep: DoctorReport) -> None:
    from jobs.scheduler import read_daemon_status
    from jobs.status import timers

    units, legacy = timers.units(cfg)
    daemon = read_daemon_status(cfg)
    alive = bool(daemon and daemon.get("alive"))
    for w in legacy:
        rep.add("schedule", "warning", w, "memjobs systemd install")
    enabled = [u["name"] for u in units if u["enabled"]]
    if units and not enabled:
        rep.add("schedule", "warning", f"{len(units)} systemd unit(s) of this workspace are installed but none "
                "is enabled", "systemctl --user daemon-reload && systemctl --user enable --now <the .timer units>")
    elif enabled:
        rep.add("schedule", "ok", f"systemd: {', '.join(enabled)} enabled")
    if alive and daemon is not None:
        rep.add("schedule", "ok", f"the memjobs daemon serves this workspace (pid {daemon.get('pid')})")
    cron = crontab_lines(cfg)
    if cron:
        rep.add("schedule", "ok", f"crontab: {len(cron)} line(s) run jobs of this workspace")
    from jobs.scheduler.systemd import ORPHANS_FIX, orphans_message, user_unit_dir
    from jobs.scheduler.unit_files import orphaned_units

    gone = orphaned_units(user_unit_dir())
    if gone:   # a workspace moved (perhaps this one): its units still fire at the old path
        rep.add("schedule", "warning", orphans_message(gone), ORPHANS_FIX)
    if not units and not alive and not cron:
        rep.add("schedule", "warning", "nothing schedules this workspace (no systemd unit, daemon or crontab "
                "line): the jobs run only by hand", "memjobs systemd install, or add the lines of `memjobs cron` "
                "with crontab -e")


def crontab_lines(cfg: Config) -> list[str]:
    """The user's crontab lines that run a job of this workspace (read with `crontab -l`)."""
    import shlex
    import shutil
    import subprocess

    exe = shutil.which("crontab")
    if exe is None:
        return []
    try:
        proc = subprocess.run([exe, "-l"], capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    marker = f"--workspace {shlex.quote(str(cfg.workspace))} "
    return [x for x in proc.stdout.splitlines() if marker in x and not x.lstrip().startswith("#")]


def check_llm(cfg: Config, rep: DoctorReport) -> None:
    if "llm" not in (cfg.extract.engine, cfg.summarize.engine):
        rep.add("llm", "ok", "rules engine: no model needed")
        return
    from jobs.llm.check import llm_check

    info = llm_check(cfg)
    if info.get("ok"):
        rep.add("llm", "ok", f"{info['base_url']} answers with {info['model']} "
                             f"({info.get('mode')} structured output, {info.get('latency_ms')} ms)")
        return
    level = "warning" if cfg.llm.fallback == "rules" else "error"
    why = info.get("error") or "no answer"
    if not info.get("key_set"):
        why += f" (${info.get('api_key_env')} is not set)"
    rep.add("llm", level, f"the model at {info['base_url']} did not answer: {why}"
            + (" — the jobs fall back to the rules" if level == "warning" else ""),
            "check llm.base_url, llm.model and the API key, then memjobs llm check")


def _rel(cfg: Config, path: Path) -> str:
    try:
        return path.relative_to(cfg.workspace).as_posix()
    except ValueError:
        return str(path)
