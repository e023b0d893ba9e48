"""microSync's core-memory step (docs/design.md §6): the user's preference statements in the new
transcript lines, routed (memory_store/core/router.py) and kept in core memory through its library:

- explicit of a strong class (`Routed.to == "profile"`: a canonical key said with a standing marker
  or a memory verb) → written to PROFILE.md at once (source user_explicit, ref chat:<session>#L..,
  updated_at = the statement's own time, so an older statement never overrides a newer value and a
  rerun changes nothing);
- explicit scoped to this conversation (`Routed.to == "session"`: "for this task, answer concisely", a vague
  bound: ช่วงนี้, 这几天) → PROFILE.md with `applies_to:session:<id>` and `ttl:session_end`, never a lasting
  value or proposal;
- explicit bounded in time (`Routed.to == "bounded"`: "until Friday, answer in Thai", 这周先用英文) → PROFILE.md
  with the expiry its words say (`ttl`: the ISO time the bound ends in the configured zone, or a duration),
  beside the key's lasting value, which answers again once it has expired;
- explicit of a weak class (expertise, instruction.other, user.other, no strong marker) → staged in
  PROPOSALS.md for the user to review, like an inference (a wrong reading is a proposal to reject,
  not a profile fact the agent obeys);
- inferred → PROPOSALS.md only (pending until the user accepts it);
- forget → every active fact of the key revoked; for the free-form keys instruction.other and
  user.other, several of which hold at once, the ones whose value the request's words name, every
  pending proposal they name (memory_store/core/forget_named.py), and every Remember entry of the
  daily log that holds all of its words — in its statement, or in the sentence of its own user turn the
  transcript holds (`TurnTexts`) — with every other entry of that turn whose own words hold them, a
  Procedure included (memory_store/core/forget_logged.py `by_topic`), with a note saying what
  was held out or what was not found; a free-form thing named bare ("please forget the office wifi
  name", `Routed.to == "review"`) withdraws only what holds all of its words; any other forget whose
  words do not speak of what the agent keeps (`Routed.to == "review"`) is only a note;
- the user taking back a yes in the next turn or two, or their own "remember …" or setting in the very next
  turn (`Routed.to == "withdraw"`, memory_store/core/heard.py) → the proposal it staged rejected, or the
  fact it wrote revoked — or, where it overwrote a value, that value served again — and every entry the
  user's own turn made (its Remember, a Procedure learned from it) withdrawn;
- the user's "yes, remember that" → the pending proposal it answers accepted with the user as actor:
  one of the offered key whose value is the offered one (any value when the offer names none). With
  none pending, a yes the router is sure of (`Routed.to == "profile"`: an offer to remember that names
  its key and value) is written as explicit; any other yes is staged in PROPOSALS.md with the offered
  value (a yes to an offer whose value is not known is a note). A yes to an offer that names no key we
  know is staged as an instruction.other proposal holding what the assistant offered, in its words
  ("Want me to use dark mode for all the UI mockups from now on?" → "yes remember that"); when those
  words only point back ("Shall I remember that?"), it accepts nothing (which proposal was meant is
  not known): a note points the user to `memjobs proposals list`.

With `extract.engine: llm` the model also reads each item for a preference (`Candidate.preference`,
key, value). That reading goes through the same class rules (`memory_store.core.router.gate`): it
reaches PROFILE only where the rules would write it themselves (a canonical key with a usable value
that the user's own words name, with a strong standing marker or memory verb, to the agent, not
negated, about nobody else); anything else explicit is staged in PROPOSALS, inferred is a proposal.
For one user turn the model's reading replaces the rules' (`merge`), except a forget or a yes to an
offer, which only the rules read.

Kept apart from the extractor (jobs/microsync/rules/): microSync calls `heard` once per session it
reads and `write` once at the end, after its own files. A statement whose user turn an earlier run
read (context only) is that run's. The daily log keeps its Remember entries as before.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from memory_store.core.every_setting import with_every_setting
from memory_store.core.forgotten import FORGET_REASON, TAKE_BACK_REASON
from memory_store.core.heard import Heard, excerpt, heard, user_turns
from memory_store.core.router import expiry, gate
from memory_store.core.secret_values import SecretRefused
from memory_store.entries import LineEntry
from memory_store.errors import (
    ConcurrentModification,
    EntryError,
    LockHeld,
    MemjobsError,
    StorageFull,
    WriterRefused,
)
from memory_store.transcripts.records import Record

if TYPE_CHECKING:
    from datetime import datetime

    from jobs.microsync.engine import Candidate
    from jobs.run.runner import RunContext
    from memory_store.config import Config
    from memory_store.core.audit import Actor
    from memory_store.core.forget_logged import Logged
    from memory_store.core.results import Change
    from memory_store.core.store import CoreMemory
    from memory_store.entries import BlockEntry
    from memory_store.transcripts.files import TranscriptFile

__all__ = ["heard", "merge", "read_by_model", "write"]
# a write that failed for a reason outside the statement (the file, the disk, the lock): tried again
# by the next run instead of being dropped with a note
_RETRY = (StorageFull, EntryError, WriterRefused, ConcurrentModification, LockHeld)
# keys whose values are free-form paraphrases: several hold at once (keep_both), and a forget cannot
# tell which one is meant
FREE_FORM = frozenset({"instruction.other", "user.other"})


def _turn_of(c: Candidate, turns: list[tuple[Record, str | None]]) -> tuple[Record, str | None] | None:
    """The user turn (and the assistant turn before it) an item stands on: inside its line range,
    the one holding its excerpt, else the last."""
    inside = [(r, ctx) for r, ctx in turns if r.line <= c.last_line and r.line_end >= c.first_line]
    if not inside:
        return None
    said = " ".join(c.excerpt.rstrip("…").split())
    for r, ctx in inside:
        if said and said in " ".join(r.text.split()):
            return r, ctx
    return inside[-1]


def read_by_model(candidates: list[Candidate], records: list[Record], after_line: int = 0) -> list[Heard]:
    """The model's readings of preferences in one session's items, through the class rules."""
    turns = list(user_turns(records))
    out: list[Heard] = []
    seen: set[int] = set()
    for c in candidates:
        if not c.preference:
            continue
        found = _turn_of(c, turns)
        if found is None or found[0].line_end <= after_line or found[0].line in seen:
            continue
        r, ctx = found
        got = gate(r.text, ctx, c.preference, c.preference_key, c.preference_value)
        if got is not None:
            seen.add(r.line)
            out.append(Heard(got, r.session_id, f"chat:{r.session_id}#{r.message_range}", r.ts, r.line_end,
                             excerpt(r.text)))
    return out


def merge(rules: list[Heard], model: list[Heard]) -> list[Heard]:
    """Per user turn, the model's reading where it gave one, else the rules'; a forget or a yes to an
    offer is the rules' (the model reads neither)."""
    by_model = {h.ref: h for h in model}
    out = [h for h in rules if h.routed.label in ("forget", "confirm") or h.ref not in by_model]
    kept = {h.ref for h in out}
    out.extend(h for ref, h in by_model.items() if ref not in kept)
    return sorted(with_every_setting(out), key=lambda h: (h.ts, h.ref))


def _holds(key: str, value: str, ref: str = "") -> Callable[[LineEntry], bool]:
    """A test of a proposal or fact line: of `key`, holding `value` (a yes's offered value); or, with `ref`
    (the user's own turn a take-back answers), made from that turn only (the model's reading of it may
    have staged other words than the rules'; a line of the same key and value made from another turn —
    yesterday's lasting setting beside today's session-only one — is not what was taken back)."""
    if ref:
        return lambda e: e.ref == ref
    return lambda e: e.key == key and (not value or e.value.casefold() == value.casefold())


def _naming(said_in: Callable[[str], bool]) -> tuple[Callable[[LineEntry], bool], Callable[[LineEntry], bool]]:
    """Tests of a proposal line (any key) and a fact line (a free-form key) whose value a forget names."""
    return (lambda e: said_in(e.value)), (lambda e: e.key in FREE_FORM and said_in(e.value))


def _hold_logged(mem: CoreMemory, found: list[Logged], actor: Actor, reason: str, said_at: datetime) -> list[Change]:
    """The entries of `found` that are still served (no forgotten value holds them), withdrawn
    (memory_store/core/forget_logged.py)."""
    from memory_store.core.forget_logged import withdraw_logged
    from memory_store.core.forgotten import forgotten

    gone = forgotten(mem.workspace)
    return withdraw_logged(mem, [e for e in found if not gone.found_in(e.statement)], actor=actor, reason=reason,
                           said_at=said_at)


def _held_out(found: list[Logged], n: int) -> str:
    """What `n` withdrawals of the entries `found` held out, in words: "1 remembered entry of the daily log", "1
    remembered entry of the daily log and 1 other entry of its turn"."""
    others = min(n, sum(1 for e in found if not e.id.startswith("REMEMBER-")))
    mine = n - others

    def many(k: int) -> str:
        return "entry" if k == 1 else "entries"

    said = f"{mine} remembered {many(mine)} of the daily log"
    return said + (f" and {others} other {many(others)} of its turn" if others else "")


class TurnTexts:
    """The words of the user turn an entry cites, read from its transcript (records are redacted as read), for
    a take-back that names a remembered thing by its topic (memory_store/core/forget_logged.py `by_topic`).
    Only the turn's own lines are parsed: where a JSONL file's lines start is scanned once per file
    (`_LineStarts`), an OpenClaw store read from the turn's event on; the sources are walked once per run.
    None when the transcript is not one of the sources or cannot be read: the entry is then matched by its own
    words only."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self._files: dict[str, TranscriptFile] | None = None
        self._lines = _LineStarts()

    def __call__(self, e: BlockEntry) -> str | None:
        from memory_store.transcripts.discover import read
        from memory_store.transcripts.records import Role

        span, path = e.source.lines, e.source.session_path
        tf = self._file(path) if span is not None and path else None
        if tf is None or span is None:
            return None
        if tf.is_sqlite:
            records = read(tf, span[0], tools=False).records
        else:
            at = self._lines.span(tf.path, span)
            if at is None:
                return None
            # one line more than the turn's: a reader that merges a message's lines holds back only what follows it
            records = read(tf, at[0], start_line=span[0], max_bytes=at[1] + 1, tools=False).records
        said = [r.text for r in records if r.role == Role.USER and r.line <= span[1] and r.line_end >= span[0]]
        return "\n".join(said) or None

    def _file(self, path: str) -> TranscriptFile | None:
        from memory_store.transcripts.discover import discover

        if self._files is None:
            self._files = {}
            for source in self.cfg.transcripts:
                for found in discover(source).files:
                    self._files.setdefault(found.path, found)
        return self._files.get(path)


class _LineStarts:
    """Where each line of a JSONL transcript starts, scanned once per file in a run (a take-back by topic asks
    for the turn of every Remember entry of history: re-reading a 5 MB session from byte 0 for each one cost
    ~17 ms a lookup, review17 F6). A file that grew past a line asked for is scanned again."""

    def __init__(self) -> None:
        self._files: dict[str, list[int]] = {}

    def span(self, path: str, span: tuple[int, int]) -> tuple[int, int] | None:
        """(the byte offset where line `span[0]` starts, how many bytes its lines up to `span[1]` take), or None
        when the file is shorter or cannot be read."""
        if span[0] < 1 or span[1] < span[0]:
            return None
        starts = self._files.get(path)
        if starts is None or span[1] >= len(starts):
            starts = _scan_lines(path)
            if starts is None:
                return None
            self._files[path] = starts
        if span[1] >= len(starts):
            return None
        return starts[span[0] - 1], starts[span[1]] - starts[span[0] - 1]


def _scan_lines(path: str) -> list[int] | None:
    """The byte offset each line of a file starts at, then where its last line ends (None: cannot be read)."""
    starts, pos = [0], 0
    try:
        with open(path, "rb") as fh:
            while chunk := fh.read(1 << 20):
                i = chunk.find(b"\n")
                while i >= 0:
                    starts.append(pos + i + 1)
                    i = chunk.find(b"\n", i + 1)
                pos += len(chunk)
    except OSError:
        return None
    if starts[-1] != pos:
        starts.append(pos)      # a last line with no line break
    return starts


def restated(ctx: RunContext, remembered: list[tuple[BlockEntry, datetime]]) -> None:
    """The user's own "remember …" entries this run logs (with the time each was said) that hold a value
    they had memjobs forget before saying it: said again after the forget, the later statement wins — each
    is audited as said again (memory_store/core/forget_logged.py `restate_logged`) and served as before.
    Called before `write`, so a forget said after it in this run withdraws it again."""
    if not remembered or ctx.dry_run:
        return
    from memory_store.core.audit import Actor
    from memory_store.core.forget_logged import Logged, by_turn_withdrawals, ref_of, restate_logged, statement_of
    from memory_store.core.forgotten import forgotten, withdrawn_at
    from memory_store.core.store import CoreMemory

    gone = forgotten(ctx.cfg.workspace)
    again: dict[str, list[tuple[Logged, datetime]]] = {}
    turned: dict[str, list[str]] | None = None
    for e, said_at in remembered:
        statement = statement_of(e)
        hit = gone.found_in(statement) if gone else None
        if hit is None:
            continue
        if turned is None:
            turned, plain = by_turn_withdrawals(ctx.cfg.workspace)
            turns = TurnTexts(ctx.cfg)
        said = turned.get(" ".join(hit.casefold().split()))
        if said and " ".join(hit.casefold().split()) not in plain and not _says(turns(e) or e.excerpt or "", said):
            continue    # the same cut-short words in another turn: not the withdrawn thing said again
        withdrawn = withdrawn_at(ctx.cfg.workspace, statement)
        if withdrawn is not None and said_at > withdrawn:
            again.setdefault(e.source.session_id, []).append(
                (Logged(e.id, statement, ref_of(e), e.excerpt or ""), said_at))
    if not again:
        return
    mem = CoreMemory.from_config(ctx.cfg, clock=lambda: ctx.now, host=ctx.core_host())
    n = sum(restate_logged(mem, items, actor=Actor("user", f"transcript:{sid}"))
            for sid, items in sorted(again.items()))
    counts = ctx.report.details.setdefault("core_memory", {})
    counts["restated"] = counts.get("restated", 0) + n
    many = "entry" if n == 1 else "entries"
    ctx.report.notes.append(f"the user said again {n} remembered {many} they had asked to forget: served again "
                            "(the later statement wins; `memjobs mem audit user.other`)")


def _says(turn: str, sentences: list[str]) -> bool:
    """`turn` holds one of `sentences` (a withdrawn Remember's own sentence, capped at 200 characters)."""
    folded = " ".join(turn.casefold().split())
    return any(s and " ".join(s.rstrip("…").casefold().split()) in folded for s in sentences)


def _count(mem: CoreMemory, change: Change, h: Heard, counts: dict[str, int], notes: list[str],
           took: str = "written") -> None:
    """Count a statement's fact write as what it did: `took` (`written`, `accepted`) when it takes effect,
    `shadowed` with a note when a stronger value of the precedence ladder is served instead (a POLICY
    value, a more specific applies_to, a higher priority: docs/spec/memory.md §3) — held, but not what
    the agent is told — and `unchanged` when nothing was written."""
    from memory_store.core.secret_values import shown

    if not change.type.startswith("fact."):
        counts["unchanged"] += 1
        return
    served = mem.in_effect(change).served
    if served is None:
        counts[took] += 1
        return
    counts["shadowed"] += 1
    e = change.entry
    done = "accepted and written" if took == "accepted" else "written"
    notes.append(f"core memory: {e.key} = {shown(e.key, e.value)} from {h.ref} {done} to {change.file} but not in "
                 f"effect: {e.key} is served as {served.value} from {served.where} ({served.why})")


def write(ctx: RunContext, statements: list[Heard]) -> None:
    """Apply `statements` in the order they were said; counts in `details.core_memory`. A statement
    whose file could not be written (`_RETRY`) does not stop the others; at the end the first such
    error is raised, naming the file and the preference, so the run fails before its cursors move
    (docs/design.md §7.1: loses nothing)."""
    if not statements or ctx.dry_run:
        return
    from memory_store.core.audit import Actor
    from memory_store.core.forget_logged import by_topic, of_turn
    from memory_store.core.forget_named import named_by, withdraw, withdrawn_before
    from memory_store.core.forget_referred import by_reference, refers_to_remembered
    from memory_store.core.proposals import ProposalBook
    from memory_store.core.store import CoreMemory

    mem = CoreMemory.from_config(ctx.cfg, clock=lambda: ctx.now, host=ctx.core_host())
    book = ProposalBook(mem)
    turns = TurnTexts(ctx.cfg)
    counts = {"written": 0, "shadowed": 0, "unchanged": 0, "staged": 0, "proposed": 0, "forgotten": 0, "accepted": 0,
              "forget_to_review": 0, "withdrawn": 0, "confirm_to_review": 0, "refused_secret": 0, "failed": 0}
    unwritten: list[tuple[Heard, str | None, MemjobsError]] = []
    for h in sorted(statements, key=lambda s: (s.ts, s.ref)):
        r = h.routed
        user = Actor("user", f"transcript:{h.session_id}")
        try:
            if r.label == "confirm" and not r.key:
                counts["confirm_to_review"] += 1
                ctx.report.notes.append(f"the user said yes to an offer to remember something in {h.ref}, but "
                                        "what was offered is not known: see `memjobs proposals list`")
                continue
            if r.label == "confirm":
                pending = [p for p in book.proposals() if p.loc.entry.key == r.key
                           and (not r.value or p.loc.entry.value.casefold() == r.value.casefold())]
                if pending:
                    latest = max(pending, key=lambda p: (p.loc.entry.created_at or "", p.loc.line))
                    got = book.accept(latest.id, actor=user, reason=f"the user confirmed in {h.ref}", said_at=h.ts)
                    _count(mem, got.fact, h, counts, ctx.report.notes, "accepted")
                    continue
                if not r.writes_profile and not r.value:
                    counts["confirm_to_review"] += 1
                    ctx.report.notes.append(f"the user said yes to an offer to keep {r.key} in {h.ref}, but the "
                                            "value offered is not known: see `memjobs proposals list`")
                    continue
                if not r.writes_profile:
                    # a yes the router is not sure of, with nothing pending to accept: for the user's review
                    made = book.propose(r.key, r.value, confidence=0.8, ref=h.ref, excerpt=h.excerpt,
                                        reason=f"the user said yes to an offer, not certain enough to write at "
                                               f"once: {r.cue}", actor=Actor("system", "microsync"), said_at=h.ts,
                                        said=True)
                    counts["staged" if made is not None else "unchanged"] += 1
                    continue
            if r.label == "explicit" and r.to == "session":
                # scoped to this conversation: holds in its session and expires with it, never lasting
                # (docs/spec/memory.md §3: applies_to session:<id>, ttl session_end)
                change = mem.set(r.key, r.value, applies_to=f"session:{h.session_id}", source="user_explicit",
                                 ref=h.ref, updated_at=h.ts, actor=user, reason=f"said in {h.ref}: {r.cue}",
                                 notes=(("excerpt", h.excerpt),),
                                 strategy="keep_both" if r.key in FREE_FORM else None)
                _count(mem, change, h, counts, ctx.report.notes)
            elif r.label == "explicit" and r.to == "bounded":
                # bounded in time ("until Friday, answer in Thai"): written with the expiry its words say,
                # beside the key's lasting value (keep_both), which answers again once it has expired
                # (docs/spec/memory.md §3 rung 4, §4)
                change = mem.set(r.key, r.value, ttl=expiry(r.until, h.ts, ctx.cfg.tz), source="user_explicit",
                                 ref=h.ref, updated_at=h.ts, actor=user, reason=f"said in {h.ref}: {r.cue}",
                                 notes=(("excerpt", h.excerpt),), strategy="keep_both")
                _count(mem, change, h, counts, ctx.report.notes)
            elif r.label == "explicit" and not r.writes_profile:
                full = f"; full name: {r.full}" if r.full else ""
                made = book.propose(r.key, r.value, confidence=0.8, ref=h.ref, excerpt=h.excerpt,
                                    reason=f"said explicitly, but not certain enough to write at once: {r.cue}{full}",
                                    actor=Actor("system", "microsync"), said_at=h.ts, said=True)
                counts["staged" if made is not None else "unchanged"] += 1
            elif r.label in ("explicit", "confirm"):
                # lasting: ttl none, also when it overwrites a bounded line of the key (which would lend it its expiry)
                # a name to call the user by keeps the full name said beside it on its line ("call me Kate"
                # with "my name is Katherine Jones"), so that a forget of the name drops both
                change = mem.set(r.key, r.value, ttl="none", source="user_explicit", ref=h.ref, updated_at=h.ts,
                                 actor=user, reason=f"said in {h.ref}: {r.cue}",
                                 notes=(("excerpt", h.excerpt), *((("full_name", r.full),) if r.full else ())),
                                 strategy="keep_both" if r.key in FREE_FORM else None)
                _count(mem, change, h, counts, ctx.report.notes)
            elif r.label == "inferred":
                made = book.propose(r.key, r.value, confidence=0.6, ref=h.ref, excerpt=h.excerpt,
                                    reason=f"inferred from the user's words: {r.cue}",
                                    actor=Actor("system", "microsync"), said_at=h.ts)
                counts["proposed" if made is not None else "unchanged"] += 1
            elif r.label == "forget" and r.to == "withdraw":
                # the user took back the yes (or their own "remember …") of a turn or two before: what it
                # staged or wrote is withdrawn, and the daily log's Remember entry of their own turn
                reason = f"{TAKE_BACK_REASON} in {h.ref}"
                kept = _holds(r.key, r.value, h.taken_back)
                changes = withdraw(mem, kept, kept, actor=user, reason=reason, said_at=h.ts, restore=True)
                if h.taken_back:
                    changes += _hold_logged(mem, of_turn(mem.workspace, h.taken_back, h.ts), user, reason, h.ts)
                counts["withdrawn"] += len(changes)
            elif r.label == "forget" and r.key in FREE_FORM:
                # several free-form values hold at once: the ones the request's words name are forgotten
                # (pending proposals of any key rejected, free-form facts revoked), and the daily log's
                # Remember entries that hold every word it names. A forget the router is not sure of (a
                # thing named bare: "please forget the office wifi name") acts only on what holds every
                # word, and only when it names two or more ("提交" alone is in many entries). What it
                # names nothing of is for the user, said in the report.
                named = named_by(h.excerpt, r.cue)
                review = r.to == "review"
                acts = len(named.pieces) >= (2 if review else 1)
                in_proposal, in_fact = _naming(named.all_in if review else named.said_in)
                in_log = by_topic(mem.workspace, named.all_in, turns, h.ts) if acts else []
                if not in_log and refers_to_remembered(h.excerpt):
                    # "之前让你记的那条删掉吧" beside "过年不回绵阳了": the remember the message's other words name
                    in_log = by_reference(mem.workspace, h.excerpt, turns, h.ts)
                reason = f"{FORGET_REASON} in {h.ref}"
                changes = withdraw(mem, in_proposal, in_fact, actor=user, reason=reason, said_at=h.ts) if acts else []
                logged = _hold_logged(mem, in_log, user, reason, h.ts)
                if changes or logged:
                    counts["forgotten"] += len(changes) + len(logged)
                    if logged:
                        ctx.report.notes.append(
                            f"the user asked to forget {named} in {h.ref}: {_held_out(in_log, len(logged))} held "
                            "out of MEMORY.md, the context and search (withdrawn proposals: `memjobs proposals list "
                            "--all`)")
                elif acts and (withdrawn_before(mem, in_proposal, in_fact) or in_log):
                    counts["unchanged"] += 1
                else:
                    counts["forget_to_review"] += 1
                    if review:
                        found = ("too few words to act on" if not acts
                                 else "no remembered entry, proposal or fact holds all of it")
                        ctx.report.notes.append(f"the user may have asked to forget {named or 'something'} in "
                                                f"{h.ref} ({r.cue!r}), but {found}: see `memjobs search` and "
                                                "`memjobs proposals list`")
                    else:
                        what = f" ({named})" if named else ""
                        ctx.report.notes.append(
                            f"the user asked to forget something{what} in {h.ref}, but no pending proposal, "
                            "free-form fact or remembered entry of the daily log holds it: see `memjobs proposals "
                            "list` (reject ID) and `memjobs mem list --all` (revoke ID)")
            elif r.label == "forget" and r.to == "review":
                # the words may be about the work, not about what the agent keeps: left to the user
                counts["forget_to_review"] += 1
                ctx.report.notes.append(f"the user may have asked to forget {r.key} in {h.ref} ({r.cue!r}): "
                                        "see `memjobs mem list` and `memjobs mem revoke ID`")
            elif r.label == "forget":
                changes = mem.forget(r.key, actor=user, reason=f"{FORGET_REASON} in {h.ref}", said_at=h.ts)
                counts["forgotten"] += len(changes)
        except _RETRY as exc:
            # The file could not be written (unwritable, full disk, a hand edit that does not parse,
            # the core lock held): the statement is kept for the next run, which reads its turn
            # again because this run fails before moving a cursor (jobs/microsync/job.py).
            unwritten.append((h, r.key, exc))
            if isinstance(exc, LockHeld):
                break
            continue
        except SecretRefused:
            # never kept, and the note does not repeat it (docs/design.md §7)
            counts["refused_secret"] += 1
            ctx.report.notes.append(f"core memory: {r.key} from {h.ref} not kept: the value looks like a secret "
                                    "(memjobs does not keep secrets)")
        except MemjobsError as exc:
            counts["failed"] += 1
            ctx.report.notes.append(f"core memory: {r.label} {r.key} from {h.ref} not applied: {exc}")
    details: dict[str, Any] = {k: v for k, v in counts.items() if v}
    if unwritten:
        details["unwritten"] = len(unwritten)
    if details:
        ctx.report.details["core_memory"] = {**ctx.report.details.get("core_memory", {}), **details}
    if unwritten:
        first, key, cause = unwritten[0]
        more = f" (and {len(unwritten) - 1} more)" if len(unwritten) > 1 else ""
        raise type(cause)(f"{cause.message}: the preference {key} from {first.ref}{more} is not written; the "
                          "transcript cursors stay where they were, so the next run writes it",
                          path=cause.path, line=cause.line)
