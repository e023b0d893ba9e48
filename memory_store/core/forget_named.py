"""A forget that names no key acts on what it names (docs/design.md §6: a forgotten fact stays forgotten).

"请忘记我的车牌号", "please forget my licence plate", "ลืมเบอร์ห้องผมไปได้เลย": the router reads a forget of a
free-form thing (memory_store/core/router.py, key user.other or instruction.other). Several such values
hold at once, so the key alone does not say which one is meant; the words of the request do. `named_by`
takes them from the clause that holds the forget cue: the words left once the forget's own words are
taken out (the verb, please, my, ไปได้เลย, 请, 我的…) — Latin words and numbers whole, Thai and Chinese
(no spaces between words) as pairs of characters. The thing may be named before the cue, topic first
("เรื่องพี่โอ๊ตที่ให้จำไว้ ลืมไปได้เลย", "老王的事忘了吧", "the offsite is cancelled, forget it"): when the cue's
own words (in Thai, up to the next space between Thai words: what follows gives the reason) name nothing,
the words just before them do; words that point back ("what I said about being…", ที่ให้จำไว้, 之前说的,
让你记住的, 那件事, 作废) are the asking, not the thing. A kept value is named when most of those pieces are
in it (`Named.said_in`: all of one or two, two of three…) and it is the thing of whom the forget names:
"please forget my licence plate" names the user's own, not "my friend's licence plate is …", "her licence
plate …", "我朋友的车牌号…", "เลขทะเบียนรถของเพื่อนฉัน…" (another person owns the words: `Named.whose`); a forget
that names an owner ("my friend's plate", "我朋友的", "ของเพื่อน") names only what holds that owner.

`withdraw` rejects every pending proposal a test picks (audited with the forget's actor, so accepting it
later cannot write the value back) and revokes every active fact the other test picks, in one core
operation. With `said_at` (a statement read from a transcript) only what was made by then — or earlier
in the same run, which reads statements in their order — is touched, so reading the transcript again
never takes back a value said after it. The same serves the user taking back a yes
(memory_store/core/heard.py): the proposal or fact that yes made is withdrawn.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from datetime import UTC, datetime

from memory_store.core.audit import Actor
from memory_store.core.files import PROPOSALS, SCOPE_FILES
from memory_store.core.proposal_lines import lines, reject_pending
from memory_store.core.results import Change
from memory_store.core.store import CoreMemory, stamp
from memory_store.core.ttl import parse_time
from memory_store.entries import LineEntry

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_SENTENCES = re.compile(r"[.!?;。！？；\n]+")
_CLAUSE = re.compile(r"[^,，、]+")
_THAI_GAP = re.compile(r"(?<=[\u0e00-\u0e7f])\s+(?=[\u0e00-\u0e7f])")
_PIECES_BACK = 3    # Thai pieces (between spaces) before a forget's own that may name its thing
# a clause after the forget's own that still speaks of dropping ("…，还有手机号 13812345678 也别记了")
_STILL_DROPS = re.compile(r"\b(don'?t|do not|never|stop|no need to) (keep|remember|store|save)\b|\bforget\b"
                          r"|(别|別|不要|不用|不必)(再)?(记|記)|忘|ไม่ต้อง(จำ|เก็บ|บันทึก)|เลิกจำ|ลืม", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+(?:[-'_./][a-z0-9]+)*", re.IGNORECASE)
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# the words of asking to drop a thing, not of the thing
_EN_FILLER = frozenset(("please", "pls", "plz", "kindly", "just", "also", "and", "now", "actually", "ok", "okay",
                        "so", "go", "ahead", "you", "can", "could", "would", "will", "forget", "forgot",
                        "forgotten", "about", "that", "what", "whatever", "my", "mine", "me", "i", "i'm", "im",
                        "am", "is", "are", "was", "were", "the", "a", "an", "don't", "dont", "do", "does", "not",
                        "no", "need", "never", "stop", "remember", "remembering", "store", "storing", "stored",
                        "keep", "keeping", "kept", "save", "saving", "saved", "memorize", "memorise", "memorizing",
                        "memorising", "it", "its", "it's", "anymore", "any", "more", "thanks", "thank", "too",
                        "well", "of", "to", "said", "told", "this", "there", "here", "bit", "thing", "things",
                        "whole", "drop", "delete", "remove", "erase", "clear", "wipe", "hey", "hmm", "wait",
                        "yeah", "yes", "fine", "already", "again", "scratch", "cancel", "undo", "mind",
                        "nevermind", "changed", "second", "thought", "hold", "on", "sorry", "oh", "um", "uh",
                        "nah", "nope", "record", "note",
                        # "forget what I said about being on leave", "…I asked you to remember earlier, it's
                        # cancelled": forms of "be" and words of pointing back are the asking, not the thing
                        "be", "being", "been", "asked", "mentioned", "earlier", "previously", "cancelled",
                        "canceled",
                        # "the on-call number I gave you is outdated, forget it": what the user gave and that it
                        # is stale are the asking too (and `_STALE`)
                        "gave", "give", "given", "sent", "outdated", "stale", "obsolete",
                        # words that join the words of a thing ("forget the tests for now"): never a thing's own
                        "for", "with", "in", "at", "by", "from", "until",
                        # a procedure named by its kind ("forget the release procedure"): the kind is no word of it
                        "procedure", "procedures", "process", "steps", "workflow", "checklist"))
# The asking, not the thing: a pointer back to what the user had the agent keep, a topic marker, a word that
# voids it — as in เรื่องพี่โอ๊ตที่ให้จำไว้, ที่เคยบอกไว้, 之前说的, 让你记住的, 老王的事, 合同那件事, 作废.
_POINTING_BACK = re.compile(
    r"ที่(?:เคย)?(?:ผม|ฉัน|หนู)?(?:บอก|ขอ|สั่ง)?ให้(?:จำ|จด|เก็บ|บันทึก)?(?:ไว้)?|ที่(?:เคย)?(?:บอก|ขอ|ตั้ง)ไว้"
    r"|(?:之前|以前|上次|刚才|剛才)?(?:我)?(?:跟你|和你)?(?:说|說|讲|講|提)(?:过|過)?的"
    r"|(?:让|讓|叫)你(?:帮我|幫我)?(?:记住|記住|记|記)(?:的)?|(?:那|这|這)件事(?:情)?|的事(?=\W|$|[忘不别別就也你作取删刪算])"
    r"|那个事|那個事|作废|作廢|不算数|不算數|之前|以前|上次")
_UNSPACED_FILLER = re.compile(
    r"ที่(?:ผม|ฉัน|หนู)?(?:บอก|พูด)|เมื่อกี้|เมื่อกี๊|[当當]我[没沒][说說]|(?:刚才|剛才)(?:说的|說的|那句)?|不算|作废|作廢"
    r"|ไปได้เลย|ได้เลย|ไปเลย|ไปเถอะ|เถอะ|ช่วย|ขอให้|กรุณา|โปรด|ลืม|ไม่ต้อง|เลิก|จำ|เก็บ|บันทึก|แล้ว|ด้วย|หน่อย|นะ|ครับ|ค่ะ|คะ|จ้า"
    r"|เรื่องที่|เรื่อง|ที่เคย|ว่า|ผม|ฉัน|หนู|ดิฉัน|ของ|ไป|เลย|เปลี่ยนใจ|ไม่เอา|ดีกว่า|อย่า|ยกเลิก|เอ้ย|ลบทิ้ง|ลบออก|ลบ|ทิ้ง"
    # a procedure named by its kind (ขั้นตอน release, 发布流程): the kind is no word of it
    r"|ขั้นตอน|流程|步骤|步驟"
    r"|算了|还是|還是|取消|撤回|先|存|保存"
    r"|请|請|麻烦|麻煩|帮我|幫我|你可以|可以|忘记|忘記|忘掉|忘了|别再|別再|不要再|不要|不用|不必|别|別|再|记住|記住|记得|記得"
    r"|记|記|我的|我|的|吧|了|一下|把|也|还有|還有|就|这件事|這件事|这个|這個|那个|那個|事情")


# Whose the thing is. "my friend's licence plate", "her plate", "Tom's plate", "the plate of his", "我朋友的车牌号",
# "เลขทะเบียนรถของเพื่อนฉัน" hold every word of "forget my licence plate" and are another person's: a forget
# names the user's own thing unless it names an owner ("forget my friend's plate": then that owner's). An
# owner is a person — a pronoun, a word for one, a name — not a thing ("my company's wifi", "办公室的", "ของบริษัท"
# are still the user's to forget).
_NOT_OWNERS = frozenset(("it's", "that's", "what's", "let's", "he's", "she's", "there's", "here's", "who's"))
_EN_PEOPLE = frozenset((
    "friend", "wife", "husband", "son", "daughter", "mom", "mum", "mother", "dad", "father", "brother", "sister",
    "boss", "colleague", "coworker", "co-worker", "partner", "girlfriend", "boyfriend", "kid", "child", "baby",
    "neighbor", "neighbour", "uncle", "aunt", "cousin", "grandma", "grandpa", "grandmother", "grandfather",
    "roommate", "flatmate", "manager", "client", "customer", "teacher", "doctor", "nephew", "niece", "fiance",
    "fiancee", "spouse", "parent", "sibling", "mate", "buddy", "landlord", "tenant", "assistant", "teammate"))
_OWNER_BEFORE = re.compile(r"(?<![\w'])(?:([a-z][\w-]*)'s|(his|her|their|your))\s+(?:[a-z][\w-]*\s+){0,2}$",
                           re.IGNORECASE)
_OWNER_AFTER = re.compile(r"^\s+of\s+(?:his|hers|her|their|theirs|your|yours)\b", re.IGNORECASE)
_ZH_OWNER = re.compile(r"([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)的\s*$")
_ZH_PERSONS = (
    "朋友 老婆 妻子 太太 丈夫 老公 先生 儿子 兒子 女儿 女兒 孩子 妈妈 媽媽 爸爸 母亲 母親 父亲 父親 "
    "哥哥 姐姐 弟弟 妹妹 老板 老闆 同事 邻居 鄰居 室友 经理 經理 客户 客戶 男朋友 女朋友 对象 老师 "
    "老師 他 她 你 您 他们 她们 他們 她們")
_ZH_PEOPLE = tuple(_ZH_PERSONS.split())
_TH_OWNER = re.compile(r"^\s*ของ\s*(\S+)")
_TH_PERSONS = (
    "เพื่อน แฟน ภรรยา เมีย สามี ผัว ลูก แม่ พ่อ พี่ น้อง เจ้านาย หัวหน้า ลูกค้า เพื่อนบ้าน เพื่อนร่วมงาน "
    "คุณ เขา เธอ พวกเขา ป้า ลุง น้า อา ย่า ยาย ปู่ ตา หลาน ครู หมอ")
_TH_PEOPLE = tuple(_TH_PERSONS.split())


@dataclass(frozen=True)
class Named:
    """The pieces of what a forget names: Latin words and numbers, and pairs of Thai or Chinese characters;
    `owners` the pieces of whose it is when the forget names someone ("my friend's", "我朋友的", "ของเพื่อน")."""
    pieces: tuple[str, ...] = ()
    words: tuple[str, ...] = ()     # the same, as said (for the report)
    owners: tuple[str, ...] = ()
    runs: tuple[str, ...] = ()      # the Thai and Chinese runs the pairs were taken from, in order

    def __bool__(self) -> bool:
        return bool(self.pieces)

    def __str__(self) -> str:
        return " ".join(self.words)

    def said_in(self, value: str) -> bool:
        """Most pieces are in `value` (all of one or two, at least two thirds of more), and it is the thing of
        whom the forget names (`whose`)."""
        return bool(self.pieces) and self._found(value) * 3 >= len(self.pieces) * 2 and self.whose(value)

    def all_in(self, value: str) -> bool:
        """Every piece is in `value` (a daily log's entry: many share a word with the request), and it is the
        thing of whom the forget names (`whose`)."""
        return bool(self.pieces) and self._found(value) == len(self.pieces) and self.whose(value)

    def found_in(self, value: str) -> list[str]:
        """The pieces that are in `value`, in order."""
        folded = value.casefold()
        # "阿梅合同" names "阿梅的合同…", "8 号去上海" names "8 号我去上海…": a Chinese possessive or the speaker's
        # 我 between the words of a thing is not part of it (the asking's words drop both: `_UNSPACED_FILLER`)
        bare = re.sub(r"[的我](?![们們])", "", folded)
        words = {w.casefold() for w in _WORD.findall(value)}
        joined = _joined_pairs(self.runs, (folded, bare)) if self.runs else set()
        return [p for p in self.pieces if (p in words or p.rstrip("s") in words if p.isascii()
                                           else p in folded or p in bare or p in joined)]

    def whose(self, value: str) -> bool:
        """`value` is the named owner's thing: it holds every piece of the owner the forget names; with no
        owner named (the user's own), no other person owns the named words in it — a possessive before them
        ("friend's", "her", "朋友的") or after them ("of his", "ของเพื่อน")."""
        folded = value.casefold()
        if self.owners:
            return all(self._has(folded, p) for p in self.owners)
        span = self._span(folded)
        if span is None:
            return True
        # the value as said (a name is capitalised), cut where the folded text is (casefolding Latin, Thai
        # and Chinese keeps their length)
        before, after = value[:span[0]], value[span[1]:]
        m = _OWNER_BEFORE.search(before)
        if m and (m.group(2) or (f"{m.group(1)}'s".casefold() not in _NOT_OWNERS
                                 and (m.group(1).casefold() in _EN_PEOPLE or m.group(1)[0].isupper()))):
            return False
        if _OWNER_AFTER.match(after):
            return False
        m = _ZH_OWNER.search(before)
        if m and m.group(1).endswith(_ZH_PEOPLE):
            return False
        m = _TH_OWNER.match(after)
        return not (m and m.group(1).startswith(_TH_PEOPLE))

    @staticmethod
    def _has(folded: str, piece: str) -> bool:
        if not piece.isascii():
            return piece in folded
        return any(w in (piece, piece.rstrip("s")) for w in _WORD.findall(folded))

    def _span(self, folded: str) -> tuple[int, int] | None:
        """From the first to the last named piece in `folded` (first occurrences)."""
        spans = [(m.start(), m.end()) for m in _WORD.finditer(folded)
                 if any(p.isascii() and m.group(0) in (p, p.rstrip("s")) for p in self.pieces)]
        for p in self.pieces:
            at = folded.find(p) if not p.isascii() else -1
            if at >= 0:
                spans.append((at, at + len(p)))
        return (min(a for a, _ in spans), max(b for _, b in spans)) if spans else None

    def _found(self, value: str) -> int:
        return len(self.found_in(value))


# a Thai vowel sign or tone mark: never the first letter of a word
_NO_WORD_START = re.compile(r"[\u0e30-\u0e3a\u0e45\u0e47-\u0e4e]")


def _joined_pairs(runs: tuple[str, ...], texts: tuple[str, ...]) -> set[str]:
    """The pairs of characters of `runs` that straddle two words each found in one of `texts`: the words of a
    topic need not stand next to each other in what it names ("周报发到" names "周报每周五…发到 #x": 周报 and 发到
    are in it, so "报发" is found; "ส่งพี่นุ่น" names "…ส่งยอดขาย…ให้พี่นุ่น…"). A word on each side is two Chinese
    characters, or three Thai letters, and a Thai word never starts with a vowel sign or tone mark."""
    out: set[str] = set()
    for run in runs:
        for i in range(1, len(run)):
            n = 3 if "\u0e00" <= run[i] <= "\u0e7f" else 2
            if i < n or i + n > len(run) or _NO_WORD_START.match(run[i]):
                continue
            left, right = run[i - n:i], run[i:i + n]
            if any(left in t for t in texts) and any(right in t for t in texts):
                out.add(run[i - 1:i + 1])
    return out


def _pairs(run: str) -> list[str]:
    return [run] if len(run) < 3 else [run[i:i + 2] for i in range(len(run) - 1)]


def named_by(turn: str, cue: str) -> Named:
    """What the forget whose cue is `cue` names in `turn`: the pieces of its clause (and of the clauses after
    it in its sentence that still speak of dropping) less the words of asking; with a `cue` not in `turn`
    (or ""), the pieces of all of `turn`."""
    folded, where = turn.casefold(), cue.casefold().strip()
    at = folded.find(where) if where else -1
    sentences = list(_SENTENCES.finditer(turn))
    start = max([m.end() for m in sentences if m.end() <= max(at, 0)], default=0)
    end = next((m.start() for m in sentences if m.start() >= max(at, 0) + len(where)), len(turn))
    sentence = turn[start:end] if at >= 0 else turn
    offset = max(at, 0) - start if at >= 0 else 0
    text: list[str] = []
    topic = ""      # what is said just before the cue's words, when they name nothing themselves
    clauses = list(_CLAUSE.finditer(sentence))
    for i, m in enumerate(clauses):
        clause = m.group(0)
        if m.start() <= offset < m.end() or (not text and offset < m.start()):
            # Thai: the words before the cue's phrase (after a space between Thai letters) are another
            # statement, and so are those after it ("…ลืมไปได้เลย พี่โอ๊ตย้ายไปแล้ว" gives the reason) — unless
            # the cue's own phrase names nothing: then the thing is named before it, topic first
            # ("เรื่องพี่โอ๊ตที่ให้จำไว้ ลืมไปได้เลย"), or after it
            cut = max(offset - m.start(), 0)
            gaps = [g for g in _THAI_GAP.finditer(clause)]
            before = [g.end() for g in gaps if g.end() <= cut + 1]
            after = next((g.start() for g in gaps if g.start() >= cut + len(where)), len(clause))
            start_at = before[-1] if before else 0
            own = clause[start_at:after]
            # the nearest of the few pieces before the cue's own that names something, with what lies
            # between ("เรื่องรายงานที่ให้ส่งพี่นุ่นทุกวันศุกร์ ยกเลิกนะ ลืมไปได้เลย": the piece "ยกเลิกนะ" names nothing)
            back = next((b for b in ([*reversed(before[:-1])][:_PIECES_BACK] + ([0] if len(before) <= _PIECES_BACK
                                                                                  else []))
                         if _named(clause[b:after])), None) if before else None
            if _named(own):
                text.append(own)
            elif back is not None:
                text.append(clause[back:after])
            else:
                text.append(clause[start_at:])
                topic = clauses[i - 1].group(0) if i > 0 and not _named(clause[start_at:]) else ""
        elif text and _STILL_DROPS.search(clause):
            text.append(clause)
    said = (" ".join(text) or sentence) if at >= 0 else turn
    if topic and not _named(said):
        # "the Friday offsite is cancelled, forget it", "老王的事，忘了吧": the clause before names the thing
        said = f"{topic} {said}"
    return _named(said)


# a thing said to be stale ("…is no longer true", "…is out of date"): the asking, not the thing
_STALE = re.compile(r"\b(out of date|no longer (true|valid|correct|right|current|relevant|needed|accurate)"
                    r"|not (true|valid|correct|right|accurate) any ?more)\b", re.IGNORECASE)


def _named(said: str) -> Named:
    """The pieces of `said` less the words of asking (see `named_by`)."""
    said = _STALE.sub(" ", _POINTING_BACK.sub(" ", said))
    pieces: list[str] = []
    words: list[str] = []
    owners: list[str] = []
    for w in _WORD.findall(said):
        if w.casefold() not in _EN_FILLER and (len(w) > 1 or w.isdigit()) and w.casefold() not in pieces:
            pieces.append(w.casefold())
            words.append(w)
            if w.casefold().endswith("'s") and w.casefold() not in _NOT_OWNERS:
                owners.append(w.casefold())
    runs: list[str] = []
    for run in _UNSPACED.findall(said):
        for part in _UNSPACED_FILLER.split(run):
            if part:
                words.append(part)
                runs.append(part)
                pieces.extend(p for p in _pairs(part) if p not in pieces)
    # an owner named in Chinese ("我朋友的车牌号": 朋友) or Thai ("…รถของเพื่อนฉัน": เพื่อน)
    for m in re.finditer(r"([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)的", said):
        parts = [p for p in _UNSPACED_FILLER.split(m.group(1)) if p]
        if parts:
            owners.extend(_pairs(parts[-1]))
    for m in re.finditer(r"ของ\s*([\u0e00-\u0e7f]+)", said):
        parts = [p for p in _UNSPACED_FILLER.split(m.group(1)) if p]
        if parts and m.group(1).startswith(parts[0]):
            owners.extend(_pairs(parts[0]))
    return Named(tuple(pieces), tuple(words), tuple(dict.fromkeys(owners)), tuple(runs))


def withdraw(mem: CoreMemory, proposal: Callable[[LineEntry], bool], fact: Callable[[LineEntry], bool], *,
             actor: Actor, reason: str, said_at: datetime | None = None, restore: bool = False) -> list[Change]:
    """Reject the pending proposals `proposal` picks and revoke the active facts `fact` picks, in one core
    operation (see the module docstring for `said_at`). Nothing picked: nothing written. With `restore` (the
    user taking back what they just said, not a forget), a fact whose line the statement overwrote — "call
    me Tom" over "call me Nok" — gets back the value it replaced (`replaced`) instead of being revoked: the
    user withdrew Tom, they did not forget Nok."""
    facts = [loc for scope in SCOPE_FILES for loc in mem.located(scope)
             if loc.entry.effective_status == "active" and fact(loc.entry)
             and (said_at is None or (parse_time(loc.entry.updated_at or "") or _EPOCH) <= said_at)]
    if not facts and not any((p.entry.status or "pending") == "pending" and proposal(p.entry)
                             for p in lines(mem.workspace)):
        return []
    mem.refuse_ambiguous(fact, proposal)
    changes: list[Change] = []
    with mem.operation("forget", actor) as run:
        for loc in facts:
            before = replaced(mem, loc.entry) if restore else None
            if before is not None:
                changes.append(mem.restore(loc.id, before, actor=actor, reason=reason, run=run, at=said_at))
            else:
                changes.append(mem._transition("revoke", loc.id, actor, reason, run, at=said_at))
        for before_p, after_p in reject_pending(run, mem.workspace, proposal, applies_to=None, actor=actor,
                                                reason=reason, ts=stamp(said_at or mem.clock()), said_at=said_at):
            changes.append(Change("proposal.rejected", "proposals", PROPOSALS, after_p, before_p, run.run_id))
    return changes


def replaced(mem: CoreMemory, entry: LineEntry) -> LineEntry | None:
    """The line `entry` overwrote, as the audit trail recorded it (the `fact.updated` that wrote this version
    of this id from this ref), when it was active; None for a line made new or one the trail does not show."""
    for ev in reversed(mem.audit(entry.key)):
        diff = ev.get("diff")
        if ev.get("type") != "fact.updated" or not isinstance(diff, dict):
            continue
        after, before = diff.get("after"), diff.get("before")
        if not isinstance(after, dict) or after.get("id") != entry.id:
            continue
        if after.get("version") != entry.version or after.get("ref") != entry.ref or not isinstance(before, dict):
            return None
        old = line_entry(before)
        return old if old is not None and old.effective_status == "active" else None
    return None


def line_entry(fields: dict[str, object]) -> LineEntry | None:
    """A line as an audit event's `diff` side holds it, or None when it does not make one."""
    known = {f.name for f in dataclass_fields(LineEntry)} - {"extra"}
    try:
        extra = fields.get("extra")
        return LineEntry(**{k: v for k, v in fields.items() if k in known},  # type: ignore[arg-type]
                         extra=tuple((str(k), str(v)) for k, v in extra.items()) if isinstance(extra, dict) else ())
    except (TypeError, ValueError):
        return None


def withdrawn_before(mem: CoreMemory, proposal: Callable[[LineEntry], bool], fact: Callable[[LineEntry], bool]) -> bool:
    """A rejected proposal or a revoked fact that the tests pick: what a forget names was withdrawn already
    (the same statement read again by a later run, or an earlier forget), so there is nothing to ask."""
    return (any(p.entry.status == "rejected" and proposal(p.entry) for p in lines(mem.workspace))
            or any(loc.entry.effective_status == "revoked" and fact(loc.entry)
                   for scope in SCOPE_FILES for loc in mem.located(scope)))
