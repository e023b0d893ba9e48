"""Reversals in the search index before the weekly applies them (docs/design.md §6.4, §8.6).

microSync writes a reversal with `supersedes: <old id>` as soon as it reads it; the weekly sets the
old entry's `status: superseded` and `superseded_by` a week later (the weekly owns the status
fields, §3). Until then the old entry's own file says `active`, and search served the reversed
entry as current, ranked above what replaced it. After each update that read or dropped a file,
the index gives every active entry that a newer entry supersedes the status `superseded` and
`superseded_by` (the end of the link: the newest entry naming it), as the weekly will; `linked`
records that the row has them from a link, so a link that is gone (a rolled-back run, an edited
file) gives the row its own status back. Ranking reads the columns as it reads the weekly's
(memory_store/search/query.py); this module only records them.
"""
from __future__ import annotations

import sqlite3

# The entries that name an old id: active or already superseded themselves (a chain A <- B <- C),
# never archived or revoked.
_LINKING = "n.type = 'entry' AND n.supersedes IS NOT NULL AND coalesce(n.status, 'active') IN ('active', 'superseded')"


def apply_links(db: sqlite3.Connection) -> int:
    """Record the `supersedes:` links of the index's entries on the entries they replace; the number
    of rows marked. Runs inside the caller's transaction."""
    db.execute("UPDATE rows SET status = 'active', superseded_by = NULL, linked = 0 WHERE linked = 1")
    cur = db.execute(
        "UPDATE rows SET status = 'superseded', linked = 1, superseded_by = ("
        f" SELECT n.id FROM rows n WHERE {_LINKING} AND n.supersedes = rows.id AND n.id IS NOT rows.id"
        " ORDER BY n.date DESC, n.rowid DESC LIMIT 1)"
        " WHERE type = 'entry' AND id IS NOT NULL AND superseded_by IS NULL"
        " AND coalesce(status, 'active') = 'active'"
        f" AND EXISTS (SELECT 1 FROM rows n WHERE {_LINKING} AND n.supersedes = rows.id AND n.id IS NOT rows.id)"
    )
    return cur.rowcount
