"""What a sentence states, by its cue phrases, and what keeps a sentence with a cue from counting.

`classify` names the kind a sentence states (Remember, Constraint, Rule, Decision/Architecture);
`rejected` drops a sentence whose cue sits in a question, a hypothetical, a hedge, someone else's
words, a past decision merely mentioned, or a bug report.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules import memo
from jobs.microsync.rules.cues import Gate
from jobs.microsync.rules.settled import shape
from jobs.microsync.rules.stance import dismissed, own_or_adopted
from jobs.microsync.rules.structure import structural
from jobs.microsync.rules.text import MASK, mask

CONF_EXPLICIT = 0.92   # the user states it with a cue phrase
CONF_ACCEPTED = 0.9    # the user accepts an assistant proposal
CONF_PREFERENCE = 0.85  # a preference: explicit, but about style rather than the project

TRAILING_PARTICLES = re.compile(rf"(?:\s*(?:{lx.alternation(lambda lang: lang.classify.trailing_particles)}))+\W*$")
QUESTION_END = re.compile(r"[?？]\W*$")
# Where a clause ends inside a sentence (commas, semicolons, colons, dashes; CJK and Thai forms).
# Thai marks a clause break with a space between Thai words.
_CLAUSE_SEP = re.compile(rf"[,;:，；：、。]\s*|\s[-–—]\s|{lx.alternation(lambda lang: lang.classify.clause_sep)}")

# Could a text state anything at all? One scan for the literals of every statement cue.
_CLASSIFY_GATE = Gate(lx.REMEMBER, lx.PREFERENCE, lx.CONSTRAINT, lx.RULE, lx.DECISION, lx.ARCH_EXPLICIT,
                      lx.RULE_WEAK, lx.GRANTED)


@dataclass(frozen=True)
class Hit:
    kind: str
    pos: int          # where the cue starts in the probe
    confidence: float


def classify(probe: str) -> Hit | None:
    """The kind a sentence states, by its cue phrases; None when it states nothing to keep."""
    return memo.maybe(_CLASSIFIED, probe, _classify)


_CLASSIFIED: dict[str, Hit | None] = memo.table()   # probe -> its Hit, for one session's extraction


def _classify(probe: str) -> Hit | None:
    if not _CLASSIFY_GATE.may_match(probe.lower()):
        return None
    for rx, kind, conf in ((lx.REMEMBER, "Remember", CONF_EXPLICIT),
                           (lx.PREFERENCE, "Remember", CONF_PREFERENCE)):
        m = rx.search(probe)
        if m:
            return Hit(kind, m.start(), conf)
    # "we decided to move to X, and from now on no new Y": the sentence reports a decision; the
    # rule cue after the verb of deciding is part of what was decided.
    decided = lx.DECIDED.search(probe)
    for rx, kind in ((lx.GRANTED, "Rule"), (lx.CONSTRAINT, "Constraint"), (lx.RULE, "Rule")):
        m = rx.search(probe)
        if m and decided is not None and decided.start() < m.start():
            return Hit(kind_of(probe), decided.start(), CONF_EXPLICIT)
        if m:
            return Hit(kind, m.start(), CONF_EXPLICIT)
    m = lx.DECISION.search(probe) or lx.ARCH_EXPLICIT.search(probe)
    if m:
        return Hit(kind_of(probe), m.start(), CONF_EXPLICIT)
    changed = shape(probe)
    if changed is not None:   # "request ทั้งหมดวิ่งผ่าน gateway แล้ว": a weak rule word inside a change
        return Hit(changed[0], 0, changed[1])
    m = lx.RULE_WEAK.search(probe)
    if m:
        return Hit("Rule", m.start(), CONF_EXPLICIT)
    return None


def kind_of(text: str) -> str:
    """Decision, or Architecture when the decision changes the system's structure."""
    probe = mask(text)
    if (lx.ARCH_EXPLICIT.search(probe) or (lx.ARCH_CHANGE.search(probe) and lx.ARCH_COMPONENT.search(probe))
            or structural(probe)):
        return "Architecture"
    return "Decision"


def family(kind: str) -> str:
    """Rule and Constraint are one family: the same statement as both is one entry."""
    return "Rule" if kind in ("Rule", "Constraint") else kind


def is_question(probe: str) -> bool:
    return memo.answer(_ASKS, probe, _is_question)


_ASKS: dict[str, bool] = memo.table()   # probe -> is_question, for one session's extraction


def _is_question(probe: str) -> bool:
    if lx.POLITE_REQUEST.search(probe):
        return False
    if QUESTION_END.search(probe) or lx.QUESTION_START.search(probe):
        return True
    # Without a literal of QUESTION_ANYWHERE in the probe there is none in any prefix of it either
    # (the probe without its trailing particles): the particles need not be cut.
    if not lx.QUESTION_ANYWHERE.may_match(probe.lower()):
        return False
    stripped = TRAILING_PARTICLES.sub("", probe)
    return bool(lx.QUESTION_ANYWHERE.search(stripped) or lx.QUESTION_ANYWHERE.search(probe))


def hedged(probe: str) -> bool:
    """A question, an uncertainty, a hypothetical or an opinion anywhere in the sentence."""
    return bool(is_question(probe) or lx.UNCERTAIN.search(probe) or lx.HYPOTHETICAL.search(probe)
                or lx.OPINION.search(probe))


def rejected(probe: str, cue_pos: int) -> bool:
    """A sentence with a cue that still is not an item (question, hypothetical, hedge, report, past)."""
    if is_question(probe) or lx.UNCERTAIN.search(probe) or lx.TODO.match(probe):
        return True
    past = lx.PAST_MENTION.search(probe)
    if past is not None and not (past.start() > cue_pos and lx.REMEMBER.rx.match(probe, cue_pos)):
        # A past mention rejects a decision merely mentioned; after an explicit "remember" it is part of
        # what is to be kept ("請記住：我每週五下午不接稿，那時候在學校帶課").
        return True
    if MASK in probe and lx.REPORTED.search(probe):
        return True
    own = own_or_adopted(probe)
    granted = lx.GRANTED.search(probe) is not None   # "如果只改文档，可以跳过 review": a condition, not a hypothetical
    for rx in (lx.HYPOTHETICAL, lx.REPORTED, lx.OPINION):
        if (own and rx is lx.REPORTED) or (granted and rx is lx.HYPOTHETICAL):
            continue
        m = rx.search(probe)
        if m and m.start() <= cue_pos:
            return True
    if lx.ANNOUNCE.match(probe, cue_pos) and lx.BUG_REPORT.search(probe, cue_pos):
        return True   # "heads up: the build is broken": an incident announced, not a fact to keep
    return _bug_report(probe, cue_pos)


def _bug_report(probe: str, cue_pos: int) -> bool:
    """The cue's clause reports a bug ("X doesn't adhere to the rule that lines must not ...") or
    complains about an incident ("..., that should never happen"): a report, not a rule to keep.

    Only the clause holding the cue is read, and only before the cue, so a rule stated after a
    report ("this exploded on restart, invalid themes must never explode") is kept.
    """
    start = max((m.end() for m in _CLAUSE_SEP.finditer(probe, 0, cue_pos)), default=0)
    clause = probe[start:]
    if lx.EVENT_COMPLAINT.match(clause):
        return True
    m = lx.BUG_REPORT.search(probe, start, cue_pos)
    return m is not None and not lx.HYPOTHETICAL.search(probe, start, m.start())


def substantial(text: str) -> bool:
    """Enough words to be a statement on its own (four words, or eight Thai/CJK characters)."""
    return len(text.split()) >= 4 or sum(1 for ch in text if ord(ch) > 0x0E00) >= 8


def not_own(probe: str, kind: str) -> bool:
    """A sentence without a cue that still is no item: a question, a hedge, a report, a past mention."""
    reported = lx.REPORTED.search(probe) and not own_or_adopted(probe)   # not "跟你说一下，…"
    return hedged(probe) or bool(lx.PAST_MENTION.search(probe) or reported) or dismissed(probe, kind)
