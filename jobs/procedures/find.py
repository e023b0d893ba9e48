"""Finding the procedures that fit a task (docs/design.md §4.7, §6.6), for `memjobs procedures` and
MCP `memory_procedures`. Reads `memory/procedures.md` fresh; writes nothing.

A procedure's score is match × confidence × decay:

- match: `memory_store.procedures.task_match`, the one matcher the runtime context uses too: the
  share of the query's words (an English word; a Thai/Chinese run, by its character bigrams) found
  in the trigger, or ×`STEP_WEIGHT` the share found in the steps, whichever is higher. A task is said
  in the user's words, not the trigger's, so a procedure shows when `MIN_MATCH` of them hit. A query
  with no content word matches every procedure (1.0): the list of everything known, best first.
- confidence: by origin (explicit 0.95, correction 0.85, repeated pattern / agent 0.60).
- decay: the procedural recency × use of docs/design.md §6.6 (λ = 0.005 on days since `last_used`,
  uses = `success_count`): the formula of jobs/weekly/scoring.py, not imported from there, as
  weekly runs microSync, which runs this package.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from memory_store import procedures as pr
from memory_store.decay import days_between, decay_score
from memory_store.entries import BlockEntry
from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.markdown import block_to_entry, parse_document

STEP_WEIGHT = pr.STEP_WEIGHT
MIN_MATCH = pr.MIN_MATCH
DEFAULT_LIMIT = 5


def decay(last_used: str, today: date, uses: int) -> float:
    """The procedural layer's decay score (memory_store/decay.py) on days since last use."""
    return decay_score("procedural", days_between(last_used, today) or 0.0, uses)


@dataclass(frozen=True)
class Found:
    entry: BlockEntry
    line: int
    match: float
    decay: float

    @property
    def score(self) -> float:
        return round(self.match * self.entry.confidence * self.decay, 4)

    @property
    def last_used(self) -> str:
        return dict(self.entry.extra).get("last_used") or self.entry.date

    def to_dict(self) -> dict[str, Any]:
        e = self.entry
        src = e.source
        return {"id": e.id, "trigger": e.title, "steps": list(pr.steps_of(e)), "path": pr.REL, "line": self.line,
                "learned_from": dict(e.extra).get("learned_from", ""), "confidence": e.confidence,
                "success_count": pr.success_count(e), "last_used": self.last_used, "score": self.score,
                "source": {"session_id": src.session_id, "session_path": src.session_path,
                           "message_range": src.message_range}}


def active_procedures(workspace: Path) -> list[tuple[BlockEntry, int]]:
    """The active procedures of the file with their heading lines; a block that does not convert is
    skipped (reported by `memjobs validate`)."""
    text = read_snapshot(workspace / pr.REL).text
    if not text:
        return []
    out: list[tuple[BlockEntry, int]] = []
    for b in parse_document(text).blocks:
        if b.kind != "Procedure" or (b.get("status") or "active") != "active":
            continue
        try:
            out.append((block_to_entry(b, pr.REL), b.line))
        except EntryError:
            continue
    return out


def match(query: str, e: BlockEntry) -> float:
    """The runtime context's matcher (memory_store.procedures.task_match); an empty query lists all."""
    if not pr.task_units(query):
        return 1.0
    return pr.task_match(query, e.title, pr.steps_of(e))


def find(workspace: Path, query: str, today: date, limit: int = DEFAULT_LIMIT) -> list[Found]:
    """The active procedures matching `query`, best score first (ties: more successes, then id); not one the
    user withdrew whole — its steps are all one value the user had memjobs forget (a procedure learned from a
    "remember …" the user took back: memory_store/core/forget_logged.py `by_topic`). One whose steps only hold
    a forgotten value is served with it masked (jobs/mcp/procedure_tools.py)."""
    from memory_store.core.forgotten import forgotten

    gone = forgotten(workspace)
    out: list[Found] = []
    for e, line in active_procedures(workspace):
        if gone and gone.holds("", pr.SEP.join(pr.steps_of(e))):
            continue
        m = match(query, e)
        if m < MIN_MATCH:
            continue
        last = dict(e.extra).get("last_used") or e.date
        out.append(Found(e, line, m, round(decay(last, today, pr.success_count(e)), 4)))
    out.sort(key=lambda f: (-f.score, -pr.success_count(f.entry), f.entry.id))
    return out[:limit]

