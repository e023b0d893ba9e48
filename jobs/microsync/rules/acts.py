"""What the assistant's last turn asked of the user: the dialogue act a user reply answers.

A reply without a cue word ("16.", "keep it", "do 1 and 3", "go ahead") states a decision only
through what it answers. `act_of` reads the assistant turn before a user reply (and the user's own
question before that, when there was one) as one of:

- `QUESTION`: a design question ("What's the minimum iOS version?", "用哪个队列？", "ใช้ค่าเท่าไหร่ดีครับ");
- `OPTIONS`: alternatives or a numbered plan offered ("1. cache 2. shard ...", "I can add X, or bundle Y");
- `RECOMMEND`: a recommendation ("I'd suggest X"), or any answer to the user's own design question;
- `TASK`: an offer to do a one-off task ("want me to run it?", "要我帮你改吗", "ให้ผมรันเลยไหมครับ");
- `CONFIRM`: what the agent will do, then a question asking the user to confirm it ("I'll drop the
  column and compute expiry from earned_at. Does that work?", "…แบบนี้ OK ไหมครับ", "…这样可以吗？");
  `asked` is the proposal itself, cut from the question and any aside in brackets;
- `STATEMENT`: anything else (a report, an explanation).

Whatever its kind, an act records the question the turn ends on when it asks one (`closing`: with its
mark, or in Thai or Chinese by its words; not an offer to do a task) and whether its options are laid out
as a choice (`laid_out`: under a head such as "Options:" or 有两种做法：, bullets included, or joined by
"or"); either makes it ask the user to choose or to give a value (`asks_choice`).

Answering a design question or accepting a design recommendation decides something; saying yes to
a task offer does not. An offer to change what was just done ("I can switch to a bind mount if you'd
rather") is a task offer with a `status_quo`: "keep it" after it decides to keep things as they are.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import is_question
from jobs.microsync.rules.text import Sentence, fold, mask, split_sentences, strip_non_prose
from memory_store.transcripts.records import Record

QUESTION, OPTIONS, RECOMMEND, TASK, STATEMENT = "question", "options", "recommend", "task", "statement"
CONFIRM = "confirm"

# A design question: a choice among alternatives, or a wh-question about a setting of the design.
DESIGN_ASK = lx.cue(lambda lang: lang.acts.design_ask)
# An offer to do something now: saying yes to it approves a step, not a design.
TASK_ASK = lx.cue(lambda lang: lang.acts.task_ask)
# The offered task changes what was just done ("switch to a bind mount", "改成", "เปลี่ยนเป็น").
CHANGE = lx.cue(lambda lang: lang.acts.change)
# The user asking for a design opinion ("what do you suggest?", "thoughts?", "你怎么看", "ดีไหม").
USER_DESIGN_ASK = lx.cue(lambda lang: lang.acts.user_design_ask)
# A sentence offering alternatives rather than describing them ("I can add X, or bundle Y").
OFFERING = lx.cue(lambda lang: lang.acts.offering)
PLAN_HEAD = re.compile(rf"^\W*(?:{lx.alternation(lambda lang: lang.acts.plan_head)})\W*[:：]", re.I | re.M)
# Lettered options inside a sentence: (a) pg_trgm on the existing Postgres; (b) a search service.
_INLINE_OPTION = re.compile(r"\(([a-d1-4])\)\s*([^;()]+?)(?=;|\s*\([a-d1-4]\)|\.\s|\.$|$)", re.I)
# Options said with ordinal words at the start of a line: 一是…；二是…, 第二种：…, แบบแรก…, ทางที่สอง…
# Each language's pattern captures its ordinal word in one group; the last group is the option's text.
_WORD_OPTION = re.compile(rf"^\s*(?:[-*•]\s*)?(?:{lx.alternation(lambda lang: lang.acts.word_option)})\s*(\S.+)$")
_WORD_DIGIT = {word: digit for word, _, digit in
               (pair.partition("=") for pair in lx.phrases(lambda lang: lang.acts.word_digits))}
# A list introduced as alternatives: "two ways out:", "幾個方向：", "有两种做法：", "มีสองทาง:".
OPTION_HEAD = lx.cue(lambda lang: lang.acts.option_head)
# "does that work?", "แบบนี้ OK ไหมครับ", "这样可以吗": the user is asked to confirm what was just proposed.
CONFIRM_ASK = lx.cue(lambda lang: lang.acts.confirm_ask)
# What the agent will do (a proposal), not what it did: "I'll", "จะ", "会".
PLANNED = lx.cue(lambda lang: lang.acts.planned)
_ASIDE = re.compile(r"\s*[(（][^()（）]*[)）]")
# A message drafted for the user to send ("ร่างให้ครับ:", "Here's a draft:", "草稿如下："), at the head of a line.
_DRAFT_HEAD = re.compile(lx.alternation(lambda lang: lang.acts.draft_head), re.I | re.M)
_PROPOSAL_MAX = 400   # characters: a proposal to confirm is a sentence or two, not a report
_OR_SPLIT = re.compile(lx.alternation(lambda lang: lang.acts.or_split), re.I)


@dataclass(frozen=True)
class Act:
    kind: str                        # QUESTION, OPTIONS, RECOMMEND, TASK or STATEMENT
    record: Record
    text: str                        # the turn's prose
    options: dict[str, str]          # numbered or lettered items ({"1": "...", "A": "..."})
    alternatives: tuple[str, ...]    # unnumbered alternatives ("add X", "bundle Y")
    asked: str = ""                  # the question or offer sentence the act turns on
    status_quo: str = ""             # a change offered: what stays when the user keeps it
    closing: str = ""                # the question the turn ends on, asked as one (not an offer to do a task)
    laid_out: bool = False           # the options or alternatives are offered as a choice (a head, "or", a pick)

    @property
    def asks_choice(self) -> bool:
        """Does the turn ask the user to choose or to give a value: a question it ends on, or options
        laid out as a choice? (An offer to do a task or to confirm a proposal is read on its own.)"""
        return self.kind not in (TASK, CONFIRM) and bool(self.closing or self.laid_out)

    @property
    def designs(self) -> bool:
        """Does answering this act decide something about the design?"""
        return self.kind in (QUESTION, OPTIONS, RECOMMEND, CONFIRM)


def drafted(text: str) -> bool:
    """Does the assistant turn (its prose) give a message it drafted for the user to send? Approving its
    wording ("ใช้ได้ เดี๋ยวส่งเอง", "可以，我自己发") decides nothing, whatever tip comes with it."""
    return _DRAFT_HEAD.search(fold(text)) is not None


def act_of(rec: Record, asked: Record | None = None) -> Act:
    """The dialogue act of the assistant turn `rec`; `asked` is the user turn before it, if any."""
    text = strip_non_prose(rec.text)
    if drafted(text):
        return Act(STATEMENT, rec, text, {}, ())
    probe = mask(text)
    # Every sentence's probe is a slice of `probe`: a cue none of whose literals is in the whole
    # turn (one prefilter scan) is in none of its sentences, and the loop over them is skipped.
    low = probe.lower()
    sentences = split_sentences(text, probe)
    options = numbered_options(text)
    last_q = next((s for s in reversed(sentences) if _asks(s)), None)
    alternatives = _alternatives(sentences) if lx.ALTERNATIVES.may_match(low) else ()
    laid_out = bool(PLAN_HEAD.search(fold(text)) or lx.CHOICE_ASK.search(probe) or lx.PROPOSAL.search(probe)
                    or OPTION_HEAD.search(probe)) if len(options) >= 2 else False
    closing = _closing(sentences)
    if len(options) >= 2 and (laid_out or OFFERING.search(probe)
                              or last_q is not None and not TASK_ASK.search(last_q.probe)):
        return Act(OPTIONS, rec, text, options, alternatives, last_q.text if last_q else "", closing=closing,
                   laid_out=laid_out)
    proposed = _to_confirm(sentences, last_q) if last_q is not None and CONFIRM_ASK.may_match(low) else ""
    if proposed:
        return Act(CONFIRM, rec, text, options, alternatives, proposed)
    if last_q is not None and TASK_ASK.search(last_q.probe) and not lx.ALTERNATIVES.search(last_q.probe):
        return Act(TASK, rec, text, options, alternatives, last_q.text, _status_quo(sentences, last_q))
    offer = (next((s for s in sentences if lx.TASK_OFFER.search(s.probe) or TASK_ASK.search(s.probe)), None)
             if lx.TASK_OFFER.may_match(low) or TASK_ASK.may_match(low) else None)
    if offer is not None and CHANGE.search(offer.probe) and len(alternatives) < 2 and not options:
        return Act(TASK, rec, text, options, alternatives, offer.text, _status_quo(sentences, offer))
    if last_q is not None and DESIGN_ASK.search(last_q.probe):
        return Act(QUESTION, rec, text, options, alternatives, last_q.text,
                   closing=closing or (last_q.text if _marked(last_q) else ""))
    if len(alternatives) >= 2:
        return Act(OPTIONS, rec, text, options, alternatives, closing=closing, laid_out=True)
    # An answer to the user's own design question recommends -- when it is a short answer; a long
    # turn after it is the agent reporting its work.
    user_asked = (asked is not None and len(sentences) <= 3
                  and USER_DESIGN_ASK.search(mask(strip_non_prose(asked.text))) is not None)
    if user_asked or (lx.PROPOSAL.may_match(low) and any(lx.PROPOSAL.search(s.probe) for s in sentences)):
        return Act(RECOMMEND, rec, text, options, alternatives, closing=closing, laid_out=len(alternatives) >= 2)
    return Act(STATEMENT, rec, text, options, alternatives, closing=closing)


def _closing(sentences: list[Sentence]) -> str:
    """The question a turn ends on ("Anything about file naming?", "陳醫師您希望開放多遠？"), asked as
    one -- a design question's words ask without a mark too ("…ต่ำแค่ไหนถึงควรเตือนครับ") -- unless it
    offers to do a task; "" when the turn does not end asking."""
    last = sentences[-1] if sentences else None
    if last is None or not _marked(last):
        return ""
    if DESIGN_ASK.search(last.probe):
        return last.text   # "จะให้แจ้งเตือนผ่านช่องทางไหนดีคะ": which channel, whoever sets it up
    if not _asks(last) or TASK_ASK.search(last.probe) or lx.TASK_OFFER.search(last.probe):
        return ""
    return last.text


_UNSPACED = re.compile(r"[\u0E00-\u0E7F\u3400-\u9FFF]")


def _marked(question: Sentence) -> bool:
    """A question asked as one: with its mark, or in a script that asks by words ("ที่ไหนดีคะ"); an English
    sentence that only opens with a question word ("When the file changes, it reloads") is none."""
    return question.probe.rstrip().endswith(("?", "？")) or _UNSPACED.search(question.probe) is not None


def marked_options(text: str) -> dict[str, str]:
    """Lines of an assistant turn marked as options: {"2": "PostgreSQL 16 ...", "A": ...}."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        m = lx.OPTION_LINE.match(fold(line))
        if m:
            # "**A tstzrange column**: ..." -- markdown emphasis is formatting, not content.
            found.setdefault(m.group(1).upper(), line[m.start(2):m.end(2)].replace("**", "").strip())
    return found


def numbered_options(text: str) -> dict[str, str]:
    """Numbered or lettered options of an assistant turn, else options named by ordinal words at the
    start of a line, else inline "(a) … (b) …" options."""
    found = marked_options(text)
    if len(found) < 2:
        worded: dict[str, str] = {}
        for line in text.splitlines():
            m = _WORD_OPTION.match(fold(line))
            if m:
                word = next(g for g in m.groups()[:-1] if g)
                last = m.re.groups
                worded.setdefault(_WORD_DIGIT[word], line[m.start(last):m.end(last)].strip())
        if len(worded) >= 2:
            return worded
        inline: dict[str, str] = {}
        for m in _INLINE_OPTION.finditer(text):
            inline.setdefault(m.group(1).upper(), m.group(2).strip(" ,"))
        if len(inline) >= 2:
            return inline
        bulleted = _bulleted_options(text)
        if len(bulleted) >= 2:
            return bulleted
    return found


_BULLET = re.compile(r"^\s*[-*•]\s+(\S.*)$")


def _bulleted_options(text: str) -> dict[str, str]:
    """Bullets right under a line that introduces alternatives ("Options:", "Alternatives:", "有两种做法："),
    numbered in their order: {"1": "…", "2": "…"}."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not line.rstrip().endswith((":", "：")) or not OPTION_HEAD.search(mask(line)):
            continue
        items: list[str] = []
        for after in lines[i + 1:]:
            m = _BULLET.match(after)
            if m is None:
                if after.strip() or items:
                    break
                continue
            items.append(m.group(1).replace("**", "").strip())
        if len(items) >= 2:
            return {str(k + 1): item for k, item in enumerate(items)}
    return {}


def _asks(sentence: Sentence) -> bool:
    return sentence.probe.rstrip().endswith(("?", "？")) or is_question(sentence.probe)


def _to_confirm(sentences: list[Sentence], last_q: Sentence) -> str:
    """The proposal a closing "does that work?" asks the user to confirm: the words before the
    question in its sentence, else the sentence before it; only what the agent will do (a report of
    what it did is not proposed), cut of asides in brackets; "" if there is none."""
    m = CONFIRM_ASK.search(last_q.probe)
    if m is None or last_q is not sentences[-1]:
        return ""
    head = last_q.text[:m.start()].strip(" ,，;；")
    if not _substantial(head):
        i = sentences.index(last_q)
        head = sentences[i - 1].text if i > 0 else ""
    head = _ASIDE.sub("", head).strip(" ,，;；:：")
    if not _substantial(head) or len(head) > _PROPOSAL_MAX or not PLANNED.search(mask(head)):
        return ""
    return head


def _substantial(text: str) -> bool:
    return len(text.split()) >= 4 or sum(1 for ch in text if ord(ch) > 0x0E00) >= 8


def _alternatives(sentences: list[Sentence]) -> tuple[str, ...]:
    """The parts of the last sentence offering alternatives joined with or/หรือ/还是 ("I can add X, or
    bundle Y"); a sentence describing things with "or" in it offers nothing."""
    for s in reversed(sentences):
        # "or" first: most sentences have none, and it costs less than reading the offer
        if not lx.ALTERNATIVES.search(s.probe) or not (_asks(s) or OFFERING.search(s.probe)
                                                       or DESIGN_ASK.search(s.probe)):
            continue
        parts = [p.strip(" ,.?？。") for p in _OR_SPLIT.split(s.text) if p.strip(" ,.?？。")]
        if len(parts) >= 2:
            return tuple(parts)
    return ()


def _status_quo(sentences: list[Sentence], offer: Sentence) -> str:
    """What the assistant did before offering to change it: the clause before the offer, or the
    sentence before it."""
    if not CHANGE.search(offer.probe):
        return ""
    m = TASK_ASK.search(offer.probe) or lx.TASK_OFFER.search(offer.probe)
    if m is not None and m.start() > 0:
        head = offer.text[:m.start()].rstrip(" ;,，；")
        if len(head.split()) >= 3 or sum(1 for ch in head if ord(ch) > 0x0E00) >= 6:
            return head
    i = sentences.index(offer)
    return sentences[i - 1].text if i > 0 else ""


class SessionActs:
    """The dialogue acts of a session's assistant turns, read when a reply needs them (cached)."""

    _KEEP = 8   # earlier assistant turns a "go ahead" may refer back to

    def __init__(self) -> None:
        self._turns: list[tuple[Record, Record | None]] = []
        self._read: dict[int, Act] = {}
        self.recent: list[Record] = []   # the last turns of both sides, for replies that point back

    def said(self, rec: Record, asked: Record | None) -> None:
        self._turns = [*self._turns[-(self._KEEP - 1):], (rec, asked)]
        self.heard(rec)

    def heard(self, rec: Record) -> None:
        self.recent = [*self.recent[-(2 * self._KEEP - 1):], rec]

    def of(self, rec: Record) -> Act:
        found = self._read.get(id(rec))
        if found is None or found.record is not rec:
            asked = next((a for r, a in self._turns if r is rec), None)
            found = self._read[id(rec)] = act_of(rec, asked if asked is not None and asked.line < rec.line else None)
        return found

    def designs(self, before: Record) -> list[Act]:
        """The design acts among the kept assistant turns before `before`."""
        acts = [self.of(r) for r, _ in self._turns if r is not before and r.line < before.line]
        return [a for a in acts if a.designs]
