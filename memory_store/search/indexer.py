"""Building and updating the index (the "index maintainer" row of docs/design.md §3).

Everything written lives under `.memjobs/index*`: the database, its `-journal` while a write is
in progress, the generation file, the lock and the rebuild temp file. One writer at a time (a
file lock). An update rescans only files whose size, mtime or hash changed and drops the rows of
deleted files; `rebuild` builds a new file beside the old one and swaps it in, so readers always
see a complete index.

Staleness without walking the workspace: `.memjobs/index.generation` is rewritten (new inode,
new mtime) whenever the workspace is known to have changed (`bump_generation`, after a job wrote
files) and at the end of every update, which records the file's stat in the database in the same
transaction. A reader compares one `os.stat` with that record.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from memory_store.config import Config
from memory_store.confine import Confinement, extra_roots, is_inside
from memory_store.errors import MemjobsError
from memory_store.layout import SUMMARY_DIR
from memory_store.search.chunks import RowData, rows_of, without_ids
from memory_store.search.links import apply_links
from memory_store.search.schema import (
    GENERATION_NAME,
    INDEX_NAME,
    KEY_BITS,
    LOCK_NAME,
    REBUILD_NAME,
    generation_stamp,
    meta_get,
    migrate,
    open_writer,
)
from memory_store.search.tokens import TOKENIZER_VERSION, fts_text, normalise
from memory_store.supersedes_read import held_out_in, held_out_key
from memory_store.workspace import DAILY_RE, bundled, is_warm, markdown_files

WARM_KEY = (1 << 22) - 1  # above every date ordinal: always-warm files sort last
COLD_KEY = 1
ACCESS_DIR = "access"  # .memjobs/access/<week>.json: entries' read counts (memory_store.access)
Progress = Callable[[int, int], None]
log = logging.getLogger("memjobs")


class IndexBusy(MemjobsError):
    code = "index_busy"


@dataclass
class IndexStats:
    files: int = 0
    indexed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    rows_added: int = 0
    rows_removed: int = 0
    rebuilt: bool = False
    took_ms: float = 0.0
    sessions: dict[str, object] | None = None  # the sessions tier's pass (said.SaidStats), if any
    vectors: dict[str, object] | None = None  # the sentence vectors' pass (vectors.VectorStats), if any

    def to_dict(self) -> dict[str, object]:
        return {
            "sessions": self.sessions,
            "vectors": self.vectors,
            "files": self.files,
            "indexed": len(self.indexed),
            "removed": len(self.removed),
            "rows_added": self.rows_added,
            "rows_removed": self.rows_removed,
            "rebuilt": self.rebuilt,
            "took_ms": round(self.took_ms, 1),
        }


@dataclass(frozen=True)
class Candidate:
    rel: str
    path: Path
    tier: str  # warm | daily | cold
    day: str | None


def _rel(ws: Path, p: Path) -> str:
    try:
        return p.relative_to(ws).as_posix()
    except ValueError:
        return str(p)  # an extra path outside the workspace is cited by its absolute path


# the files named by their day that a scan after an upgrade may leave out: the daily logs and the wrap-ups
_WRAPUP_DAY = re.compile(rf"{SUMMARY_DIR}/(\d{{4}}-\d{{2}}-\d{{2}})\b[^/]*\.md")


def tier_of(rel: str, warm_days: int) -> tuple[str, str | None]:
    if rel.startswith("memory/") and rel.count("/") == 1:
        m = DAILY_RE.match(rel[len("memory/") :])
        if m:
            return "daily", m.group(1)
    # Outside the daily files, docs/design.md §2's tiers do not depend on the day.
    return ("warm" if is_warm(rel, date.today(), warm_days) else "cold"), None


def discover(cfg: Config) -> dict[str, Candidate]:
    """Every markdown file searched: MEMORY.md, core memory, memory/**, second-brain/**, extra_paths."""
    ws = cfg.workspace
    own = markdown_files(ws)   # already none a link leads out of the workspace
    extra: list[tuple[Path, Path]] = []   # (a file found under an extra path, the root it must stay inside)
    confined = Confinement()
    for root in extra_roots(ws, cfg.search.extra_paths):
        if root.is_file() and root.suffix == ".md":
            files = [root]
        elif root.is_dir():
            files = []
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
                files.extend(Path(dirpath) / f for f in sorted(filenames) if f.endswith(".md"))
        else:
            continue
        # an extra root inside the workspace keeps its files inside the workspace; one outside, inside itself
        bound = ws if confined.is_inside(ws, root) else root
        extra.extend((p, bound) for p in files)
    out: dict[str, Candidate] = {}
    for p in [*own, *(p for p, bound in extra if confined.is_inside(bound, p))]:
        rel = _rel(ws, p)
        if rel in out or "/.locks/" in f"/{rel}" or rel == "PROPOSALS.md":
            continue  # PROPOSALS.md holds inferences nobody accepted yet: never searched (docs/design.md §6)
        tier, day = tier_of(rel, cfg.limits.warm_days)
        out[rel] = Candidate(rel, p, tier, day)
    return out


def _discover_only(cfg: Config, only: frozenset[str]) -> dict[str, Candidate]:
    """`discover`'s candidates among the workspace files `only`, without walking the workspace (a
    core write's update costs the same in a workspace of years): each an existing markdown file that
    stays inside the workspace."""
    ws = cfg.workspace
    out: dict[str, Candidate] = {}
    for rel in sorted(only):
        p = ws / rel
        if rel.endswith(".md") and rel != "PROPOSALS.md" and p.is_file() and is_inside(ws, p):
            out[rel] = Candidate(rel, p, *tier_of(rel, cfg.limits.warm_days))
    return out


def sort_key(tier: str, day: str | None) -> int:
    if tier == "daily" and day:
        return date.fromisoformat(day).toordinal()
    return WARM_KEY if tier == "warm" else COLD_KEY


# ---- the generation file ---------------------------------------------------------------------


def _write_small(path: Path, data: bytes) -> None:
    """Atomic replace with a temp name that is itself under `.memjobs/index*`."""
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def bump_generation(state_dir: Path) -> None:
    """Mark the index stale: the workspace changed and the index has not caught up yet."""
    state_dir.mkdir(parents=True, exist_ok=True)
    path = state_dir / GENERATION_NAME
    try:
        current = int(path.read_text("ascii").split()[0])
    except (OSError, ValueError, IndexError):
        current = 0
    _write_small(path, f"{current + 1}\n".encode("ascii"))


def _lock(state_dir: Path, wait_s: float):  # type: ignore[no-untyped-def]
    from filelock import FileLock, Timeout

    state_dir.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(state_dir / LOCK_NAME), timeout=wait_s, is_singleton=False)
    try:
        lock.acquire(poll_interval=0.05)
    except Timeout:
        raise IndexBusy(
            "the search index is being updated by another process; try again shortly",
            path=state_dir / LOCK_NAME,
        ) from None
    return lock


# ---- updating ----------------------------------------------------------------------------------


def update_index(
    cfg: Config, *, rebuild: bool = False, progress: Progress | None = None, lock_wait_s: float = 120.0,
    memory_only: bool = False, only: frozenset[str] | None = None,
) -> IndexStats:
    """Bring `.memjobs/index.sqlite` up to date with the workspace (or build it anew). With
    `memory_only`, only the memory files: not the sessions tier nor sentence vectors, which the
    next full update adds (`memjobs init`: the notes a folder already holds are found at once,
    without reading the agents' whole history or loading a model). With `only` (workspace-relative
    paths; implies `memory_only`), only those files of an existing index: what the core writer just
    changed (jobs/run/reindex.py `core_written`)."""
    started = time.perf_counter()
    state = cfg.state_dir
    lock = _lock(state, lock_wait_s)
    try:
        target = state / INDEX_NAME
        if not rebuild and target.is_file():
            db = open_writer(target)
            if meta_get(db, "tokenizer") != TOKENIZER_VERSION:
                db.close()
                rebuild = True
            else:
                try:
                    stats = _update(db, cfg, progress, memory_only or only is not None, only)
                finally:
                    db.close()
        if only is not None and (rebuild or not target.is_file()):
            stats = IndexStats()   # no index to bring up to date file by file: the next full update builds it
        elif rebuild or not target.is_file():
            stats = _rebuild(cfg, progress, memory_only)
    finally:
        lock.release()
    stats.took_ms = (time.perf_counter() - started) * 1000
    return stats


def _rebuild(cfg: Config, progress: Progress | None, memory_only: bool = False) -> IndexStats:
    state = cfg.state_dir
    tmp = state / REBUILD_NAME
    for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
        with contextlib.suppress(FileNotFoundError):
            leftover.unlink()
    try:
        db = open_writer(tmp)
        try:
            db.execute("PRAGMA synchronous=OFF")  # a crash leaves only a temp file, never the index
            stats = _update(db, cfg, progress, memory_only)
            db.execute("PRAGMA synchronous=NORMAL")
        finally:
            db.close()
    except BaseException:
        # A rebuild that failed (a full disk, most often) must not keep its half-built copy: on a
        # full disk that copy would hold the very space the next run needs to write.
        for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()
        raise
    stats.rebuilt = True
    target = state / INDEX_NAME
    # We hold the lock, so no writer is mid-transaction: a journal left by a crashed writer
    # belongs to the old file and must not be replayed into the new one.
    with contextlib.suppress(FileNotFoundError):
        target.with_name(target.name + "-journal").unlink()
    os.replace(tmp, target)
    return stats


def scan_index(cfg: Config, every: bool = False) -> sqlite3.Connection:
    """The memory files indexed in memory, for a reader that cannot read the index on disk because
    another version built it (right after an upgrade, until the next job run or `memjobs index
    --rebuild` rebuilds it): readers write nothing (docs/design.md §3), so they answer from this,
    built as a rebuild would be, without the sessions tier or vectors, and with nothing written —
    not the generation file, not a temp file. A read-only connection any thread may use.

    Every undated file is read (MEMORY.md, core memory, the archive, projects, research) but, unless
    `every`, only the dated files — a daily log or a wrap-up named by its day — of the warm tier's
    days (`limits.warm_days`) before the newest one: each CLI search builds this afresh, and a year of
    dated files costs seconds per search where a month costs a fraction of one
    (`scripts/bench_search_scan.py`)."""
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    db.isolation_level = ""  # type: ignore[assignment]  # implicit transactions, committed by `with db:`
    migrate(db)
    _update(db, cfg, None, memory_only=True, scan=True, scan_days=None if every else cfg.limits.warm_days)
    db.execute("PRAGMA query_only=1")
    return db


def _recent_only(wanted: dict[str, Candidate], days: int) -> dict[str, Candidate]:
    """`wanted` without the daily logs and wrap-ups older than `days` days before the newest of them
    (or before today, when one is named by a later day: a mistyped name hides nothing)."""
    dated = {rel: day for rel, cand in wanted.items() if (day := _day_named(cand)) is not None}
    if not dated:
        return wanted
    last = min(max(dated.values()), date.today())
    first = date.fromordinal(max(1, last.toordinal() - days))
    return {rel: c for rel, c in wanted.items() if rel not in dated or dated[rel] > first}


def _day_named(cand: Candidate) -> date | None:
    """The day a daily log (its tier's day) or a wrap-up (`second-brain/summaries/2026-10-06-wrapup.md`) is
    named by; None for every other file, a note named by its day included."""
    m = None if cand.day else _WRAPUP_DAY.fullmatch(cand.rel)
    named = cand.day or (m.group(1) if m else None)
    try:
        return date.fromisoformat(named) if named else None
    except ValueError:
        return None


def _update(db: sqlite3.Connection, cfg: Config, progress: Progress | None, memory_only: bool = False,
            only: frozenset[str] | None = None, scan: bool = False, scan_days: int | None = None) -> IndexStats:
    from memory_store.redact import redact

    stats = IndexStats()
    wanted = discover(cfg) if only is None else _discover_only(cfg, only)
    if scan_days is not None:
        wanted = _recent_only(wanted, scan_days)
    known = {r[0]: (r[1], r[2], r[3]) for r in db.execute("SELECT path, size, mtime_ns, sha256 FROM files")}
    if only is not None:
        known = {rel: k for rel, k in known.items() if rel in only}
    stats.files = len(wanted)
    next_n: dict[int, int] = {}
    changed = False
    with db:
        for gone in sorted(set(known) - set(wanted)):
            stats.rows_removed += _drop_file(db, gone)
            stats.removed.append(gone)
            changed = True
        total = len(wanted)
        for done, (rel, cand) in enumerate(sorted(wanted.items()), start=1):
            if progress is not None:
                progress(done, total)
            try:
                st = os.stat(cand.path)
            except FileNotFoundError:
                continue
            old = known.get(rel)
            if old is not None and old[0] == st.st_size and old[1] == st.st_mtime_ns:
                continue
            data = cand.path.read_bytes()
            sha = hashlib.sha256(data).hexdigest()
            if old is not None and old[2] == sha:
                db.execute("UPDATE files SET size=?, mtime_ns=? WHERE path=?", (st.st_size, st.st_mtime_ns, rel))
                changed = True
                continue
            if old is not None:
                stats.rows_removed += _drop_file(db, rel)
            rows = rows_of(rel, data.decode("utf-8", errors="replace"), _template_text(rel))
            _insert_rows(db, rel, sort_key(cand.tier, cand.day), rows, next_n, redact)
            db.execute(
                "INSERT OR REPLACE INTO files(path, size, mtime_ns, sha256, tier, day, rows)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (rel, st.st_size, st.st_mtime_ns, sha, cand.tier, cand.day, len(rows)),
            )
            stats.indexed.append(rel)
            stats.rows_added += len(rows)
            changed = True
        # a reversal microSync linked marks what it replaced at once; an entry the user took back or
        # had memjobs forget links nothing, so a change of that filter alone applies the links again
        held = held_out_key(cfg.workspace)
        if stats.indexed or stats.removed or meta_get(db, "links_held_out") != held:
            apply_links(db, held_out_in(cfg.workspace))
            db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('links_held_out', ?)", (held,))
            changed = True
        changed = _load_access(db, cfg.state_dir) or changed
        if not memory_only:
            changed = _update_sessions(db, cfg, stats) or changed
            changed = _update_vectors(db, cfg, stats) or changed
        if scan:
            pass   # an index in memory (scan_index): no generation to bump, nothing written
        elif changed or meta_get(db, "generation") != generation_stamp(cfg.state_dir):
            bump_generation(cfg.state_dir)
            db.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES ('generation', ?)",
                (generation_stamp(cfg.state_dir),),
            )
    return stats


def unindexed(cfg: Config, db: sqlite3.Connection) -> list[str]:
    """The memory files (workspace-relative) the index does not hold as they are now: missing from
    its `files` table, or changed in content since. Judged by the index's own record of each file
    (size and mtime, then the hash), not by comparing file times with the index's: a note copied in
    with its old time kept is still found missing. Reads only."""
    known = {r[0]: (r[1], r[2], r[3]) for r in db.execute("SELECT path, size, mtime_ns, sha256 FROM files")}
    out = []
    for rel, cand in sorted(discover(cfg).items()):
        old = known.get(rel)
        try:
            st = os.stat(cand.path)
            if old is not None and (old[0], old[1]) == (st.st_size, st.st_mtime_ns):
                continue
            if old is not None and old[2] == hashlib.sha256(cand.path.read_bytes()).hexdigest():
                continue
        except OSError:
            continue
        out.append(rel)
    return out


def _update_sessions(db: sqlite3.Connection, cfg: Config, stats: IndexStats) -> bool:
    """The sessions tier (memory_store/search/said.py), or its removal when `search.sessions` is off."""
    if not cfg.search.sessions:
        if db.execute("SELECT 1 FROM said LIMIT 1").fetchone() is None:
            return False
        from memory_store.search.said import SaidStats

        dropped = int(db.execute("SELECT count(*) FROM said").fetchone()[0])
        stats.sessions = SaidStats(rows_removed=dropped, notes=[
            "search.sessions is false: the sessions tier was dropped"]).to_dict()
        db.execute("INSERT INTO said_fts(said_fts) VALUES ('delete-all')")
        for table in ("said", "said_files", "said_sessions"):
            db.execute(f"DELETE FROM {table}")
        return True
    from memory_store.search.said import update_said

    said = update_said(db, cfg)
    stats.sessions = said.to_dict()
    return bool(said.rows_added or said.rows_removed)


def _update_vectors(db: sqlite3.Connection, cfg: Config, stats: IndexStats) -> bool:
    """Sentence vectors of new rows and messages (memory_store/search/vectors.py) when the `embed`
    extra is installed and `search.embed` is not off; their removal when it is off. Without the
    extra nothing happens: the tables stay as they are."""
    from memory_store.search import vectors

    if not vectors.wanted(cfg):
        return vectors.drop_all(db)
    if not vectors.available():
        return False
    embedder = vectors.model()
    if embedder is None:
        return False
    try:
        result = vectors.update_vectors(db, cfg, embedder)
    except Exception as exc:  # the model's runtime (onnxruntime) raises plain Exceptions
        # Vectors are an extra: a model that fails while embedding never fails the index update
        # (nor the job it runs after); the rows embedded before it stay, search ranks by words.
        log.warning("sentence vectors not updated: %s", str(exc)[:200])
        return False
    stats.vectors = result.to_dict()
    return bool(result.added or result.removed)


def _template_text(rel: str) -> str | None:
    """The text of the template file `memjobs init` copied to `rel`, if there is one."""
    try:
        path = bundled("second-brain-template") / rel
    except FileNotFoundError:
        return None
    try:
        return path.read_text("utf-8") if rel.endswith(".md") and path.is_file() else None
    except OSError:
        return None


def _drop_file(db: sqlite3.Connection, rel: str) -> int:
    rows = db.execute("SELECT rowid, title, body FROM rows WHERE path=?", (rel,)).fetchall()
    db.executemany(
        "INSERT INTO fts(fts, rowid, title, body) VALUES ('delete', ?, ?, ?)",
        [(rid, fts_text(without_ids(t)), fts_text(without_ids(b))) for rid, t, b in rows],
    )
    db.executemany(
        "INSERT INTO tri(tri, rowid, text) VALUES ('delete', ?, ?)",
        [(rid, normalise(without_ids(f"{t}\n{b}"))) for rid, t, b in rows],
    )
    db.execute("DELETE FROM rows WHERE path=?", (rel,))
    db.execute("DELETE FROM files WHERE path=?", (rel,))
    return len(rows)


def _insert_rows(
    db: sqlite3.Connection,
    rel: str,
    key: int,
    rows: list[RowData],
    next_n: dict[int, int],
    redact: Callable[[str], str],
) -> None:
    if key not in next_n:
        lo, hi = key << KEY_BITS, (key + 1) << KEY_BITS
        top = db.execute("SELECT max(rowid) FROM rows WHERE rowid >= ? AND rowid < ?", (lo, hi)).fetchone()[0]
        next_n[key] = (top + 1) if top is not None else lo
    first = next_n[key]
    if first + len(rows) >= (key + 1) << KEY_BITS:
        raise MemjobsError("the search index ran out of row numbers: run `memjobs index --rebuild`")
    next_n[key] = first + len(rows)
    base: list[tuple[object, ...]] = []
    fts: list[tuple[object, ...]] = []
    tri: list[tuple[object, ...]] = []
    for i, r in enumerate(rows):
        rid = first + i
        # Files people write may hold secrets; nothing unredacted enters the index (docs/design.md §7).
        title, body = redact(r.title), redact(r.body)
        source = redact(r.source) if r.source else None
        base.append(
            (
                rid,
                rel,
                r.line,
                r.end_line,
                r.type,
                r.kind,
                r.id,
                title,
                body,
                r.date,
                r.status,
                r.confidence,
                source,
                r.superseded_by,
                r.supersedes,
                r.superseded_later_by,
            )
        )
        fts.append((rid, fts_text(without_ids(title)), fts_text(without_ids(body))))
        tri.append((rid, normalise(without_ids(f"{title}\n{body}"))))
    db.executemany(
        "INSERT INTO rows(rowid, path, line, end_line, type, kind, id, title, body, date, status,"
        " confidence, source, superseded_by, supersedes, superseded_later_by)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        base,
    )
    db.executemany("INSERT INTO fts(rowid, title, body) VALUES (?, ?, ?)", fts)
    db.executemany("INSERT INTO tri(rowid, text) VALUES (?, ?)", tri)


def _access_stamp(folder: Path) -> str:
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return ""
    parts = []
    for name in names:
        with contextlib.suppress(FileNotFoundError):
            st = os.stat(folder / name)
            parts.append(f"{name}:{st.st_mtime_ns}:{st.st_size}")
    return hashlib.sha256("|".join(parts).encode()).hexdigest() if parts else ""


def _load_access(db: sqlite3.Connection, state_dir: Path) -> bool:
    """Refresh the entries' read counts (`.memjobs/access/`, kept by microSync) when they changed."""
    stamp = _access_stamp(state_dir / ACCESS_DIR)
    if (meta_get(db, "access") or "") == stamp:
        return False
    counts: dict[str, int] = {}
    try:
        from memory_store.access import read_counts

        counts = read_counts(state_dir, "9999-W99")
    except ModuleNotFoundError as exc:
        if exc.name != "memory_store.access":
            raise
    except MemjobsError as exc:
        # A damaged counts file only loses the access boost; the index is still built.
        log.warning("access counts ignored: %s", exc)
    db.execute("DELETE FROM access")
    db.executemany("INSERT INTO access(id, count) VALUES (?, ?)", sorted(counts.items()))
    db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('access', ?)", (stamp,))
    return True
