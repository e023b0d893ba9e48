"""review19 repro: an entry named by another's `superseded_later_by:` is skipped by the weekly's own
detection (jobs/weekly/conflicts.py `n.id in named_later`), so what it reverses among the entries
microSync could not link (an archived day, an entry it did not see) stays active beside it."""
from __future__ import annotations

from jobs.weekly.conflicts import find_conflicts
from memory_store.entries import BlockEntry, Source


def _e(eid: str, date: str, title: str, **kw: str) -> BlockEntry:
    return BlockEntry(kind="Decision", title=title, id=eid, date=date, conclusion=title,
                      source=Source("s-" + eid, "/t/" + eid + ".jsonl", "L1-L2"), **kw)  # type: ignore[arg-type]


def test_control_without_the_later_link_the_reversal_is_applied() -> None:
    x = _e("20260601-aaaa1111", "2026-06-01", "The session cache uses Redis.")
    b = _e("20261102-bbbb2222", "2026-11-02", "Use Memcached instead of Redis for the session cache.")
    supers, _ = find_conflicts([b], [x, b])
    assert [(s.old, s.new) for s in supers] == [(x.id, b.id)]


def test_an_entry_named_later_still_reverses_what_microsync_did_not_link() -> None:
    x = _e("20260601-aaaa1111", "2026-06-01", "The session cache uses Redis.")
    b = _e("20261102-bbbb2222", "2026-11-02", "Use Memcached instead of Redis for the session cache.")
    # backfilled: said 10-10, written after b, replaced by it (its own link)
    a = _e("20261010-cccc3333", "2026-10-10", "Keep the session cache on Redis 6 until the upgrade.",
           superseded_later_by=b.id)
    supers, conflicts = find_conflicts([a, b], [x, a, b])
    got = {(s.old, s.new) for s in supers}
    assert (a.id, b.id) in got
    # the old Redis choice must not stay active beside "use Memcached instead of Redis"
    assert (x.id, b.id) in got or any(c.new == b.id for c in conflicts), (got, conflicts)
