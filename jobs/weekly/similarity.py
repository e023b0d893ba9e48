"""Text similarity for dedupe, across English, Thai and Chinese (conflicts: memory_store/supersede).

Tokens: lowercase word tokens for spaced scripts, character bigrams for CJK runs (two-character
Chinese words are the common case), character trigrams for Thai runs (Thai has no spaces, and a
word is usually 2–6 characters). Near-duplicates are pairs with Jaccard ≥ a threshold, found
with prefix filtering (exact, and far fewer comparisons than all pairs). What the weekly dedupe
merges is decided in jobs/weekly/near_duplicates.py, on its own tokens, with `similar_pairs`.
"""
from __future__ import annotations

import math
import re
import unicodedata
from collections import defaultdict
from collections.abc import Sequence

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_THAI = r"\u0e00-\u0e7f"
_RUN_RE = re.compile(rf"[{_CJK}]+|[{_THAI}]+|[^\W_{_CJK}{_THAI}]+", re.UNICODE)
_CJK_RE = re.compile(rf"^[{_CJK}]")
_THAI_RE = re.compile(rf"^[{_THAI}]")

def normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def tokens(text: str) -> list[str]:
    """Word tokens, CJK bigrams and Thai trigrams, in order (duplicates kept)."""
    out: list[str] = []
    for m in _RUN_RE.finditer(normalise(text)):
        run = m.group(0)
        if _CJK_RE.match(run):
            out.extend([run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)])
        elif _THAI_RE.match(run):
            out.extend([run] if len(run) <= 3 else [run[i:i + 3] for i in range(len(run) - 2)])
        else:
            out.append(run)
    return out


def token_set(text: str) -> frozenset[str]:
    return frozenset(tokens(text))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def similar_pairs(sets: Sequence[frozenset[str]], threshold: float) -> list[tuple[int, int, float]]:
    """All pairs (i < j) with Jaccard ≥ threshold, by prefix filtering.

    Tokens are ordered rarest first; two sets with Jaccard ≥ t must share a token among the
    first |x| − ⌈t·|x|⌉ + 1 tokens of each, so only sets meeting in a prefix are compared.
    """
    freq: dict[str, int] = defaultdict(int)
    for s in sets:
        for t in s:
            freq[t] += 1
    ordered = [sorted(s, key=lambda t: (freq[t], t)) for s in sets]
    index: dict[str, list[int]] = defaultdict(list)
    out: list[tuple[int, int, float]] = []
    order = sorted(range(len(sets)), key=lambda i: len(sets[i]))
    for j in order:
        s = sets[j]
        if not s:
            continue
        prefix_len = len(s) - math.ceil(threshold * len(s)) + 1
        seen: set[int] = set()
        for t in ordered[j][:prefix_len]:
            for i in index[t]:
                if i in seen:
                    continue
                seen.add(i)
                # Sizes too far apart cannot reach the threshold.
                if len(sets[i]) < threshold * len(s):
                    continue
                sim = jaccard(sets[i], s)
                if sim >= threshold:
                    out.append((min(i, j), max(i, j), sim))
            index[t].append(j)
    out.sort()
    return out
