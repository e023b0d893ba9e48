"""The decay score of an entry at a cut-off (docs/design.md §6, docs/design.md §5).

    decay = e^(−λ · age in days) × min(1, 0.5 + 0.05 · access count)
    λ = 0.01 (half-life ~69 days); procedures 0.005 (~139 days)
    rules, constraints and explicit remember items do not decay (decay = 1)
    score = decay × confidence × kind weight

A procedure of `memory/procedures.md` ages from its `last_used` day, not the day it was learned,
and each session that followed it (`success_count`) counts as an access, as in the procedure
finder (jobs/procedures/find.py): a procedure in use stays, one nobody follows fades.

Age is measured at the compounded week's cut-off day, never at the run's clock, so running the
same week again gives the same scores.
"""
from __future__ import annotations

from datetime import date

from memory_store.decay import decay_score
from memory_store.entries import BlockEntry, is_date
from memory_store.procedures import success_count

NO_DECAY = frozenset({"Rule", "Constraint", "Remember"})
# How much an item of each kind is worth in the index read every session: standing rules and
# things the user asked to keep come first; decisions are often superseded or become history.
KIND_WEIGHT = {"Rule": 1.0, "Constraint": 1.0, "Remember": 0.95, "Architecture": 0.9, "Decision": 0.8,
               "Procedure": 0.8}

# Promote a decaying kind at or above PROMOTE_MIN; demote it as stale below STALE_BELOW. The gap
# keeps an item from flapping in and out week after week. A fresh decision of confidence 0.9 that
# is never read scores 0.36 and goes stale after about two months; one read ten times stays about
# five months.
PROMOTE_MIN = 0.30
STALE_BELOW = 0.20
# Kinds that never decay are still not worth the index when the extractor was unsure of them.
MIN_CONFIDENCE = 0.5


def age_days(entry_date: str, cutoff_day: date) -> int:
    try:
        d = date.fromisoformat(entry_date)
    except ValueError:
        return 0
    return max(0, (cutoff_day - d).days)


def decay(kind: str, age: int, access: int) -> float:
    if kind in NO_DECAY:
        return 1.0
    return decay_score("procedural" if kind == "Procedure" else "semantic", age, access)


def score(entry: BlockEntry, cutoff_day: date, access: int) -> float:
    """The entry's value for MEMORY.md at the cut-off; rounded so re-runs compare equal."""
    weight = KIND_WEIGHT.get(entry.kind, 0.8)
    day = entry.date
    if entry.kind == "Procedure":
        last = dict(entry.extra).get("last_used") or ""
        day = max(day, last) if is_date(last) else day
        access += success_count(entry)
    raw = decay(entry.kind, age_days(day, cutoff_day), access) * entry.confidence * weight
    return round(raw, 6)


def promotable(entry: BlockEntry, value: float) -> bool:
    """Rules, constraints and remember items always qualify; other kinds need a high score."""
    if entry.status != "active" or entry.confidence < MIN_CONFIDENCE:
        return False
    if entry.kind in NO_DECAY:
        return True
    return value >= PROMOTE_MIN


def why_not_promoted(entry: BlockEntry, value: float) -> str:
    """Why `promotable` said no, for the weekly log."""
    if entry.status != "active":
        return f"status {entry.status}"
    if entry.confidence < MIN_CONFIDENCE:
        return f"confidence {entry.confidence:.2f} below {MIN_CONFIDENCE:.2f}"
    return f"score {value:.2f} below the {PROMOTE_MIN:.2f} needed to enter MEMORY.md"


def stale(entry: BlockEntry, value: float) -> bool:
    return entry.kind not in NO_DECAY and value < STALE_BELOW
