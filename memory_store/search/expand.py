"""A question's words that name a common concept also search its names in the other two languages
(docs/design.md §6): "积分多久过期" is about points that expire, and an answer written in English
("points expire after 18 months") or Thai ("แต้มหมดอายุ 18 เดือน") shares no word with it.

The concepts are those of memory_store/supersede/concepts.txt (read through its loader's file, the
patterns' fixed forms enumerated here; that file stays the detector's) and of `glossary.txt` beside
this module: common things a user's memory is about, named in English, Chinese and Thai. A name
written in the question's script is found in the question (an English word with its endings, a
Chinese or Thai name anywhere inside a run); its concept's names in the other two scripts are the
expansion. query.py searches them at a lower weight, and only when the question's whole words
(every term, then any) match fewer rows than asked, or no row holds all of them: a question whose own
words already find good hits is never widened.

Pure and cached: the vocabulary is read once a process, and only by a query that needs it.
"""
from __future__ import annotations

import functools
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from memory_store.cue_files import parse_sections
from memory_store.errors import EntryError
from memory_store.regex_literals import fixed_forms
from memory_store.search.tokens import RUN_RE, Term, normalise

GLOSSARY_FILE = Path(__file__).resolve().parent / "glossary.txt"
CONCEPT_FILE = Path(__file__).resolve().parent.parent / "supersede" / "concepts.txt"
PER_SCRIPT = 3       # names of a concept searched in each other script (the first written, after folding)
PER_CONCEPT = 5      # names of a concept searched in all: each is one more term of every widening query
MIN_STEM = 5         # letters English names must share to be searched as one prefix (migrat* for migrate, migration)
MIN_LATIN = 2        # shorter English names ("a") name nothing
MIN_RUN = 2          # a single Chinese or Thai character names nothing: it is part of too many words

LATIN, HAN, THAI = "latin", "han", "thai"
_LATIN_WORD = re.compile(r"[a-z0-9][a-z0-9'+/.-]*[a-z0-9+]|[a-z0-9]")
# English endings a question's word may carry beyond a name ("expired" → expire, "logins" → login).
_ENDINGS = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", ""), ("ing", "e"))


def script_of(name: str) -> str | None:
    """The script a name is written in: latin (ASCII only), han or thai; None when it mixes them."""
    if name.isascii():
        return LATIN
    han = thai = False
    for ch in name:
        o = ord(ch)
        if 0x0E00 <= o <= 0x0E7F:
            thai = True
        elif 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF:
            han = True
        elif ch.isascii() and ch.isalnum():
            return None
    if han == thai:
        return None
    return HAN if han else THAI


@dataclass(frozen=True)
class Vocabulary:
    names: tuple[tuple[str, ...], ...]           # concept -> its folded names, in the order written
    latin: dict[tuple[str, ...], frozenset[int]]  # an English name as its words -> concepts
    longest: int                                  # words in the longest English name
    runs: dict[str, frozenset[int]]               # a Chinese or Thai name -> concepts
    run_longest: int                              # characters in the longest of them

    def alternatives(self, concept: int, script: str) -> list[str]:
        """The names of a concept to search for a question that names it in `script`: up to PER_SCRIPT
        in each other script, leaving out a name another kept one already finds (an English name
        that a kept one of four letters or more begins, or one of whose words it begins: FTS5 matches
        it as a prefix; a Chinese or
        Thai name that holds a kept one), English names that share a stem searched as that stem
        (_stemmed), and PER_CONCEPT names in all."""
        out: list[str] = []
        for other in (LATIN, HAN, THAI):
            if other == script:
                continue
            kept: list[str] = []
            for name in sorted((n for n in self.names[concept] if script_of(n) == other), key=len):
                if other == LATIN and any(len(k) >= 4 and name.startswith(k) for k in kept):
                    continue
                if other == LATIN and any(len(k) >= 4 and " " not in k and w.startswith(k)
                                          for k in kept for w in name.split()[1:]):
                    continue   # "loyalty points" holds "point": its rows are among point*'s
                if other != LATIN and any(k in name for k in kept):
                    continue
                kept.append(name)
            order = {n: i for i, n in enumerate(self.names[concept])}
            kept = sorted(kept, key=order.__getitem__)
            out += (_stemmed(kept) if other == LATIN else kept)[:PER_SCRIPT]
        # At most PER_CONCEPT, taken in turn from each script (its first name, then its second …):
        # every name is one more term of the widening queries, which cost a doclist each (review17 F5).
        by_script = [[n for n in out if script_of(n) == sc] for sc in (LATIN, HAN, THAI)]
        turns = [names[i] for i in range(PER_SCRIPT) for names in by_script if i < len(names)]
        keep = set(turns[:PER_CONCEPT])
        return [n for n in out if n in keep]


def _stemmed(names: list[str]) -> list[str]:
    """English one-word names that share their first MIN_STEM letters or more searched as that shared
    start, a prefix FTS5 matches every one of them by ("migrate", "migrating", "migration" → migrat):
    one term instead of three, the same rows."""
    out: list[str] = []
    for name in names:
        if " " in name or not name.isalpha():
            out.append(name)
            continue
        for i, k in enumerate(out):
            if " " in k or not k.isalpha():
                continue
            common = len(os.path.commonprefix([k, name]))
            if common >= MIN_STEM:
                out[i] = k[:common]
                break
        else:
            out.append(name)
    return out


@dataclass(frozen=True)
class Group:
    """One concept the question names: the name as the question writes it, and the names it also
    searches (other scripts)."""

    own: Term
    alts: tuple[Term, ...]


def _fold(name: str) -> str:
    """As tokens.normalise folds a question, less the traditional → simplified table: both files are
    written in simplified Chinese, and a search that widens nothing Chinese need not load the table."""
    return (name.lower() if name.isascii() else unicodedata.normalize("NFKC", name).casefold()).strip()


def _term(name: str) -> Term:
    return Term(name, script_of(name) != LATIN)


# A concepts.txt pattern's fixed forms: memory_store/regex_literals.fixed_forms reads them from the
# pattern's parse tree (`re`'s own parser).
forms_of = fixed_forms


# ---- reading the vocabulary -------------------------------------------------------------------

def parse_glossary(text: str, path: str) -> list[list[str]]:
    """The concepts of a glossary file: one a line, names separated by " | " (raises EntryError
    naming the line for a line of one name, or a name that mixes scripts)."""
    out: list[list[str]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        names = [_fold(x) for x in line.split("|") if x.strip()]
        if len(names) < 2:
            raise EntryError("a concept needs two names or more, separated by ' | '", path=path, line=n)
        for name in names:
            if script_of(name) is None:
                raise EntryError(f"name {name!r} mixes scripts", path=path, line=n)
        out.append(names)
    return out


def concept_names(text: str, path: str) -> list[list[str]]:
    """The concepts of memory_store/supersede/concepts.txt (its [concept], [part:…] and [day:N]
    sections, read by the one section parser the detector's loader uses) as the fixed forms of their
    patterns; a pattern with no short list of forms is left out."""
    out: list[list[str]] = []
    for items in parse_sections(text, path, item="a concept's name", check=False).values():
        names: list[str] = []
        for pattern in items:
            for form in forms_of(pattern) or []:
                folded = _fold(form)
                if folded and script_of(folded) is not None:
                    names.append(folded)
        if names:
            out.append(list(dict.fromkeys(names)))
    return out


def build(concepts: list[list[str]]) -> Vocabulary:
    """The vocabulary of these concepts. Concepts that share a name are one concept; names too short
    to name anything (MIN_LATIN, MIN_RUN) are left out."""
    merged: list[dict[str, None]] = []   # names in order, without repeats
    owner: dict[str, int] = {}
    latin: dict[tuple[str, ...], set[int]] = {}
    runs: dict[str, set[int]] = {}
    for names in concepts:
        names = [n for n in names if len(n) >= (MIN_LATIN if n.isascii() else MIN_RUN)]
        into = next((owner[n] for n in names if n in owner), None)
        if into is None:
            into = len(merged)
            merged.append({})
        for n in names:
            merged[into][n] = None
            owner.setdefault(n, into)
            if n.isascii():
                latin.setdefault(tuple(_LATIN_WORD.findall(n)), set()).add(into)
            else:
                runs.setdefault(n, set()).add(into)
    return Vocabulary(tuple(tuple(n) for n in merged), {k: frozenset(v) for k, v in latin.items() if k},
                      max((len(k) for k in latin), default=1), {k: frozenset(v) for k, v in runs.items()},
                      max((len(k) for k in runs), default=0))


@functools.cache
def vocabulary(glossary: Path = GLOSSARY_FILE, concepts: Path = CONCEPT_FILE) -> Vocabulary:
    """concepts.txt's concepts and the glossary's, read once a process."""
    found = parse_glossary(glossary.read_text(encoding="utf-8"), str(glossary))
    if concepts.exists():
        found = concept_names(concepts.read_text(encoding="utf-8"), str(concepts)) + found
    return build(found)


# ---- a question's concepts --------------------------------------------------------------------

@functools.lru_cache(maxsize=4096)
def _stems(word: str) -> tuple[str, ...]:
    """The word and what it may be without an English ending ("logged" → logg, log; "expired" →
    expire); a doubled last consonant is undone ("stopped" → stop)."""
    out = [word]
    for end, add in _ENDINGS:
        if word.endswith(end) and len(word) - len(end) + len(add) >= 3:
            stem = word[: len(word) - len(end)] + add
            out.append(stem)
            if not add and len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
                out.append(stem[:-1])
    return tuple(dict.fromkeys(out))


def _names_at(words: list[str], vocab: Vocabulary) -> tuple[tuple[str, ...], int] | None:
    """The longest English name the words start with (each word may carry an ending), and its length."""
    for size in range(min(vocab.longest, len(words)), 0, -1):
        forms: list[tuple[str, ...]] = [()]
        for w in words[:size]:
            forms = [f + (s,) for f in forms for s in _stems(w)]
        hit = next((f for f in forms if f in vocab.latin), None)
        if hit is not None:
            return hit, size
    return None


def groups(query: str, vocab: Vocabulary | None = None) -> list[Group]:
    """The concepts a question names, each with its names in the other two scripts (empty when it
    names none). English: the longest run of the question's words that is a name (its last word
    with an ending, "logged in" → "log in"); Chinese and Thai: names inside a run, longest first."""
    vocab = vocab or vocabulary()
    text = normalise(query)
    out: list[Group] = []
    seen: set[tuple[int, str]] = set()

    def add(concepts: frozenset[int], own: str, script: str) -> None:
        for c in sorted(concepts):
            if (c, script) in seen:
                continue
            seen.add((c, script))
            alts = tuple(_term(n) for n in vocab.alternatives(c, script))
            if alts:
                out.append(Group(_term(own), alts))

    words = _LATIN_WORD.findall(RUN_RE.sub(" | ", text))
    i = 0
    while i < len(words):
        found = _names_at(words[i:], vocab)
        if found is None:
            i += 1
            continue
        add(vocab.latin[found[0]], " ".join(words[i : i + found[1]]), LATIN)
        i += found[1]
    for run in RUN_RE.findall(text):
        i = 0
        while i < len(run):   # the longest name at each place, then past it
            for size in range(min(vocab.run_longest, len(run) - i), MIN_RUN - 1, -1):
                name = run[i : i + size]
                if name in vocab.runs:
                    add(vocab.runs[name], name, script_of(name) or HAN)
                    i += size
                    break
            else:
                i += 1
    return out
