"""The decay score of a memory (docs/design.md §6, layers): how fresh and how used it is.

    decay = recency × access
    recency = e^(−λ · days since the memory was last updated)
    access  = min(1, 0.5 + 0.05 · accesses)

λ = 0.01 (recency 0.5 at ~69 days) for the semantic and episodic layers; the procedural layer
fades at half that rate (λ = 0.005, ~139 days); the user model does not decay (score 1.0).
Accesses are the agent's own reads of memory seen in transcripts (memory_store/access.py), never
searches: search stays read-only (docs/design.md §3).

One formula for search ranking, the weekly compound's demotion and the procedure finder.
"""
from __future__ import annotations

import math
from datetime import date

LAMBDA = 0.01
LAMBDA_BY_LAYER = {"user_model": 0.0, "procedural": 0.005, "semantic": LAMBDA, "episodic": LAMBDA}
ACCESS_BASE = 0.5
ACCESS_STEP = 0.05


def recency(days: float, lam: float = LAMBDA) -> float:
    """e^(−λ · days); a date in the future counts as today."""
    return math.exp(-lam * max(0.0, days))


def access_factor(accesses: int) -> float:
    """min(1, 0.5 + 0.05 · accesses): never read 0.5, read ten times or more 1.0."""
    return min(1.0, ACCESS_BASE + ACCESS_STEP * max(0, accesses))


def decay_score(layer: str, days: float, accesses: int) -> float:
    """recency × access for a memory of `layer`; the user model is always 1.0."""
    if layer == "user_model":
        return 1.0
    return recency(days, LAMBDA_BY_LAYER.get(layer, LAMBDA)) * access_factor(accesses)


def days_between(day: str | None, today: date) -> float | None:
    """Whole days from an ISO date (or date-time) to `today`, None when there is no usable date."""
    if not day:
        return None
    try:
        return float(max(0, (today - date.fromisoformat(day[:10])).days))
    except ValueError:
        return None
