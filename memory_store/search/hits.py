"""The options of a search and one hit of it: shared by the query (query.py) and the SQL ranking
(ranking.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from memory_store.errors import UsageError
from memory_store.search.layers import DEFAULT_LAYERS, check_layers

TIERS = ("warm", "cold", "all", "sessions")
# memory_store.entries.KINDS, lowercased (not imported: the fast path keeps its imports small)
KIND_NAMES = ("decision", "rule", "constraint", "architecture", "remember", "procedure")
MAX_LIMIT = 50


@dataclass(frozen=True)
class SearchOptions:
    limit: int = 6
    tier: str | None = None  # None: warm first, cold only when warm has too few hits
    kinds: tuple[str, ...] = ()
    since: date | None = None
    until: date | None = None
    layers: tuple[str, ...] = DEFAULT_LAYERS  # docs/design.md §6: every layer but the user model

    def check(self) -> None:
        check_layers(self.layers)
        if not 1 <= self.limit <= MAX_LIMIT:
            raise UsageError(f"--limit must be between 1 and {MAX_LIMIT}, not {self.limit}")
        if self.tier is not None and self.tier not in TIERS:
            raise UsageError(f"--tier must be one of {', '.join(TIERS)}, not {self.tier!r}")
        bad = [k for k in self.kinds if k not in KIND_NAMES]
        if bad:
            raise UsageError(f"--kind must be one of {', '.join(KIND_NAMES)}, not {bad[0]!r}")


@dataclass
class Hit:
    rowid: int
    path: str
    line: int
    type: str
    kind: str | None
    id: str | None
    title: str
    body: str
    date: str | None
    status: str | None
    confidence: float | None
    source: dict[str, str] | None
    bm25: float
    score: float = 0.0
    snippet: str = ""
    tier: str = ""  # warm | cold | sessions
    source_json: str | None = None  # parsed into `source` only for the hits that are returned
    full: bool = False  # matched every term of the query
    superseded_by: str | None = None
    # open possible conflicts (docs/design.md §6.4): the newer entries that dispute this one, and
    # the established entries this one disputes (memory_store/open_conflicts.py)
    disputed_by: list[str] | None = None
    disputes: list[str] | None = None
    # the day an entry's "until" ran out, when it is over (memory_store/ended.py): not in force now;
    # the status stays the file's (the weekly owns it) and the weekly archives the item
    ended: str | None = None
    layer: str = "semantic"  # user_model | procedural | semantic | episodic (memory_store/search/layers.py)

    @property
    def said(self) -> bool:
        """A message of the sessions tier (its rowids are a space of their own)."""
        return self.type == "said"

    @property
    def key(self) -> tuple[bool, int]:
        return (self.said, self.rowid)

    @property
    def provenance(self) -> tuple[dict[str, str] | None, str | None]:
        """The transcript lines cited, and the origin (memory_store/confidence.py) the index keeps
        beside them; None for an entry written before origins."""
        if not self.source:
            return None, None
        cited = dict(self.source)
        origin = cited.pop("origin", None)
        return (cited or None), origin

    def to_dict(self) -> dict[str, Any]:
        entry = self.type == "entry"
        kept = entry or self.type == "line"  # a block entry or a core-memory fact: status and confidence
        if self.said:  # what was said, cited like an entry: by its transcript and lines
            return {
                "path": self.path,
                "line": self.line,
                "id": None,
                "kind": None,
                "title": _first_words(self.body),
                "date": self.date,
                "status": None,
                "confidence": None,
                "origin": None,
                "score": round(self.score, 3),
                "source": self.source,
                "snippet": self.snippet,
                "tier": "sessions",
                "layer": self.layer,
                "speaker": self.title,
                "uncertain": True,
                "superseded_by": None,
                "disputed_by": None,
                "disputes": None,
                "ended": None,
            }
        source, origin = self.provenance
        return {
            "path": self.path,
            "line": self.line,
            "id": self.id,
            "kind": self.kind,
            "title": self.title,
            "date": self.date,
            "status": self.status if kept else None,
            "confidence": self.confidence if kept else None,
            "origin": origin if kept else None,
            "score": round(self.score, 3),
            "source": source if entry else None,
            "snippet": self.snippet,
            "tier": self.tier,
            "layer": self.layer,
            "uncertain": False,
            "superseded_by": self.superseded_by if entry else None,
            "disputed_by": self.disputed_by if entry else None,
            "disputes": self.disputes if entry else None,
            "ended": self.ended if entry else None,
        }


def _first_words(text: str, n: int = 80) -> str:
    line = " ".join(text.split())
    return line if len(line) <= n else line[: n - 1].rsplit(" ", 1)[0] + "…"


def merge(hits: list[Hit], more: list[Hit]) -> list[Hit]:
    """Both lists, one hit per row, each row at its best (lowest) bm25."""
    best = {h.key: h for h in hits}
    for h in more:
        if h.key not in best or h.bm25 < best[h.key].bm25:
            best[h.key] = h
    return list(best.values())
