"""An instruction for this conversation only is never a lasting memory (docs/design.md §6.3).

"just for this conversation, reply in English", "for this task, answer concisely", "remember for this
chat only: use metric units", เฉพาะแชทนี้ ตอบเป็นภาษาอังกฤษนะ, 这次对话里请用英文回答: the user scopes the
instruction to the session it is said in. Core memory keeps it for that session only (the preference
router reads it with `Routed.to == "session"`: PROFILE.md, `applies_to:session:<id>`,
`ttl:session_end`, memory_store/core/router.py). The daily log must not keep it as a Remember, Rule
or Constraint, which the weekly compound would lift into MEMORY.md and every later session would read.
An extractor's candidate of those kinds is dropped when the sentence of its user turn that holds it is
one the router reads as scoped to this conversation; the turn's other sentences stay ("we picked
Postgres. For this chat, reply in English" keeps the decision).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from jobs.microsync.user_turns import UserTurns, sentences
from memory_store.transcripts.records import Record

if TYPE_CHECKING:
    from jobs.microsync.engine import Candidate

LASTING_KINDS = frozenset({"Remember", "Rule", "Constraint"})
_NOT_TEXT = re.compile(r"[\W_]+")


def _bare(text: str) -> str:
    return _NOT_TEXT.sub("", text.casefold())


def scoped_sentences(text: str) -> list[str]:
    """The sentences of a user turn (the whole turn when it is one) that the router reads as scoped to
    this conversation, bare (no case, spaces or punctuation)."""
    from jobs.microsync.route_gate import route_gate
    from memory_store.core.router import route

    gate = route_gate()
    if not gate.may_route(text):
        return []
    pieces = sentences(text) or [text]
    out = []
    for piece in pieces:
        got = route(piece) if gate.may_route(piece) else None
        if got is not None and got.to == "session":
            out.append(_bare(piece))
    return out


def drop_session_scoped(found: list[Candidate], records: Sequence[Record]) -> list[Candidate]:
    """`found` without the Remember, Rule and Constraint candidates that are an instruction for this
    conversation only (see the module docstring)."""
    if not any(c.kind in LASTING_KINDS for c in found):
        return found
    turns = UserTurns(records, scoped_sentences)
    out: list[Candidate] = []
    for cand in found:
        turn = turns.of(cand) if cand.kind in LASTING_KINDS else None
        said = _bare(cand.statement)
        if turn is not None and said and any(said in s or s in said for s in turn[1]):
            continue
        out.append(cand)
    return out
