"""A request to forget is never a memory (docs/design.md §6.3).

"请忘记我的手机号 13812345678", "ลืมเบอร์โทรผมไปได้เลย", "forget that my phone number is …": the user asks
the agent to drop a thing. Core memory acts on it (the preference router reads it as a forget:
memory_store/core/router.py); the daily log must not keep it as a Remember, Rule or Decision, which
would write the very value the user asked to forget. An extractor's candidate is dropped when its
user turn is one the router reads as a forget and the candidate is that request: its statement holds
the forget's words, or reads as a forget on its own. Other statements of the turn stay ("forget what I
said about Redis, we're using Postgres" keeps its decision).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from memory_store.transcripts.records import Record, Role

if TYPE_CHECKING:
    from jobs.microsync.engine import Candidate


_SENTENCES = re.compile(r"(?<=[.!?。！？])\s*|\n+")


def forget_cues(text: str) -> list[str]:
    """The words of each request to forget in a user turn (the whole turn, or one of its sentences: a
    forget beside a decision of the team reads as neither as a whole)."""
    from jobs.microsync.route_gate import route_gate
    from memory_store.core.router import route

    gate = route_gate()
    if not gate.may_route(text):
        return []
    pieces = [text] + [p for p in _SENTENCES.split(text) if p.strip() and p.strip() != text.strip()]
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
    by_line = {r.line: r for r in records if r.role == Role.USER}
    cues: dict[int, list[str]] = {}
    out: list[Candidate] = []
    for cand in found:
        rec = by_line.get(cand.last_line)
        if rec is None:
            out.append(cand)
            continue
        if rec.line not in cues:
            cues[rec.line] = forget_cues(rec.text)
        if not any(_is_the_request(cand, rec.text, cue) for cue in cues[rec.line]):
            out.append(cand)
    return out
