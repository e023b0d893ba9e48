"""Search: BM25 over FTS5 candidates, then a rerank by decay × status × kind (docs/design.md §6).

Tiers (docs/design.md §2): by default the warm tier is searched first and the cold tier only when warm
has fewer hits than asked; `tier` = warm | cold | all restricts or merges them. The warm tier is a
rowid range (see indexer.sort_key), so FTS5 restricts it without reading any row.

Reads only: the connection is `mode=ro` and nothing here writes anything anywhere.
"""

from __future__ import annotations

import json
import math
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from memory_store.config import Config
from memory_store.errors import UsageError
from memory_store.search.bm25 import Phrase, Scorer
from memory_store.search.schema import KEY_BITS, generation_stamp, index_path, meta_get, open_readonly
from memory_store.search.snippets import make_snippet
from memory_store.search.tokens import Term, loose_terms, match_all, query_terms, trigram_match

TIERS = ("warm", "cold", "all")
# memory_store.entries.KINDS, lowercased (not imported: the fast path keeps its imports small)
KIND_NAMES = ("decision", "rule", "constraint", "architecture", "remember", "procedure")
CANDIDATES = 200
MAX_LIMIT = 50
_TOP = 1 << 47
TRIGRAM_SCORE = -0.5  # a substring hit is weak evidence, all alike
LOOSE_WEIGHT = 0.5  # a hit on some bigrams of a long CJK/Thai run, against one on the whole run
STATUS_WEIGHT = {"active": 1.0, "archived": 0.6, "superseded": 0.45}
KIND_WEIGHT = {
    "rule": 1.1,
    "constraint": 1.1,
    "decision": 1.0,
    "architecture": 1.0,
    "procedure": 1.0,
    "remember": 1.0,
    "core": 1.0,
    None: 0.85,
}
# Recency decay e^(-λ·days): λ = 0.01 is a half-life of ~69 days; rules, constraints and
# procedures stay true until replaced, so they fade at half that rate; core memory not at all.
LAMBDA = {"rule": 0.005, "constraint": 0.005, "procedure": 0.005, "core": 0.0}
DEFAULT_LAMBDA = 0.01
DECAY_FLOOR = 0.4  # decay only reorders: an old, strong match still outranks a recent weak one
EXCLUDED_STATUSES = ("revoked",)


@dataclass(frozen=True)
class SearchOptions:
    limit: int = 6
    tier: str | None = None  # None: warm first, cold only when warm has too few hits
    kinds: tuple[str, ...] = ()
    since: date | None = None
    until: date | None = None

    def check(self) -> None:
        if not 1 <= self.limit <= MAX_LIMIT:
            raise UsageError(f"--limit must be between 1 and {MAX_LIMIT}, not {self.limit}")
        if self.tier is not None and self.tier not in TIERS:
            raise UsageError(f"--tier must be one of {', '.join(TIERS)}, not {self.tier!r}")
        bad = [k for k in self.kinds if k not in KIND_NAMES]
        if bad:
            raise UsageError(f"--kind must be one of {', '.join(KIND_NAMES)}, not {bad[0]!r}")


@dataclass
class Hit:
    rowid: int
    path: str
    line: int
    type: str
    kind: str | None
    id: str | None
    title: str
    body: str
    date: str | None
    status: str | None
    confidence: float | None
    source: dict[str, str] | None
    bm25: float
    score: float = 0.0
    snippet: str = ""
    cold: bool = False
    source_json: str | None = None  # parsed into `source` only for the hits that are returned
    superseded_by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        entry = self.type == "entry"
        return {
            "path": self.path,
            "line": self.line,
            "id": self.id,
            "kind": self.kind,
            "title": self.title,
            "date": self.date,
            "status": self.status if entry else None,
            "confidence": self.confidence if entry else None,
            "score": round(self.score, 3),
            "source": self.source if entry else None,
            "snippet": self.snippet,
            "superseded_by": self.superseded_by if entry else None,
        }


@dataclass
class SearchResult:
    query: str
    took_ms: float
    hits: list[Hit] = field(default_factory=list)
    stale: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "took_ms": round(self.took_ms, 1),
            "results": [h.to_dict() for h in self.hits],
        }


class Searcher:
    """An open read-only view of the index. The MCP server keeps one for its whole life."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.path = index_path(cfg.state_dir)
        self.db = open_readonly(self.path)
        self.scorer = Scorer(self.db)
        # An index built before `superseded_by` was a column still answers (NULL) until the next
        # job's incremental update migrates it: readers never write.
        columns = {r[1] for r in self.db.execute("PRAGMA table_info(rows)")}
        self._superseded_by = "r.superseded_by" if "superseded_by" in columns else "NULL"

    def close(self) -> None:
        self.scorer.close()
        self.db.close()

    def is_stale(self) -> bool:
        """One stat of the generation file against what the index recorded."""
        return generation_stamp(self.cfg.state_dir) != meta_get(self.db, "generation")

    def search(self, query: str, opts: SearchOptions | None = None, *, today: date | None = None) -> SearchResult:
        opts = opts or SearchOptions(limit=self.cfg.search.max_results)
        opts.check()
        started = time.perf_counter()
        today = today or datetime.now(self.cfg.tz).date()
        terms = query_terms(query)
        result = SearchResult(query, 0.0, stale=self.is_stale())
        if terms:
            cutoff = today.toordinal() - self.cfg.limits.warm_days
            warm = (cutoff << KEY_BITS, _TOP)
            cold = (0, cutoff << KEY_BITS)
            span = {"all": (0, _TOP), "cold": cold, "warm": warm}.get(opts.tier or "")
            if span is not None:
                candidates = self._candidates(terms, opts, span)
            else:
                candidates = self._auto(terms, opts, warm, cold)
            result.hits = self._ranked(candidates, opts, today)
            marks = terms + [t for t in loose_terms(terms) if t not in terms]
            for h in result.hits:
                h.snippet = make_snippet(h.title, h.body, marks)
                h.source = json.loads(h.source_json) if h.source_json else None
        result.took_ms = (time.perf_counter() - started) * 1000
        return result

    # ---- candidates and rerank -------------------------------------------------------------
    # Candidates are fetched newest first and bounded (FTS5 walks its doclists in rowid order and
    # stops), then scored by BM25 in Python (bm25.py): FTS5's bm25() would score every match in
    # the range and scan each phrase's matches over the whole table for its IDF.

    def _auto(self, terms: list[Term], opts: SearchOptions, warm: tuple[int, int], cold: tuple[int, int]) -> list[Hit]:
        """Warm first (docs/design.md §6): rows of the warm tier that match every term; when they are
        fewer than asked, the cold tier's too; when still too few, any term, anywhere."""
        phrases = self.scorer.phrases(terms)
        hits = self._every(terms, phrases, opts, warm)
        if len(hits) >= opts.limit:
            return hits
        hits += self._every(terms, phrases, opts, cold)
        if len(hits) >= opts.limit:
            return hits
        return self._candidates(terms, opts, (0, _TOP), phrases)

    def _ranked(self, hits: list[Hit], opts: SearchOptions, today: date) -> list[Hit]:
        """Rerank the candidates by decay × status × kind and keep the best `limit`."""
        access = self._access([h.id for h in hits if h.id])
        for h in hits:
            h.score = -h.bm25 * rank_factor(h, today, access.get(h.id or "", 0))
        return _below_replacements(_dedupe(sorted(hits, key=_order)))[: opts.limit]

    def _candidates(
        self, terms: list[Term], opts: SearchOptions, span: tuple[int, int], phrases: list[Phrase] | None = None
    ) -> list[Hit]:
        """Rows matching every term; if too few, any term, then any bigram of a long CJK/Thai run; if still
        too few, substrings (trigrams)."""
        phrases = phrases if phrases is not None else self.scorer.phrases(terms)
        hits = self._every(terms, phrases, opts, span)
        if len(hits) < opts.limit and len(terms) > 1:
            hits = self._any(phrases, opts, span)
        loose = loose_terms(terms) if len(hits) < opts.limit else []
        if loose:
            seen = {h.rowid for h in hits}
            for h in self._any(self.scorer.phrases(loose), opts, span):
                if h.rowid not in seen:
                    h.bm25 *= LOOSE_WEIGHT  # part of a run weighs less than the run itself
                    hits.append(h)
        if len(hits) < opts.limit:
            tri = trigram_match(terms)
            if tri:
                seen = {h.rowid for h in hits}
                # Substring hits: the newest 200 (rowids grow with the date), each a weak match.
                for h in self._fetch("tri", tri, opts, span, CANDIDATES):
                    if h.rowid not in seen:
                        h.bm25 = TRIGRAM_SCORE
                        hits.append(h)
        return hits

    def _every(self, terms: list[Term], phrases: list[Phrase], opts: SearchOptions, span: tuple[int, int]) -> list[Hit]:
        """The newest rows of the span that match every term, scored."""
        hits = self._fetch("fts", match_all(terms), opts, span, CANDIDATES)
        every = set(range(len(phrases)))
        return self._scored(hits, phrases, {h.rowid: every for h in hits})

    def _any(self, phrases: list[Phrase], opts: SearchOptions, span: tuple[int, int]) -> list[Hit]:
        """Rows matching any term: the rarest term's rows first (they score highest), each term
        adding its newest rows until there are enough candidates."""
        _, dfs, _, _ = self.scorer.idf(phrases)
        found: dict[int, Hit] = {}
        known: dict[int, set[int]] = {}
        for i in sorted(range(len(phrases)), key=lambda i: dfs[i]):
            room = CANDIDATES - len(found)
            if room <= 0:
                break
            for h in self._fetch("fts", phrases[i].term.fts(), opts, span, CANDIDATES):
                known.setdefault(h.rowid, set()).add(i)
                if h.rowid not in found and room > 0:
                    found[h.rowid] = h
                    room -= 1
        return self._scored(list(found.values()), phrases, known)

    def _scored(self, hits: list[Hit], phrases: list[Phrase], known: dict[int, set[int]]) -> list[Hit]:
        scores = self.scorer.score(phrases, [(h.rowid, h.title, h.body) for h in hits], known)
        for h in hits:
            h.bm25 = -scores.get(h.rowid, 0.0)
        return hits

    def _fetch(self, table: str, match: str, opts: SearchOptions, span: tuple[int, int], limit: int) -> list[Hit]:
        """The newest `limit` rows of the span matching `match` and the filters (bm25 not set)."""
        where = [
            f"{table} MATCH ?",
            f"{table}.rowid >= ?",
            f"{table}.rowid < ?",
            "coalesce(r.status, '') NOT IN ('revoked')",
        ]
        args: list[Any] = [match, span[0], span[1]]
        if opts.kinds:
            where.append(f"r.kind IN ({', '.join('?' * len(opts.kinds))})")
            args.extend(opts.kinds)
        if opts.since:
            where.append("r.date >= ?")
            args.append(opts.since.isoformat())
        if opts.until:
            where.append("r.date <= ?")
            args.append(opts.until.isoformat())
        sql = (
            f"SELECT r.rowid, r.path, r.line, r.type, r.kind, r.id, r.title, r.body, r.date, r.status,"
            f" r.confidence, r.source, {self._superseded_by} FROM {table} JOIN rows r ON r.rowid = {table}.rowid"
            f" WHERE {' AND '.join(where)} ORDER BY {table}.rowid DESC LIMIT {int(limit)}"
        )
        try:
            rows = self.db.execute(sql, args).fetchall()
        except sqlite3.OperationalError as exc:
            raise UsageError(f"cannot search for that query ({exc})") from None
        return [
            Hit(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                r[6],
                r[7],
                r[8],
                r[9],
                r[10],
                None,
                0.0,
                source_json=r[11],
                superseded_by=r[12],
            )
            for r in rows
        ]

    def _access(self, ids: list[str]) -> dict[str, int]:
        if not ids:
            return {}
        out: dict[str, int] = {}
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            out.update(
                self.db.execute(
                    f"SELECT id, count FROM access WHERE id IN ({', '.join('?' * len(part))})", part
                ).fetchall()
            )
        return out

    # ---- memory_get -----------------------------------------------------------------------

    def locate(self, entry_id: str) -> tuple[str, int] | None:
        """Where the index saw an entry (preferring the entry itself over a MEMORY.md item)."""
        row = self.db.execute(
            "SELECT path, line FROM rows WHERE id=? ORDER BY type != 'entry', rowid LIMIT 1", (entry_id,)
        ).fetchone()
        return (row[0], row[1]) if row else None

    def indexed_paths(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT path FROM files")}


def _order(h: Hit) -> tuple[float, str, int]:
    return (-h.score, h.path, h.line)


def _dedupe(hits: list[Hit]) -> list[Hit]:
    """One hit per id: an entry and its MEMORY.md item count once, as the entry, at the better rank."""
    out: list[Hit] = []
    best: dict[str, int] = {}
    for h in hits:
        if h.id and h.id in best:
            i = best[h.id]
            if h.type == "entry" and out[i].type != "entry":
                h.score = out[i].score
                out[i] = h
            continue
        if h.id:
            best[h.id] = len(out)
        out.append(h)
    return out


def _below_replacements(hits: list[Hit]) -> list[Hit]:
    """A superseded entry that ranks above the entry that replaced it moves to just below it
    (docs/design.md §6): what was decided last is read first."""
    out = list(hits)
    for h in hits:
        if not h.superseded_by:
            continue
        at = out.index(h)
        new = next((i for i, x in enumerate(out) if x.id == h.superseded_by and x.type == "entry"), None)
        if new is not None and new > at:
            out.insert(new, out.pop(at))
            h.score = min(h.score, out[new - 1].score)
    return out


def rank_factor(h: Hit, today: date, access_count: int) -> float:
    """decay (recency × access, docs/design.md §6) × status × kind; never zero for a candidate."""
    lam = LAMBDA.get(h.kind or "", DEFAULT_LAMBDA)
    recency = 0.5
    if h.date:
        try:
            days = max((today - date.fromisoformat(h.date[:10])).days, 0)
            recency = math.exp(-lam * days)
        except ValueError:
            pass
    access = min(1.0, 0.5 + 0.05 * access_count)
    decay = DECAY_FLOOR + (1 - DECAY_FLOOR) * recency * access
    status = STATUS_WEIGHT.get(h.status or "active", 1.0) if h.type == "entry" else 1.0
    return decay * status * KIND_WEIGHT.get(h.kind, 1.0)


def search(cfg: Config, query: str, opts: SearchOptions | None = None, *, today: date | None = None) -> SearchResult:
    """Open the index read-only, search once, close."""
    s = Searcher(cfg)
    try:
        return s.search(query, opts, today=today)
    finally:
        s.close()


def workspace_file(cfg: Config, rel: str, indexed: set[str]) -> Path:
    """A file memory_get may read: one the index knows, or a markdown file inside the workspace."""
    ws = cfg.workspace.resolve()
    p = Path(rel)
    target = (p if p.is_absolute() else ws / p).resolve()
    inside = target == ws or ws in target.parents
    if rel not in indexed and not (inside and target.suffix == ".md"):
        raise UsageError(f"not a memory file of this workspace: {rel}")
    if not target.is_file():
        raise UsageError(f"no such file: {rel}")
    return target
