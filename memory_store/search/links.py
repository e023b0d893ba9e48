"""Reversals in the search index before the weekly applies them (docs/design.md §6.4, §8.6).

microSync writes a reversal with `supersedes: <old id>` as soon as it reads it; the weekly sets the
old entry's `status: superseded` and `superseded_by` a week later (the weekly owns the status
fields, §3). Until then the old entry's own file says `active`, and search served the reversed
entry as current, ranked above what replaced it. After each update that read or dropped a file,
the index gives every active entry that a newer entry supersedes (its `supersedes:`, or the old
entry's own `superseded_later_by:` when microSync wrote it after the newer one) the status `superseded` and
`superseded_by` (the entry that supersedes it, by the rule every reader of the links uses:
memory_store/supersedes_read.py: the first stated, never one the user took back or had memjobs
forget); `linked` records that the row has them from a link, so a link that is gone (a rolled-back
run, an edited file, a take-back) gives the row its own status back. Ranking reads the columns as it reads the weekly's
(memory_store/search/query.py); this module only records them.
"""
from __future__ import annotations

import sqlite3

from memory_store.supersedes_read import LINKING_STATUSES, HeldOut, Linker, supersede_links

_STATUSES = ", ".join(f"'{s}'" for s in LINKING_STATUSES)


def apply_links(db: sqlite3.Connection, held_out: HeldOut | None = None) -> int:
    """Record the `supersedes:` links of the index's entries on the entries they replace (the one
    rule of memory_store/supersedes_read.py: an entry `held_out` — the user took it back or had
    memjobs forget it — links nothing, and of two entries naming one old id the first stated wins);
    the number of rows marked. Runs inside the caller's transaction."""
    db.execute("UPDATE rows SET status = 'active', superseded_by = NULL, linked = 0 WHERE linked = 1")
    linkers = [Linker(i, old, date or "", path, line, status or "active", (title, body))
               for i, old, date, path, line, status, title, body in db.execute(
                   "SELECT id, supersedes, date, path, line, status, title, body FROM rows"
                   " WHERE type = 'entry' AND id IS NOT NULL AND supersedes IS NOT NULL"
                   f" AND coalesce(status, 'active') IN ({_STATUSES})")]
    # an entry microSync wrote after the one said later that replaces it names that one in
    # `superseded_later_by`: the later entry's link, with its own date, place, status and words
    linkers += [Linker(i, old, date or "", path, line, status or "active", (title, body))
                for old, i, date, path, line, status, title, body in db.execute(
                    "SELECT o.id, l.id, l.date, l.path, l.line, l.status, l.title, l.body FROM rows o"
                    " JOIN rows l ON l.id = o.superseded_later_by AND l.type = 'entry'"
                    " WHERE o.type = 'entry' AND o.id IS NOT NULL AND o.superseded_later_by IS NOT NULL"
                    f" AND l.date >= o.date AND coalesce(l.status, 'active') IN ({_STATUSES})")]
    marked = 0
    for old, lk in sorted(supersede_links(linkers, held_out).items()):
        marked += db.execute(
            "UPDATE rows SET status = 'superseded', linked = 1, superseded_by = ?"
            " WHERE type = 'entry' AND id = ? AND superseded_by IS NULL AND coalesce(status, 'active') = 'active'",
            (lk.id, old)).rowcount
    return marked
