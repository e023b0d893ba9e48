"""Search: FTS5's own `bm25()` ranks inside SQLite, then a rerank by decay × status × kind
(docs/design.md §6).

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
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

from memory_store.config import Config
from memory_store.errors import UsageError
from memory_store.search.schema import KEY_BITS, generation_stamp, index_path, meta_get, open_readonly
from memory_store.search.snippets import make_snippet
from memory_store.search.tokens import Term, loose_terms, match_all, match_any, query_terms, trigram_match

TIERS = ("warm", "cold", "all")
# memory_store.entries.KINDS, lowercased (not imported: the fast path keeps its imports small)
KIND_NAMES = ("decision", "rule", "constraint", "architecture", "remember", "procedure")
CANDIDATES = 60  # best rows by bm25() per ranked query, reranked by decay × status × kind
# At most this many rows are scored by bm25() in one query: when an expression matches more rows
# of the span, only its newest BUDGET rows are ranked (the rowid grows with the date), so a common
# word costs what a rare one does.
BUDGET = 600
TRIGRAM_ROWS = 200
WEIGHTS = "3.0, 1.0"  # bm25() column weights: a hit in the title counts three times one in the body
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
        self._dfs: dict[Term, int] = {}

    def close(self) -> None:
        self.db.close()

    def is_stale(self) -> bool:
        """One stat of the generation file against what the index recorded."""
        return generation_stamp(self.cfg.state_dir) != meta_get(self.db, "generation")

    def search(self, query: str, opts: SearchOptions | None = None, *, today: date | None = None) -> SearchResult:
        started = time.perf_counter()
        opts = opts or SearchOptions(limit=self.cfg.search.max_results)
        opts.check()
        today = today or datetime.now(self.cfg.tz).date()
        self._dfs = {}
        terms = self._exact_words(query_terms(query))
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
            result.hits = self._ranked_hits(candidates, opts, today)
            marks = terms + [t for t in loose_terms(terms) if t not in terms]
            for h in result.hits:
                h.snippet = make_snippet(h.title, h.body, marks)
                h.source = json.loads(h.source_json) if h.source_json else None
        result.took_ms = (time.perf_counter() - started) * 1000
        return result

    # ---- candidates and rerank -------------------------------------------------------------
    # Every step is one SQL statement that lets FTS5 rank: `bm25()` with column weights, `ORDER BY
    # ... LIMIT`. What bounds the cost is BUDGET (see _window); stop words never reach a query
    # (tokens.query_terms), so a question costs what its content words cost.

    def _auto(self, terms: list[Term], opts: SearchOptions, warm: tuple[int, int], cold: tuple[int, int]) -> list[Hit]:
        """Warm first (docs/design.md §6): rows of the warm tier that match every term; when they are
        fewer than asked, the cold tier's too; when still too few, any term, anywhere."""
        # One statement for both tiers (FTS5 computes each phrase's IDF once per statement), warm rows
        # ordered first so that the page holds every warm match before any cold one.
        window = self._and_window(terms, (cold[0], warm[1]))
        hits = self._fetch("fts", match_all(terms), opts, window, CANDIDATES, ranked=True, first_from=warm[0])
        in_warm = [h for h in hits if h.rowid >= warm[0]]
        if len(in_warm) >= opts.limit:
            return in_warm
        if len(hits) >= opts.limit:
            return hits
        return self._candidates(terms, opts, (0, _TOP), every=hits)

    def _ranked_hits(self, hits: list[Hit], opts: SearchOptions, today: date) -> list[Hit]:
        """Rerank the candidates by decay × status × kind and keep the best `limit`."""
        access = self._access([h.id for h in hits if h.id])
        for h in hits:
            h.score = -h.bm25 * rank_factor(h, today, access.get(h.id or "", 0))
        return _dedupe(sorted(hits, key=_order))[: opts.limit]

    def _candidates(
        self, terms: list[Term], opts: SearchOptions, span: tuple[int, int], every: list[Hit] | None = None
    ) -> list[Hit]:
        """Rows matching every term (`every`, when the caller has them already); if too few, any term,
        then any bigram of a long CJK/Thai run; if still too few, substrings (trigrams)."""
        if every is None:
            every = self._ranked(match_all(terms), opts, self._and_window(terms, span))
        hits = every
        if len(hits) < opts.limit and len(terms) > 1:
            hits = _merge(hits, self._any(terms, opts, span))
        loose = loose_terms(terms) if len(hits) < opts.limit else []
        if loose:
            part = self._any(loose, opts, span)
            for h in part:
                h.bm25 *= LOOSE_WEIGHT  # part of a run weighs less than the run itself
            hits = _merge(hits, part)
        if len(hits) < opts.limit:
            tri = trigram_match(terms)
            if tri:
                # Substring hits: the newest rows (rowids grow with the date), each a weak match.
                part = self._fetch("tri", tri, opts, span, TRIGRAM_ROWS, ranked=False)
                for h in part:
                    h.bm25 = TRIGRAM_SCORE
                hits = _merge(hits, part)
        return hits

    def _any(self, terms: list[Term], opts: SearchOptions, span: tuple[int, int]) -> list[Hit]:
        """Rows matching any term, ranked by bm25() over all of them. The rarest terms, together under
        BUDGET rows (they carry the IDF), are ranked over all their rows, alone and together with the
        common terms; the common terms alone over their newest BUDGET rows. Each query's score is the
        row's full score when the row holds no term left out of it, and never more, so a row's best
        score over the queries is its bm25() over the whole expression."""
        rare: list[Term] = []
        total = 0
        for t in sorted(terms, key=self._df):
            if total + self._df(t) >= BUDGET:
                break
            rare.append(t)
            total += self._df(t)
        common = [t for t in terms if t not in rare]
        hits: list[Hit] = []
        if rare:
            hits = self._ranked(match_any(rare), opts, span)
            if common:
                both = f"({match_any(rare)}) AND ({match_any(common)})"
                hits = _merge(hits, self._ranked(both, opts, span))
        if common:
            hits = _merge(hits, self._ranked(match_any(common), opts, self._or_window(common, span)))
        return hits

    def _exact_words(self, terms: list[Term]) -> list[Term]:
        """A question (three terms or more) matches its words as words: a prefix query merges the
        doclists of every token it expands to, which costs what the commonest of them costs. A word
        that is not in the index as a whole word stays a prefix ("postgr"); short queries keep
        prefixes, as a person typing expects."""
        if len(terms) < 3:
            return terms
        return [replace(t, exact=True) if not t.run and self._count(t.seeks()[0]) else t for t in terms]

    def _count(self, expr: str) -> int:
        """How many rows of the whole index match `expr`, counted up to BUDGET (cached per search):
        at most BUDGET steps along one doclist."""
        if expr not in self._dfs:
            try:
                row = self.db.execute(
                    "SELECT count(*) FROM (SELECT rowid FROM fts WHERE fts MATCH ? LIMIT ?)", (expr, BUDGET)
                ).fetchone()
            except sqlite3.OperationalError as exc:
                raise UsageError(f"cannot search for that query ({exc})") from None
            self._dfs[expr] = int(row[0])
        return self._dfs[expr]

    def _seek(self, term: Term) -> tuple[str, int]:
        """The term's rarest single-token expression and its count (capped at BUDGET): an upper bound
        of the term's own rows, found without evaluating a phrase or a prefix."""
        seeks = term.seeks()
        if not term.run and not term.exact and term.fts() != seeks[0] and not self._count(seeks[0]):
            seeks = [term.fts()]  # a partial word: only the prefix finds anything
        return min(((e, self._count(e)) for e in seeks), key=lambda p: p[1])

    def _df(self, term: Term) -> int:
        return self._seek(term)[1]

    def _edge(self, expr: str, span: tuple[int, int]) -> int | None:
        """The rowid of the BUDGET-th newest row of the span that matches the single-token `expr`, or
        None when fewer rows match: at most BUDGET steps along one doclist."""
        try:
            row = self.db.execute(
                "SELECT rowid FROM fts WHERE fts MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rowid DESC"
                " LIMIT 1 OFFSET ?",
                (expr, span[0], span[1], BUDGET - 1),
            ).fetchone()
        except sqlite3.OperationalError as exc:
            raise UsageError(f"cannot search for that query ({exc})") from None
        return row[0] if row else None

    def _and_window(self, terms: list[Term], span: tuple[int, int]) -> tuple[int, int]:
        """Where rows matching every term are ranked: the whole span, or when even the rarest term has
        BUDGET rows, the span of its newest BUDGET rows (so is the cost of finding them)."""
        expr, n = min((self._seek(t) for t in terms), key=lambda p: p[1])
        edge = self._edge(expr, span) if n >= BUDGET else None
        return span if edge is None else (edge, span[1])

    def _or_window(self, terms: list[Term], span: tuple[int, int]) -> tuple[int, int]:
        """Where rows matching any term are ranked: the span of the newest BUDGET rows of the term whose
        newest BUDGET rows are the most recent, so each term adds at most BUDGET rows."""
        if sum(self._df(t) for t in terms) < BUDGET:
            return span
        edges = [e for t in terms if self._df(t) >= BUDGET and (e := self._edge(self._seek(t)[0], span)) is not None]
        return (max(edges), span[1]) if edges else span

    def _ranked(self, match: str, opts: SearchOptions, window: tuple[int, int]) -> list[Hit]:
        """The best CANDIDATES rows of the window for `match` by bm25()."""
        return self._fetch("fts", match, opts, window, CANDIDATES, ranked=True)

    def _fetch(
        self,
        table: str,
        match: str,
        opts: SearchOptions,
        span: tuple[int, int],
        limit: int,
        *,
        ranked: bool,
        first_from: int | None = None,
    ) -> list[Hit]:
        """Rows of the span matching `match` and the filters: by bm25() when `ranked`, else newest first.

        Without filters FTS5 ranks alone and only the `limit` best rows are read from `rows`; with
        kind or date filters the join comes first, so that the filters cannot empty a ranked page."""
        args: list[Any] = [match, span[0], span[1]]
        filters = ["coalesce(r.status, '') NOT IN ('revoked')"]
        if opts.kinds:
            filters.append(f"r.kind IN ({', '.join('?' * len(opts.kinds))})")
        if opts.since:
            filters.append("r.date >= ?")
        if opts.until:
            filters.append("r.date <= ?")
        extra: list[Any] = [*opts.kinds]
        extra += [d.isoformat() for d in (opts.since, opts.until) if d]
        score = f"bm25({table}, {WEIGHTS})" if ranked else "0.0"
        order = "score, rowid DESC" if ranked else "rowid DESC"
        if first_from is not None:  # rows from this rowid on (a tier) come first
            order = f"({table}.rowid >= {int(first_from)}) DESC, {order}"
        cols = (
            "r.rowid, r.path, r.line, r.type, r.kind, r.id, r.title, r.body, r.date, r.status, r.confidence, r.source"
        )
        match_sql = f"{table} MATCH ? AND {table}.rowid >= ? AND {table}.rowid < ?"
        if len(filters) == 1:
            sql = (
                f"SELECT {cols}, f.score FROM (SELECT rowid, {score} AS score FROM {table} WHERE {match_sql}"
                f" ORDER BY {order} LIMIT {int(limit)}) f JOIN rows r ON r.rowid = f.rowid"
                f" WHERE {filters[0]}"
            )
        else:
            sql = (
                f"SELECT {cols}, {score} AS score FROM {table} JOIN rows r ON r.rowid = {table}.rowid"
                f" WHERE {match_sql} AND {' AND '.join(filters)} ORDER BY {order.replace('rowid DESC', 'r.rowid DESC')}"
                f" LIMIT {int(limit)}"
            )
        try:
            rows = self.db.execute(sql, args + extra).fetchall()
        except sqlite3.OperationalError as exc:
            raise UsageError(f"cannot search for that query ({exc})") from None
        return [
            Hit(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], None, r[12], source_json=r[11])
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


def _merge(hits: list[Hit], more: list[Hit]) -> list[Hit]:
    """Both lists, one hit per row, each row at its best (lowest) bm25."""
    best = {h.rowid: h for h in hits}
    for h in more:
        if h.rowid not in best or h.bm25 < best[h.rowid].bm25:
            best[h.rowid] = h
    return list(best.values())


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
