"""A forget of what only the daily log keeps (docs/design.md §6: a value the user had memjobs forget is
never served).

"remember that the office wifi name is AcmeGuest5", "จำไว้ว่าเลขทะเบียนรถของฉันคือ กข 4455": the extractor
logs a Remember entry, and core memory may hold nothing of it (the router staged no proposal). A later
"please forget the office wifi name" or "ลืมเลขทะเบียนรถของฉันไปได้เลย", or the user taking back their own
"remember …" in the next turn, must still hold that value out of MEMORY.md, the context, search and MCP.
Those read the forgotten values from core memory (memory_store/core/forgotten.py), and the daily log is
history that is not rewritten; so the entry's statement is recorded in core memory as what it is: a
user.other proposal the user withdrew, written to PROPOSALS.md as rejected with the forget's (or the
take-back's) reason, audited `proposal.created` then `proposal.rejected` in one core operation, citing the
entry's own user turn. From then on every read surface holds it out as it does a staged value the user
asked to forget, and `memjobs proposals list --all` shows what was withdrawn and why.

The user saying it again later ("remember that the office wifi name is AcmeGuest5" after the forget) is
audited as `memory.restated` (`restate_logged`): the later statement wins, and a forget after it withdraws
it again.

`logged` finds the user's Remember entries a test picks: by the words of a forget, every piece of
them in the entry's statement (`Named.all_in`: stricter than a kept value's "most pieces", since a
daily log holds many entries that share a word), or by the user turn a take-back answers.

A remembered turn is more than its Remember entry. `by_topic` finds what a forget that names a thing by its
topic takes back ("เรื่องพี่เอ๋ที่ให้จำไว้ ลืมไปได้เลย", "阿梅的事忘了吧", "forget what I said about Arun"):
- a Remember entry whose statement holds every named piece; or one whose statement does not, when the sentence
  of its own user turn it stands in does (the turn's words as read from the transcript, redacted: "แล้วก็พี่เอ๋
  นักบัญชี ต้องได้ไฟล์ CSV … จำไว้ด้วย แล้วเตือนผมก่อน" is kept as the words after its cue, "ด้วย แล้วเตือนผมก่อน",
  and its thing is named before the cue) and no other Remember entry of that turn holds them in its own
  statement (a turn of two remembers keeps the one not named);
- and every other entry the user's words of those turns made — a Procedure of `memory/procedures.md` learned from
  that turn alone, a Rule, a Decision of the daily log — whose own words (title, conclusion, steps) hold every
  named piece; a statement of the same turn about something else stays.
`of_turn` is the same for the user taking back their own "remember …" in the very next turn: every entry of that
turn, of any kind, is what they asked to keep.
A Remember entry picked by its turn is withdrawn by its statement as every other (what MEMORY.md, search and the
context show of it), with the sentence of its turn as the withdrawal's excerpt (`BY_TURN`): such a cut-short
statement is in other turns too, and a later remember is the withdrawn thing said again only when its own turn
holds that sentence (`by_turn_withdrawals`).
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from memory_store.core import document as doc
from memory_store.core.audit import Actor, event
from memory_store.core.files import PROPOSALS
from memory_store.core.forgotten import KEPT_AS, RESTATED
from memory_store.core.lineformat import format_line
from memory_store.core.proposal_lines import HEAD, PENDING, lines, reject_pending
from memory_store.core.results import Change
from memory_store.core.store import CoreMemory, stamp
from memory_store.entries import BlockEntry, LineEntry, range_lines
from memory_store.errors import EntryError, MemjobsError
from memory_store.fileio import read_snapshot
from memory_store.layout import PROCEDURES
from memory_store.markdown import block_to_entry, parse_document
from memory_store.procedures import SEP, merged_from, steps_of
from memory_store.workspace import entry_files

KIND = "Remember"
KEY = "user.other"
BY_TURN = "named in the sentence of its turn"     # a withdrawal's reason: picked by its turn's words
_EXCERPT_MAX = 200
_SAID_MIN = 12      # characters: a procedure's excerpt shorter than this is no sentence to withdraw
_LATEST_ZONE = timedelta(hours=14)      # a day's log is local: the latest a local day starts is UTC+14


@dataclass(frozen=True)
class Logged:
    """A Remember entry of the daily log: its id, statement and the user turn it cites."""
    id: str
    statement: str
    ref: str            # chat:<session_id>#<message_range>
    excerpt: str
    by_turn: bool = False   # picked by the sentence of its turn (its excerpt), not by its statement
    kept_as: str = ""       # the entry's own statement, when it is withdrawn as other words (`remembered_of`)


def statement_of(e: BlockEntry) -> str:
    """What an entry states as its MEMORY.md line shows it: a Procedure's steps in order, any other entry's
    conclusion or title."""
    if e.kind == "Procedure":
        return (SEP.join(steps_of(e)) or e.title).strip()
    return (e.conclusion or e.title).strip()


def _own_words(e: BlockEntry) -> str:
    """The words an entry holds of its own (not its excerpt of the turn): title, conclusion, a Procedure's steps."""
    return " ".join(p for p in (e.title, e.conclusion, SEP.join(steps_of(e)) if e.kind == "Procedure" else "") if p)


def ref_of(e: BlockEntry) -> str:
    return f"chat:{e.source.session_id}#{e.source.message_range}"


def _user_entries(workspace: Path, until: datetime | None, kinds: frozenset[str] | None = None
                  ) -> Iterator[BlockEntry]:
    """The entries the user's own words made (origin user; a Procedure learned from their words alone, merged
    with no other teaching), not archived, of a day up to the one of `until` (a forget does not reach a value
    said after it): the daily logs' and `memory/procedures.md`'s. `kinds`, when given: only those."""
    last = (until + _LATEST_ZONE).date().isoformat() if until is not None else None
    paths = entry_files(workspace) + ([workspace / PROCEDURES] if kinds is None or "Procedure" in kinds else [])
    for path in paths:
        try:
            text = read_snapshot(path).text or "" if path.is_file() else ""
        except (MemjobsError, OSError, UnicodeDecodeError):
            continue
        rel = path.relative_to(workspace).as_posix()
        for block in parse_document(text).blocks:
            try:
                e = block_to_entry(block, rel)
            except EntryError:
                continue
            extra = dict(e.extra)
            own = (extra.get("learned_from") in ("explicit", "correction") and not merged_from(e)
                   if e.kind == "Procedure" else extra.get("origin", "user") == "user")
            if (own and (kinds is None or e.kind in kinds) and e.status != "archived"
                    and statement_of(e) and (last is None or e.date <= last)):
                yield e


def _as_logged(e: BlockEntry) -> Logged:
    """A withdrawal of `e`: a Remember entry's statement without the words that asked to keep it, which an
    extractor may have kept ("先記住一件事：我 4/20…", "帮我记一下：…"): what is withdrawn is the thing remembered."""
    statement = statement_of(e)
    if e.kind == KIND:
        from memory_store.core.router import without_lead

        statement = without_lead(statement)
    return Logged(e.id, statement, ref_of(e), e.excerpt or "")


def logged(workspace: Path, picks: Callable[[BlockEntry], bool], until: datetime | None = None) -> list[Logged]:
    """The user's Remember entries (origin user, not archived) that `picks` picks, of a day up to the one
    of `until` (a forget does not reach a value said after it)."""
    return [_as_logged(e) for e in _user_entries(workspace, until, frozenset({KIND})) if picks(e)]


def remembers(workspace: Path, until: datetime | None = None) -> list[BlockEntry]:
    """The user's Remember entries (origin user, not archived), of a day up to the one of `until`."""
    return list(_user_entries(workspace, until, frozenset({KIND})))


def _same_turn(a: BlockEntry, b: BlockEntry) -> bool:
    """`a` and `b` cite the same user turn (one session, overlapping lines)."""
    x, y = a.source.lines, b.source.lines
    return (a.source.session_id == b.source.session_id and x is not None and y is not None
            and x[0] <= y[1] and x[1] >= y[0])


# where a sentence of a turn ends: . ! ? followed by a space, 。！？ (a line break ends one too: `_lines`)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|[。！？]+")
# a remember cue that opens a clause starts a sentence: Thai runs its sentences on with no full stop
# ("พี่เอ๋ลาพักร้อนสัปดาห์หน้า จำไว้นะ ประชุม…"), and a turn may go on from one thing to another with a comma
# ("Arun is on leave, remember: my standup moved…", "阿梅下周休假，记住：…"). A cue that closes the clause
# before it is not one: "… ทุกวันจันทร์ จำไว้ด้วย แล้วเตือนผมก่อน" ("remember it too, and then …"), "…，记住了",
# "…, remember?".
_CUE_OPENS = re.compile(
    r"(?:(?<=\s)|^)(?:จำไว้(?:เลย)?(?:นะ)?(?:ด้วย)?(?:นะ)?(?:ครับ|ค่ะ|คะ)?(?=ว่า|\s*[:：])"
    r"|จำไว้(?:เลย)?(?:นะ)?(?:ครับ|ค่ะ|คะ)?(?=\s+(?!แล้ว|ด้วย)))"
    r"|(?:(?<=[，,；;：:、\s])|^)(?:请|要)?记住(?![了哦啊喔呀吧啦没])"
    r"|(?:(?<=[,;:–—]\s)|^)remember\b(?=\s*[:：]|\s+that\b|\s+(?:my|our|the|i|we|he|she|they|his|her|their)\b)",
    re.IGNORECASE)


def _lines(turn: str) -> tuple[str, list[tuple[int, int]]]:
    """The turn's words flattened to one line, and where its line breaks stood in it (the space each became):
    a line break ends a sentence, and a statement said over two lines is still found."""
    said = ""
    breaks: list[tuple[int, int]] = []
    for line in turn.splitlines():
        words = " ".join(line.split())
        if not words:
            continue
        if said:
            breaks.append((len(said), len(said) + 1))
            said += " "
        said += words
    return said, breaks


def sentence_of(turn: str, e: BlockEntry) -> str:
    """The sentence(s) of the user turn `turn` that hold what the entry `e` kept of it (its statement, else its
    excerpt), as said; "" when neither is found in it. A sentence ends at . ! ? 。！？, a line break, and before
    a remember cue that opens a clause (`_CUE_OPENS`)."""
    said, breaks = _lines(turn)
    low = said.casefold()
    if len(low) != len(said):      # a letter that folds to two ("ß"): cut where the lower-case text is
        low = said.lower()
    for part in (statement_of(e), (e.excerpt or "").rstrip("…")):
        part = " ".join(part.casefold().split()).strip(" .。!！")
        at = low.find(part) if len(part) >= 2 else -1
        if at < 0:
            continue
        ends = sorted([(m.start(), m.end()) for m in _SENTENCE_END.finditer(said)] + breaks
                      + [(m.start(), m.start()) for m in _CUE_OPENS.finditer(said)])
        start, end = 0, len(said)
        for b, a in ends:
            if a <= at:
                start = max(start, a)
            elif b >= at + len(part):
                end = b
                break
        return said[start:end].strip()
    return ""


def by_topic(workspace: Path, named: Callable[[str], bool], turn_of: Callable[[BlockEntry], str | None],
             until: datetime | None = None) -> list[Logged]:
    """What a forget that names a thing by its topic takes back (see the module docstring): the Remember entries
    that hold every piece `named` tests, by their statement or by the sentence of their own turn (`turn_of`: the
    turn's words, redacted; None when the transcript cannot be read), and every other entry of those turns whose
    own words hold them."""
    entries = list(_user_entries(workspace, until))
    remembers = [e for e in entries if e.kind == KIND]
    direct = [e for e in remembers if named(statement_of(e))]
    # a procedure the user taught, named by its words ("forget the release procedure", 发布流程不用记了)
    taught = [e for e in entries if e.kind == "Procedure" and named(_own_words(e))]
    taken = list(direct)
    by_turn: dict[str, str] = {}
    for e in remembers:
        if e in direct or any(_same_turn(e, o) for o in direct):
            continue    # its turn's named thing is another Remember entry's
        turn = turn_of(e)
        said = sentence_of(turn, e) if turn else ""
        if said and named(said):
            taken.append(e)
            by_turn[e.id] = said
    others = [o for o in entries if o.kind != KIND and o not in taught and any(_same_turn(o, t) for t in taken)
              and named(_own_words(o))]
    # a procedure taught on its own: its steps are not its turn's words, so the teaching as said (its excerpt)
    # is withdrawn with them and the session it was said in serves neither (a remembered turn's is withdrawn by
    # its Remember entry, and the turn may say other things)
    said_as = [Logged(e.id, (e.excerpt or "").rstrip("…").strip(), ref_of(e), e.excerpt or "") for e in taught
               if len((e.excerpt or "").rstrip("…").strip()) >= _SAID_MIN
               and not any(_same_turn(e, t) for t in taken)]
    return [_by_turn(e, by_turn[e.id]) if e.id in by_turn else _as_logged(e) for e in taken + taught + others] + said_as


def _by_turn(e: BlockEntry, said: str) -> Logged:
    """The withdrawal of a Remember entry picked by the sentence `said` of its turn: the thing remembered, and the
    entry's own words beside it when they are other words (`kept_as`: the entry is held out as what it says)."""
    statement = statement_of(e)
    thing = remembered_of(said, statement)
    return Logged(e.id, thing, ref_of(e), _capped(said), True, statement if thing != statement else "")


def remembered_of(sentence: str, statement: str) -> str:
    """What a Remember entry picked by the sentence of its turn is withdrawn as: the thing the sentence asks to
    remember. Its statement, when that names something (memory_store/core/forgotten.py `identifies`) and stands
    after the sentence's remember words or holds no such words; else the words after them: "ดีค่ะ แล้วก็จำไว้ด้วยนะคะ
    ห้ามนัด…" was kept as "ดี", the reply before the asking — withdrawn as that, it named every text with ดี in it."""
    from memory_store.core.forgotten import identifies
    from memory_store.core.router import remember_words

    lead = remember_words(sentence)
    said = " ".join(statement.casefold().split())
    at = " ".join(sentence.casefold().split()).find(said) if said else -1
    if lead is None or (identifies(statement) and at >= lead[0]):
        return statement
    rest = sentence[lead[1]:].strip(" ,，:：.。")
    return _capped(rest) if identifies(rest) else statement


def _capped(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _EXCERPT_MAX else flat[: _EXCERPT_MAX - 1] + "…"


def by_turn_withdrawals(workspace: Path) -> tuple[dict[str, list[str]], set[str]]:
    """From PROPOSALS.md: each value withdrawn as a Remember entry picked by the sentence of its turn (`by_topic`),
    folded, with those sentences; and the values withdrawn any other way. A cut-short statement ("ด้วย
    แล้วเตือนผมก่อน") is in many turns: a later remember says the withdrawn thing again only when its turn holds
    that sentence (jobs/microsync/preferences.py `restated`)."""
    turned: dict[str, list[str]] = {}
    plain: set[str] = set()
    for loc in lines(workspace):
        e = loc.entry
        if e.key != KEY or e.status != "rejected":
            continue
        v = " ".join(e.value.casefold().split())
        extra = dict(e.extra)
        if BY_TURN in extra.get("reason", ""):
            turned.setdefault(v, []).append(extra.get("excerpt", ""))
        else:
            plain.add(v)
    return turned, plain


def of_turn(workspace: Path, ref: str, until: datetime | None = None) -> list[Logged]:
    """Every entry the user's words of the turn `ref` made (the user took back their own "remember …" in the
    very next turn: all of it is what they asked to keep), of any kind."""
    test = cites(ref)
    return [_as_logged(e) for e in _user_entries(workspace, until) if test(e)]


def cites(ref: str) -> Callable[[BlockEntry], bool]:
    """A test of an entry: it cites the user turn `ref` (chat:<session>#L<a>-L<b>), or lines inside it."""
    sid, _, span = ref.removeprefix("chat:").partition("#")

    theirs = range_lines(span)

    def test(e: BlockEntry) -> bool:
        mine = e.source.lines
        return (e.source.session_id == sid and mine is not None and theirs is not None
                and mine[0] <= theirs[1] and mine[1] >= theirs[0])
    return test


def _adding(line: str) -> Callable[[str | None], str]:
    return lambda text: doc.add_line(text or HEAD, line, PENDING)


def withdraw_logged(mem: CoreMemory, found: list[Logged], *, actor: Actor, reason: str,
                    said_at: datetime | None = None) -> list[Change]:
    """Record each entry of `found` as a user.other proposal the user withdrew (see the module docstring),
    in one core operation; an entry whose statement PROPOSALS.md already holds as withdrawn is skipped."""
    if not found:
        return []
    ts = stamp(said_at or mem.clock())
    have = {loc.id for loc in lines(mem.workspace)}
    todo = []
    for item in found:
        pid = "p-" + hashlib.sha1("\x1f".join((KEY, item.id, item.statement)).encode()).hexdigest()[:10]
        if pid not in have:
            todo.append((pid, item))
            have.add(pid)
    if not todo:
        return []
    changes: list[Change] = []
    with mem.operation("forget", actor) as run:
        for pid, item in todo:
            why = (f"the user's entry {item.id}, of a turn they asked to remember"
                   if not item.id.startswith("REMEMBER-") else f"the user's remembered entry {item.id}, {BY_TURN}"
                   if item.by_turn else f"the user's remembered entry {item.id}")
            kept = ((KEPT_AS, item.kept_as),) if item.kept_as else ()
            entry = LineEntry(key=KEY, value=item.statement, ttl="30d", source="user_explicit", updated_at=ts,
                              applies_to="global", status="pending", created_at=ts, ref=item.ref, id=pid,
                              extra=(("reason", why), ("excerpt", item.excerpt), *kept, ("scope", "profile")))
            run.writer.replace(PROPOSALS, _adding(format_line(entry)))
            run.emit(event(op="upsert", type="proposal.created", scope="profile", key=KEY, actor=actor,
                           request_id=run.request_id, reason=why, ts=ts, after=entry, target_type="proposal"))
        made = {pid for pid, _ in todo}
        for before, after in reject_pending(run, mem.workspace, lambda e: e.id in made, applies_to=None,
                                            actor=actor, reason=reason, ts=ts):
            changes.append(Change("proposal.rejected", "proposals", PROPOSALS, after, before, run.run_id))
    return changes


def restate_logged(mem: CoreMemory, said: list[tuple[Logged, datetime]], *, actor: Actor) -> int:
    """The user said again, at the time given, what the daily log's entry of `said` holds, after they had
    memjobs forget it ("remember that the office wifi name is AcmeGuest5" the day after "please forget the
    office wifi name"): a later explicit remember wins over an earlier forget. Core memory holds nothing of
    it but the withdrawal, so the statement is audited (`memory.restated`, citing the entry and its turn),
    one event each in one core operation, and the forgotten values read from the trail in time order
    (memory_store/core/forgotten.py `withdrawals`) no longer hold it; a forget said after it withdraws
    it again. Returns how many were audited."""
    if not said:
        return 0
    with mem.operation("remember", actor) as run:
        for item, said_at in said:
            ts = stamp(said_at)
            entry = LineEntry(key=KEY, value=item.statement, source="user_explicit", updated_at=ts,
                              applies_to="global", ref=item.ref, id=item.id, extra=(("excerpt", item.excerpt),))
            run.emit(event(op="upsert", type=RESTATED, scope="profile", key=KEY, actor=actor,
                           request_id=run.request_id, ts=ts, after=entry, target_id=item.id, target_type="entry",
                           reason=f"the user said it again in {item.ref}, after asking to forget it: the "
                                  f"remembered entry {item.id}"))
    return len(said)
