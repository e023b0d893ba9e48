"""The rule extractor's phrases: one file per language, joined here into cues.

Layers of the extractor: text (`text.py`: sentences, folding) → lexicons (this package: every
phrase of every language) → sentence (`classify.py`, `clauses.py`, … : what one sentence is) →
dialogue (`replies.py`, `proposals.py`, `rules.py`, … : what a turn means after the assistant's).
A rule module never writes a phrase: it asks this package for the cue of a role,
`cue(lambda lx: lx.complaints.cost)`, which is every language's alternatives for that role in one
case-insensitive alternation with a literal prefilter (`cues.Cue`).

Adding a language is adding a file `<code>.py` that builds a `Lexicon` (`model.py` lists every
field; `tests/test_lexicons.py` checks that none is missing) and naming it in `LEXICONS` below.
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
from jobs.microsync.rules.lexicon_replies import (  # noqa: F401
    ACCEPT,
    ADOPT_AS_PROPOSED,
    ALTERNATIVES,
    ANNOUNCE,
    CHOICE_ASK,
    CONFIRM,
    CONTINUATION,
    FINDING,
    IMPACT,
    LEAD_FILLER,
    NEG_USE,
    OPTION_LINE,
    OPTION_REF,
    PROPOSAL,
    RECOMMEND_LEAD,
    REFERS_BACK,
    REJECT,
    RETRACT,
    SUPERSEDES,
    TASK_OFFER,
    TODO,
    TRANSACTION,
    USE,
    WHY,
)

LEXICONS: tuple[Lexicon, ...] = (en.LEXICON, th.LEXICON, zh.LEXICON)


def phrases(pick: Callable[[Lexicon], Phrases]) -> Phrases:
    """Every language's alternatives for one role, in the order of `LEXICONS`."""
    return tuple(a for lx in LEXICONS for a in pick(lx))


def cue(pick: Callable[[Lexicon], Phrases], flags: int = re.I) -> Cue:
    """The cue of one role: every language's alternatives, one alternation with a prefilter."""
    return Cue(phrases(pick), flags)


def alternation(pick: Callable[[Lexicon], Phrases]) -> str:
    """Every language's alternatives for one role as one regex source `a|b|c`, to embed in a
    larger pattern (inside a group) or compile as is."""
    return "|".join(phrases(pick))


# --- what the sentence is -------------------------------------------------------------------

REMEMBER = cue(lambda lx: lx.kinds.remember)
# Stated preferences about how the agent should behave ("I prefer concise answers").
PREFERENCE = cue(lambda lx: lx.kinds.preference)
PROCEDURE = cue(lambda lx: lx.kinds.procedure)
# Sequencing words: a procedure has at least two steps.
STEP = cue(lambda lx: lx.kinds.step)
CONSTRAINT = cue(lambda lx: lx.kinds.constraint)
RULE = cue(lambda lx: lx.kinds.rule)
# Rule cues too broad to outrank a decision cue in the same sentence ("ย้ายไป X ทั้งหมด" moves
# everything: a decision; "ใช้ snake_case ทั้งหมด" alone: a convention).
RULE_WEAK = cue(lambda lx: lx.kinds.rule_weak)
DECISION = cue(lambda lx: lx.kinds.decision)
# The verb of deciding itself (a subset of DECISION): what follows it is the decision's content.
DECIDED = cue(lambda lx: lx.kinds.decided)
ARCH_EXPLICIT = cue(lambda lx: lx.kinds.arch_explicit)
ARCH_CHANGE = cue(lambda lx: lx.kinds.arch_change)
ARCH_COMPONENT = cue(lambda lx: lx.kinds.arch_component)

# === what a sentence is not (was lexicon_hedges.py) ============================================
# --- what the sentence is not ---------------------------------------------------------------

QUESTION_START = re.compile(alternation(lambda lx: lx.hedges.question_start), re.I)
POLITE_REQUEST = re.compile(alternation(lambda lx: lx.hedges.polite_request), re.I)
QUESTION_ANYWHERE = cue(lambda lx: lx.hedges.question_anywhere)
# Conditionals before the cue make the sentence hypothetical ("if we decided to ...").
HYPOTHETICAL = cue(lambda lx: lx.hedges.hypothetical)
UNCERTAIN = cue(lambda lx: lx.hedges.uncertain)
# An opinion or impression, not a confirmed choice ("I think our themes need tokens").
OPINION = cue(lambda lx: lx.hedges.opinion)
# A constraint scoped to the task at hand ("don't touch the code for now", "先别动代码"): an
# instruction for this session, not a standing rule. Decisions keep "for now" ("keep X for now").
TEMPORARY = cue(lambda lx: lx.hedges.temporary)
# A bug report: an incident narrated or a component said to misbehave. Checked inside the clause of
# the cue only, so "it crashed again, so never deploy on Fridays" keeps its rule.
BUG_REPORT = cue(lambda lx: lx.hedges.bug_report)
# "that should never happen": a complaint about an incident, with no content to keep.
EVENT_COMPLAINT = re.compile(alternation(lambda lx: lx.hedges.event_complaint), re.I)
# Laughter ("lol", "555") is not irony: people laugh at their own mishap and still mean the rule.
SARCASM = cue(lambda lx: lx.hedges.sarcasm)
# Someone else's words reported by the user.
REPORTED = cue(lambda lx: lx.hedges.reported)
# A decision from the past merely mentioned, not made now.
PAST_MENTION = cue(lambda lx: lx.hedges.past_mention)
