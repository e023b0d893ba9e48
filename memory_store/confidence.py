"""Confidence by origin (docs/design.md §6, layers): how much a memory is worth believing, from
where it came.

| origin | confidence |
| --- | --- |
| user — the user's own words | 0.95 |
| admin — an administrator (policy, an owner's setting) | 0.90 |
| correction — the user correcting the agent | 0.85 |
| cited — backed by a cited source or URL | 0.80 |
| auto — extracted or inferred by memjobs or an agent, nothing more | 0.60 |

A memory that carries its own confidence keeps it; these values are for memories written without
one and for those whose origin is all that is known (a core-memory line's `source:`).

A daily entry microSync writes names its origin (`- origin: user`, after `refs`) and its confidence
is the lower of the extractor's own certainty and its origin's value (`capped`): the origin bounds
how far a memory is believed, and an extractor's doubt still lowers it. When several origins hold
(a correction that cites a URL), the one believed least decides (`least_believed`). Entries written
before origins existed have none and keep their confidence.
"""
from __future__ import annotations

import re

ORIGINS = ("user", "admin", "correction", "cited", "auto")
CONFIDENCE = {"user": 0.95, "admin": 0.90, "correction": 0.85, "cited": 0.80, "auto": 0.60}
# A core-memory line's `source:` (docs/design.md §4) -> its origin.
LINE_SOURCE_ORIGIN = {
    "user_explicit": "user",
    "user_correction": "correction",
    "admin": "admin",
    "policy": "admin",
    "user_inferred": "auto",
    "agent": "auto",
    "system": "auto",
}
_URL_RE = re.compile(r"https?://\S+|\bdoi:\S+", re.IGNORECASE)


ORIGIN_FIELD = "origin"
# A procedure's `learned_from` (memory_store/procedures.py) -> its origin.
PROCEDURE_ORIGIN = {"explicit": "user", "correction": "correction", "repeated_pattern": "auto", "agent": "auto"}


def least_believed(origins: list[str]) -> str:
    """The origin of lowest confidence among those that hold (`user` when none is given)."""
    return min(origins or ["user"], key=lambda o: (confidence_of(o), ORIGINS.index(o) if o in ORIGINS else 99))


def capped(confidence: float, origin: str) -> float:
    """An extractor's certainty (clamped to 0..1) bounded by its origin's confidence, two decimals."""
    return round(min(max(0.0, min(1.0, confidence)), confidence_of(origin)), 2)


def line_origin(source: str | None) -> str:
    """A core-memory line's origin, by its `source:`."""
    return LINE_SOURCE_ORIGIN.get((source or "user_explicit").strip(), "auto")


def confidence_of(origin: str) -> float:
    """The confidence of an origin (`auto` for one this table does not know)."""
    return CONFIDENCE.get(origin, CONFIDENCE["auto"])


def line_confidence(source: str | None, own: float | None = None) -> float:
    """A core-memory line's confidence: its own `confidence:` field, else by its `source:`."""
    if own is not None:
        return round(own, 2)
    return confidence_of(line_origin(source))


def cites_source(*texts: str | None) -> bool:
    """Whether any text cites a source by URL (the `cited` origin)."""
    return any(t and _URL_RE.search(t) for t in texts)
