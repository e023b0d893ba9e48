"""Choices that are no lasting decision: one occasion, someone else's, the agent's next step.

A decision worth keeping changes a lasting choice (a technology, a design, a policy, a vendor, a
process). Many turns use the words of choosing about something smaller; these checks read what
the choice is *about*, whatever verb carries it:

- the task at hand: a choice scoped to one run, test, ticket or command ("let's use the staging
  config for this run", "this time go with B", ครั้งนี้ใช้…, 这次就用…) holds for that occasion only;
- an edit tied to a spot: a line number, a file name, the README, a button
  ("replace requests with httpx on line 42", 把第 42 行的 requests 换成 httpx, เปลี่ยน test_cart.py จาก unittest
  เป็น pytest) is a task, not the team's choice of a tool;
- a plan for a near time: "we're going to release tomorrow", "tonight we'll go with the backup
  box", พรุ่งนี้เราจะ…, 明天上午我们换成… — scheduling, not choosing; a change of the system's
  structure (an Architecture item), an explicit verb of deciding and a marker of lasting
  ("for good", "from … on", ตั้งแต่, 以后, 起) keep the statement;
- someone else's decision: "my friend's startup decided …", "his team dropped …", เพื่อนผมเลิกใช้…,
  隔壁组决定… — unless the user's own side comes in after it ("…, so we're doing the same");
- the agent's next step: an answer to "should I fix A or B first?", "which file should I edit?",
  ให้ผมรัน…หรือ…, 我先修…还是… picks a step of the task, not a design; a question about what to
  *use* or *choose* (a library, a store) still designs.
"""
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon

# A choice scoped to one occasion of the work.
TASK_SCOPE = lexicon.cue(lambda lang: lang.oneoff.task_scope)
# An edit tied to a spot in the code or on screen: a line, a file, the README, a button.
EDIT_TARGET = lexicon.cue(lambda lang: lang.oneoff.edit_target)
# A near time: the choice is a plan for it.
NEAR_TIME = lexicon.cue(lambda lang: lang.oneoff.near_time)
# A choice leaned towards or to be tried, not settled ("leaning towards pnpm", ว่าจะ…, 倾向于…, 打算试试…).
TENTATIVE = lexicon.cue(lambda lang: lang.oneoff.tentative)
# An occasion named at the end of the clause: "we'll use Zoom for the call".
EVENT_END = lexicon.cue(lambda lang: lang.oneoff.event_end)
# Nothing but a go-ahead ("ได้ครับ จัดไปเลย", "ok, go ahead"): approves whatever was on the table, names nothing.
BARE_GO = re.compile(rf"^\W*(?:(?:{lexicon.alternation(lambda lang: lang.oneoff.go_lead)})\W*"
                     rf"(?:{lexicon.alternation(lambda lang: lang.oneoff.go_lead_particles)})?\W*)*"
                     rf"(?:{lexicon.alternation(lambda lang: lang.oneoff.go_ahead)})"
                     rf"\W*(?:{lexicon.alternation(lambda lang: lang.oneoff.go_particles)})?\W*$", re.I)
# What makes a choice last beyond the occasion, or says it was decided.
LASTING = lexicon.cue(lambda lang: lang.oneoff.lasting)
# Someone else deciding: a third party as the subject.
FOREIGN = lexicon.cue(lambda lang: lang.oneoff.foreign)
# The user's own side coming in after a third party's choice ("..., so we're doing the same").
OUR_SIDE = lexicon.cue(lambda lang: lang.oneoff.our_side)
# The agent asking which step of the task to take.
AGENT_STEP = lexicon.cue(lambda lang: lang.oneoff.agent_step)
# ... which designs after all when it asks what to use, choose or keep.
DESIGN_WORD = lexicon.cue(lambda lang: lang.oneoff.design_word)
# ... and asks for an order of work or an action on one thing.
STEP_WORD = lexicon.cue(lambda lang: lang.oneoff.step_word)


def one_off(probe: str, kind: str) -> bool:
    """A choice for one occasion, leaned towards, or a plan for a near time, with nothing that makes it last."""
    if kind not in ("Decision", "Architecture") or LASTING.search(probe):
        return False
    if TASK_SCOPE.search(probe) or TENTATIVE.search(probe) or EVENT_END.search(probe):
        return True
    if kind == "Decision" and EDIT_TARGET.search(probe):
        return True     # "把第 42 行的 requests 换成 httpx", "เปลี่ยน test_cart.py จาก unittest เป็น pytest": a task
    return kind == "Decision" and bool(NEAR_TIME.search(probe))


def bare_go(probe: str) -> bool:
    """A go-ahead with no content of its own."""
    return bool(BARE_GO.match(probe))


def foreign(probe: str) -> bool:
    """Someone else's decision, with the user's own side not coming in after it."""
    m = FOREIGN.search(probe)
    return m is not None and not OUR_SIDE.search(probe, m.end())


def agent_step(asked: str) -> bool:
    """Does the assistant's question ask which step of the task it should take next?"""
    return bool(AGENT_STEP.search(asked)) and bool(STEP_WORD.search(asked)) and not DESIGN_WORD.search(asked)
