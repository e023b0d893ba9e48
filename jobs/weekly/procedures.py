"""MEMORY.md's `## Procedures` section (docs/design.md §4, §6.6): the best few procedures.

Procedures come from two places: `memory/procedures.md`, procedural memory, which microSync owns
and weekly only reads (the writers table refuses weekly a write there), and the `Procedure`
entries older daily logs hold, compounded like any entry. Both are scored alike
(jobs/weekly/scoring.py: decay on the days since last use, each followed session an access, times
confidence), must be promotable like any item, and compete for MEMORY.md's budget with the other
sections; the section keeps at most `PROCEDURES_MAX` of them, best score first, then the more
often followed, then the newer. The others stay where they are, found by `memjobs procedures`.
The `PROCEDURES_RESERVED` best take their place in the budget before everything else: rules and
remember items never decay and would otherwise fill a year's MEMORY.md to the last character, and
an index that says what was decided but never how the work is done misses a layer.

A procedure's summary is its trigger and its steps in order (`deploy — run the migrations → run
the tests → tag the release`), so the index says what to do, not only when.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from memory_store import procedures as pr
from memory_store.entries import BlockEntry

# Ten triggers with their steps take about twenty of MEMORY.md's 200 lines: enough for the ways of
# working an agent meets every week, few enough to leave the index to decisions and rules.
PROCEDURES_MAX = 10
PROCEDURES_RESERVED = 3


def procedure_summary(entry: BlockEntry) -> str | None:
    """The steps of a procedure, " → "-joined, for its MEMORY.md line (None for any other entry, and
    for a Procedure entry without steps, whose conclusion says it)."""
    if entry.kind != "Procedure":
        return None
    steps = pr.steps_of(entry)
    return pr.SEP.join(steps) if steps else None


def top_procedures(cands: Iterable[tuple[str, float, str]], entries: Mapping[str, BlockEntry]
                   ) -> tuple[list[str], list[str]]:
    """(kept, left) ids of the candidate procedures (id, score, date): the `PROCEDURES_MAX` best by
    score, then success count, then the later date, then id (so a re-run ranks the same)."""
    def key(c: tuple[str, float, str]) -> tuple[float, int, tuple[int, ...], str]:
        i, score, day = c
        e = entries.get(i)
        return (-score, -(pr.success_count(e) if e else 0), tuple(-ord(ch) for ch in day), i)

    ranked = [c[0] for c in sorted(cands, key=key)]
    return ranked[:PROCEDURES_MAX], ranked[PROCEDURES_MAX:]
