"""How text becomes FTS5 tokens, the same way at index time and at query time.

Spaced languages go to SQLite's own `porter unicode61 remove_diacritics 2` tokenizer. Runs of
Chinese/Japanese characters and of Thai have no spaces between words, so we cut them here into
overlapping character bigrams (plus the run's last character alone): any substring of two or more
characters of a run is then a phrase of consecutive bigrams, and a single character is a prefix
query. That is how a two-character word such as 数据, or a Thai word inside a longer run, matches.

Both sides are folded the same way first (`normalise`): NFKC, casefold, and traditional Chinese
characters to simplified ones (memory_store.hanzi), so 記住 finds 记住 and the other way round.

Why bigrams are written as ASCII digit tokens (`zz` + code points): unicode61 with
remove_diacritics strips Thai vowel and tone marks and splits words at them, and porter must not
stem them either; an all-ASCII token that ends in a digit passes both unchanged.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from memory_store.entries import ID_RE
from memory_store.hanzi import to_simplified
from memory_store.search.stopwords import is_stopword, split_run

# Runs cut into bigrams, one alternative per script so a run never crosses scripts: Han (incl.
# extensions and compatibility) with kana, Thai, Lao, Khmer and Myanmar (written without spaces), and
# Hangul (spaced, but particles are glued to the word: 데이터베이스 must match 데이터베이스를).
_RUN_RE = re.compile(
    "[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]+"
    "|[\u0e00-\u0e7f]+|[\u0e80-\u0eff]+|[\u1780-\u17ff]+|[\u1000-\u109f]+"
    "|[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]+"
)
RUN_RE = _RUN_RE  # for memory_store/search/expand.py, which finds concept names inside the same runs
_WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)
TOKENIZER = "porter unicode61 remove_diacritics 2"
TOKENIZER_VERSION = "5"  # bump when fts_text or what is indexed changes: the index is then rebuilt


def normalise(text: str) -> str:
    """The folded form both the index and queries see (not length-preserving: NFKC can expand)."""
    return to_simplified(unicodedata.normalize("NFKC", text).casefold())


def _code(ch: str) -> str:
    return f"{ord(ch):07d}"


def run_tokens(run: str) -> list[str]:
    """Bigrams of a CJK/Thai run, then its last character alone."""
    out = [f"zz{_code(run[i])}{_code(run[i + 1])}" for i in range(len(run) - 1)]
    out.append(f"zz{_code(run[-1])}")
    return out


def fts_text(text: str) -> str:
    """The text handed to FTS5: unchanged except that CJK/Thai runs become bigram tokens."""
    text = normalise(text)
    if text.isascii() or not _RUN_RE.search(text):     # every script _RUN_RE cuts lies outside ASCII
        return text
    parts: list[str] = []
    last = 0
    for m in _RUN_RE.finditer(text):
        parts.append(text[last : m.start()])
        parts.append(" " + " ".join(run_tokens(m.group(0))) + " ")
        last = m.end()
    parts.append(text[last:])
    return "".join(parts)


MAX_SEEKS = 4


@dataclass(frozen=True)
class Term:
    text: str  # normalised user text of the term
    run: bool  # a CJK/Thai run (matched as a bigram phrase) rather than a word
    exact: bool = False  # a word matched as itself only, never as a prefix

    def fts(self) -> str:
        """This term as an FTS5 expression; user text only ever appears inside double quotes."""
        if self.run:
            if len(self.text) == 1:
                return f'"zz{_code(self.text)}"*'
            return '"' + " ".join(run_tokens(self.text)[:-1]) + '"'
        quoted = '"' + self.text.replace('"', '""') + '"'
        # Partial words: a longer term also matches as a prefix ("postgr" -> PostgreSQL); short
        # ones would match far too much that way.
        return quoted + "*" if len(self.text) >= 4 and not self.exact else quoted

    def seeks(self) -> list[str]:
        """Single-token FTS5 expressions whose rows include every row the term matches: the word
        itself, or each bigram of a run (the rarest of them bounds the run's rows cheaply)."""
        if self.run:
            if len(self.text) == 1:
                return [self.fts()]
            tokens = run_tokens(self.text)[:-1]
            # A few bigrams spread over the run bound it as well as all of them (one count each).
            picks = sorted({round(i * (len(tokens) - 1) / (MAX_SEEKS - 1)) for i in range(MAX_SEEKS)})
            return [f'"{tokens[i]}"' for i in picks]
        return ['"' + self.text.replace('"', '""') + '"']

    def trigram(self) -> str | None:
        """The term for the trigram table (substrings of 3+ characters), or None."""
        if len(self.text) < 3:
            return None
        return '"' + self.text.replace('"', '""') + '"'


# The ending of an English contraction or possessive ("what's", "Krit's", "they're", "I'd") and a
# negated auxiliary ("don't", "can't", "won't"): no word of the question. Left in, "s" and "t" were
# terms a row had to hold to match every term, and any "Sam's" or "here's" held them.
_CLITIC_RE = re.compile(r"(?<=[^\W\d_])['’](?:s|re|ve|ll|d|m)(?![^\W_])|(?<![^\W_])[a-z]+n['’]t(?![^\W_])")
_OPAQUE_RE = re.compile(r"[a-z0-9]+(?:[-_.][a-z0-9]+)+|[a-z0-9]+")
# English phrases that ask for what holds now, as "now" alone does (stopwords.py): "right" of "right
# now" is no word of the question.
_NOW_RE = re.compile(r"\b(?:right now|at the moment|these days|as of now)\b")
_AROUND = "\"'`()[]{}<>,;:!?."
OPAQUE_MIN = 12


def opaque(chunk: str) -> bool:
    """A pasted key, token or id (`sk-proj-4f…`, `ghp_…`, a session's uuid): one ASCII chunk of
    OPAQUE_MIN characters or more with letters and digits, written without spaces. It is searched as
    itself — one phrase of its parts, never a part as a prefix: "proj" of a key is no question about
    "project". An entry's id is not opaque: its words are the entry's title, and are searched so."""
    if not (len(chunk) >= OPAQUE_MIN and chunk.isascii() and _OPAQUE_RE.fullmatch(chunk) is not None
            and any(c.isdigit() for c in chunk) and any(c.isalpha() for c in chunk)):
        return False
    kind, _, rest = chunk.partition("-")
    return ID_RE.match(f"{kind.upper()}-{rest}") is None


def query_terms(query: str) -> list[Term]:
    """Split a user query into terms: words of spaced languages and CJK/Thai runs, without the stop
    words of a question (memory_store/search/stopwords.py) unless nothing else is left; a pasted key
    or id (`opaque`) is one term, matched as a phrase of its parts and never as a prefix."""
    text = _NOW_RE.sub(" ", normalise(query))
    every: list[Term] = []
    content: list[Term] = []
    last = 0

    def words(part: str) -> None:
        if "'" in part or "’" in part:
            part = _CLITIC_RE.sub("", part)
        for chunk in part.split():
            bare = chunk.strip(_AROUND)
            if opaque(bare):
                every.append(Term(bare, False, exact=True))
                content.append(every[-1])
                continue
            for w in _WORD_RE.findall(chunk):
                every.append(Term(w, False))
                if not is_stopword(w):
                    content.append(Term(w, False))

    for m in _RUN_RE.finditer(text):
        words(text[last : m.start()])
        every.append(Term(m.group(0), True))
        content.extend(Term(p, True) for p in split_run(m.group(0)))
        last = m.end()
    words(text[last:])
    chosen = content or every
    seen: set[Term] = set()
    return [t for t in chosen if not (t in seen or seen.add(t))]  # type: ignore[func-returns-value]


# Thai is written in clusters a character pair cuts in half: a leading vowel (เ แ โ ใ ไ) goes with
# the consonant after it, and vowel signs, tone marks and the vowels า ำ ะ with the consonant before.
_THAI_LEAD = frozenset("\u0e40\u0e41\u0e42\u0e43\u0e44")
_THAI_FOLLOW = frozenset("\u0e30\u0e31\u0e32\u0e33\u0e34\u0e35\u0e36\u0e37\u0e38\u0e39\u0e3a\u0e45"
                         "\u0e47\u0e48\u0e49\u0e4a\u0e4b\u0e4c\u0e4d\u0e4e")
THAI_PIECE = 3      # a Thai loose piece holds at least this many characters


def thai_clusters(run: str) -> list[str]:
    """A Thai run cut where a character pair may be cut without splitting what is read as one: a
    consonant with its leading vowel, vowel signs and tone marks ("รายงาน" → รา ย งา น)."""
    out: list[str] = []
    i, n = 0, len(run)
    while i < n:
        j = i + 1
        if run[i] in _THAI_LEAD and j < n:
            j += 1
        while j < n and run[j] in _THAI_FOLLOW:
            j += 1
        out.append(run[i:j])
        i = j
    return out


def _pieces(run: str) -> list[str]:
    """The loose pieces of one run of three or more characters: Chinese (and every other script cut
    into bigrams) by its character pairs, each a word more often than not (数据, 据库); Thai by its
    pairs of clusters (thai_clusters) of THAI_PIECE characters or more ("รายงาน" → ราย ยงา งาน):
    a Thai character pair is less than a syllable ("าย", "รา", "งา"), found inside a great many
    words, and a question's rows matching such pairs outranked the message that holds its words."""
    if not ("\u0e00" <= run[0] <= "\u0e7f"):
        return [run[i:i + 2] for i in range(len(run) - 1)]
    cl = thai_clusters(run)
    out: list[str] = []
    for i in range(len(cl) - 1):
        j = i + 2
        while j < len(cl) and len("".join(cl[i:j])) < THAI_PIECE:
            j += 1
        piece = "".join(cl[i:j])
        if len(piece) >= THAI_PIECE and piece not in out:
            out.append(piece)
    return out or [run]


def loose_terms(terms: list[Term]) -> list[Term]:
    """The query with each run of three or more characters replaced by its pieces (`_pieces`), each
    a term of its own: a question typed as one run ("我们决定用什么数据库") is rarely in the text
    verbatim, but its content bigrams are, and BM25's IDF lets the rare ones (数据, 据库) outweigh the
    common (我们, 什么). Empty when the query has no such run."""
    if not any(t.run and len(t.text) >= 3 for t in terms):
        return []
    out: list[Term] = []
    for t in terms:
        parts = [t] if not t.run or len(t.text) < 3 else [Term(p, True) for p in _pieces(t.text)]
        out.extend(p for p in parts if p not in out)
    return out


def match_all(terms: list[Term]) -> str:
    return " AND ".join(t.fts() for t in terms)


def match_any(terms: list[Term]) -> str:
    return " OR ".join(t.fts() for t in terms)


def trigram_match(terms: list[Term]) -> str | None:
    parts = [p for p in (t.trigram() for t in terms) if p]
    return " AND ".join(parts) if parts else None
