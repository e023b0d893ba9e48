"""The rule extractor's phrases: one file per language, joined here into cues.

Layers of the extractor (`jobs/microsync/rules/__init__.py`): text (`text.py`: sentences, folding;
it reads the particles that end a clause from here) and lexicons (this package: every phrase of
every language) → sentence (`classify.py`, `clauses.py`, … : what one sentence is) → dialogue
(`replies.py`, `proposals.py`, `rules.py`, … : what a turn means after the assistant's).
A rule module never writes a phrase: it asks this package for the cue of a role,
`cue(lambda lang: lang.complaints.cost)`, which is every language's alternatives for that role in one
case-insensitive alternation with a literal prefilter (`cues.Cue`).

Adding a language is adding a file `<code>.py` that builds a `Lexicon` (`model.py` lists every
field; `tests/jobs/microsync/rules/lexicon/test_lexicons.py` checks that none is missing) and naming it in `LEXICONS` below.
The languages are imported by name, in a fixed order (English, Thai, Chinese), never looked up by
string: the order is the order of the alternatives in every cue.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re
from collections.abc import Callable

from jobs.microsync.rules.cues import Cue
from jobs.microsync.rules.lexicon import en, th, zh
from jobs.microsync.rules.lexicon.model import Lexicon, Phrases

LEXICONS: tuple[Lexicon, ...] = (en.LEXICON, th.LEXICON, zh.LEXICON)


def phrases(pick: Callable[[Lexicon], Phrases]) -> Phrases:
    """Every language's alternatives for one role, in the order of `LEXICONS`."""
    return tuple(a for lx in LEXICONS for a in pick(lx))


def cue(pick: Callable[[Lexicon], Phrases], flags: int = re.I) -> Cue:
    """The cue of one role: every language's alternatives, one alternation with a prefilter."""
    return Cue(phrases(pick), flags)


def alternation(pick: Callable[[Lexicon], Phrases]) -> str:
    """Every language's alternatives for one role as one regex source `a|b|c`, to embed in a
    larger pattern (inside a group) or compile as is. No language has any: `(?!)`, which never
    matches (an empty alternation would match everywhere)."""
    return "|".join(phrases(pick)) or "(?!)"


# --- what the sentence is -------------------------------------------------------------------

REMEMBER = cue(lambda lang: lang.kinds.remember)
# Stated preferences about how the agent should behave ("I prefer concise answers").
PREFERENCE = cue(lambda lang: lang.kinds.preference)
PROCEDURE = cue(lambda lang: lang.kinds.procedure)
# Sequencing words: a procedure has at least two steps.
STEP = cue(lambda lang: lang.kinds.step)
CONSTRAINT = cue(lambda lang: lang.kinds.constraint)
RULE = cue(lambda lang: lang.kinds.rule)
# Rule cues too broad to outrank a decision cue in the same sentence ("ย้ายไป X ทั้งหมด" moves
# everything: a decision; "ใช้ snake_case ทั้งหมด" alone: a convention).
RULE_WEAK = cue(lambda lang: lang.kinds.rule_weak)
# A permission granted with its condition ("you can X, but only with Y", "如果 Y，可以 X"): a rule
# relaxed, so its condition ("if", "ถ้า", "如果") makes it no hypothetical.
GRANTED = cue(lambda lang: lang.kinds.granted)
DECISION = cue(lambda lang: lang.kinds.decision)
# The verb of deciding itself (a subset of DECISION): what follows it is the decision's content.
DECIDED = cue(lambda lang: lang.kinds.decided)
ARCH_EXPLICIT = cue(lambda lang: lang.kinds.arch_explicit)
ARCH_CHANGE = cue(lambda lang: lang.kinds.arch_change)
ARCH_COMPONENT = cue(lambda lang: lang.kinds.arch_component)

# --- what the sentence is not ---------------------------------------------------------------

QUESTION_START = re.compile(alternation(lambda lang: lang.hedges.question_start), re.I)
POLITE_REQUEST = re.compile(alternation(lambda lang: lang.hedges.polite_request), re.I)
QUESTION_ANYWHERE = cue(lambda lang: lang.hedges.question_anywhere)
# Conditionals before the cue make the sentence hypothetical ("if we decided to ...").
HYPOTHETICAL = cue(lambda lang: lang.hedges.hypothetical)
UNCERTAIN = cue(lambda lang: lang.hedges.uncertain)
# An opinion or impression, not a confirmed choice ("I think our themes need tokens").
OPINION = cue(lambda lang: lang.hedges.opinion)
# A constraint scoped to the task at hand ("don't touch the code for now", "先别动代码"): an
# instruction for this session, not a standing rule. Decisions keep "for now" ("keep X for now").
TEMPORARY = cue(lambda lang: lang.hedges.temporary)
# A bug report: an incident narrated or a component said to misbehave. Checked inside the clause of
# the cue only, so "it crashed again, so never deploy on Fridays" keeps its rule.
BUG_REPORT = cue(lambda lang: lang.hedges.bug_report)
# "that should never happen": a complaint about an incident, with no content to keep.
EVENT_COMPLAINT = re.compile(alternation(lambda lang: lang.hedges.event_complaint), re.I)
# Laughter ("lol", "555") is not irony: people laugh at their own mishap and still mean the rule.
SARCASM = cue(lambda lang: lang.hedges.sarcasm)
# Someone else's words reported by the user.
REPORTED = cue(lambda lang: lang.hedges.reported)
# A decision from the past merely mentioned, not made now.
PAST_MENTION = cue(lambda lang: lang.hedges.past_mention)

# --- proposals and their acceptance ---------------------------------------------------------

# An assistant recommendation or a set of options: the content a user's "ok, do that" adopts.
PROPOSAL = cue(lambda lang: lang.replies.proposal)
# An assistant turn that asks the user to choose: without it, a numbered list is a report or a
# how-it-works summary ("1. Fixed X 2. Fixed Y"), not options to accept.
CHOICE_ASK = cue(lambda lang: lang.replies.choice_ask)
# An offer to do a one-off task ("want me to profile them?"): accepting it is not a decision.
TASK_OFFER = cue(lambda lang: lang.replies.task_offer)
ACCEPT = cue(lambda lang: lang.replies.accept)
REJECT = cue(lambda lang: lang.replies.reject)
# A reference to one of the proposed options: "option 2", "go with B", "ข้อ 2", "方案A", "选2".
OPTION_REF = re.compile(rf"(?:{alternation(lambda lang: lang.replies.option_ref)})\s*([0-9]|[A-D])\b"
                        r"|^\W*([0-9]|[A-D])\b(?![.,]\d)", re.I)
OPTION_LINE = re.compile(rf"^\s*(?:[-*•]\s*)?(?:\*\*)?(?:{alternation(lambda lang: lang.replies.option_line)})?\s*([0-9]|[A-D])(?:\*\*)?"
                         r"\s*[.):：、）]\s*(.+)$", re.I)

# --- fields ---------------------------------------------------------------------------------

WHY = cue(lambda lang: lang.replies.why)
IMPACT = cue(lambda lang: lang.replies.impact)
SUPERSEDES = cue(lambda lang: lang.replies.supersedes)
# Openers stripped from titles and statements ("ok,", "also", "btw", "let's go with").
LEAD_FILLER = re.compile(rf"^(?:\W*(?:(?<=\+)1|{alternation(lambda lang: lang.replies.lead_filler)})\W*)+", re.I)

# A sentence that only confirms the one before as the decision ("that's the call", "final answer").
CONFIRM = cue(lambda lang: lang.replies.confirm)
# "use X ... don't use Y / no longer use Y": the negative half of one statement, not a second item.
NEG_USE = cue(lambda lang: lang.replies.neg_use)
USE = cue(lambda lang: lang.replies.use)

# A sentence that only qualifies the one before ("Only in the 22:00-02:00 window.").
CONTINUATION = re.compile(rf"^\W*(?:{alternation(lambda lang: lang.replies.continuation)})", re.I)
FINDING = cue(lambda lang: lang.replies.finding)
# The words that introduce an assistant's recommendation, stripped from the adopted content.
RECOMMEND_LEAD = re.compile(rf"(?:{alternation(lambda lang: lang.replies.recommend_lead)})\s*", re.I)
# Advice against a change ("I wouldn't build that until it's needed", "ผมไม่แนะนำให้เปลี่ยน", "不建议换").
ADVISE_AGAINST = cue(lambda lang: lang.replies.advise_against)
# "As proposed" phrases: the acceptance adopts the proposal rather than stating its own content.
ADOPT_AS_PROPOSED = re.compile(alternation(lambda lang: lang.replies.adopt_as_proposed), re.I)

# Taking back what was just said ("... wait, gofmt does that anyway. never mind"): the turn's
# earlier statements are withdrawn.
RETRACT = cue(lambda lang: lang.replies.retract)
# Alternatives offered in a question ("postgres or redis?", "Kafka หรือ NATS ดี", "REST 还是 gRPC"):
# a terse answer naming one of them is a choice.
ALTERNATIVES = cue(lambda lang: lang.replies.alternatives)
# A statement that points back at the clause before it ("ต่อไปให้เขียนแบบนี้", "以后都这样", "do it like
# this from now on"): the content is in that clause.
REFERS_BACK = cue(lambda lang: lang.replies.refers_back)
# Openers that announce a fact ("heads up:", "FYI:"): what follows may be an incident instead.
ANNOUNCE = re.compile(alternation(lambda lang: lang.replies.announce), re.I)

# A list item kept for later ("todo: ...", "backlog: ..."): noted, not decided.
TODO = re.compile(alternation(lambda lang: lang.replies.todo), re.I)

# Alternatives that are things to buy or book (a price, a clock time): picking one is a one-off task.
TRANSACTION = cue(lambda lang: lang.replies.transaction)
