"""The weekly dedupe's near-duplicate pairs and groups (docs/design.md §5): the test is
memory_store/near_duplicates.py; here the candidates are found by prefix filtering
(jobs/weekly/similarity.py) and grouped without ever joining two values of one subject, nor two
statements a person chose to keep both of (`conflicts resolve --keep both`, docs/design.md §6.4).
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

from jobs.weekly.similarity import similar_pairs
from memory_store.near_duplicates import NEAR_DUPLICATE_DICE, content_tokens, dice, near_duplicate, two_values, values

__all__ = ["content_tokens", "near_duplicate", "near_duplicate_groups", "near_duplicate_pairs", "values"]


def near_duplicate_pairs(texts: Sequence[str]) -> list[tuple[int, int, float]]:
    """All pairs (i < j) of `texts` that are near-duplicates, with their Dice: the candidates by
    prefix filtering on the equivalent Jaccard, then the values test."""
    sets = [content_tokens(t) for t in texts]
    jaccard_floor = NEAR_DUPLICATE_DICE / (2 - NEAR_DUPLICATE_DICE) - 1e-9
    out = []
    for i, j, _ in similar_pairs(sets, jaccard_floor):
        if not two_values(texts[i], texts[j]):
            out.append((i, j, round(dice(sets[i], sets[j]), 4)))
    return out


def near_duplicate_groups(texts: Sequence[str], apart: Collection[frozenset[int]] = ()
                          ) -> tuple[list[list[int]], dict[int, float]]:
    """Groups of two or more `texts` that say one thing (each with its members in index order), and
    each member's best Dice. Pairs join groups strongest first, and never two groups that hold two
    values between them: "deploys on Tuesday" and "deploys on Thursday" both near "deploys happen
    weekly" stay apart; nor two that hold a pair of `apart` (indexes a person kept both of)."""
    def split(a: int, b: int) -> bool:
        return frozenset((a, b)) in apart or two_values(texts[a], texts[b])

    pairs = sorted((p for p in near_duplicate_pairs(texts) if frozenset(p[:2]) not in apart),
                   key=lambda p: (-p[2], p[0], p[1]))
    group = {i: [i] for i in range(len(texts))}
    best: dict[int, float] = {}
    for i, j, score in pairs:
        gi, gj = group[i], group[j]
        if gi is gj:
            best[i], best[j] = max(best.get(i, 0.0), score), max(best.get(j, 0.0), score)
            continue
        if any(split(a, b) for a in gi for b in gj):
            continue
        gi.extend(gj)
        for m in gj:
            group[m] = gi
        best[i], best[j] = max(best.get(i, 0.0), score), max(best.get(j, 0.0), score)
    seen: set[int] = set()
    out = []
    for members in group.values():
        if id(members) in seen or len(members) < 2:
            continue
        seen.add(id(members))
        out.append(sorted(members))
    return sorted(out), best
