"""Expired core-memory facts archived in batches (docs/design.md §6, docs/spec/memory.md §4): the
one implementation behind the daily job's session cleanup and `memjobs mem compact`.

A fact whose TTL has passed (a finished session's `session_end` entries, an `8h` task note) moves
to `## Inactive` of its file as `status:archived`, audited as `fact.archived` like any archive.
At most `limit` facts per run, oldest first (by `updated_at`), each file rewritten once for the
whole batch; the rest wait for the next run, and are counted so the caller can say so."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol

from memory_store.core import document as doc
from memory_store.core.audit import Actor, event
from memory_store.core.lineformat import format_line
from memory_store.core.results import Change, Listed
from memory_store.core.ttl import parse_time
from memory_store.entries import LineEntry
from memory_store.errors import UsageError

if TYPE_CHECKING:
    from memory_store.core.operation import CoreRun


class Store(Protocol):
    """What the cleanup needs of memory_store.core.store.CoreMemory (which calls it)."""

    @property
    def clock(self) -> Callable[[], datetime]: ...

    def listing(self, *, all_states: bool = False, applies_to: str | None = None) -> list[Listed]: ...

DEFAULT_LIMIT = 5000
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass
class Cleanup:
    changes: list[Change] = field(default_factory=list)
    left: int = 0                        # expired facts past the limit, for the next run


def expired(store: Store) -> list[Listed]:
    """Every active fact whose TTL has passed, oldest first."""
    found = [i for i in store.listing(all_states=True) if i.state == "expired"]
    found.sort(key=lambda i: (parse_time(i.loc.entry.updated_at) or _EPOCH, i.file, i.loc.line))
    return found


def archive_expired(store: Store, run: CoreRun, actor: Actor, limit: int | None = DEFAULT_LIMIT) -> Cleanup:
    """Archive up to `limit` expired facts (None: all) inside `run` (the caller holds the core lock)."""
    if limit is not None and limit < 1:
        raise UsageError(f"the cleanup limit must be at least 1, not {limit}")
    todo = expired(store)
    batch = todo if limit is None else todo[:limit]
    out = Cleanup(left=len(todo) - len(batch))
    if not batch:
        return out
    ts = store.clock().astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    by_file: dict[str, list[Listed]] = {}
    for item in batch:
        by_file.setdefault(item.file, []).append(item)
    for rel, items in by_file.items():
        new = {i.loc.id: replace(i.loc.entry, status="archived", updated_at=ts, id=i.loc.id) for i in items}
        moved: list[str] = []
        run.writer.replace(rel, _archiving(new, moved))
        events = []
        for item in items:
            if item.loc.id not in moved:
                continue                 # changed by someone else meanwhile: the next run sees it again
            old = item.loc.entry
            events.append(event(op="delete", type="fact.archived", scope=item.scope, key=old.key, actor=actor,
                                request_id=run.request_id, reason=f"expired ({item.why})", ts=ts, before=old,
                                after=new[item.loc.id]))
            out.changes.append(Change("fact.archived", item.scope, rel, new[item.loc.id], old, run.run_id))
        run.emit_many(events)
    return out


def _archiving(new: dict[str, LineEntry], moved: list[str]) -> Callable[[str | None], str | None]:
    """The transform moving every still-active fact of `new` to `## Inactive` in one rewrite;
    `moved` is left holding the ids it moved (on a retry, those of the last attempt)."""

    def transform(text: str | None) -> str | None:
        moved.clear()
        if not text:
            return None
        found = doc.scan(text)[0]
        twice = doc.ambiguous(found)        # a line copied with its id: left as it is (`memjobs validate` names it)
        present = {loc.id for loc in found if loc.id in new and loc.id not in twice
                   and loc.entry.effective_status == "active"}
        if not present:
            return None
        moved.extend(i for i in new if i in present)
        where = {loc.id: loc for loc in found}
        lines = "".join(doc.with_comments(format_line(new[i]), where[i]) for i in moved)
        return doc.add_line(doc.remove_lines(text, moved), lines, doc.INACTIVE)

    return transform
