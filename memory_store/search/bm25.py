"""BM25 in Python over a bounded candidate set, with FTS5's own numbers.

FTS5's `bm25()` computes each phrase's document frequency by running the phrase over the whole
table, and it scores every row that matches before ORDER BY can keep the best: tens of ms for a
common word or a long Thai phrase on a 10-year index. Here the candidates are fetched cheaply
(newest first, bounded) and scored with the same formula FTS5 uses:

    idf(p) = ln((N - n(p) + 0.5) / (n(p) + 0.5)), at least 1e-6
    score  = Σ idf(p) · f·(k1+1) / (f + k1·(1 - b + b·D/avgdl)),  f = 3·tf(title) + tf(body)

- N and the total token count come from FTS5's averages record, D from its docsize table;
- n(p) from an `fts5vocab` row table (one seek per token; a phrase takes the smallest of its
  tokens' counts, an upper bound), cached per index version;
- tf from the candidate's own text: a CJK/Thai term is a substring count (a bigram phrase matches
  exactly where the run contains the term); a word is compared by its tokens after SQLite's own
  tokenizer (porter) ran over it in a private in-memory table, so stemming is FTS5's.
"""

from __future__ import annotations

import math
import re
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from memory_store.search.tokens import TOKENIZER, Term, normalise, run_tokens

K1 = 1.2
B = 0.75
TITLE_WEIGHT = 3.0  # a hit in the title counts three times a hit in the body
VOCAB = "temp.fts_row"  # created by schema.open_readonly before the connection turns query_only
_MAX_DF_TOKENS = 4  # a phrase's frequency is bounded by its rarest token; a few spread tokens suffice
_CACHE_MAX = 50_000
_TOP_CHAR = "\U0010ffff"


def varints(blob: bytes) -> list[int]:
    """SQLite's varints (big-endian, 7 bits a byte, the 9th byte whole), as FTS5 stores sizes."""
    out: list[int] = []
    i = 0
    while i < len(blob):
        value = 0
        for j in range(9):
            byte = blob[i]
            i += 1
            if j == 8:
                value = (value << 8) | byte
                break
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                break
        out.append(value)
    return out


class Stemmer:
    """Words → FTS5 tokens, by SQLite's tokenizer itself (a private :memory: FTS5 table)."""

    def __init__(self) -> None:
        self.db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self.db.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{TOKENIZER}')")
        self.db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)")
        self.cache: dict[str, tuple[str, ...]] = {}
        self._lock = threading.Lock()  # the MCP server may search from more than one thread

    def tokens(self, words: Iterable[str]) -> dict[str, tuple[str, ...]]:
        with self._lock:
            return self._tokens(words)

    def _tokens(self, words: Iterable[str]) -> dict[str, tuple[str, ...]]:
        todo = sorted({w for w in words if w not in self.cache})
        if todo:
            if len(self.cache) + len(todo) > _CACHE_MAX:
                self.cache.clear()
            found: dict[int, list[tuple[int, str]]] = {}
            self.db.execute("BEGIN")
            try:
                self.db.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", enumerate(todo, start=1))
                for doc, offset, term in self.db.execute("SELECT doc, offset, term FROM v"):
                    found.setdefault(doc, []).append((offset, term))
            finally:
                self.db.execute("ROLLBACK")  # nothing is kept: the table stays empty
            for i, w in enumerate(todo, start=1):
                self.cache[w] = tuple(term for _, term in sorted(found.get(i, [])))
        return self.cache

    def close(self) -> None:
        self.db.close()


@dataclass(frozen=True)
class Phrase:
    """One query term as FTS5 sees it: its tokens, the last one a prefix or not."""

    term: Term
    tokens: tuple[str, ...]
    prefix: bool


def _matches(doc: tuple[str, ...], p: Phrase) -> int:
    """How many times the phrase's tokens occur, in order, among a word's tokens."""
    n = len(p.tokens)
    if n == 0:
        return 0
    count = 0
    for i in range(len(doc) - n + 1):
        head_ok = doc[i : i + n - 1] == p.tokens[:-1]
        last = doc[i + n - 1]
        if head_ok and (last.startswith(p.tokens[-1]) if p.prefix else last == p.tokens[-1]):
            count += 1
    return count


class Scorer:
    """BM25 of candidate rows, with document frequencies from the index's vocabulary."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.stemmer = Stemmer()
        self._df: dict[tuple[str, bool], int] = {}
        self._version: int | None = None

    def close(self) -> None:
        self.stemmer.close()

    def phrases(self, terms: list[Term]) -> list[Phrase]:
        out: list[Phrase] = []
        words = self.stemmer.tokens(t.text for t in terms if not t.run)
        for t in terms:
            if t.run:
                if len(t.text) == 1:
                    out.append(Phrase(t, tuple(run_tokens(t.text)), True))
                else:
                    out.append(Phrase(t, tuple(run_tokens(t.text)[:-1]), False))
            else:
                out.append(Phrase(t, words.get(t.text, ()), len(t.text) >= 4))
        return out

    def totals(self) -> tuple[int, float]:
        """N (rows) and the average row length in tokens, from FTS5's averages record."""
        row = self.db.execute("SELECT block FROM fts_data WHERE id = 1").fetchone()
        values = varints(row[0]) if row and row[0] else []
        n = values[0] if values else 0
        total = sum(values[1:])
        return n, (total / n if n else 1.0)

    def df(self, p: Phrase, n_rows: int) -> int:
        version = self.db.execute("PRAGMA data_version").fetchone()[0]
        if version != self._version:
            self._df.clear()
            self._version = version
        if not p.tokens:
            return n_rows
        idx = sorted({round(i * (len(p.tokens) - 1) / max(_MAX_DF_TOKENS - 1, 1)) for i in range(_MAX_DF_TOKENS)})
        best = n_rows
        for i in idx:
            tok = p.tokens[i]
            prefix = p.prefix and i == len(p.tokens) - 1
            key = (tok, prefix)
            if key not in self._df:
                args: tuple[str, ...]
                if prefix:
                    sql, args = f"SELECT sum(doc) FROM {VOCAB} WHERE term >= ? AND term < ?", (tok, tok + _TOP_CHAR)
                else:
                    sql, args = f"SELECT doc FROM {VOCAB} WHERE term = ?", (tok,)
                row = self.db.execute(sql, args).fetchone()
                self._df[key] = int(row[0]) if row and row[0] else 0
            best = min(best, self._df[key])
        return best

    def idf(self, phrases: list[Phrase]) -> tuple[list[float], list[int], int, float]:
        n_rows, avgdl = self.totals()
        dfs = [self.df(p, n_rows) for p in phrases]
        idfs = [max(math.log((n_rows - n + 0.5) / (n + 0.5)), 1e-6) for n in dfs]
        return idfs, dfs, n_rows, avgdl

    def sizes(self, rowids: list[int]) -> dict[int, int]:
        out: dict[int, int] = {}
        for i in range(0, len(rowids), 500):
            part = rowids[i : i + 500]
            rows = self.db.execute(f"SELECT id, sz FROM fts_docsize WHERE id IN ({', '.join('?' * len(part))})", part)
            out.update((rid, sum(varints(sz))) for rid, sz in rows)
        return out

    def score(
        self, phrases: list[Phrase], docs: list[tuple[int, str, str]], known: dict[int, set[int]]
    ) -> dict[int, float]:
        """BM25 of each (rowid, title, body); `known` names phrases FTS5 already said match a row
        (their tf is at least 1 even where our reading of the text finds none)."""
        if not docs or not phrases:
            return {}
        idfs, _, _, avgdl = self.idf(phrases)
        sizes = self.sizes([d[0] for d in docs])
        texts = [(rid, normalise(title), normalise(body)) for rid, title, body in docs]
        word_phrases = [(i, p) for i, p in enumerate(phrases) if not p.term.run and p.tokens]
        # tf of a word: the words of the text that can match (a porter stem keeps all but at most
        # its last two characters of the word), each tokenized by FTS5's own tokenizer.
        counts: dict[int, tuple[list[str], list[str]]] = {}
        matched: dict[int, dict[str, int]] = {}
        if word_phrases:
            heads = sorted({p.tokens[0][: max(len(p.tokens[0]) - 2, 1)] for _, p in word_phrases}, key=len)
            pat = re.compile(r"(?<![^\W_])(?:" + "|".join(map(re.escape, heads)) + r")[^\W_]*")
            for rid, title, body in texts:
                counts[rid] = (pat.findall(title), pat.findall(body))
            vocab = {w for pair in counts.values() for part in pair for w in part}
            stems = self.stemmer.tokens(vocab)
            for i, p in word_phrases:
                matched[i] = {w: k for w in vocab if (k := _matches(stems.get(w, ()), p))}
        out: dict[int, float] = {}
        for rid, title, body in texts:
            d = sizes.get(rid) or avgdl
            norm = K1 * (1 - B + B * d / avgdl)
            total = 0.0
            for i, p in enumerate(phrases):
                if p.term.run:
                    tf_t, tf_b = title.count(p.term.text), body.count(p.term.text)
                else:
                    ct, cb = counts[rid]
                    m = matched.get(i, {})
                    tf_t = sum(m.get(w, 0) for w in ct)
                    tf_b = sum(m.get(w, 0) for w in cb)
                f = TITLE_WEIGHT * tf_t + tf_b
                if f == 0 and i in known.get(rid, ()):
                    f = 1.0
                if f:
                    total += idfs[i] * f * (K1 + 1) / (f + norm)
            out[rid] = total
        return out
