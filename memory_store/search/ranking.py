"""Ranking inside SQLite (docs/design.md §6): FTS5's own `bm25()` with column weights and `ORDER BY
... LIMIT`, over a bounded number of rows.

What bounds the cost is BUDGET: when an expression may match more rows of a span than that, only
the newest BUDGET rows of its rarest token are ranked (rowids grow with the date), and that window
is found by walking one token's doclist, never by evaluating a phrase or a prefix. Stop words never
reach a query (tokens.query_terms), so a question costs what its content words cost. The same
machinery serves the entry tiers (`fts` joined to `rows`) and the sessions tier (`said_fts` joined
to `said`, memory_store/search/said.py).
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Any

from memory_store.errors import UsageError
from memory_store.search.hits import Hit, SearchOptions, merge
from memory_store.search.layers import DEFAULT_LAYERS, layer_filter, said_in_layers
from memory_store.search.tokens import Term, match_any

CANDIDATES = 60  # best rows by bm25() per ranked query, reranked by decay × status × kind
# At most this many rows are scored by bm25() in one query (see the module docstring).
BUDGET = 600
# A hit in an entry's title counts three times; a message's context (its neighbours, said.py) 0.4 times.
WEIGHTS = {"fts": "3.0, 1.0", "said_fts": "1.0, 0.4", "tri": ""}
ENTRY_COLS = "r.rowid, r.path, r.line, r.type, r.kind, r.id, r.title, r.body, r.date, r.status, r.confidence, r.source"
# What replaced a superseded entry; an index built before that column existed answers NULL until the
# next update migrates it (readers never write).
SUPERSEDED_BY = ", r.superseded_by"
# A message of the sessions tier as a hit: no kind, id, status or confidence; its transcript as source.
SAID_COLS = (
    "r.rowid, r.path, r.line, 'said', NULL, NULL, r.speaker, r.text, r.date, NULL, NULL,"
    " json_object('session_id', r.session_id, 'session_path', r.path, 'message_range',"
    " CASE WHEN instr(r.path, '#') THEN 'E' ELSE 'L' END || r.line || '-'"
    " || CASE WHEN instr(r.path, '#') THEN 'E' ELSE 'L' END || r.end_line), NULL"
)


class Ranker:
    """Ranked candidates from one read-only connection; counts are cached for the Ranker's life, so
    a search makes its own (`fork`): two threads never share a cache or its `reset`."""

    def __init__(self, db: sqlite3.Connection, entry_cols: str | None = None) -> None:
        self.db = db
        self.counts: dict[tuple[str, str], int] = {}
        if entry_cols is None:
            columns = {r[1] for r in db.execute("PRAGMA table_info(rows)")}
            entry_cols = ENTRY_COLS + (SUPERSEDED_BY if "superseded_by" in columns else ", NULL")
        self.entry_cols = entry_cols

    def fork(self) -> Ranker:
        """A Ranker on the same connection with an empty cache (one per query)."""
        return Ranker(self.db, self.entry_cols)

    def reset(self) -> None:
        self.counts = {}

    def any(self, terms: list[Term], opts: SearchOptions, span: tuple[int, int], table: str = "fts") -> list[Hit]:
        """Rows matching any term, ranked by bm25() over all of them. The rarest terms, together under
        BUDGET rows (they carry the IDF), are ranked over all their rows, alone and together with the
        common terms; the common terms alone over their newest BUDGET rows. Each query's score is the
        row's full score when the row holds no term left out of it, and never more, so a row's best
        score over the queries is its bm25() over the whole expression."""
        rare: list[Term] = []
        total = 0
        for t in sorted(terms, key=lambda t: self.df(t, table)):
            if total + self.df(t, table) >= BUDGET:
                break
            rare.append(t)
            total += self.df(t, table)
        common = [t for t in terms if t not in rare]
        hits: list[Hit] = []
        if rare:
            hits = self.ranked(match_any(rare), opts, span, table)
            if common:
                both = f"({match_any(rare)}) AND ({match_any(common)})"
                hits = merge(hits, self.ranked(both, opts, span, table))
        if common:
            hits = merge(hits, self.ranked(match_any(common), opts, self.or_window(common, span, table), table))
        return hits

    def exact_words(self, terms: list[Term]) -> list[Term]:
        """A question (three terms or more) matches its words as words: a prefix query merges the
        doclists of every token it expands to, which costs what the commonest of them costs. A word
        that is not in the index as a whole word stays a prefix ("postgr"); short queries keep
        prefixes ("data" finds database), as a person typing expects."""
        if len(terms) < 3:
            return terms
        return [replace(t, exact=True) if not t.run and self.count(t.seeks()[0]) else t for t in terms]

    def one_phrase(self, term: Term, opts: SearchOptions, window: tuple[int, int], first_from: int) -> list[Hit]:
        """A query that is one CJK/Thai word of several bigrams: its rows newest first, those with the
        word in their title before the others. bm25() would rank them the same way up to term
        frequency (one term, one IDF), but its IDF runs the phrase over the whole table first."""
        title = self.fetch("fts", "{title} : " + term.fts(), opts, window, CANDIDATES, ranked=False,
                           first_from=first_from)
        rest = self.fetch("fts", term.fts(), opts, window, CANDIDATES, ranked=False, first_from=first_from)
        for h in title:
            h.bm25 = -2.0
        for h in rest:
            h.bm25 = -1.0
        return merge(title, rest)

    def count(self, expr: str, table: str = "fts") -> int:
        """How many rows of the table match `expr`, counted up to BUDGET (cached): at most BUDGET steps
        along one doclist."""
        if (table, expr) not in self.counts:
            try:
                row = self.db.execute(
                    f"SELECT count(*) FROM (SELECT rowid FROM {table} WHERE {table} MATCH ? LIMIT ?)", (expr, BUDGET)
                ).fetchone()
            except sqlite3.OperationalError as exc:
                raise UsageError(f"cannot search for that query ({exc})") from None
            self.counts[(table, expr)] = int(row[0])
        return self.counts[(table, expr)]

    def seek(self, term: Term, table: str = "fts") -> tuple[str, int]:
        """The term's rarest single-token expression and its count (capped at BUDGET): an upper bound
        of the term's own rows, found without evaluating a phrase or a prefix."""
        seeks = term.seeks()
        if not term.run and not term.exact and term.fts() != seeks[0] and not self.count(seeks[0], table):
            seeks = [term.fts()]  # a partial word: only the prefix finds anything
        return min(((e, self.count(e, table)) for e in seeks), key=lambda p: p[1])

    def df(self, term: Term, table: str = "fts") -> int:
        return self.seek(term, table)[1]

    def edge(self, expr: str, span: tuple[int, int], table: str = "fts") -> int | None:
        """The rowid of the BUDGET-th newest row of the span that matches the single-token `expr`, or
        None when fewer rows match: at most BUDGET steps along one doclist."""
        try:
            row = self.db.execute(
                f"SELECT rowid FROM {table} WHERE {table} MATCH ? AND rowid >= ? AND rowid < ?"
                " ORDER BY rowid DESC LIMIT 1 OFFSET ?",
                (expr, span[0], span[1], BUDGET - 1),
            ).fetchone()
        except sqlite3.OperationalError as exc:
            raise UsageError(f"cannot search for that query ({exc})") from None
        return row[0] if row else None

    def and_window(self, terms: list[Term], span: tuple[int, int], table: str = "fts") -> tuple[int, int]:
        """Where rows matching every term are ranked: the whole span, or when even the rarest term has
        BUDGET rows, the span of its newest BUDGET rows (so is the cost of finding them)."""
        expr, n = min((self.seek(t, table) for t in terms), key=lambda p: p[1])
        edge = self.edge(expr, span, table) if n >= BUDGET else None
        return span if edge is None else (edge, span[1])

    def or_window(self, terms: list[Term], span: tuple[int, int], table: str = "fts") -> tuple[int, int]:
        """Where rows matching any term are ranked: the span of the newest BUDGET rows of the term whose
        newest BUDGET rows are the most recent, so each term adds at most BUDGET rows."""
        if sum(self.df(t, table) for t in terms) < BUDGET:
            return span
        edges = [
            e for t in terms
            if self.df(t, table) >= BUDGET and (e := self.edge(self.seek(t, table)[0], span, table)) is not None
        ]
        return (max(edges), span[1]) if edges else span

    def ranked(self, match: str, opts: SearchOptions, window: tuple[int, int], table: str = "fts") -> list[Hit]:
        """The best CANDIDATES rows of the window for `match` by bm25()."""
        return self.fetch(table, match, opts, window, CANDIDATES, ranked=True)

    def fetch(
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

        Without filters FTS5 ranks alone and only the `limit` best rows are read; with kind or date
        filters the join comes first, so that the filters cannot empty a ranked page. The sessions
        tier has no kinds: a kind filter leaves it empty."""
        said = table == "said_fts"
        if said and (opts.kinds or not said_in_layers(opts.layers)):
            return []
        args: list[Any] = [match, span[0], span[1]]
        filters = ["1" if said else "coalesce(r.status, '') NOT IN ('revoked')"]
        extra: list[Any] = []  # the filters' arguments, in the filters' order
        layers = None if said else layer_filter(opts.layers)
        if layers and opts.layers == DEFAULT_LAYERS:
            # The default leaves out only core memory's two files: filtered after ranking, so the
            # common search keeps FTS5's fast ranked page.
            filters[0] = f"{filters[0]} AND {layers[0]}"
            extra += layers[1]
        elif layers:
            filters.append(layers[0])
            extra += layers[1]
        if opts.kinds:
            filters.append(f"r.kind IN ({', '.join('?' * len(opts.kinds))})")
            extra += opts.kinds
        if opts.since:
            filters.append("r.date >= ?")
            extra.append(opts.since.isoformat())
        if opts.until:
            filters.append("r.date <= ?")
            extra.append(opts.until.isoformat())
        weights = WEIGHTS.get(table, "")
        score = f"bm25({table}{', ' + weights if weights else ''})" if ranked else "0.0"
        order = "score, rowid DESC" if ranked else "rowid DESC"
        if first_from is not None:  # rows from this rowid on (a tier) come first
            order = f"({table}.rowid >= {int(first_from)}) DESC, {order}"
        cols, base = (SAID_COLS, "said") if said else (self.entry_cols, "rows")
        match_sql = f"{table} MATCH ? AND {table}.rowid >= ? AND {table}.rowid < ?"
        if len(filters) == 1:
            sql = (
                f"SELECT {cols}, f.score FROM (SELECT rowid, {score} AS score FROM {table} WHERE {match_sql}"
                f" ORDER BY {order} LIMIT {int(limit)}) f JOIN {base} r ON r.rowid = f.rowid WHERE {filters[0]}"
            )
        else:
            sql = (
                f"SELECT {cols}, {score} AS score FROM {table} JOIN {base} r ON r.rowid = {table}.rowid"
                f" WHERE {match_sql} AND {' AND '.join(filters)} ORDER BY {order.replace('rowid DESC', 'r.rowid DESC')}"
                f" LIMIT {int(limit)}"
            )
        try:
            rows = self.db.execute(sql, args + extra).fetchall()
        except sqlite3.OperationalError as exc:
            raise UsageError(f"cannot search for that query ({exc})") from None
        return [
            Hit(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], None, r[13], source_json=r[11],
                superseded_by=r[12])
            for r in rows
        ]

    def neighbours(self, rowids: list[int]) -> list[tuple[int, int, bool]]:
        """(message, neighbour, the neighbour comes after it) for each message of the sessions tier:
        the messages just before and after it in its session (by transcript line). One statement; the
        (path, line) index (schema.py) makes each look-up one seek."""
        if not rowids:
            return []
        near = (
            "SELECT s.rowid FROM said s WHERE s.path = me.path AND s.session_id = me.session_id"
            " AND s.line {op} me.line ORDER BY s.line {order} LIMIT 1"
        )
        sql = (
            f"SELECT me.rowid, ({near.format(op='<', order='DESC')}), ({near.format(op='>', order='')})"
            f" FROM said me WHERE me.rowid IN ({', '.join('?' * len(rowids))})"
        )
        out: list[tuple[int, int, bool]] = []
        for rid, before, after in self.db.execute(sql, rowids):
            out += [(rid, n, later) for n, later in ((before, False), (after, True)) if n is not None]
        return out

    def said_rows(self, rowids: list[int], opts: SearchOptions) -> list[Hit]:
        """Messages of the sessions tier by rowid, as hits (score 0), within the date filters."""
        if not rowids:
            return []
        where = [f"r.rowid IN ({', '.join('?' * len(rowids))})"]
        args: list[Any] = list(rowids)
        if opts.since:
            where.append("r.date >= ?")
            args.append(opts.since.isoformat())
        if opts.until:
            where.append("r.date <= ?")
            args.append(opts.until.isoformat())
        rows = self.db.execute(f"SELECT {SAID_COLS}, 0.0 FROM said r WHERE {' AND '.join(where)}", args).fetchall()
        return [
            Hit(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], None, r[13], source_json=r[11],
                superseded_by=r[12])
            for r in rows
        ]
