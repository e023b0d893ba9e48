"""The offline rules summariser: no model, no network, same input → same wrap-up.

- Decisions made today: every entry of the day's decision log (it already holds the decisions,
  rules, constraints, architecture changes and "remember this" items that microSync extracted).
- Action items: commitments and to-dos said by the user or the agent ("I'll …", "need to …",
  "TODO", "จะ…", "ต้อง…", "เดี๋ยว…", "要…", "待办", …). An agent's "let me …" that it carried out
  at once with tool calls is work in progress, not an action item.
- Important conversations: sessions ranked by substance (requests, tool work, decisions, fixes),
  titled by their first real request.
- Technical notes: error → fix sequences (`jobs.wrapup.debugging`).
- Open loops: action items with no completion later that day, and questions left unanswered.
- Tomorrow next steps: the open loops, then explicit plans for tomorrow / the next session.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from jobs.wrapup import phrases
from jobs.wrapup.debugging import find_fixes, technical_notes
from jobs.wrapup.model import DaySession, Evidence, Item, LogEntry, WrapUp
from jobs.wrapup.text import clean, one_line, related, sentences
from memory_store.transcripts.records import Flag, Record, Role

MAX_ITEMS_PER_SESSION = 20
MAX_CONVERSATIONS = 12
MIN_SENTENCE = 8


@dataclass(frozen=True)
class _Said:
    """One sentence said by the user or the agent, where it was said."""

    session: DaySession
    index: int
    record: Record
    text: str

    @property
    def who(self) -> str:
        return "You" if self.record.role == Role.USER else "Agent"


def is_message(r: Record) -> bool:
    """A turn someone said (not a tool event, an injected wrapper, or a compaction summary)."""
    return (r.role in (Role.USER, Role.ASSISTANT) and not r.is_tool
            and not (r.flags & {Flag.META, Flag.COMPACTION}) and bool(r.text.strip()))


def is_question(s: str) -> bool:
    return bool(phrases.QUESTION_END.search(s) or phrases.QUESTION_WORD.search(s))


def _acted_at_once(recs: tuple[Record, ...], i: int) -> bool:
    """Whether the agent's message at i is followed by tool calls before the user speaks again."""
    for r in recs[i + 1:]:
        if r.role == Role.TOOL_CALL:
            return True
        if r.role == Role.USER and not r.is_tool and Flag.META not in r.flags:
            return False
    return False


def commitments(session: DaySession) -> list[_Said]:
    out: list[_Said] = []
    recs = session.records
    for i, r in enumerate(recs):
        if not is_message(r):
            continue
        at_once = r.role == Role.ASSISTANT and _acted_at_once(recs, i)
        for s in sentences(r.text):
            if len(s) < MIN_SENTENCE or is_question(s) or phrases.NOT_TASK.search(s):
                continue
            later = bool(phrases.NEXT.search(s))
            if not (later or phrases.COMMITMENT.search(s)):
                continue
            if at_once and not later:
                continue  # the agent said it and did it in the same turn: work, not an action item
            out.append(_Said(session, i, r, s))
            if len(out) >= MAX_ITEMS_PER_SESSION:
                return out
    return out


def is_resolved(said: _Said) -> bool:
    """A later sentence of the same session says the same thing is done."""
    for r in said.session.records[said.index + 1:]:
        if not is_message(r):
            continue
        for s in sentences(r.text):
            if phrases.DONE.search(s) and not phrases.NOT_DONE.search(s) and related(said.text, s):
                return True
    return False


def open_questions(session: DaySession) -> list[_Said]:
    """A user question the agent never answered, or the agent's closing question the user never took up."""
    recs = session.records
    msgs = [i for i, r in enumerate(recs) if is_message(r)]
    if not msgs:
        return []
    last = msgs[-1]
    r = recs[last]
    qs = [s for s in sentences(r.text) if is_question(s) and len(s) >= MIN_SENTENCE]
    return [_Said(session, last, r, s) for s in qs[-2:]]


def plans(session: DaySession) -> list[_Said]:
    out: list[_Said] = []
    for i, r in enumerate(session.records):
        if not is_message(r):
            continue
        for s in sentences(r.text):
            if len(s) >= MIN_SENTENCE and not is_question(s) and phrases.NEXT.search(s):
                out.append(_Said(session, i, r, s))
    return out[:MAX_ITEMS_PER_SESSION]


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
        items: list[_Said] = []
        for s in sessions:
            items.extend(commitments(s))
        items = _dedupe(items)
        w.action_items = [self._said(x) for x in items]
        loops = [x for x in items if not is_resolved(x)]
        for s in sessions:
            loops.extend(open_questions(s))
        loops = _dedupe(loops)
        w.open_loops = [self._said(x, asked=is_question(x.text)) for x in loops]
        nxt = list(loops)
        for s in sessions:
            nxt.extend(plans(s))
        w.next_steps = [self._said(x, asked=is_question(x.text)) for x in _dedupe(nxt)]
        w.technical_notes = technical_notes(sessions)
        w.conversations = self._conversations(sessions, entries)
        messages = sum(1 for s in sessions for r in s.records if is_message(r))
        w.summary = (f"{len(sessions)} session{'s' if len(sessions) != 1 else ''}, {messages} messages, "
                     f"{len(entries)} decision-log entr{'ies' if len(entries) != 1 else 'y'}.")
        return w

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
    def _said(x: _Said, asked: bool = False) -> Item:
        prefix = f"{x.who} asked: " if asked else f"{x.who}: "
        return Item(one_line(prefix + x.text, 240), Evidence.of([x.record]))

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


def _dedupe(items: list[_Said]) -> list[_Said]:
    seen: set[str] = set()
    out: list[_Said] = []
    for x in items:
        key = " ".join(x.text.lower().split())
        if key in seen:
            continue
        seen.add(key)
        out.append(x)
    return out
