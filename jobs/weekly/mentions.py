"""What the week's wrap-ups say about the entries (docs/design.md §5: the weekly reads "this week's
second-brain/summaries/*").

An entry that keeps coming up is worth more in MEMORY.md than one said once and never again. A
wrap-up *mentions* an entry when it cites the entry's id anywhere except its own day's "Decisions
made today" list (which names every entry of the day, so it says nothing about importance), or when
the entry's source session is one of the day's "Important conversations". Each wrap-up counts at
most once per entry, and mentions add to the entry's access count in the decay score. Only the
compounded week's wrap-ups are read, so re-running a week reads the same files and scores the same.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from jobs.weekly.model import Located
from jobs.weekly.view import View
from jobs.weekly.weeks import Week
from memory_store.workspace import wrapup_path
from memory_store.wrapup_format import SECTIONS, wrapup_refs

_DAY_LIST = SECTIONS[0]  # "Decisions made today"
MAX_VOLUMES = 50


@dataclass
class Mentions:
    counts: dict[str, int] = field(default_factory=dict)  # entry id -> wrap-ups that mention it
    read: list[str] = field(default_factory=list)         # workspace-relative wrap-ups read
    missing_days: list[str] = field(default_factory=list)  # days with entries but no wrap-up


def week_mentions(view: View, week: Week, entries: dict[str, Located]) -> Mentions:
    out = Mentions()
    by_session: dict[str, list[str]] = {}
    entry_days = {loc.entry.date for loc in entries.values()}
    for i, loc in entries.items():
        if loc.entry.source.session_path:
            by_session.setdefault(loc.entry.source.session_path, []).append(i)
    for offset in range(7):
        day = week.monday + timedelta(days=offset)
        texts = _volumes(view, day)
        if not texts:
            if day.isoformat() in entry_days:
                out.missing_days.append(day.isoformat())
            continue
        cited: set[str] = set()
        for rel, text in texts:
            out.read.append(rel)
            refs = wrapup_refs(text)
            own_day = {i for i in refs.ids_by_section.get(_DAY_LIST, ()) if _same_day(entries.get(i), day)}
            cited |= refs.ids() - own_day
            for path in refs.sessions:
                cited.update(by_session.get(path, ()))
        for i in cited:
            if i in entries:
                out.counts[i] = out.counts.get(i, 0) + 1
    return out


def _volumes(view: View, day: date) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for volume in range(1, MAX_VOLUMES + 1):
        rel = wrapup_path(day, volume)
        text = view.read(rel)
        if text is None:
            break
        found.append((rel, text))
    return found


def _same_day(loc: Located | None, day: date) -> bool:
    return loc is not None and loc.entry.date == day.isoformat()
