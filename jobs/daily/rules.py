"""The offline rules summariser: no model, no network, same input → same wrap-up.

- Decisions made today: every entry of the day's decision log (it already holds the decisions,
  rules, constraints, architecture changes and "remember this" items that microSync extracted).
- Action items: commitments and to-dos with someone who commits (`jobs.wrapup.commitments`):
  "I'll …", "we need to …", "ผมจะ…", "เดี๋ยวผม…", "我来…", TODO, or a request the agent accepts for
  later. Purpose clauses, restated rules and work the agent does at once are not items; an item
  closed later that day is marked done and is listed here only.
- Important conversations: sessions ranked by substance (requests, tool work, decisions, fixes),
  titled by their first real request.
- Technical notes: error → fix sequences (`jobs.wrapup.debugging`).
- Open loops: questions left unanswered.
- Tomorrow next steps: explicit plans for tomorrow / the next session.

Each item is in one section only (`jobs.daily.sections`): a commitment for tomorrow is a next
step, any other commitment an action item (marked when done later that day, so an unmarked one is
still open).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from jobs.daily import phrases
from jobs.daily.commitments import (
    Said,
    commitments,
    dedupe,
    is_message,
    is_resolved,
    open_questions,
    plans,
)
from jobs.daily.debugging import find_fixes, technical_notes
from jobs.daily.model import DaySession, Evidence, Item, LogEntry, WrapUp
from jobs.daily.sections import one_section_each
from jobs.daily.text import clean, one_line
from memory_store.transcripts.records import Record, Role

MAX_CONVERSATIONS = 12


def first_request(session: DaySession) -> str:
    users = [r for r in session.records if is_message(r) and r.role == Role.USER]
    for r in users:
        for line in clean(r.text).splitlines():
            s = line.strip().lstrip("#>*- ").strip()
            if len(s) >= 4 and not phrases.TRIVIAL.match(s):
                return one_line(s, 90)
    return one_line(users[0].text, 90) if users else "(no request)"


def _hhmm(r: Record, day_tz: object) -> str:
    return r.ts.astimezone(day_tz).strftime("%H:%M")  # type: ignore[arg-type]


@dataclass
class RulesSummarizer:
    """The offline summariser; `tz` is the configured time zone (for the times of conversations)."""

    tz: object = None
    name: str = "rules"

    def summarize(self, day: date, sessions: list[DaySession], entries: list[LogEntry]) -> WrapUp:
        w = WrapUp(day=day)
        w.decisions = [self._decision(e) for e in entries]
        items: list[Said] = []
        for s in sessions:
            items.extend(commitments(s))
        items = [x for x in dedupe(items) if not _logged(x, entries)]
        done = {id(x) for x in items
                if is_resolved(x, [s for s in sessions if s.records[0].ts > x.record.ts])}
        w.action_items = [self._said(x, done=id(x) in done) for x in items]
        questions: list[Said] = []
        for s in sessions:
            questions.extend(open_questions(s))
        w.open_loops = [self._said(x, asked=True) for x in dedupe(questions)]
        planned: list[Said] = []
        for s in sessions:
            planned.extend(plans(s))
        w.next_steps = [self._said(x) for x in dedupe(planned) if not _logged(x, entries)]
        w.technical_notes = technical_notes(sessions)
        w.conversations = self._conversations(sessions, entries)
        messages = sum(1 for s in sessions for r in s.records if is_message(r))
        w.summary = (f"{len(sessions)} session{'s' if len(sessions) != 1 else ''}, {messages} messages, "
                     f"{len(entries)} decision-log entr{'ies' if len(entries) != 1 else 'y'}.")
        return one_section_each(w)

    @staticmethod
    def _decision(e: LogEntry) -> Item:
        text = f"{e.kind}: {e.title}"
        detail = e.conclusion or e.why
        stem = e.title.strip().rstrip(".…").lower()
        if detail and not detail.strip().lower().startswith(stem):
            text += f" — {detail}"
        if e.status != "active":
            text += f" ({e.status})"
        return Item(one_line(text, 240), entry=e)

    @staticmethod
    def _said(x: Said, asked: bool = False, done: bool = False) -> Item:
        prefix = f"{x.who} asked: " if asked else f"{x.who}: "
        suffix = " (done later that day)" if done else ""
        return Item(one_line(prefix + x.text, 240 - len(suffix)) + suffix, Evidence.of([x.record]),
                    said=x.text)

    def _conversations(self, sessions: list[DaySession], entries: list[LogEntry]) -> list[Item]:
        ranked: list[tuple[float, int, Item]] = []
        for n, s in enumerate(sessions):
            requests = [r for r in s.records if is_message(r) and r.role == Role.USER]
            if not requests:
                continue
            said = [r for r in s.records if is_message(r)]
            tools = sum(1 for r in s.records if r.role == Role.TOOL_CALL)
            decided = sum(1 for e in entries if e.session_path and e.session_path == s.path)
            fixes = len(find_fixes(s))
            chars = sum(len(r.text) for r in said)
            score = 3 * len(requests) + min(chars / 400, 20) + 0.5 * tools + 5 * decided + 2 * fixes
            parts = [f"{len(said)} messages", f"{len(requests)} from you"]
            if tools:
                parts.append(f"{tools} tool calls")
            if decided:
                parts.append(f"{decided} decision-log entr{'ies' if decided != 1 else 'y'}")
            if fixes:
                parts.append(f"{fixes} fix{'es' if fixes != 1 else ''}")
            when = f"{_hhmm(s.records[0], self.tz)}–{_hhmm(s.records[-1], self.tz)}" if self.tz else ""
            text = f"**{first_request(s)}** — {', '.join(parts)}" + (f", {when}" if when else "")
            ranked.append((-score, n, Item(text, Evidence.of(s.records))))
        ranked.sort(key=lambda t: (t[0], t[1]))
        return [item for _, _, item in ranked[:MAX_CONVERSATIONS]]


def _logged(x: Said, entries: list[LogEntry]) -> bool:
    """Whether a sentence is a decision-log entry already ("we'll serve availability from …" logged
    as a Decision): the decision section lists it, so it is not an action item or a next step too."""
    said = " ".join(x.text.lower().split())
    for e in entries:
        stem = " ".join(e.title.lower().rstrip("…. ").split())
        if len(stem) >= 12 and (stem in said or said in stem):
            return True
    return False
