"""What a statement is about, as weighted tokens, in English, Thai and Chinese.

Text is folded (NFKC, casefold, traditional → simplified Chinese), cue phrases are blanked out, and
what is left is cut into tokens: Latin words lightly stemmed ("deposits" → "deposit", "trains" →
"train"), character bigrams for Chinese runs and pairs of letter cells for Thai runs (neither
language puts spaces between words, so n-grams are how a word inside a longer run is found).
Stopwords go; numbers stay but weigh little — a new value for the same subject changes them.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from memory_store.hanzi import to_simplified
from memory_store.stemming import stem
from memory_store.supersede.lexicon import Lexicon

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff"
_THAI = "\u0e00-\u0e7f"
_RUN_RE = re.compile(rf"[{_CJK}]+|[{_THAI}]+|[a-z0-9][a-z0-9_.%+#-]*[a-z0-9%#+]|[a-z0-9]")
_NUMBERISH = re.compile(r"^[0-9][0-9.,:%x-]*[a-z]{0,3}$")
NUMBER_WEIGHT = 0.3
# A Thai run is cut into pairs of cells (a letter with the vowel and tone marks written on it:
# "คั่ว" is two cells, คั่ + ว), not of code points, so that a mark does not shift every n-gram of a
# syllable. A Thai word of n cells gives n - 1 pairs: each weighs a third, so that a Thai word
# counts about as much as an English one.
THAI_GRAM_WEIGHT = 0.34
_THAI_MARKS = frozenset("\u0e31" + "".join(map(chr, range(0x0E34, 0x0E3B))) + "".join(map(chr, range(0x0E47, 0x0E4F))))
# Names (a capitalised word inside a sentence such as "MLflow" or "Stripe", not an all-capitals
# acronym such as API; a Latin word inside Thai or Chinese text) name a subject more surely than
# common words do.
NAME_WEIGHT = 1.5
_NAME_RE = re.compile(r"(?<![.!?:]\s)(?<!^)\b(?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]*[A-Z][A-Za-z0-9]*")
# A role (memory_store/supersede/roles/: the job queue, the cache, the courier ...) the statement
# names, by a tool or a role noun, is a token of its own: "moving the job queue to Temporal" and
# "Use Celery for jobs" share it without sharing a word.
# A role weighs at least ROLE_WEIGHT, and together the roles a statement names weigh ROLE_SHARE of
# its words: the slot is what a long Chinese or Thai sentence (a dozen n-grams) is about as much as
# what a three-word English title is about.
ROLE_WEIGHT = 1.5
ROLE_SHARE = 0.3
ROLE_PREFIX = "@"
_NON_LATIN_RE = re.compile(rf"[{_CJK}{_THAI}]")


def normalise(text: str) -> str:
    return to_simplified(unicodedata.normalize("NFKC", text).casefold()).replace("’", "'")


def thai_cells(run: str) -> list[str]:
    """A Thai run as cells: each letter with the marks written above or below it."""
    out: list[str] = []
    for ch in run:
        if ch in _THAI_MARKS and out:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _inside_stop_words(run: str, cells: list[str], stop: frozenset[str]) -> list[bool]:
    """Per cell of a Thai run, whether it lies inside a stop word of three cells or more ("จาก",
    "เป็น", "แล้ว"): a pair of cells from a frame word is no subject — "เปลี่ยน CI จาก Jenkins เป็น
    GitHub Actions" and "เปลี่ยน session cache จาก Redis เป็น Memcached" share only the pairs of จาก
    and เป็น, which were enough to make the second a reversal of the first."""
    inside = [False] * len(cells)
    starts, at = [], 0
    for c in cells:
        starts.append(at)
        at += len(c)
    cell_at = {pos: i for i, pos in enumerate(starts)}
    for word in stop:
        if len(word) < 3 or not ("\u0e00" <= word[0] <= "\u0e7f"):
            continue
        pos = run.find(word)
        while pos != -1:
            end = pos + len(word)
            if pos in cell_at and (end == len(run) or end in cell_at):
                first, last = cell_at[pos], (cell_at[end] if end in cell_at else len(cells))
                if last - first >= 3:
                    for i in range(first, last):
                        inside[i] = True
            pos = run.find(word, pos + 1)
    return inside


def said_in(token: str, tokens: Collection[str]) -> bool:
    """Is `token` among `tokens`, or a form of one ("time" / "timeout", "review" / "reviewer")?"""
    if token in tokens:
        return True
    return len(token) >= 4 and any(len(t) >= 4 and (t.startswith(token) or token.startswith(t)) for t in tokens)


def subject_tokens(text: str, lexicon: Lexicon) -> dict[str, float]:
    """Token -> weight factor of what `text` is about: 1.0, NAME_WEIGHT for names, NUMBER_WEIGHT for
    numbers, THAI_GRAM_WEIGHT for each Thai pair of cells, and each role it names at least ROLE_WEIGHT."""
    plain = unicodedata.normalize("NFKC", text)
    names = {stem(m.group(0).casefold()) for m in _NAME_RE.finditer(plain)}
    foreign = bool(_NON_LATIN_RE.search(normalise(plain)))
    folded = normalise(text)
    roles = lexicon.roles_of(folded)
    out: dict[str, float] = {}
    folded = lexicon.strip_cues(folded)
    for m in _RUN_RE.finditer(folded):
        run = m.group(0)
        first = run[0]
        if "\u0e00" <= first <= "\u0e7f":
            cells = thai_cells(run)
            inside = _inside_stop_words(run, cells, lexicon.stop)
            grams = ["".join(cells[i:i + 2]) for i in range(len(cells) - 1)] or [run]
            for i, g in enumerate(grams):
                if g not in lexicon.stop and not (inside[i] and inside[min(i + 1, len(cells) - 1)]):
                    out.setdefault(g, THAI_GRAM_WEIGHT)
        elif not first.isascii():
            chars = [c for c in run]
            grams = chars if len(chars) == 1 else [run[i:i + 2] for i in range(len(run) - 1)]
            for g in grams:
                if g in lexicon.stop or all(c in lexicon.stop for c in g):
                    continue
                out.setdefault(g, 1.0)
        else:
            if run in lexicon.stop or len(run) < 2:
                continue
            if _NUMBERISH.match(run):
                out.setdefault(run, NUMBER_WEIGHT)
                continue
            word = stem(run)
            if word not in lexicon.stop:
                out[word] = NAME_WEIGHT if (foreign or word in names) else 1.0
    if roles:
        weight = max(ROLE_WEIGHT, ROLE_SHARE * sum(out.values()) / len(roles))
        out.update((ROLE_PREFIX + role, weight) for role in roles)
    return out


def role_terms(text: str, lexicon: Lexicon) -> dict[str, frozenset[str]]:
    """Role token (ROLE_PREFIX + role) -> the terms of `text` that name it."""
    return {ROLE_PREFIX + role: terms for role, terms in lexicon.roles_of(normalise(text)).items()}


def echoed_roles(new: dict[str, frozenset[str]], old: dict[str, frozenset[str]]) -> frozenset[str]:
    """Role tokens both statements name where the new one names nothing the old one does not: the
    shared tool word already says so ("BigQuery slots move to flex billing" is not about the same
    thing as "nobody edits BigQuery tables by hand" because both use a warehouse). A role counts only
    when the new statement fills it with something else, or names it by its role noun."""
    return frozenset(r for r, terms in new.items() if r in old and terms <= old[r])
