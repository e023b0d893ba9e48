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
from jobs.microsync.rules.lexicon_hedges import (  # noqa: F401
    BUG_REPORT,
    EVENT_COMPLAINT,
    HYPOTHETICAL,
    OPINION,
    PAST_MENTION,
    POLITE_REQUEST,
    QUESTION_ANYWHERE,
    QUESTION_START,
    REPORTED,
    SARCASM,
    TEMPORARY,
    UNCERTAIN,
)
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
