"""A request to forget is never a memory (docs/design.md §6.3).

"请忘记我的手机号 13812345678", "ลืมเบอร์โทรผมไปได้เลย", "forget that my phone number is …": the user asks
the agent to drop a thing. Core memory acts on it (the preference router reads it as a forget:
memory_store/core/router.py); the daily log must not keep it as a Remember, Rule or Decision, which
would write the very value the user asked to forget. An extractor's candidate is dropped when its
user turn is one the router reads as a forget and the candidate is that request: its statement holds
the forget's words, or reads as a forget on its own. Other statements of the turn stay ("forget what I
said about Redis, we're using Postgres" keeps its decision), and a statement said before the forget in
the same sentence is kept without the forget's part ("we're going with Kafka; and forget my home
address" keeps "we're going with Kafka"). Nor is the user taking back a yes a memory
("actually no, don't remember that", "算了，别记了", "ไม่ต้องจำแล้ว": memory_store/core/take_back.py); core
memory withdraws what that yes kept.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from jobs.microsync.user_turns import UserTurns, sentences
from memory_store.core.take_back import takes_back
from memory_store.transcripts.records import Record

if TYPE_CHECKING:
    from jobs.microsync.engine import Candidate


def forget_cues(text: str) -> list[str]:
    """The words of each request to forget in a user turn (the whole turn, or one of its sentences: a
    forget beside a decision of the team reads as neither as a whole)."""
    from jobs.microsync.route_gate import route_gate
    from memory_store.core.router import route

    gate = route_gate()
    if not gate.may_route(text):
        return []
    pieces = [text] + [p for p in sentences(text) if p != text.strip()]
    out = []
    for piece in pieces:
        # the gate is false only for a text the router routes nowhere: most sentences of a long turn
        got = route(piece) if gate.may_route(piece) else None
        if got is not None and got.label == "forget" and got.cue not in out:
            out.append(got.cue)
    return out


# the clauses of a turn, and words that say "do not keep it" ("don't keep it", 也别记, ไม่ต้องจำ): a clause
# of a forget turn that holds them is part of the request ("请忘记我的名字，还有手机号 138… 也别记了")
_CLAUSES = re.compile(r"[.!?;,\n。！？；，、]+")
_KEEP_NOT = re.compile(r"\b(don'?t|do not|no need to|never|stop) (keep|remember|store|save|memori[sz]e)\w*"
                       r"|(别|別|不要|不用|不必)(再)?(记|記)|ไม่ต้อง(จำ|เก็บ|บันทึก)|เลิกจำ", re.IGNORECASE)


def _is_the_request(cand: Candidate, turn: str, cue: str) -> bool:
    """The candidate is the forget itself: it holds the forget's words or its clause, says not to keep a
    thing, or reads as a forget on its own."""
    from jobs.microsync.route_gate import route_gate
    from memory_store.core.router import route

    said = cand.statement.casefold().strip(" .!?。！？")
    if cue.casefold() in said or _KEEP_NOT.search(said):
        return True
    clause = next((c.casefold().strip() for c in _CLAUSES.split(turn) if cue.casefold() in c.casefold()), "")
    if clause and said and (said in clause or clause in said):
        return True
    got = route(cand.statement) if route_gate().may_route(cand.statement) else None
    return got is not None and got.label == "forget"


def drop_forget_requests(found: list[Candidate], records: Sequence[Record]) -> list[Candidate]:
    """`found` without the candidates that are a user's request to forget (see the module docstring)."""
    if not found:
        return found
    turns = UserTurns(records, forget_cues)
    out: list[Candidate] = []
    for cand in found:
        turn = turns.of(cand)
        if turn is None:
            out.append(cand)
            continue
        rec, cues = turn
        request = next((cue for cue in cues if _is_the_request(cand, rec.text, cue)), None)
        if request is not None:
            kept = _without_the_request(cand, request)
            if kept is not None:
                out.append(kept)
            continue
        if not _only_takes_back(cand, rec.text):
            out.append(cand)
    return out


# what may join a forget to the statement before it in one sentence: a clause mark, then "and", "also"…
_JOINED = re.compile(r"(?:[;；,，、]|(?<=[\u0e00-\u0e7f])\s)\s*"
                     r"(?:(?:and|also|plus|then|另外|还有|還有|并且|並且|และ|แล้วก็|ก็)\s*)*$", re.IGNORECASE)
_FIELDS = ("title", "statement", "why", "finding", "conclusion", "impact", "excerpt")


# the forget's own words: from its cue to the next clause mark or space between Thai words
_OWN_PIECE = re.compile(r"[,，;；、.。!！?？]|(?<=[\u0e00-\u0e7f])\s+(?=[\u0e00-\u0e7f])")


def _without_the_request(cand: Candidate, cue: str) -> Candidate | None:
    """A statement of its own said before the forget in the same sentence ("we're going with Kafka; and
    forget my home address", "ทีมตัดสินใจใช้ Kafka แล้ว ลืมชื่อผมไปได้เลย"): the candidate without the forget's
    part, in every field that holds it; None when the candidate is the forget alone, or when what is said
    before it is what it drops — its own words name nothing ("เรื่องยอดขายที่ให้ส่งพี่นุ่น ยกเลิกนะ ลืมไปได้เลย",
    "老王的事，忘了吧": the thing named first, topic first)."""
    from memory_store.core.forget_named import named_by

    changes: dict[str, Any] = {}
    for name in _FIELDS:
        text = getattr(cand, name)
        at = text.casefold().find(cue.casefold())
        if at < 0:
            if name in ("title", "statement", "excerpt") and _KEEP_NOT.search(text):
                return None
            continue
        joined = _JOINED.search(text[:at])
        head = text[:joined.start()].rstrip() if joined else ""
        if len(head) < 6 or cue.casefold() in head.casefold():
            return None
        if not named_by(_OWN_PIECE.split(text[at:], 1)[0], ""):
            return None
        changes[name] = head
    if "statement" not in changes:
        return None
    return replace(cand, **changes)


def _only_takes_back(cand: Candidate, turn: str) -> bool:
    """The candidate is the user taking something back and names nothing else ("No, don't remember that",
    "别记", "ไม่ต้องจำ"): a turn that takes back and says more ("เปลี่ยนใจครับ เลิกใช้ Redis…") keeps it."""
    from memory_store.core.forget_named import named_by

    back = takes_back(turn)
    return back is not None and not named_by(cand.statement, "")
