"""Search: FTS5's own `bm25()` ranks inside SQLite, then a rerank by decay × status × kind
(docs/design.md §6).

Tiers (docs/design.md §2): by default the warm tier is searched first and the cold tier only when warm
has fewer hits than asked; `tier` = warm | cold | all restricts or merges them. The warm tier is a
rowid range (see indexer.sort_key), so FTS5 restricts it without reading any row.

Reads only: the connection is `mode=ro` and nothing here writes anything anywhere.
"""

from __future__ import annotations

import calendar
import functools
import json
import logging
import math
import re
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory_store.config import Config
from memory_store.decay import days_between, decay_score
from memory_store.ended import ended_in_words
from memory_store.entries import ID_IN_TEXT_RE, KIND_BY_UPPER, range_lines
from memory_store.errors import IndexOtherVersion
from memory_store.search.dates import DateSpan, find_dates
from memory_store.search.decided import rejected, standing
from memory_store.search.hits import KIND_NAMES, MAX_LIMIT, TIERS, Hit, SearchOptions, merge
from memory_store.search.layers import USER_MODEL_FILES, layer_filter, layer_of, layer_weight, query_type
from memory_store.search.ranking import CANDIDATES, Ranker
from memory_store.search.schema import KEY_BITS, generation_stamp, index_path, meta_get, open_readonly
from memory_store.search.snippets import make_snippet
from memory_store.search.stopwords import is_stopword
from memory_store.search.tokens import (
    Term,
    loose_terms,
    match_all,
    match_any,
    normalise,
    query_terms,
    trigram_match,
)
from memory_store.stemming import stem

log = logging.getLogger("memjobs")

if TYPE_CHECKING:  # concurrent.futures is imported only by a searcher that embeds (start-up, docs/design.md §7)
    from concurrent.futures import Future, ThreadPoolExecutor

    from memory_store.search.expand import Group  # read only by a question that widens (_expanded)

__all__ = ["KIND_NAMES", "MAX_LIMIT", "TIERS", "Hit", "SearchOptions", "SearchResult", "Searcher", "search"]
TRIGRAM_ROWS = 200
SAID_WEIGHT = 1.0  # what was said ranks below a kept memory of the same strength
# When entries and what was said are fused (fuse_said): a message's normalised score against an
# entry's. The context column (said.py) makes a message a good match for a question more often.
SAID_FUSION = 1.25
FUSE_DEPTH = 30  # hits of each list that take part in the fusion
# A message's neighbours in its session (the messages just before and after it) take this share of
# its fused score: an answer is often the turn next to the one that matches the question's words
# (with_neighbours).
NEIGHBOUR_SHARE = 0.2
# ... except that a message that asks (a question mark) lends this share to the message after it: the
# turn that answers it ("How did they handle the accident?" / "They were scared but we reassured
# them"). LoCoMo words only, recall@6 (docs/search-history.md, eleventh pass): tuning 0.723 -> 0.733,
# held out 3-4 0.682 -> 0.684, 5-9 0.670 -> 0.684.
ANSWER_SHARE = 0.4
# A candidate that holds every name the question holds (names_in: "What did Caroline paint?", "why
# did we drop the Redis cache"), as written, against one that holds only its other words.
NAME_BOOST = 1.5
DATE_BOOST = 2.0  # a candidate dated inside the days the query names (dates.py), against one outside
# A question that asks when (asks_when: "when did…", "what year…", 什么时候, เมื่อไหร่): a candidate that
# names a time (a date, a weekday, "yesterday", "last week", "two years ago", 上周, เมื่อวาน) against one
# that does not: the answer to "when" is a message that says when. LoCoMo (docs/search-history.md,
# eighth pass): recall@1 +0.01 on every part, recall@6 +0.003 tuning, held out within one question.
TIME_BOOST = 1.5
# When entries and what was said are fused (_with_said): an entry hit that holds every term of the
# question, against one that holds only some of them, on the fused scale. It used to be a partition
# (every full match listed before any partial one, whatever the scores), so the list was not in the
# order of the scores it printed (docs/design.md §8: "a higher score is better"); now it is a weight
# of the one score the list is sorted by (docs/search-history.md, tenth pass).
FULL_WEIGHT = 3.0
# A searcher with a deadline (the MCP server) whose last LATE_RUN vector branches all missed it skips
# the branch (the words answer at once, `words_only` = "busy"), running one on every PROBE_EVERY-th
# question to see whether the machine has room again (Searcher._busy).
LATE_RUN = 3
PROBE_EVERY = 4
CITED_SPAN = 12  # transcript lines an entry may cite for a message there to count as the entry's
_TOP = 1 << 47

TRIGRAM_SCORE = -0.5  # a substring hit is weak evidence, all alike
LOOSE_WEIGHT = 0.5  # a hit on some bigrams of a long CJK/Thai run, against one on the whole run
# A hit on the names in other languages of a concept the question names (expand.py: "积分多久过期" also
# searches points, expire, แต้ม, หมดอายุ), against one on the question's own words; searched only
# when the question's whole words (every term, then any) match fewer rows than asked, or no row holds
# all of them (_candidates).
EXPAND_WEIGHT = 0.6
# A fused hit's score (_with_said) is weighed between COVER_FLOOR and 1 by the share of the question's
# IDF its text holds (_covered).
COVER_FLOOR = 0.35
COVER_ROWS = 20_000
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
# The decay score (memory_store/decay.py: recency × access, per layer) weighs a match between
# DECAY_FLOOR and 1: decay reorders (at equal relevance the newer, more used memory wins) without
# burying an old, strong match under a recent weak one.
DECAY_FLOOR = 0.4
SCANNED_NOTE = ("the search index was built by another version of memjobs (it is rebuilt by the next job run,"
                " or now by `memjobs index --rebuild`): these results come from a scan of MEMORY.md, the archive"
                " and the daily logs and wrap-ups of the last {days} days, without the sessions tier")
UNDATED_DAYS = 69.0  # a row without a date counts as half faded
EXCLUDED_STATUSES = ("revoked",)


@dataclass
class SearchResult:
    query: str
    took_ms: float
    hits: list[Hit] = field(default_factory=list)
    stale: bool = False
    # Why a question that would have been fused with sentence vectors was ranked by words only:
    # "loading" (the model was still loading, vectors.preload), "late" (its vector missed the
    # searcher's deadline) or "busy" (the last questions' vectors were late: not embedded at all,
    # Searcher._busy); None otherwise. Not part of the JSON result.
    words_only: str | None = None
    # Why this answer did not come from the index on disk (Searcher.scanned), for the reader to show
    # (CLI: stderr; MCP: `note`). Not part of the JSON result.
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "took_ms": round(self.took_ms, 1),
            "results": [h.to_dict() for h in self.hits],
        }


class Searcher:
    """An open read-only view of the index. The MCP server keeps one for its whole life and may search
    from several threads at once: what belongs to one query (the terms' row counts, the days it names,
    its type) lives in that query's `_Run`, never on the Searcher."""

    def __init__(self, cfg: Config, *, embed_queries: bool = False, embed_deadline_ms: float | None = None,
                 cosine_depth: int | None = None, name_boost: float = NAME_BOOST,
                 time_boost: float = TIME_BOOST, full_weight: float = FULL_WEIGHT) -> None:
        """`embed_queries`: fuse a question's cosine ranking in (memory_store/search/vectors.py) when
        the index holds vectors and the `embed` extra is installed; for long-lived searchers only
        (loading the model costs ~0.3-0.8 s once). `embed_deadline_ms`: once the words are ranked,
        wait for the question's vector only until this long after the query arrived; later, the
        words' ranking is the answer (`words_only` = "late") and the vector, still computed, is
        cached for the next time the question is asked. None waits as long as it takes.
        `cosine_depth`, `name_boost`, `time_boost`: nearest rows and messages fused
        (vectors.COSINE_DEPTH when None), the weight of a candidate holding the question's names
        (NAME_BOOST) and of one naming a time when the question asks when (TIME_BOOST), for the
        evaluation scripts, which compare variants in one run; `full_weight` likewise (FULL_WEIGHT)."""
        self.cfg = cfg
        self.full_weight = full_weight
        self.cosine_depth = cosine_depth
        self.name_boost = name_boost
        self.time_boost = time_boost
        self.embed_queries = embed_queries and cfg.search.embed != "off"
        self.embed_deadline_ms = embed_deadline_ms
        self._matrix: Any = None  # vectors.Matrix of the index generation it was read at
        self._pool: ThreadPoolExecutor | None = None
        # The vector branch's own read-only connection (the pool's threads), so that reading the
        # matrix or the nearest rows never waits on the words' statements, nor they on it.
        self._vec_db: sqlite3.Connection | None = None
        self._vec_lock = threading.Lock()
        self._loading: tuple[str | None, Future[Any]] | None = None  # a newer generation's Matrix being read
        self._branch_ms = 0.0  # what this searcher's vector branches take (wall ms, a moving average)
        self._late_run = 0  # branches in a row that missed the deadline (_busy)
        self._skipped = 0  # questions whose branch _busy skipped
        self.path = index_path(cfg.state_dir)
        # Set when the index on disk was built by another version (right after an upgrade): the
        # answers then come from the memory files indexed in memory (indexer.scan_index), with this
        # note, until the next job run or `memjobs index --rebuild` rebuilds it. Search writes
        # nothing (docs/design.md §3), so it cannot rebuild it, but it answers.
        self.scanned: str | None = None
        try:
            self.db = open_readonly(self.path)
        except IndexOtherVersion:
            from memory_store.search.indexer import scan_index

            self.db = scan_index(cfg)
            self.scanned = SCANNED_NOTE.format(days=cfg.limits.warm_days)
            self.embed_queries = False   # no vectors in a scan
        self.rank = Ranker(self.db)  # for callers that rank by hand; each search has a Ranker of its own
        # An index written before the sessions tier existed has no such table: it is simply empty.
        self.has_said = self.db.execute("SELECT 1 FROM sqlite_master WHERE name = 'said_fts'").fetchone() is not None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        if self._loading is not None:
            self._loading[1].exception()  # a matrix being read finishes before its connection closes
        if self._vec_db is not None:
            self._vec_db.close()
        self.db.close()

    def is_stale(self, generation: str | None = None) -> bool:
        """One stat of the generation file against what the index recorded (`generation`, when the
        caller has read it already)."""
        if self.scanned:
            return False   # the files as they are now, read when the searcher opened
        recorded = generation if generation is not None else meta_get(self.db, "generation")
        return generation_stamp(self.cfg.state_dir) != recorded

    def search(self, query: str, opts: SearchOptions | None = None, *, today: date | None = None) -> SearchResult:
        started = time.perf_counter()
        opts = opts or SearchOptions(limit=self.cfg.search.max_results)
        opts.check()
        today = today or datetime.now(self.cfg.tz).date()
        when, words = find_dates(query, today)
        run = _Run(self.cfg, self.db, self.rank.fork(), self.has_said, when, query_type(query))
        run.names = names_pattern(words) if self.name_boost != 1.0 else []
        run.name_boost = self.name_boost
        run.time_boost = self.time_boost if self.time_boost != 1.0 and asks_when(words) else 1.0
        run.full_weight = self.full_weight
        run.decided = rejected(self.cfg.workspace, self.entry_status)
        run.question = words
        terms = query_terms(words) or query_terms(query)
        generation = meta_get(self.db, "generation")
        result = SearchResult(query, 0.0, stale=self.is_stale(generation), note=self.scanned)
        if terms and self.embed_queries and len(terms) > 1 and _unfiltered(opts) and self._busy():
            result.words_only = "busy"
        elif terms and self.embed_queries and len(terms) > 1 and _unfiltered(opts):
            # The vector branch starts before anything else of the question is computed (its words'
            # counts, exact_words): it is the longer of the two, and the deadline counts from arrival.
            if self.embed_deadline_ms is not None:
                run.deadline = started + self.embed_deadline_ms / 1000
            run.near = self._nearest(query, opts, generation, run.deadline, run.branch)
            if run.near is None:
                from memory_store.search import vectors

                result.words_only = "loading" if vectors.state() == "loading" else None
                run.deadline = None
            run.branch_ms = self._branch_ms
        terms = run.rank.exact_words(terms)
        if terms:
            result.hits = run.hits(terms, opts, today)
            result.hits = _not_expired(self.cfg, _not_forgotten(self.cfg.workspace, result.hits, self.db, terms))
            if run.late:
                result.words_only = "late"
            if run.near is not None and self.embed_deadline_ms is not None:
                self._late_run = self._late_run + 1 if run.late else 0
            _mark_disputes(self.cfg.workspace, result.hits)
            _mark_ended(result.hits, today)
            _shown_ids(self.cfg.workspace, result.hits)
        result.took_ms = (time.perf_counter() - started) * 1000
        return result

    def _busy(self) -> bool:
        """Whether this question skips its vector branch: the last LATE_RUN branches all missed the
        deadline (a machine too busy for the model to answer in time), so a branch would only take a
        core from the words' ranking, of this question and the next. Every PROBE_EVERY-th question
        skipped runs one anyway, and the first on time ends the skipping."""
        if self.embed_deadline_ms is None or self._late_run < LATE_RUN:
            return False
        self._skipped += 1
        return self._skipped % PROBE_EVERY != 0

    def _nearest(self, query: str, opts: SearchOptions, generation: str | None, deadline: float | None = None,
                 branch: _Branch | None = None) -> Future[list[Hit] | None] | None:
        """The rows and messages nearest to the query by cosine, as hits in that order (a future: the
        whole vector branch — embedding the query, the cosine scan, reading those rows — runs on
        another thread while the words are ranked, so a deadline bounds all of it; onnxruntime, numpy
        and SQLite release the GIL). None without vectors or model. The future's value is None when
        the index turns out to hold no vector of the current model."""
        from memory_store.search import vectors

        matrix = self._matrix
        stale = matrix is None or matrix.generation != generation
        if stale and (not vectors.available() or not self.db.execute(
                "SELECT 1 FROM sqlite_master WHERE name = 'rows_vec'").fetchone()):
            return None
        if matrix is not None and not stale and not matrix.keys:
            return None
        model = vectors.model(wait=False)  # still loading at the server's start: words only
        if model is None:
            return None
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            # One thread: the vector branch never takes more than one core beside the words' ranking.
            # A question whose vector was late leaves its branch running (its vector is cached for
            # when it is asked again); the next question's branch waits behind it rather than take a
            # third thread on a 2-core machine and slow every ranking there (_Run.hits cancels it
            # if it never started before its own deadline).
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memjobs-embed")
        source: Any = matrix
        if stale:
            loading = self._reload(generation)
            # With a deadline (the MCP server), the matrix of the previous generation serves while the
            # new one is read (55-240 ms for 40,000 vectors): a row it lists that is gone is left out
            # by _near_hits, a row added since is found by words. Without one, the new one is waited for.
            if matrix is None or self.embed_deadline_ms is None:
                source = loading
        depth = self.cosine_depth or vectors.COSINE_DEPTH
        return self._pool.submit(self._near, source, model, query, opts, depth, deadline, branch or _Branch())

    def _near(self, source: Any, model: Any, query: str, opts: SearchOptions, depth: int,
              deadline: float | None = None, branch: _Branch | None = None) -> list[Hit] | None:
        """The vector branch of one query, on a pool thread (see _nearest). `branch.started` is set as
        it begins (a question whose words are ranked before its branch could start does not wait for
        it: _Run.hits). Past the `deadline` nothing waits for it any more: once the question's vector
        is embedded (and cached, for when it is asked again) the scan and the reading of the nearest
        rows are skipped, so that a late branch leaves the cores to the questions that follow."""
        from memory_store.search import vectors

        began = time.perf_counter()
        if branch is not None:
            branch.started.set()
        matrix = source if isinstance(source, vectors.Matrix) else source.result()
        if not matrix.keys:
            return None
        qv = vectors.query_vector(model, query)
        if deadline is not None and time.perf_counter() > deadline:
            raise _BranchLate
        keys = matrix.nearest(qv, depth)
        out = self._near_hits(keys, opts, self._vector_db())
        # What a branch takes, for the next questions' wait (an average over the last few).
        self._branch_ms += ((time.perf_counter() - began) * 1000 - self._branch_ms) / 4
        return out

    def _near_hits(self, keys: list[tuple[bool, int]], opts: SearchOptions, db: sqlite3.Connection) -> list[Hit]:
        """The cosine ranking's rows and messages as hits, in its order: rows revoked or outside the
        default layers are left out, as the word ranking leaves them out; a message the sessions tier
        no longer holds is gone. `db`: the vector branch's own connection."""
        from memory_store.search.ranking import ENTRY_COLS

        want = [r for said, r in keys if not said]
        rows: dict[tuple[bool, int], Hit] = {}
        if want:
            layers = layer_filter(opts.layers)
            where = [f"r.rowid IN ({', '.join('?' * len(want))})", "coalesce(r.status, '') NOT IN ('revoked')"]
            args: list[Any] = list(want)
            if layers:
                where.append(layers[0])
                args += layers[1]
            cols = self.rank.entry_cols if self.rank.entry_cols else ENTRY_COLS
            for r in db.execute(f"SELECT {cols}, 0.0 FROM rows r WHERE {' AND '.join(where)}", args):
                rows[(False, r[0])] = Hit(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], None,
                                          r[13], source_json=r[11], superseded_by=r[12])
        if self.cfg.search.sessions and self.has_said:
            for h in Ranker(db, self.rank.entry_cols).said_rows([r for said, r in keys if said], opts):
                rows[(True, h.rowid)] = h
        out = [rows[k] for k in keys if k in rows]
        for h in out:
            h.layer = layer_of(h.path, h.kind, h.said)
        return out

    def _vector_db(self) -> sqlite3.Connection:
        with self._vec_lock:
            if self._vec_db is None:
                self._vec_db = open_readonly(self.path)
            return self._vec_db

    def _reload(self, generation: str | None) -> Future[Any]:
        """The matrix of `generation`, read once on a thread of its own (never on the query's thread:
        decoding 40,000 blobs is no part of a question's time); becomes `self._matrix` when read."""
        from concurrent.futures import Future

        from memory_store.search import vectors
        from memory_store.search.embed import MODEL_ID

        with self._vec_lock:
            if self._loading is not None and self._loading[0] == generation:
                return self._loading[1]
            done: Future[Any] = Future()
            self._loading = (generation, done)

        def read() -> None:
            try:
                m = vectors.load_matrix(self._vector_db(), MODEL_ID, generation)
            except Exception as exc:  # a damaged or replaced index: this query is ranked by words
                done.set_exception(exc)
                return
            self._matrix = m
            done.set_result(m)

        threading.Thread(target=read, name="memjobs-vectors-read", daemon=True).start()
        return done

    # ---- memory_get -----------------------------------------------------------------------

    def entry_status(self, entry_id: str) -> str | None:
        """An entry's status as the index holds it (microSync's links applied, links.py), None when the
        index has no such entry."""
        row = self.db.execute("SELECT coalesce(status, 'active') FROM rows WHERE id = ? AND type = 'entry' LIMIT 1",
                              (entry_id,)).fetchone()
        return str(row[0]) if row else None

    def standing(self, entry_id: str) -> tuple[str | None, str | None]:
        """An entry's status and superseded_by as search reports them (decided.py `standing`)."""
        row = self.db.execute("SELECT status, superseded_by FROM rows WHERE id = ? AND type = 'entry' LIMIT 1",
                              (entry_id,)).fetchone()
        if row is None:
            return None, None
        return standing(entry_id, row[0], row[1], rejected(self.cfg.workspace, self.entry_status))

    def locate(self, entry_id: str) -> tuple[str, int] | None:
        """Where the index saw an entry (preferring the entry itself over a MEMORY.md item)."""
        row = self.db.execute(
            "SELECT path, line FROM rows WHERE id=? ORDER BY type != 'entry', rowid LIMIT 1", (entry_id,)
        ).fetchone()
        return (row[0], row[1]) if row else None

    def indexed_paths(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT path FROM files")}


class _BranchLate(Exception):
    """A vector branch that stopped after the question's embedding: its deadline had passed."""


@dataclass
class _Branch:
    """What the query's thread knows of its vector branch: whether it has begun."""

    started: threading.Event = field(default_factory=threading.Event)


@dataclass
class _Run:
    """One query's search: its own Ranker (row counts cached for this query only), the days it names
    (memory_store/search/dates.py) and its type for the layer boosts (memory_store/search/layers.py)."""

    cfg: Config
    db: sqlite3.Connection
    rank: Ranker
    has_said: bool
    when: DateSpan | None
    qtype: str | None
    # the rows and messages nearest by cosine (vectors.py), best first, being read on another thread
    near: Future[list[Hit] | None] | None = None
    deadline: float | None = None  # time.perf_counter() after which `near` is not waited for
    late: bool = False  # `near` missed the deadline: the words' ranking was returned
    branch: _Branch = field(default_factory=_Branch)
    branch_ms: float = 0.0  # what the searcher's vector branches take (Searcher._branch_ms)
    names: list[tuple[str, re.Pattern[str]]] = field(default_factory=list)  # the question's names (names_pattern)
    name_boost: float = NAME_BOOST
    time_boost: float = 1.0  # TIME_BOOST when the question asks when (asks_when), else 1
    full_weight: float = FULL_WEIGHT
    seen: list[Hit] = field(default_factory=list)  # every entry candidate ranked (_ranked_hits)
    # entries a person's recorded conflict decision rejects -> the entry kept (decided.py)
    decided: dict[str, str] = field(default_factory=dict)
    question: str = ""  # the query less the dates it names: what expand.groups reads
    # the concepts the question names in one language, searched in the other two (expand.py), when
    # its own words fell short (_expanded): None until asked
    concepts: list[Group] | None = None
    widened: bool = False  # the entry tiers searched the concepts' other names: the sessions tier does too
    # messages found only by some bigrams of the question's runs (_said): weighed as such in fuse_said
    loose_said: set[int] = field(default_factory=set)

    def hits(self, terms: list[Term], opts: SearchOptions, today: date) -> list[Hit]:
        cutoff = today.toordinal() - self.cfg.limits.warm_days
        warm = (cutoff << KEY_BITS, _TOP)
        cold = (0, cutoff << KEY_BITS)
        if opts.tier == "sessions":
            depth = replace(opts, limit=max(opts.limit, FUSE_DEPTH))
            said = self._ranked_hits(self._said(terms, opts), depth, today)
            hits = self._with_neighbours(said, opts)[: opts.limit]
        else:
            asked = opts
            if self.near is not None and opts.tier is None:
                from memory_store.search.vectors import BASE_DEPTH

                opts = replace(opts, limit=max(opts.limit, BASE_DEPTH))
            # The fusion takes BASE_DEPTH of the words' hits, but a question whose every word is in as
            # many rows as asked is not searched wider (any term, anywhere) only to fill that depth, as
            # without vectors: that second statement doubled the words' ranking of such a question,
            # past the deadline that bounds only the wait for its vector (docs/search-history.md,
            # eleventh pass). Fewer full matches than asked widen as before, to the fusion's depth.
            enough = asked.limit
            span = {"all": (0, _TOP), "cold": cold, "warm": warm}.get(opts.tier or "")
            if span is not None:
                candidates = self._candidates(terms, opts, span)
            else:
                candidates = self._auto(terms, opts, warm, cold, enough)
            if self.when is not None:
                candidates = self._dated(candidates, terms, opts, span or (0, _TOP))
            if opts.tier is None and self.cfg.search.sessions:
                ranked = self._ranked_hits(candidates, replace(opts, limit=FUSE_DEPTH), today)
                hits = self._with_said(ranked, terms, opts, today)
            else:
                hits = self._ranked_hits(candidates, opts, today)
            if self.near is not None and opts.tier is None:
                from memory_store.search.vectors import fuse

                wait = None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())
                if wait is not None and not self.branch.started.is_set() and wait * 1000 < self.branch_ms:
                    # Not begun (queued behind a late question's branch) with less time left than a
                    # branch takes: it cannot be on time, so the words answer now rather than at the
                    # deadline.
                    wait = 0.0
                try:
                    near = self.near.result(timeout=wait)
                except (TimeoutError, _BranchLate):  # concurrent.futures.TimeoutError is this one since 3.11
                    near = None
                    self.late = True
                    self.near.cancel()  # still queued behind another question's branch: never run
                except Exception as exc:  # the model's runtime raises plain Exceptions
                    log.warning("search by meaning skipped for this query: %s", str(exc)[:200])
                    near = None
                if near is not None:  # the whole branch is done: what is left is ~40 hits of arithmetic
                    self._decide(near)
                    hits = _dedupe(fuse(hits, near, opts.limit, _cites))[: asked.limit]
        # What was decided last is read first, whichever tiers the hits came from; and a kept answer
        # before the episode, wrap-up or archive line that tells of it.
        hits = _below_answers(_below_replacements(hits, self._replaced_by), self._replaced_by, self.seen)
        marks = terms + [t for t in loose_terms(terms) if t not in terms]
        if self.widened:
            marks += [a for g in self._groups() for a in g.alts if a not in marks]
        for h in hits:
            h.tier = "sessions" if h.said else ("warm" if h.rowid >= warm[0] else "cold")
            h.snippet = make_snippet(h.title if not h.said else "", h.body, marks)
            h.source = json.loads(h.source_json) if h.source_json else None
        return hits

    # ---- candidates and rerank -------------------------------------------------------------
    # Every step is one SQL statement that lets FTS5 rank: `bm25()` with column weights, `ORDER BY
    # ... LIMIT`. What bounds the cost is BUDGET (see _window); stop words never reach a query
    # (tokens.query_terms), so a question costs what its content words cost.

    def _auto(self, terms: list[Term], opts: SearchOptions, warm: tuple[int, int], cold: tuple[int, int],
              enough: int | None = None) -> list[Hit]:
        """Warm first (docs/design.md §6): rows of the warm tier that match every term; when they are
        fewer than asked, the cold tier's too; when still fewer than `enough` (else opts.limit), any
        term, anywhere, up to opts.limit."""
        enough = enough or opts.limit
        # One statement for both tiers (FTS5 computes each phrase's IDF once per statement), warm rows
        # ordered first so that the page holds every warm match before any cold one.
        window = self.rank.and_window(terms, (cold[0], warm[1]))
        if _one_word(terms):
            hits = self.rank.one_phrase(terms[0], opts, window, warm[0])
        else:
            hits = self.rank.fetch("fts", match_all(terms), opts, window, CANDIDATES, ranked=True, first_from=warm[0])
        for h in hits:
            h.full = True
        in_warm = [h for h in hits if h.rowid >= warm[0]]
        if len(in_warm) >= opts.limit:
            return in_warm
        if len(hits) >= enough:
            return hits
        return self._candidates(terms, opts, (0, _TOP), every=hits)

    def _decide(self, hits: list[Hit]) -> None:
        """Each entry hit a person's decision rejects: `superseded` by the entry kept (decided.py)."""
        if self.decided:
            for h in hits:
                if h.type == "entry":
                    h.status, h.superseded_by = standing(h.id, h.status, h.superseded_by, self.decided)

    def _replaced_by(self, entry_id: str) -> str | None:
        """The id that superseded an entry, from the index (a link of a replacement chain whose
        entry is not among the hits), or a person's decision."""
        try:
            row = self.db.execute("SELECT superseded_by FROM rows WHERE id = ? AND type = 'entry' LIMIT 1",
                                  (entry_id,)).fetchone()
        except sqlite3.OperationalError:   # an index made before the column: no chain to follow
            return None
        if row and row[0]:
            return str(row[0])
        return self.decided.get(entry_id)

    def _said(self, terms: list[Term], opts: SearchOptions) -> list[Hit]:
        """Messages of the sessions tier that match the query, by bm25() (memory_store/search/said.py)."""
        if not self.has_said or self.db.execute("SELECT 1 FROM said LIMIT 1").fetchone() is None:
            return []
        hits = self.rank.any(terms, opts, (0, _TOP), "said_fts")
        loose = loose_terms(terms) if not hits else []
        if loose:
            # as the entry tiers do (_candidates): a question typed as one CJK/Thai run is rarely said
            # verbatim, its content bigrams are; part of a run weighs less than the run itself. Only
            # when the whole run is in no message: the entry tiers top up below `limit`, but a loose
            # match of many short messages (and the neighbours they lend to) would push a weak entry
            # that answers out of the list before the answers are put first (_below_answers). Fused
            # with the entries, such messages count on their own statement's scale (loose_said,
            # fuse_said): at most LOOSE_WEIGHT of a whole match, below the entry holding the words
            part = self.rank.any(loose, opts, (0, _TOP), "said_fts")
            for h in part:
                h.bm25 *= LOOSE_WEIGHT
            hits = merge(hits, part)
        if self.widened:  # the entry tiers' own words fell short: what was said in other languages too
            hits = merge(hits, self._expanded(terms, opts, (0, _TOP), "said_fts"))
        if self.when is not None:
            hits = _date_boost(merge(hits, self.rank.any(terms, opts, _rowids(self.when), "said_fts")), self.when)
        if loose:  # those a bigram found and no other statement better (fuse_said)
            found = {id(h) for h in part}
            self.loose_said = {h.rowid for h in hits if id(h) in found}
        for h in hits:
            h.bm25 *= SAID_WEIGHT
        return _said_not_forgotten(self.cfg.workspace, self.db, hits, terms)

    def _dated(self, hits: list[Hit], terms: list[Term], opts: SearchOptions, span: tuple[int, int]) -> list[Hit]:
        """The query named a date (memory_store/search/dates.py): the rows of those days that match
        are candidates too, and every candidate of those days ranks higher."""
        days = _rowids(self.when)  # type: ignore[arg-type]
        inside = (max(span[0], days[0]), min(span[1], days[1]))
        if inside[0] < inside[1]:
            hits = merge(hits, self._candidates(terms, opts, inside))
        return _date_boost(hits, self.when)  # type: ignore[arg-type]

    def _with_said(self, hits: list[Hit], terms: list[Term], opts: SearchOptions, today: date) -> list[Hit]:
        """The entry tiers' hits (ranked, up to FUSE_DEPTH), topped up from the sessions tier when fewer
        than `limit` of them match every term of the query (docs/design.md §6): entries and what was
        said on one scale (`fuse_said`), a full match weighing `full_weight`, sorted by that score."""
        good = [h for h in hits if h.full]
        if len(good) >= opts.limit:
            return hits[: opts.limit]
        said = self._ranked_hits(self._said(terms, opts), replace(opts, limit=FUSE_DEPTH), today)
        if not said:
            return hits[: opts.limit]
        fused = fuse_said(hits, said, self.loose_said)  # every hit on one scale
        self._covered(fused, terms)
        fused = self._with_neighbours(sorted(fused, key=_order), opts)
        for h in fused:
            if h.full:
                h.score *= self.full_weight
        return sorted(fused, key=_order)[: opts.limit]

    def _covered(self, hits: list[Hit], terms: list[Term]) -> None:
        """Each hit's score times COVER_FLOOR..1 by how much of the question it holds: the share of the
        question's terms, each weighed by its IDF, that its text holds — a term by its own words, by a
        name of its concept in another language when the question was widened (expand.py), a long
        CJK/Thai run by the share of its pieces (tokens.loose_terms). Each list of the fusion is divided
        by its own best (fuse_said), so a list of weak matches tops out where a list of strong ones
        does: a message holding only "ใช้" or "ตอน" of a Thai question, or only "launch" of "which
        countries are in the soft launch", stood level with the entry holding its rarest word ("OCR")."""
        if len(terms) < 2:
            return
        alts: dict[Term, list[Term]] = {}
        if self.widened:
            for g in self._groups():
                for t in terms:
                    if t.text == g.own.text or (t.run and g.own.run and g.own.text in t.text):
                        alts.setdefault(t, []).extend(g.alts)
        units: list[tuple[Term, list[list[re.Pattern[str]]]]] = []
        for t in terms:
            whole = [_holds_term(t), *map(_holds_term, alts.get(t, []))]
            parts = [[_holds_term(p)] for p in loose_terms([t]) if p != t] if t.run and len(t.text) >= 3 else []
            units.append((t, [whole, *parts]))
        for table, group in (("fts", [h for h in hits if not h.said]), ("said_fts", [h for h in hits if h.said])):
            if not group:
                continue
            n = self._table_rows(table)
            weights = [math.log(1 + n / (self.rank.df(t, table) + 0.5)) for t, _ in units]
            for h in group:
                text = normalise(f"{h.title}\n{h.body}")
                held = 0.0
                asked = 0.0
                # A question in Thai or Chinese naming a thing by its English word ("OCR", "CI"): a text
                # in other scripts that holds that word as written is not asked for the question's
                # Thai or Chinese words, which it cannot hold (an English answer about OCR).
                latin = any(not t.run and p.search(text) for t, ((p, *_), *_) in units)
                for w, (t, (whole, *parts)) in zip(weights, units, strict=True):
                    if any(p.search(text) for p in whole):
                        held += w
                    elif latin and t.run and _script(t.text) not in _scripts(text):
                        continue
                    elif parts:
                        held += w * sum(1 for p in parts if p[0].search(text)) / len(parts)
                    asked += w
                h.score *= COVER_FLOOR + (1 - COVER_FLOOR) * held / (asked or 1.0)

    def _table_rows(self, table: str) -> int:
        """The rows of the entry tiers or the messages of the sessions tier (the N of an IDF), counted
        up to COVER_ROWS: a term's rows are counted up to ranking.BUDGET (Ranker.df), and a count of a
        10-year index's 230,000 rows would cost more than the question."""
        table_name = "said" if table == "said_fts" else "rows"
        row = self.db.execute(f"SELECT count(*) FROM (SELECT 1 FROM {table_name} LIMIT ?)", (COVER_ROWS,)).fetchone()
        return max(int(row[0]), 1)

    def _with_neighbours(self, fused: list[Hit], opts: SearchOptions) -> list[Hit]:
        """Each message in the fused list lends NEIGHBOUR_SHARE of its score to the messages just
        before and after it in its session (ANSWER_SHARE to the one after it when it asks something):
        a neighbour already listed adds it to its own score; one that an entry of the list cites
        closely adds it to that entry (as in fuse_said); any other joins the list with it (summed when
        both of its neighbours matched)."""
        said = {h.rowid: h for h in fused if h.said}
        pairs = self.rank.neighbours(list(said)) if NEIGHBOUR_SHARE else []
        if not pairs:
            return fused
        lent: dict[int, float] = {}
        for rid, near, after in pairs:
            share = ANSWER_SHARE if after and _asks(said[rid].body) else NEIGHBOUR_SHARE
            lent[near] = lent.get(near, 0.0) + share * said[rid].score
        new = self.rank.said_rows([r for r in lent if r not in said], opts)
        cited = [(c, h) for h in fused if not h.said and (c := _cited(h)) and c[2] - c[1] < CITED_SPAN]
        added = []
        for h in new:
            citing = [e for c, e in cited if c[0] == h.path and c[1] <= h.line <= c[2]]
            if citing:  # an entry listed cites it: the entry takes the share (as fuse_said does)
                best = max(citing, key=lambda e: e.score)
                best.score += lent[h.rowid]
                continue
            h.layer = layer_of(h.path, h.kind, True)
            h.score = lent[h.rowid]
            added.append(h)
        for rid, share in lent.items():
            if rid in said:
                said[rid].score += share
        return sorted([*fused, *added], key=_order)

    def _ranked_hits(self, hits: list[Hit], opts: SearchOptions, today: date) -> list[Hit]:
        """Rerank the candidates by decay × status × kind and keep the best `limit`. An entry row that
        holds a forgotten value is no candidate (`_not_forgotten` takes it out of the answer anyway):
        ranked, it took a place of the `limit` and the score of the messages it cites (fuse_said),
        and the answer came back short once it was taken out."""
        if hits:
            from memory_store.core.forgotten import forgotten

            gone = forgotten(self.cfg.workspace)
            if gone:
                hits = [h for h in hits if h.said or not gone.found_in(h.title, h.body)]
        access = self._access([h.id for h in hits if h.id])
        self._decide(hits)
        self.seen += [h for h in hits if h.type == "entry"]
        for h in hits:
            h.layer = layer_of(h.path, h.kind, h.said)
            h.score = -h.bm25 * rank_factor(h, today, access.get(h.id or "", 0), self.qtype)
            if self.names and _holds_names(h, self.names):
                h.score *= self.name_boost
            if self.time_boost != 1.0 and names_time(h.body):
                h.score *= self.time_boost
        return _dedupe(sorted(hits, key=_order))[: opts.limit]

    def _candidates(
        self, terms: list[Term], opts: SearchOptions, span: tuple[int, int], every: list[Hit] | None = None
    ) -> list[Hit]:
        """Rows matching every term (`every`, when the caller has them already); if too few, any term,
        then any bigram of a long CJK/Thai run; if still too few, substrings (trigrams)."""
        if every is None:
            every = self.rank.ranked(match_all(terms), opts, self.rank.and_window(terms, span))
            for h in every:
                h.full = True
        hits = every
        if len(hits) < opts.limit and len(terms) > 1:
            hits = merge(hits, self.rank.any(terms, opts, span))
        own = len(hits)  # rows holding a whole word of the question: bigram and substring hits are weak
        loose = loose_terms(terms) if len(hits) < opts.limit else []
        if loose:
            part = self.rank.any(loose, opts, span)
            for h in part:
                h.bm25 *= LOOSE_WEIGHT  # part of a run weighs less than the run itself
            hits = merge(hits, part)
        if len(hits) < opts.limit:
            tri = trigram_match(terms)
            if tri:
                # Substring hits: the newest rows (rowids grow with the date), each a weak match.
                part = self.rank.fetch("tri", tri, opts, span, TRIGRAM_ROWS, ranked=False)
                for h in part:
                    h.bm25 = TRIGRAM_SCORE
                hits = merge(hits, part)
        if own < opts.limit or not every:
            # When the question's whole words found fewer rows than asked (a row holding some bigrams
            # of a run, or a substring, is weak evidence), or no row holding all of them: rows holding
            # one word each ("积分" of 积分多久过期, "Ploy" of "how should the assistant format its
            # replies to Ploy") fill the page of a question whose answer is written in another
            # language. A question some row answers in its own words, and one whose words fill the
            # page, is not widened, which costs a query per concept (review17 F5).
            # After the question's own words, whatever they found: the other languages' names only add,
            # and below the rows that hold every word of the question as written (their bm25() is on
            # another statement's scale, or a fixed one for a one-phrase query: Ranker.one_phrase).
            wider = self._expanded(terms, opts, span, full_only=own >= opts.limit)
            if every and wider:
                cap = EXPAND_WEIGHT * min(h.bm25 for h in every)
                best = min(h.bm25 for h in wider)
                if best < cap:
                    for h in wider:
                        h.bm25 *= cap / best
            hits = merge(hits, wider)
        return hits

    def _groups(self) -> list[Group]:
        if self.concepts is None:
            from memory_store.search.expand import groups

            self.concepts = groups(self.question)
        return self.concepts

    def _expanded(self, terms: list[Term], opts: SearchOptions, span: tuple[int, int], table: str = "fts",
                  full_only: bool = False) -> list[Hit]:
        """Rows that name the question's concepts in another language (expand.py), at EXPAND_WEIGHT of
        their bm25(): those that hold every term of the question, each by a concept's name or as
        written, first, as full matches; then those that name any of them, unless `full_only` (the
        question's own words fill the page: a row naming some of its concepts adds nothing to it)."""
        concepts = self._groups()
        if not concepts:
            return []
        self.widened = True
        alts = list(dict.fromkeys(a for g in concepts for a in g.alts))
        hits: list[Hit] = []
        if table == "fts":
            named = {w for g in concepts if not g.own.run for w in g.own.text.split()}
            inside = [g.own.text for g in concepts if g.own.run]
            rest = [t for t in terms if (t.run and not any(n in t.text for n in inside))
                    or (not t.run and t.text not in named)]
            # Each concept by any of its names, and at least one name in another language: a row the
            # question's own words find is theirs to rank. A full match holds every term of the
            # question: the terms that name no concept as written (a name, a number, a tool: "Tom",
            # "CSV"), whatever the question's language. Without them ("answer language" naming only
            # "answer"), 回答用表格 was a full match and outranked "Always answer in Japanese", which
            # holds as much of the question in its own words.
            alone = [[g.own, *g.alts] for g in concepts] + [[t] for t in rest]
            rarest = min(alone, key=lambda ts: sum(self.rank.df(t) for t in ts))
            every = " AND ".join("(" + match_any(ts) + ")" for ts in [*alone, alts])
            hits = self.rank.ranked(every, opts, self.rank.or_window(rarest, span))
            for h in hits:
                h.full = True
        if len(hits) < opts.limit and not full_only:
            hits = merge(hits, self.rank.any(alts, opts, span, table))
        for h in hits:
            h.bm25 *= EXPAND_WEIGHT
        return hits

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


_NAME_RE = re.compile(r"(?<![\w'])([A-Z][\w-]*[a-z][\w-]*)")
_NOT_NAMES = frozenset(m.lower() for m in (*calendar.month_name[1:], *calendar.day_name))


def names_in(query: str) -> list[str]:
    """The capitalised words of a question, other than its first word, a stop word, a month or a day
    of the week: the person, place or product it is about ("What did Caroline paint?" → Caroline;
    "why did we drop the Redis cache" → Redis; "ใช้ Redis ทำอะไร" → Redis). A message by or about
    Caroline answers her question more often than one that only shares its other words."""
    out: list[str] = []
    first = len(query) - len(query.lstrip())
    for m in _NAME_RE.finditer(query):
        w = m.group(1)
        if m.start() == first or is_stopword(w.lower()) or w.lower() in _NOT_NAMES or w in out:
            continue
        out.append(w)
    return out


def names_pattern(query: str) -> list[tuple[str, re.Pattern[str]]]:
    """Each name of the question (names_in) with a pattern matching it as a whole word, as written."""
    return [(n, re.compile(rf"(?<!\w){re.escape(n)}(?!\w)")) for n in names_in(query)]


_ASKS_WHEN = re.compile(
    r"\bwhen\b|\bwhat (?:day|date|year|month|time|week)\b|\bhow long ago\b|\bwhich (?:day|year|month|week)\b"
    r"|เมื่อไหร่|เมื่อไร|วันไหน|ปีไหน|เดือนไหน|什么时候|何时|哪天|哪一天|哪年|哪一年|几月|几号",
    re.IGNORECASE,
)
_TIME = re.compile(
    r"(?i:\b(?:yesterday|today|tonight|tomorrow|recently|ago|weekend"
    r"|(?:last|next|this|past) (?:week|month|year|night|weekend|morning|evening|summer|winter|spring|fall"
    r"|autumn|time|few|couple)))\b"
    r"|\b(?:" + "|".join((*calendar.day_name, *calendar.month_name[1:])) + r")\b"  # as written: "may" is no month
    r"|\b(?:19|20)\d\d\b|\b\d{4}-\d\d-\d\d\b"
    r"|昨天|今天|明天|前天|上周|上个月|去年|今年|最近|星期|周[一二三四五六日末]|\d+月|\d+年|\d+日"
    r"|เมื่อวาน|วันนี้|พรุ่งนี้|สัปดาห์ที่แล้ว|เดือนที่แล้ว|ปีที่แล้ว|อาทิตย์ที่แล้ว|ล่าสุด|วันจันทร์|วันอังคาร"
    r"|วันพุธ|วันพฤหัส|วันศุกร์|วันเสาร์|วันอาทิตย์"
)


def asks_when(query: str) -> bool:
    """Whether a question asks when something happened ("When did Caroline go…", "what year…",
    什么时候, เมื่อไหร่), not what or why."""
    return _ASKS_WHEN.search(query) is not None


def names_time(text: str) -> bool:
    """Whether a text names a time: a date, a year, a month, a weekday, "yesterday", "last week",
    "two years ago", 上周, เมื่อวาน."""
    return _TIME.search(text) is not None


def _holds_names(h: Hit, names: list[tuple[str, re.Pattern[str]]]) -> bool:
    """Whether a candidate holds every name as a whole word. A substring test first (~0.4 µs), the
    pattern only where it passes (~40 µs a candidate: a question reranks hundreds of them)."""
    for name, pattern in names:
        title = name in h.title and pattern.search(h.title)
        if not title and not (name in h.body and pattern.search(h.body)):
            return False
    return True


_THAI_CHARS = re.compile("[\u0e00-\u0e7f]")
_HAN_CHARS = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff]")


def _script(run: str) -> str:
    return "thai" if _THAI_CHARS.match(run) else "han"


def _scripts(text: str) -> set[str]:
    """The scripts without spaces a text is written in, of thai and han."""
    return {name for name, rx in (("thai", _THAI_CHARS), ("han", _HAN_CHARS)) if rx.search(text)}


def _holds_term(t: Term) -> re.Pattern[str]:
    """A pattern finding a term in a normalised text as the index matches it: a CJK/Thai run anywhere,
    a word at a word's start, as its light stem ("hosted" finds hosting, "countries" country) when it
    is long enough to be searched as a prefix (Term.fts), else as the whole word."""
    return _term_pattern(t.text, t.run, t.exact)


@functools.lru_cache(maxsize=4096)
def _term_pattern(text: str, run: bool, exact: bool) -> re.Pattern[str]:
    if run:
        return re.compile(re.escape(text))
    if len(text) < 4 or exact:
        return re.compile(rf"(?<![^\W_]){re.escape(text)}(?:s|es)?(?![^\W_])")
    base = stem(text)
    base = base[:-1] if base.endswith("y") and len(base) > 4 else base
    return re.compile(rf"(?<![^\W_]){re.escape(base)}")


def _cited(h: Hit) -> tuple[str, int, int] | None:
    """The transcript lines an entry hit cites (session_path, first, last), if any."""
    if not h.source_json:
        return None
    src = json.loads(h.source_json)
    span = range_lines(str(src.get("message_range") or ""))
    return (str(src.get("session_path") or ""), *span) if span else None


def _cites(entry: Hit, message: Hit) -> bool:
    """Whether an entry hit cites a message closely (at most CITED_SPAN lines), as fuse_said counts it."""
    c = _cited(entry)
    return bool(c and c[2] - c[1] < CITED_SPAN and c[0] == message.path and c[1] <= message.line <= c[2])


def _not_forgotten(workspace: Path, hits: list[Hit], db: sqlite3.Connection | None = None,
                   terms: list[Term] | None = None) -> list[Hit]:
    """The hits that hold no value the user had memjobs forget (memory_store/core/forgotten.py): what
    was said, an episode or a wrap-up that repeats a forgotten name is not served (docs/design.md §6),
    nor a message that only its neighbour's forgotten words matched (`_said_not_forgotten`)."""
    from memory_store.core.forgotten import forgotten

    gone = forgotten(workspace)
    if not gone:
        return hits
    kept = [h for h in hits if not gone.found_in(h.title, h.body)]
    if db is not None and any(h.said for h in kept):
        kept = _said_not_forgotten(workspace, db, kept, terms or [])
    return kept


def _shown_ids(workspace: Path, hits: list[Hit]) -> None:
    """A hit's id and the ids it links to (superseded_by, disputed_by, disputes) as they may be printed:
    an id made from words that hold a forgotten value without them (`Forgotten.shown_id`)."""
    from memory_store.core.forgotten import forgotten

    gone = forgotten(workspace)
    if not gone:
        return
    for h in hits:
        h.id = gone.shown_id(h.id) if h.id else h.id
        h.superseded_by = gone.shown_id(h.superseded_by) if h.superseded_by else h.superseded_by
        h.disputed_by = [gone.shown_id(i) for i in h.disputed_by] if h.disputed_by else h.disputed_by
        h.disputes = [gone.shown_id(i) for i in h.disputes] if h.disputes else h.disputes


def _said_not_forgotten(workspace: Path, db: sqlite3.Connection, hits: list[Hit], terms: list[Term]) -> list[Hit]:
    """Messages of the sessions tier less those held out, taken out before they lend their score to
    their neighbours (`_with_neighbours`): one whose own words hold a forgotten value, and one whose
    neighbour's words do (a message is indexed with them, said.py) unless its own words match the
    query — a message held out brings back no neighbour. Entry hits pass as they are."""
    from memory_store.core.forgotten import forgotten

    gone = forgotten(workspace)
    if not gone:
        return hits
    hits = [h for h in hits if not (h.said and gone.found_in(h.body))]
    said = [h.rowid for h in hits if h.said]
    if not said:
        return hits
    near = {rid for rid, before, after in db.execute(
        f"SELECT rowid, before, after FROM said WHERE rowid IN ({', '.join('?' * len(said))})", said)
        if gone.found_in(before, after)}
    if not near:
        return hits
    own: set[int] = set()
    if terms:
        own = {r[0] for r in db.execute(
            f"SELECT rowid FROM said_fts WHERE said_fts MATCH ? AND rowid IN ({', '.join('?' * len(near))})",
            [f"text : ({match_any(terms)})", *near])}
    return [h for h in hits if not (h.said and h.rowid in near and h.rowid not in own)]


def _mark_ended(hits: list[Hit], today: date) -> None:
    """Each active entry hit whose "until" day is before today: `ended` that day (memory_store/ended.py)."""
    for h in hits:
        if h.type == "entry" and (h.status or "active") == "active":
            end = ended_in_words(KIND_BY_UPPER.get((h.kind or "").upper(), ""), h.date, (h.title, h.body), today)
            h.ended = end.isoformat() if end else None


def _not_expired(cfg: Config, hits: list[Hit]) -> list[Hit]:
    """The hits that are no core-memory fact whose TTL has passed: such a fact never resolves
    (docs/design.md §4) and leaves its file only when the daily job archives it, so the index may
    still hold its line. Only a search that returns PROFILE.md or SESSION.md lines (the user model
    layer) reads core memory for it."""
    wanted = {(h.path, h.line) for h in hits if h.path in USER_MODEL_FILES}
    if not wanted:
        return hits
    from memory_store.core.files import SCOPE_FILES
    from memory_store.core.store import CoreMemory
    from memory_store.core.ttl import expiry

    store = CoreMemory.from_config(cfg)
    now = store.clock()
    gone = set()
    for scope, rel in SCOPE_FILES.items():     # only the hits' lines: a session TTL reads its transcript
        if not any(path == rel for path, _ in wanted):
            continue
        for loc in store.located(scope):
            e = loc.entry
            if (rel, loc.line) in wanted and e.effective_status == "active" \
                    and expiry(e, now, store.session_idle, store.last_activity).expired:
                gone.add((rel, loc.line))
    return [h for h in hits if (h.path, h.line) not in gone] if gone else hits


def _unfiltered(opts: SearchOptions) -> bool:
    """The default search: no tier, kind, date or layer filter (the only one fused with vectors)."""
    from memory_store.search.layers import DEFAULT_LAYERS

    return opts.tier is None and not opts.kinds and not opts.since and not opts.until and (
        tuple(opts.layers) == DEFAULT_LAYERS)


def _one_word(terms: list[Term]) -> bool:
    """A query of one term is ordered title-first, newest-first, without bm25() (Ranker.one_phrase):
    with one term every row has the same IDF, and bm25() computes it by walking the term's whole
    doclist (about 1 ms per 7,000 rows that hold the word), whatever the window. A two-character
    CJK/Thai run is one bigram token and keeps bm25()."""
    return len(terms) == 1 and (not terms[0].run or len(terms[0].text) > 2)


def _rowids(when: DateSpan) -> tuple[int, int]:
    """The rowid range of the rows dated inside the span (rowids start with the day's ordinal)."""
    return when.first.toordinal() << KEY_BITS, (when.last.toordinal() + 1) << KEY_BITS


def _date_boost(hits: list[Hit], when: DateSpan) -> list[Hit]:
    for h in hits:
        if when.holds(h.date):
            h.bm25 *= DATE_BOOST
    return hits


def fuse_said(entries: list[Hit], said: list[Hit], loose: set[int] | None = None) -> list[Hit]:
    """One ranking of entry hits and messages of the sessions tier. Their bm25() scores come from
    different tables (other IDFs, lengths, column weights), so each list's scores are divided by its
    best one, and what was said weighs SAID_FUSION against a kept memory. A message that an entry
    hit cites closely (at most CITED_SPAN lines: a decision, not an episode of a whole session) adds
    to that entry instead of standing beside it (two tiers agree); an entry takes the best such
    message, not their sum.

    `loose`: the rowids of messages found only by some bigrams of the question's Chinese or Thai runs
    (_Run._said), whose bm25() is LOOSE_WEIGHT of their own statement's. The best is taken on each
    statement's own scale, so that a list of such messages alone tops out at LOOSE_WEIGHT of a whole
    match's best and not at it: divided by their own best, the weight cancelled, and every message
    sharing a common bigram (เครื่อง, 我们) outranked the entry that holds the question's words."""
    loose = loose or set()
    top_e = max((h.score for h in entries), default=0.0) or 1.0
    top_s = max((h.score / (LOOSE_WEIGHT if h.rowid in loose else 1.0) for h in said), default=0.0) or 1.0
    cited = [(c, h) for h in entries if (c := _cited(h)) and c[2] - c[1] < CITED_SPAN]
    agreed: dict[int, float] = {}
    out = list(entries)
    for s in said:
        part = SAID_FUSION * s.score / top_s
        citing = [h for c, h in cited if c[0] == s.path and c[1] <= s.line <= c[2]]
        for h in citing:
            agreed[id(h)] = max(agreed.get(id(h), 0.0), part)
        if not citing:
            s.score = part
            out.append(s)
    for h in entries:
        h.score = h.score / top_e + agreed.get(id(h), 0.0)
    return sorted(out, key=_order)


def _asks(text: str) -> bool:
    """Whether a message asks something: it holds a question mark (ASCII or full-width)."""
    return "?" in text or "？" in text


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


def _mark_disputes(workspace: Path, hits: list[Hit]) -> None:
    """Each entry hit that an open possible conflict names: `disputed_by` the newer entries, or
    `disputes` the established ones (docs/design.md §6.4) — from the saved list the jobs keep, one
    small file, read only when there are hits."""
    from memory_store.open_conflicts import open_by_id, read_disputes

    by_old, by_new = open_by_id(read_disputes(workspace))
    if not by_old:
        return
    for h in hits:
        if h.type == "entry" and h.id:
            h.disputed_by = [d.new.id for d in by_old.get(h.id, [])] or None
            h.disputes = [d.old.id for d in by_new.get(h.id, [])] or None


CHAIN_HOPS = 8   # how far a replacement chain is followed (A superseded by B, B by C …)


def _below_replacements(hits: list[Hit], replaced_by: Callable[[str], str | None]) -> list[Hit]:
    """A superseded entry that ranks above an entry that replaced it — directly, or further down its
    chain of replacements (A by B, B by C: the hits may hold A and C only) — moves to just below the
    lowest such entry (docs/design.md §6): what was decided last is read first."""
    out = list(hits)
    listed = {h.id: h for h in hits if h.type == "entry" and h.id}
    for h in hits:
        if not h.superseded_by:
            continue
        chain: list[str] = []
        nxt: str | None = h.superseded_by
        while nxt and nxt not in chain and nxt != h.id and len(chain) < CHAIN_HOPS:
            chain.append(nxt)
            nxt = listed[nxt].superseded_by if nxt in listed else replaced_by(nxt)
        at = out.index(h)
        later = [i for i, x in enumerate(out) if x.type == "entry" and x.id in chain]
        if later and max(later) > at:
            new = max(later)
            out.insert(new, out.pop(at))
            h.score = min(h.score, out[new - 1].score)
    return out


def _is_answer(h: Hit) -> bool:
    """A kept entry in force: a block entry (not an episode) that is neither superseded nor archived."""
    return h.type == "entry" and h.kind != "episode" and (h.status or "active") == "active"


def _told_of(h: Hit, candidates: list[Hit]) -> list[str]:
    """The entries a hit that is no kept answer tells of: the ids a paragraph or line names (a wrap-up's
    decision list, an archive or weekly log line, a MEMORY.md item); for an episode, the entries among
    the query's candidates that cite lines of the session span it cites (the same conversation); for a
    message of the sessions tier, the entries whose cited lines hold it (what an entry was extracted
    from: microsync cites the proposal and the confirmation, so a span may be long; fuse_said already
    counts a message of a span under CITED_SPAN lines for its entry, this covers the longer ones)."""
    if h.said:  # the message an entry was extracted from: inside the lines it cites, however many
        return [str(e.id) for e in candidates
                if (c := _cited(e)) and c[0] == h.path and c[1] <= h.line <= c[2]]
    if h.type == "entry" and h.kind != "episode":
        return []
    if h.type == "entry":  # an episode
        span = _cited(h)
        if span is None:
            return []
        out = []
        for e in candidates:
            c = _cited(e)
            if c and c[0] == span[0] and span[1] <= c[1] and c[2] <= span[2]:
                out.append(str(e.id))
        return out
    text = f"{h.title}\n{h.body}"
    named = ID_IN_TEXT_RE.findall(text) if "-" in text else []
    return ([h.id] if h.type == "item" and h.id else []) + named


def _below_answers(hits: list[Hit], replaced_by: Callable[[str], str | None],
                   candidates: list[Hit] | None = None) -> list[Hit]:
    """An episode, a wrap-up paragraph, an archive or weekly log line, a MEMORY.md item or a message of
    the sessions tier that tells of an entry (`_told_of`) moves to just below that entry's answer when
    the answer ranks lower: the entry itself when it is in force, else the last entry of its chain of
    replacements that is listed and in force. A kept memory is read before the raw messages it was
    extracted from (what was said is uncertain, docs/design.md §6); an old episode or archive line
    about a decision is not read before the decision as it stands (docs/design.md §6.1, warm first;
    §6: what was decided last is read first). A hit moved shows at most the score of the hit it now
    follows, so the list stays in the order of its scores; hits moved below one answer keep their order.
    `candidates`: the entries the query ranked, listed or not (an episode's own entry may not be)."""
    listed = [h for h in hits if h.type == "entry" and h.kind != "episode" and h.id]
    if not any(_is_answer(h) for h in listed):
        return hits
    by_id = {h.id: h for h in listed}
    ranked = {h.id: h for h in candidates or [] if h.type == "entry" and h.kind != "episode" and h.id}
    pool = [*listed, *(h for i, h in ranked.items() if i not in by_id)]
    known: dict[str, str | None] = {}  # what replaced an entry that is not listed (read from the index once)

    def replaced(entry_id: str) -> str | None:
        h = by_id.get(entry_id) or ranked.get(entry_id)
        if h is not None:
            return h.superseded_by
        if entry_id not in known:
            known[entry_id] = replaced_by(entry_id)
        return known[entry_id]

    def answer(entry_id: str) -> Hit | None:
        found: Hit | None = None
        seen: list[str] = []
        nxt: str | None = entry_id
        while nxt and nxt not in seen and len(seen) <= CHAIN_HOPS:
            seen.append(nxt)
            h = by_id.get(nxt)
            if h is not None and _is_answer(h):
                found = h
            nxt = replaced(nxt)
        return found

    out = list(hits)
    moved: dict[int, int] = {}  # hits moved below an answer so far, by the answer
    for h in hits:
        at = out.index(h)
        if not any(_is_answer(x) for x in out[at + 1:]):
            continue
        told = _told_of(h, pool)
        if not told:
            continue
        answers = [a for a in map(answer, told) if a is not None]
        below = [i for i in map(out.index, answers) if i > at]
        if below:
            first = out[min(below)]
            out.pop(at)
            # after the answer and what was moved below it already, in their order
            new = out.index(first) + 1 + moved.get(id(first), 0)
            moved[id(first)] = moved.get(id(first), 0) + 1
            out.insert(new, h)
            h.score = min(h.score, out[new - 1].score)
    return out


def rank_factor(h: Hit, today: date, access_count: int, qtype: str | None = None) -> float:
    """decay (docs/design.md §6) × status × kind × layer boost; never zero for a candidate."""
    days = days_between(h.date, today)
    score = decay_score(h.layer, UNDATED_DAYS if days is None else days, access_count)
    decay = DECAY_FLOOR + (1 - DECAY_FLOOR) * score
    status = STATUS_WEIGHT.get(h.status or "active", 1.0) if h.type == "entry" else 1.0
    return decay * status * KIND_WEIGHT.get(h.kind, 1.0) * layer_weight(h.layer, qtype)


def search(cfg: Config, query: str, opts: SearchOptions | None = None, *, today: date | None = None) -> SearchResult:
    """Open the index read-only, search once, close."""
    s = Searcher(cfg)
    try:
        return s.search(query, opts, today=today)
    finally:
        s.close()


def workspace_file(cfg: Config, rel: str, indexed: set[str]) -> Path:
    """A file memory_get may read: a memory file inside the workspace, or an indexed extra path
    (memory_store.confine.served_file); never through a symlink that leaves either."""
    from memory_store.confine import served_file

    return served_file(cfg.workspace, cfg.search.extra_paths, rel, indexed)
