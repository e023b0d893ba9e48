"""`LLMExtractor`: the `Extractor` of docs/design.md §5 backed by a model, with the rules as fallback.

A session's records are cut into chunks of whole turns within a token budget; each chunk is
sent with its real line numbers, fenced as data. Every item of a reply is validated against
the chunk it came from — kind, line range, a user line as evidence, capped single-line strings,
confidence in 0..1, redacted again — and whatever fails is dropped and counted. A chunk the
model cannot answer (timeout, 5xx, invalid JSON twice, breaker open, budget spent) goes to the
fallback extractor, or fails the run with `LLMError` when there is none (`llm.fallback: fail`).
"""
from __future__ import annotations

import logging
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from jobs.llm import chars_per_token, redact
from jobs.llm.cache import TurnCache
from jobs.llm.client import InvalidReply, LLMClient, LLMUnavailable
from jobs.llm.fence import format_line
from jobs.llm.fit import items_cap
from jobs.microsync.engine import FIELD_MAX, Candidate, Extractor, normalise_statement, usable_records
from jobs.microsync.forget_requests import drop_forget_requests
from jobs.microsync.llm_prompts import (
    EXTRACT_PROMPT_VERSION,
    EXTRACT_SCHEMA,
    EXTRACT_SYSTEM,
    extract_user_message,
)
from jobs.microsync.session_scoped import drop_session_scoped
from memory_store.config import Config
from memory_store.entries import EXCERPT_MAX, KINDS
from memory_store.errors import LLMError
from memory_store.transcripts.records import Record, Role

log = logging.getLogger("memjobs")

DEFAULT_CHUNK_TOKENS = 3000
RECORD_CAP = {Role.USER: 3000, Role.ASSISTANT: 1500}
MIN_CHUNKS_FOR_EMPTY = 3     # a run this long in which the model found nothing at all is degraded
CONTEXT_CHARS = 1500          # earlier assistant lines repeated at the head of a later chunk
TITLE_MAX = 120
STATEMENT_MAX = 500
_KIND_ALIASES = {k.lower(): k for k in KINDS} | {
    "preference": "Remember", "remember this": "Remember", "rules": "Rule", "decisions": "Decision",
    "constraints": "Constraint", "architecture change": "Architecture",
}


@dataclass(frozen=True)
class Chunk:
    """Records sent in one request: `context` (earlier assistant lines) then the chunk's own."""

    context: tuple[Record, ...]
    own: tuple[Record, ...]
    text: str                    # the numbered lines as sent (redacted): also the cache key

    @property
    def shown(self) -> tuple[Record, ...]:
        return self.context + self.own

    @property
    def first_line(self) -> int:
        return self.shown[0].line

    @property
    def last_line(self) -> int:
        return max(r.line_end for r in self.shown)

    @property
    def own_first_line(self) -> int:
        return self.own[0].line


def _capped(text: str, cap: int) -> str:
    return text if len(text) <= cap else text[: cap - 1] + "…"


def render_record(record: Record) -> str:
    text = redact(_capped(record.text, RECORD_CAP.get(record.role, 1500)))
    return format_line(record.line, record.role.value, text)


def make_chunks(records: Sequence[Record], chunk_tokens: int = DEFAULT_CHUNK_TOKENS) -> list[Chunk]:
    """Whole turns (a user record and what follows it) packed into chunks within the budget.

    Only chunks holding a user line are returned: an item needs the user's own words. A later
    chunk repeats the assistant lines just before it as context (an acceptance such as "ok, go
    with option 2" means nothing without the proposal), but user lines appear in one chunk only,
    so no statement is extracted twice.
    """
    # The same turns the rules read (summaries paraphrase turns read when they were said).
    shown = usable_records(records)
    # Characters per token of this very text: Thai or Chinese fills a context four times faster.
    ratio = chars_per_token("\n".join(r.text for r in shown[:200]))
    budget = max(200, int(chunk_tokens * ratio))
    turns: list[list[tuple[Record, str]]] = []
    for r in shown:
        rendered = render_record(r)
        if r.role is Role.USER or not turns:
            turns.append([])
        turns[-1].append((r, rendered))
    chunks: list[Chunk] = []
    current: list[tuple[Record, str]] = []
    size = 0
    previous: list[tuple[Record, str]] = []

    def flush() -> None:
        nonlocal current, size, previous
        if current and any(r.role is Role.USER for r, _ in current):
            context = _context(previous)
            text = "\n".join([t for _, t in context] + [t for _, t in current])
            chunks.append(Chunk(tuple(r for r, _ in context), tuple(r for r, _ in current), text))
        previous, current, size = current, [], 0

    for turn in turns:
        turn_size = sum(len(t) + 1 for _, t in turn)
        if current and size + turn_size > budget:
            flush()
        if turn_size > budget:
            # One very long turn: keep the user's line and as many replies as fit; the rest
            # holds no user words, so it cannot be evidence for an item anyway.
            kept: list[tuple[Record, str]] = []
            used = 0
            for r, t in turn:
                if kept and used + len(t) + 1 > budget:
                    break
                kept.append((r, t))
                used += len(t) + 1
            turn, turn_size = kept, used
        current.extend(turn)
        size += turn_size
    flush()
    return chunks


def split_chunk(chunk: Chunk) -> tuple[Chunk, Chunk] | None:
    """The chunk's own turns in two halves, each with the context it would have had as a chunk of
    its own; None when it holds a single user turn."""
    turns: list[list[Record]] = []
    for r in chunk.own:
        if r.role is Role.USER or not turns:
            turns.append([])
        turns[-1].append(r)
    if sum(1 for t in turns if any(r.role is Role.USER for r in t)) < 2:
        return None
    mid = len(turns) // 2
    first = [r for t in turns[:mid] for r in t]
    second = [r for t in turns[mid:] for r in t]
    if not any(r.role is Role.USER for r in first) or not any(r.role is Role.USER for r in second):
        return None

    def made(context: Sequence[Record], own: Sequence[Record]) -> Chunk:
        text = "\n".join(render_record(r) for r in (*context, *own))
        return Chunk(tuple(context), tuple(own), text)

    second_context = [r for r, _ in _context([(r, render_record(r)) for r in first])]
    return made(chunk.context, first), made(second_context, second)


def _context(previous: list[tuple[Record, str]]) -> list[tuple[Record, str]]:
    out: list[tuple[Record, str]] = []
    used = 0
    for r, t in reversed(previous):
        if r.role is Role.USER or used + len(t) > CONTEXT_CHARS:
            break
        out.insert(0, (r, t))
        used += len(t)
    return out


def _items_of(reply: Any) -> list[Any]:
    """The list of items in a reply: {"items": [...]}, a bare list, or one list under another key."""
    if isinstance(reply, list):
        return reply
    if isinstance(reply, dict):
        if isinstance(reply.get("items"), list):
            return reply["items"]
        if "kind" in reply:
            return [reply]      # one bare item, as small local models sometimes answer
        lists = [v for v in reply.values() if isinstance(v, list)]
        if len(lists) == 1:
            return lists[0]
        if not reply:
            return []
    raise InvalidReply("the reply is not an object with an `items` list")


def _one_line(value: Any, cap: int) -> str:
    if value is None or isinstance(value, (dict, list, bool)):
        return ""
    text = " ".join(str(value).split())
    return redact(_capped(text, cap))


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        m = re.fullmatch(r"\s*[LE]?(\d+)\s*", value)
        return int(m.group(1)) if m else None
    return None


def _confidence(value: Any) -> float:
    try:
        c = float(value)
    except (TypeError, ValueError):
        return 0.5
    if math.isnan(c):
        return 0.5
    return min(1.0, max(0.0, c))


def _squash(text: str) -> str:
    return " ".join(text.split()).casefold()


_WORD_RE = re.compile(r"[^\W\d_]{4,}", re.UNICODE)
_DENSE_RE = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")  # Thai, kana, CJK, Hangul
SUPPORT_MIN = 0.4       # share of a statement's words that must appear in the lines it cites


def _units(text: str) -> set[str]:
    """Comparable pieces of a text: words of 4+ letters cut to 5 (a crude stem: "bookings" and
    "booking" match) for spaced scripts, character pairs for Thai and CJK."""
    low = text.casefold()
    out = {w[:5] for w in _WORD_RE.findall(_DENSE_RE.sub(" ", low))}
    for run in _DENSE_RE.findall(low):
        out.update(run[i:i + 2] for i in range(max(1, len(run) - 1)))
    return out


def supported(statement: str, evidence: str) -> bool:
    """True when enough of the statement's words are in the cited lines (docs/design.md §5: an
    item stands on what was said). A model steered by text in the data cannot pin a made-up rule
    on an unrelated line. A statement with no comparable words is judged by its excerpt instead."""
    mine = _units(statement)
    if not mine:
        return True
    return len(mine & _units(evidence)) / len(mine) >= SUPPORT_MIN


def _statement_record(chunk: Chunk, first: int, last: int, excerpt: str) -> Record | None:
    """The user record an item stands on: inside the cited range, the one holding the excerpt,
    else the first. None when the range holds no user line (nothing the user said: dropped)."""
    users = [r for r in chunk.own if r.role is Role.USER and r.line_end >= first and r.line <= last]
    if not users:
        return None
    quoted = _squash(excerpt.rstrip("…")) if excerpt else ""
    if quoted:
        for r in users:
            if quoted in _squash(r.text):
                return r
    return users[0]


def _proposal_before(chunk: Chunk, user: Record) -> Record | None:
    """The assistant turn right before a user turn (what an acceptance accepts), if any."""
    shown = chunk.shown
    i = shown.index(user)
    return shown[i - 1] if i > 0 and shown[i - 1].role is Role.ASSISTANT else None


class LLMExtractor:
    """Implements `Extractor`. One instance per run: its counters go into the run report."""

    name = "llm"

    def __init__(self, client: LLMClient, fallback: Extractor | None, *,
                 chunk_tokens: int = DEFAULT_CHUNK_TOKENS) -> None:
        self.client = client
        self.fallback = fallback
        self.chunk_tokens = chunk_tokens
        self.turns = TurnCache(client.cache.folder, model=client.model, prompt_version=EXTRACT_PROMPT_VERSION,
                               write=client.cache.write)
        self.counts: Counter[str] = Counter()
        self.dropped: Counter[str] = Counter()
        self.fallback_reasons: Counter[str] = Counter()
        self.events: list[dict[str, Any]] = []     # one per chunk that fell back (capped)

    def report(self) -> dict[str, Any]:
        """Counters for the run report's `details["llm"]`."""
        out = self.client.report()
        out.update({
            "engine": self.name,
            "chunks": self.counts["chunks"],
            "chunks_from_cache": self.counts["cached"],
            "chunks_fallback": self.counts["fallback"],
            "items": self.counts["items"],
            "dropped_items": sum(self.dropped.values()),
            "dropped": dict(self.dropped),
            "fallback_reasons": dict(self.fallback_reasons),
            "chunks_split": self.counts["split"],
            "replies_full": self.counts["full"],
        })
        if self.events:
            out["fallback_events"] = list(self.events)
        return out

    def degraded(self) -> str | None:
        """Why this run's extraction is not what was configured, or None (docs/design.md §8
        `degraded`): a chunk fell back to the rules, or the model found nothing in any of ≥ 3 chunks."""
        chunks, fallback = self.counts["chunks"], self.counts["fallback"]
        if fallback:
            reasons = ", ".join(f"{code} {n}" for code, n in sorted(self.fallback_reasons.items()))
            last = f"; last error: {self.client.last_error}" if self.client.last_error else ""
            rules = self.fallback.name if self.fallback is not None else "the fallback"
            return (f"LLM extraction fell back to {rules} for {fallback} of {chunks} chunks "
                    f"({reasons}){last}")
        if self.counts["all_dropped"]:
            dropped = ", ".join(f"{code} {n}" for code, n in sorted(self.dropped.items()))
            return (f"every item the model ({self.client.model}) returned in {self.counts['all_dropped']} of "
                    f"{chunks} chunks was dropped ({dropped}); check it with `memjobs llm check`")
        if chunks >= MIN_CHUNKS_FOR_EMPTY and self.counts["items"] == 0:
            return (f"the model ({self.client.model}) returned no item in any of {chunks} chunks "
                    f"({self.client.mode() or 'no'} structured output); check it with `memjobs llm check`")
        return None

    def extract(self, records: Sequence[Record]) -> list[Candidate]:
        out: list[Candidate] = []
        seen: set[tuple[str, int, str]] = set()
        chunks = make_chunks(records, self.chunk_tokens)
        if chunks:
            # Sized to the model's context (what /v1/models said, or llm.context_tokens).
            chunk_tokens = self.client.prompt_tokens_for(EXTRACT_SYSTEM, self.chunk_tokens)
            if chunk_tokens < self.chunk_tokens:
                chunks = make_chunks(records, chunk_tokens)
        try:
            for chunk in chunks:
                self.counts["chunks"] += 1
                for cand in self._chunk(chunk, records):
                    key = (cand.kind, cand.first_line, normalise_statement(cand.statement))
                    if key not in seen:
                        seen.add(key)
                        out.append(cand)
        finally:
            self.turns.flush()   # what the model answered is kept even when a later chunk fails
        return drop_session_scoped(drop_forget_requests(out, records), records)

    def _chunk(self, chunk: Chunk, records: Sequence[Record], *, depth: int = 0) -> list[Candidate]:
        """The chunk's items: from the turn cache, the model, or the fallback. A reply holding as many
        items as the schema allows may have left some out (jobs/llm/fit.py): the chunk is asked
        again in two halves instead (once; a half's full reply is kept and counted)."""
        users = [r for r in chunk.own if r.role is Role.USER]
        keys = [TurnCache.turn_key(r.line, r.text) for r in users]
        session_path = users[0].path
        known = self.turns.lookup(session_path, keys)
        if known is not None:
            restored = [_candidate_from_json(d) for items in known for d in items]
            if all(c is not None for c in restored):
                self.counts["cached"] += 1
                self.client.usage.cache_hits += 1
                self.counts["items"] += len(restored)
                return [c for c in restored if c is not None]
        note = (f"Lines before L{chunk.own_first_line} are earlier context." if chunk.context else "")
        user = extract_user_message(chunk.text, chunk.first_line, chunk.last_line, note)
        try:
            reply = self.client.complete_json(
                system=EXTRACT_SYSTEM, user=user, schema=EXTRACT_SCHEMA, schema_name="memory_items",
                prompt_version=EXTRACT_PROMPT_VERSION, cache_text=chunk.text, check=_items_of)
        except LLMUnavailable as exc:
            return self._fall_back(chunk, records, exc.code, exc.message)
        if reply.cached:
            self.counts["cached"] += 1
        cap = items_cap(self.client.reply_schema(EXTRACT_SCHEMA))
        if cap is not None and len(reply.data) >= cap:
            halves = split_chunk(chunk) if depth == 0 else None
            if halves is not None:
                self.counts["split"] += 1
                return [c for half in halves for c in self._chunk(half, records, depth=depth + 1)]
            self.counts["full"] += 1
        dropped_before = sum(self.dropped.values())
        validated = [v for v in (self._validate(item, chunk) for item in reply.data) if v is not None]
        if reply.data and not validated:
            # Every item the model gave failed validation (not on the transcript's lines, not the
            # user's words …): its reading of this chunk is not to be trusted, and "found nothing"
            # would be untrue. The rules stand in (nothing lost); the turn cache keeps nothing of
            # it, so a rerun reads the reply again (from the reply cache) and falls back again.
            self.counts["all_dropped"] += 1
            if self.fallback is not None:
                # Not a failed call: the model answered, and nothing it answered held up.
                why = (f"the model's {len(reply.data)} items were all dropped "
                       f"({sum(self.dropped.values()) - dropped_before} failed validation)")
                return self._fall_back(chunk, records, "all_items_dropped", why)
            return []
        per_turn: dict[str, list[Any]] = {k: [] for k in keys}
        for said, cand in validated:
            per_turn[TurnCache.turn_key(said.line, said.text)].append(_candidate_to_json(cand))
        self.turns.store(session_path, per_turn)
        self.counts["items"] += len(validated)
        return [cand for _, cand in validated]

    def _fall_back(self, chunk: Chunk, records: Sequence[Record], code: str, message: str) -> list[Candidate]:
        sid, path = chunk.own[0].session_id, chunk.own[0].path
        where = f"session {sid} L{chunk.own_first_line}-L{chunk.last_line}"
        if self.fallback is None:
            raise LLMError(f"LLM extraction failed for {where} (llm.fallback: fail): {message}",
                           path=path, line=chunk.own_first_line) from None
        self.counts["fallback"] += 1
        self.fallback_reasons[code] += 1
        if len(self.events) < 20:
            self.events.append({"path": path, "line": chunk.own_first_line, "code": code,
                                "message": f"{where}: {message}; extracted with {self.fallback.name}"})
        # The fallback sees the same window (tool lines included, as the rules expect) but only
        # its items whose user line lies in this chunk's own lines are kept: no duplicates. The
        # user's line is where a candidate ends (an acceptance starts at the proposal before it).
        lo, hi = chunk.first_line, chunk.last_line
        window = [r for r in records if lo <= r.line <= hi]
        own_lo = chunk.own_first_line
        return [c for c in self.fallback.extract(window) if own_lo <= c.last_line <= hi]

    def _validate(self, item: Any, chunk: Chunk) -> tuple[Record, Candidate] | None:
        """The item as a Candidate with the user record it stands on, or None (dropped, counted)."""
        if not isinstance(item, dict):
            self.dropped["not_an_object"] += 1
            return None
        kind = _KIND_ALIASES.get(str(item.get("kind", "")).strip().lower())
        if kind is None:
            self.dropped["bad_kind"] += 1
            return None
        first, last = _int(item.get("first_line")), _int(item.get("last_line"))
        if first is None:
            self.dropped["no_line_range"] += 1
            return None
        last = first if last is None else last
        if last < first:
            first, last = last, first
        if first < chunk.first_line or last > chunk.last_line:
            self.dropped["line_out_of_range"] += 1
            return None
        excerpt = _one_line(item.get("excerpt"), EXCERPT_MAX)
        user = _statement_record(chunk, first, last, excerpt)
        if user is None:
            self.dropped["no_user_line"] += 1
            return None
        user_text = redact(user.text)
        if not excerpt or _squash(excerpt.rstrip("…")) not in _squash(user_text):
            # Not the user's words (paraphrased or invented): take them from the transcript.
            excerpt = _one_line(user_text, EXCERPT_MAX)
        # first_line as the rules choose it: the user's line, or the assistant's proposal just
        # before it when the evidence starts there (an acceptance). Either engine, or a re-chunked
        # run, then lands on the same (kind, session, first line) and keeps the existing id.
        proposal = _proposal_before(chunk, user)
        first_line = proposal.line if proposal is not None and first <= proposal.line else user.line
        statement = normalise_statement(_one_line(item.get("statement"), STATEMENT_MAX) or excerpt)
        # The cited lines that may support it: the range (inside this chunk), the user's line and the
        # proposal it accepts.
        cited = [r for r in chunk.shown if r.line_end >= min(first, first_line) and r.line <= last]
        evidence = " ".join(redact(r.text) for r in {*cited, user, *([proposal] if proposal else [])})
        if not supported(statement, evidence):
            self.dropped["unsupported"] += 1
            return None
        title = _one_line(item.get("title"), TITLE_MAX) or _one_line(statement, 60)
        return user, Candidate(
            kind=kind, title=title, statement=statement,
            why=_one_line(item.get("why"), FIELD_MAX), finding=_one_line(item.get("finding"), FIELD_MAX),
            conclusion=_one_line(item.get("conclusion"), FIELD_MAX),
            impact=_one_line(item.get("impact"), FIELD_MAX),
            confidence=_confidence(item.get("confidence")), excerpt=excerpt,
            session_id=user.session_id, session_path=user.path,
            first_line=first_line, last_line=max(user.line_end, min(last, chunk.last_line)),
            ts=user.ts, supersedes_hint=item.get("reverses_earlier") is True,
            **_preference(item),
        )


def _preference(item: dict[str, Any]) -> dict[str, str]:
    """The model's reading of a user preference in the item, or nothing (checked again, with the
    class rules, by core memory: jobs/microsync/preferences.py)."""
    label = str(item.get("preference") or "").strip().casefold()
    key = _one_line(item.get("preference_key"), 80)
    if label not in ("explicit", "inferred") or not key:
        return {}
    value = _one_line(item.get("preference_value"), 120)
    return {"preference": label, "preference_key": key, "preference_value": value}


def _candidate_to_json(c: Candidate) -> dict[str, Any]:
    out = asdict(c)
    out["ts"] = c.ts.isoformat()
    return out


def _candidate_from_json(data: Any) -> Candidate | None:
    """A stored candidate, or None when the entry is not one (an old or damaged cache file)."""
    if not isinstance(data, dict):
        return None
    try:
        fields_ = dict(data)
        fields_["ts"] = datetime.fromisoformat(str(fields_["ts"]))
        return Candidate(**fields_)
    except (KeyError, TypeError, ValueError):
        return None


def build_llm_extractor(cfg: Config, client: LLMClient | None = None) -> LLMExtractor:
    """The extractor for `extract.engine: llm`. Pass the run's one client when a daily or weekly
    run also summarises, so the breaker and the token budget span the whole run."""
    from jobs.microsync.rules.rules import RuleExtractor

    client = client or LLMClient(cfg.llm, cfg.state_dir)
    return LLMExtractor(client, RuleExtractor() if cfg.llm.fallback == "rules" else None)
