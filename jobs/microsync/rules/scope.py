"""Is a sentence with a rule word a standing rule at all? Vetoes read from the sentence's grammar.

A rule cue ("always", "never", "don't", ทุกครั้ง, ห้าม, 每次都, 以后) says what kind an item would
be; these checks say whether the words around it make a standing instruction to the agent or the
team, or something else:

- description: the frequency word describes a person or a thing, not what to do. Its subject is
  a third party ("she's always late", "it never works", "the build always fails", "my landlord
  never answers", เขามาสายทุกครั้ง, 他每次都迟到, 这个脚本每次都报错), or it sits in a relative clause
  ("the cron that always fires", "the script which never times out"), or it opens a clause whose
  main clause describes ("every time I open it, it takes ages"). A modal or an instruction word
  ("it must always", "ต้อง", "要") keeps the rule. "we always squash", "secrets never go in the
  repo" (a plural subject and a plain verb, the form of a norm) stay rules.
- pointer: the rule's content is only a pointer to a manner ("do it like this", ทำแบบนี้,
  就这么处理): with nothing after it there is nothing to keep (steps after it make a Procedure,
  read by `rules._procedure`).
- the thing at hand: an instruction about what was just done or shown ("the file we just
  generated", "what you just did", เมื่อกี้, 刚才) with no marker of lasting is a task.
- talk, not work: "don't worry", "don't apologize", ไม่ต้องห่วง, 别担心 manage the conversation.
- a labelled rule: "rule: the source video never leaves our storage", "policy from the owner: a
  patient who no-shows twice can't book online anymore" — the label says the body is a norm, so it is
  no description whatever its grammar.
- a fact handed over: a rule that carries a name or an identifier for the agent to use ("put all
  my bookings under my wife's name, Tan Hui Min", 发票一律开电子发票，统编 24536806, ชื่อต้น) is
  Remember: the value is what must be kept.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re
from collections.abc import Sequence

from jobs.microsync.rules import lexicon
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.stance import STANDING

# Where a clause starts inside a sentence (commas, semicolons, colons, dashes; CJK forms).
_CLAUSE_SEP = re.compile(r"[,;:，；：、。!！?？]\s*|\s[-–—]\s")

# --- description ---------------------------------------------------------------------------

_FREQ_EN = re.compile(lexicon.alternation(lambda lang: lang.scope.freq_word), re.I)
# Words right before the frequency word that make it an instruction's scope.
_INSTRUCTS_BEFORE = re.compile(lexicon.alternation(lambda lang: lang.scope.instructs_before), re.I)
# A third party, a thing or a relative pronoun as the subject right before the frequency word.
_THIRD_BEFORE = re.compile(lexicon.alternation(lambda lang: lang.scope.third_before), re.I)
# A thing as the subject of a copula: a state ("the build is always red"), unless a participle
# follows ("responses are never cached", a norm said in the passive).
_COPULA_BEFORE = re.compile(lexicon.alternation(lambda lang: lang.scope.copula_before), re.I)
_PARTICIPLE = re.compile(lexicon.alternation(lambda lang: lang.scope.participle), re.I)
# A verb form after the frequency word that reports rather than instructs: third person (-s), past, a state.
_REPORTS_AFTER = re.compile(lexicon.alternation(lambda lang: lang.scope.reports_after), re.I)
# "every time I open it, it takes ages": the main clause after a frequency clause describes.
_EVENT_CLAUSE = re.compile(lexicon.alternation(lambda lang: lang.scope.event_clause), re.I)
_DESCRIBES_MAIN = re.compile(lexicon.alternation(lambda lang: lang.scope.describes_main), re.I)
# "you never listen", "you always overcomplicate things": the agent's habit described, a complaint;
# a modal ("you must always") or a marker of lasting ("from now on you always ...") makes it an instruction.
_YOU_BEFORE = re.compile(lexicon.alternation(lambda lang: lang.scope.you_before), re.I)
_VERBLESS = re.compile(lexicon.alternation(lambda lang: lang.scope.verbless), re.I)
_EVER = re.compile(lexicon.alternation(lambda lang: lang.scope.ever), re.I)
_FROM_NOW = re.compile(lexicon.alternation(lambda lang: lang.scope.from_now), re.I)
_MODAL = re.compile(lexicon.alternation(lambda lang: lang.scope.modal), re.I)

# Per language written without spaces, in the order of `lexicon.LEXICONS`: its frequency words,
# third persons and words of instructing, each read inside the clause of the frequency word.
_CLAUSE_READINGS = tuple(
    (re.compile("|".join(lang.scope.freq_clause)), re.compile("|".join(lang.scope.third_clause)),
     re.compile("|".join(lang.scope.instruct_clause)))
    for lang in lexicon.LEXICONS if lang.scope.freq_clause)
_INSTRUCT_CLAUSE = re.compile(lexicon.alternation(lambda lang: lang.scope.instruct_clause))
# The agent addressed with a habit word and no instruction word: 你每次都忘记跑测试, คุณลืมทุกครั้ง.
_YOU_HABIT = re.compile(lexicon.alternation(lambda lang: lang.scope.you_habit))


def _clause_before(probe: str, pos: int) -> str:
    start = max((m.end() for m in _CLAUSE_SEP.finditer(probe, 0, pos)), default=0)
    return probe[start:pos]


def _clause_after(probe: str, pos: int) -> str:
    m = _CLAUSE_SEP.search(probe, pos)
    return probe[pos:m.start() if m else len(probe)]


def describes(probe: str) -> bool:
    """Does every frequency word of the sentence describe a person or thing rather than instruct?"""
    found = False
    for m in _FREQ_EN.finditer(probe):
        found = True
        if not _describes_en(probe, m):
            return False
    you = _YOU_HABIT.search(probe)
    if you is not None:
        clause = _clause_before(probe, you.start()) + _clause_after(probe, you.start())
        return not _INSTRUCT_CLAUSE.search(clause)
    for freq, third, instruct in _CLAUSE_READINGS:
        for m in freq.finditer(probe):
            found = True
            clause = _clause_before(probe, m.start()) + _clause_after(probe, m.start())
            if not (third.search(clause) and not instruct.search(clause)):
                return False
    return found


def _describes_en(probe: str, m: re.Match[str]) -> bool:
    before = _clause_before(probe, m.start())
    word = m.group(0).lower()
    if word.startswith(("every", "each")) and _EVENT_CLAUSE.match(probe, m.end()):
        # "every time I deploy, it breaks": the frequency opens a clause; read the main clause.
        rest = probe[m.end():]
        return bool(_DESCRIBES_MAIN.search(rest)) and not _MODAL.search(rest)
    if _THIRD_BEFORE.search(before):
        return True
    if _YOU_BEFORE.search(before):
        return not _FROM_NOW.search(probe)
    if _COPULA_BEFORE.search(before):
        return not _PARTICIPLE.match(probe, m.end())
    if not before.strip():
        return bool(_VERBLESS.match(probe, m.end()))   # "always the same problem with this lib"
    if _INSTRUCTS_BEFORE.search(before):
        return False
    # A subject before the word ("the build", "my landlord") and a reporting verb form after it.
    return bool(_REPORTS_AFTER.match(probe, m.end()))


# --- pointer, thing at hand, talk -----------------------------------------------------------

_POINTER = lexicon.cue(lambda lang: lang.scope.pointer)
_AT_HAND = lexicon.cue(lambda lang: lang.scope.at_hand)
_TALK = lexicon.cue(lambda lang: lang.scope.talk)

# --- a labelled rule ------------------------------------------------------------------------

_LABEL = lexicon.cue(lambda lang: lang.scope.rule_label)


def labelled(probe: str) -> bool:
    """Is the sentence a rule announced by a label ("rule:", "policy from the owner:", กฎ:, 规定：)?"""
    return bool(_LABEL.search(probe))


# --- a fact handed over ---------------------------------------------------------------------

_HANDED = lexicon.cue(lambda lang: lang.scope.handed, flags=0)


def reread(kind: str | None, probe: str, i: int = 0, items: Sequence[Item] = ()) -> str | None:
    """The kind of a Rule or Constraint sentence after its grammar is read: None when it is no
    standing rule (a description, a bare pointer, the thing at hand, talk), Remember when it hands
    over a fact, else the kind. A pointer is dropped only when it has nothing to point at or what it
    points at is an item already (sentence `i` is the turn's first, or `items` ends just before it);
    after other words it makes them a rule ("老王说报销都要纸质发票，他是会计，以后就这么办")."""
    if kind is None or kind not in ("Rule", "Constraint"):
        return kind
    void = i == 0 or bool(items) and items[-1].last == i - 1
    if (describes(probe) and not labelled(probe)) or (void and _POINTER.search(probe)) or _TALK.search(probe):
        return None
    if _AT_HAND.search(probe) and not (STANDING.search(probe) or _EVER.search(probe)):
        return None
    if kind == "Rule" and _HANDED.search(probe):
        return "Remember"
    return kind

