"""The procedure learner (docs/design.md §6.6): in a conversation, the user turn that teaches a
procedure — a trigger and at least two ordered steps, meant to last — or none.

Offline and deterministic: the phrases of each language live in `lexicon_en.py`, `lexicon_th.py`,
`lexicon_zh.py` (one regex source per role); this module only combines them. A user turn is a
procedure when it carries a standing cue ("whenever", "ทุกครั้ง", "以后") and yields two or more
steps in an explicit order ("then", "ก่อน…แล้ว", "先…再", a numbered list), and is not a question,
a past-tense story, a hypothetical, a one-off, or a request about pasted text. A turn that adopts
the agent's proposal for the future ("do exactly that every time") takes its steps from the
agent's turn before it; a turn that opens with a heading naming a procedure ("the drill for …:")
is standing too, and bulleted lines are steps. A procedure taught in answer to the agent's turn is a
correction when it opens with a correction cue, or redoes what that turn did and says so with a
negation. A clause that drops a step ("skip the migrations", "ไม่ต้อง X แล้ว", "不用再 X") is kept in
`Learned.drops` for the merge to take that step out, and in `Learned.said_steps` as the step it was
said as: it drops a step only from a known procedure that has that step (jobs/procedures/sync.py).
A bare connective ("then") is never a step, and an order word of the asking ("先记住：", "…จำไว้ด้วย แล้วเตือนผม",
the numbers of "1) remember that … 2) …") or before a time ("before 14:00") orders no steps (`ordered`): a fact to
remember said with one is a memory, not a procedure. Measured on the two blind
sets by `scripts/eval_procedures.py` and `scripts/eval_procedures2.py` (docs/benchmarks.md).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from jobs.procedures import lexicon_en, lexicon_th, lexicon_zh
from memory_store.procedures import dice, grams

LEXICONS = (lexicon_en, lexicon_th, lexicon_zh)
MIN_STEPS = 2
# On the dev half of tests/fixtures/procedures2, corrections overlap the agent's turn before them by
# 0.05-0.69 and the teachings that follow an agent turn (tests/fixtures/procedures dev) by 0-0.13; the
# demo's teaching that builds on the check the agent just added overlaps it too, and has no negation.
REDO_OVERLAP = 0.15
_STRIP = " .,!-—:'\"`"


def _any(role: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{getattr(lex, role)})" for lex in LEXICONS), flags)


# A bulleted list ("- step" on lines of their own) is a list of steps like a numbered one.
BULLET = r"\n\s*[-*•]\s+"


@dataclass(frozen=True)
class _Patterns:
    """The learner's patterns, compiled on first use (`_rx()`): a job run with no new session never
    pays for them (docs/design.md §7: start-up is part of the product)."""
    lasting: re.Pattern[str]
    firm: re.Pattern[str]
    named: re.Pattern[str]
    heading: re.Pattern[str]
    question: re.Pattern[str]
    narrative: re.Pattern[str]
    hypothetical: re.Pattern[str]
    one_off: re.Pattern[str]
    pasted: re.Pattern[str]
    general: re.Pattern[str]
    correction: re.Pattern[str]
    negation: re.Pattern[str]
    adopt: re.Pattern[str]
    sequence: re.Pattern[str]
    order_words: re.Pattern[str]
    not_order: re.Pattern[str]
    remembered_item: re.Pattern[str]
    list_number: re.Pattern[str]
    split: re.Pattern[str]
    first: re.Pattern[str]
    lead: re.Pattern[str]
    lead_cue: re.Pattern[str]
    tail: re.Pattern[str]
    not_step: re.Pattern[str]
    triggers: tuple[re.Pattern[str], ...]
    sentence: re.Pattern[str]
    continues: re.Pattern[str]
    drops: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...]
    reopen: re.Pattern[str]
    amend_triggers: tuple[re.Pattern[str], ...]
    orders: tuple[re.Pattern[str], ...]


@functools.cache
def _rx() -> _Patterns:
    return _Patterns(
        # LASTING or SITUATION: a cue a procedure is said with (the trigger of "เวลา deploy API ไม่ต้อง …"
        # is what is left without it); `firm` is LASTING alone, standing even in a turn that opens
        # with a correction
        lasting=re.compile(f"{_any('LASTING').pattern}|{_any('SITUATION').pattern}", re.IGNORECASE),
        firm=_any("LASTING"),
        # A named procedure: the turn opens with a heading that calls what follows a procedure, an order
        # or a checklist ("the drill for a flaky test is:", "Procedure for rotating the password:",
        # "ลำดับตอน merge:", "訓練新模型的規矩："), which says it is meant to last as plainly as "whenever"
        # does. Only an opening heading of one clause: the same words in a sentence ("the supplier's new
        # ordering process, what does it say:") or inside a quoted or pasted text name someone else's steps.
        named=_any("NAMED"),
        heading=re.compile(r"\s*([^:：\n,，;；。]{1,80}[:：])"),   # one clause: a heading, not a sentence
        question=re.compile(r"[?？]\s*$|[?？]\s|" + _any("QUESTION").pattern, re.IGNORECASE),
        narrative=_any("NARRATIVE"),
        hypothetical=_any("HYPOTHETICAL"),
        one_off=_any("ONE_OFF"),
        pasted=_any("PASTED"),
        general=_any("GENERAL"),
        correction=_any("CORRECTION"),
        negation=_any("NEGATION"),
        adopt=_any("ADOPT"),
        sequence=re.compile(f"{_any('SEQUENCE').pattern}|{_any('LISTED').pattern}|(?:{BULLET}.*){{2}}",
                            re.IGNORECASE | re.DOTALL),
        order_words=_any("SEQUENCE"),
        # order words that order no steps (the lexicons' NOT_ORDER), and a numbered list whose item opens with the
        # ask to keep a thing ("1) remember that the demo phone is … 2) …"): the numbers count things said
        not_order=_any("NOT_ORDER"),
        remembered_item=re.compile(r"(?:^|\s)[1-9][.)）]\s*(?:" + _any("REMEMBER").pattern + ")", re.IGNORECASE),
        list_number=re.compile(r"(?:^|(?<=[\s，,：:；;。]))[1-9][.)）](?=\s|\S)"),
        split=re.compile(r"\s*(?:" + _any("SPLIT").pattern + f"|{BULLET}" + r")\s*", re.IGNORECASE),
        first=re.compile(r"^(?:(?:" + _any("FIRST").pattern + r")\s*)+", re.IGNORECASE),
        lead=re.compile(r"^(?:" + _any("LEAD").pattern + r")+", re.IGNORECASE),
        lead_cue=re.compile(r"^(?:" + _any("LEAD_CUE").pattern + r")[,，\s]*", re.IGNORECASE),
        tail=_any("TAIL"),
        not_step=re.compile(r"^(?:" + _any("NOT_STEP").pattern + r")", re.IGNORECASE),
        # Where the trigger ends: an English "whenever X," first, then "X:", then Thai and Chinese forms.
        triggers=(re.compile(lexicon_en.TRIGGER, re.IGNORECASE), re.compile(r"[:：]\s*"),
                  re.compile(lexicon_th.TRIGGER), re.compile(lexicon_zh.TRIGGER)),
        # Sentences after the list that carry no step (a reason, "never skip it") end it.
        sentence=re.compile(r"(?<=[.!])\s+(?=[A-Z])|(?<=[。！])"),
        continues=re.compile(r",|\bthen\b|แล้ว|，|再"),
        # A dropped step, per language: (the clause that drops it, what makes it a condition, the
        # text put in its place). DROP's clause may end with DROP_TAIL; DROP_UNTIL's must.
        drops=tuple((re.compile(f"{lex.DROP_AT}(?:(?:{lex.DROP})(?P<a>.+?)(?:{lex.DROP_TAIL})?"
                                f"|(?:{lex.DROP_UNTIL})(?P<b>.+?)(?:{lex.DROP_TAIL}))(?={lex.DROP_END})",
                                re.IGNORECASE),
                     re.compile(lex.DROP_IF, re.IGNORECASE), "，" if lex is lexicon_zh else " ")
                    for lex in LEXICONS),
        reopen=re.compile(r"^\s*(?:" + _any("REOPEN").pattern + ")", re.IGNORECASE),
        amend_triggers=tuple(re.compile(lex.AMEND_TRIGGER, re.IGNORECASE) for lex in LEXICONS),
        orders=tuple(re.compile(lex.ORDER, re.IGNORECASE) for lex in LEXICONS),
    )


@dataclass(frozen=True)
class Learned:
    turn: int                 # index of the user turn that states it
    trigger: str
    steps: tuple[str, ...]
    source: str               # explicit | correction
    drops: tuple[str, ...] = ()   # steps the user says to leave out ("skip the migrations")
    # The steps as said, each drop clause kept as a step of its own ("skip the smoke test"): a drop is
    # one only for a known procedure that has that step (jobs/procedures/sync.py `settle_drops`).
    said_steps: tuple[str, ...] = ()
    # A correction that only amends a known procedure of the same trigger ("no, when you deploy …"
    # with no standing cue; a drop with fewer than two steps left): never a procedure of its own.
    amends: bool = False


def trigger_and_body(text: str) -> tuple[str, str]:
    """The trigger ("when you open a PR") and the text of the steps after it."""
    for n, pattern in enumerate(_rx().triggers):
        m = pattern.search(text)
        if m is None:
            continue
        if n == 1:   # "X: steps" — only when the colon comes early
            if m.start() < len(text) * 0.6:
                return text[: m.start()].strip(), text[m.end():]
            continue
        return next(g for g in m.groups() if g is not None).strip(), text[m.end():]
    return "", text


def split_steps(body: str) -> list[str]:
    """Ordered steps of a procedure's text, markers ("first", "then", "先", "แล้วค่อย") removed."""
    rx = _rx()
    body = rx.lead.sub("", body.strip())
    sentences = rx.sentence.split(body)
    kept = [sentences[0]] + [s for s in sentences[1:] if rx.continues.search(s) and not rx.not_step.match(s.strip())]
    body = rx.lead_cue.sub("", " ".join(kept))
    steps: list[str] = []
    for part in rx.split.split(body):
        p = (part or "").strip(_STRIP)
        p = rx.first.sub("", p).strip()
        p = rx.tail.sub("", p).strip() or p
        if len(p) >= 2 and not rx.not_step.match(p) and not rx.lasting.fullmatch(p) and not _connective(p):
            steps.append(p)
    return steps


def _connective(part: str) -> bool:
    """Whether a part is only a connective ("then", "and then", "แล้ว", "然后"): never a step."""
    return not _rx().split.sub(" ", f" {part} ").strip(_STRIP + " ，。、")


def take_drops(text: str) -> tuple[str, tuple[str, ...]]:
    """The text without the clauses that drop a step ("skip the migrations", "no need to X anymore",
    "ไม่ต้อง X แล้ว", "不用再 X", "别 X 了"), and what each drops. "skip X if Y" is a step: it says when."""
    drops: list[str] = []
    for pattern, condition, gap in _rx().drops:
        def cut(m: re.Match[str], condition: re.Pattern[str] = condition, gap: str = gap) -> str:
            what = (m.group("a") or m.group("b") or "").strip(_STRIP)
            if len(what) < 2 or condition.search(what):
                return m.group(0)
            drops.append(what)
            return gap
        text = pattern.sub(cut, text)
    return (re.sub(r"[ \t]{2,}", " ", text) if drops else text), tuple(drops)


_CLAUSE_LEAD = re.compile(r"^(?:(?:and|but|also|then)\s+)+", re.IGNORECASE)


def said_with_drops(text: str, steps: Sequence[str]) -> tuple[str, ...]:
    """`steps` (read from `text` without its drop clauses) with each drop clause put back as a step
    where it was said ("run the tests", "skip the flaky ones", "tag the release")."""
    placed: list[tuple[int, str]] = []
    at = 0
    for step in steps:
        found = text.find(step, at)
        at = found if found >= 0 else at
        placed.append((at, step))
    for pattern, condition, _ in _rx().drops:
        for m in pattern.finditer(text):
            what = (m.group("a") or m.group("b") or "").strip(_STRIP)
            clause = _CLAUSE_LEAD.sub("", m.group(0).strip(_STRIP + " ，。;；")).strip()
            if len(what) >= 2 and not condition.search(what) and clause:
                placed.append((m.start(), clause))
    return tuple(s for _, s in sorted(placed, key=lambda x: x[0]))


def _one_clause_order(body: str) -> list[str]:
    """The two steps of an order said in one clause ("restart the workers before you run the
    migrations", "run the migrations only after restarting the workers"), first one first."""
    said = body.strip().strip(_STRIP)
    for pattern in _rx().orders:
        m = pattern.match(said)
        if m is not None:
            a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("a2"), m.group("b2"))
            return [s.strip(_STRIP) for s in (a, b)]
    return []


def ordered(text: str) -> bool:
    """The turn says an order of steps (the lexicons' SEQUENCE), once the order words that order none are out: one
    of the ask to remember ("先记住：…", "…จำไว้ด้วย แล้วเตือนผมก่อน", a turn opening "แล้วก็"), one before a clock time
    ("before 14:00"), and in a numbered list whose item opens with the ask to remember ("1) remember that … 2) …":
    it counts things to keep) its numbers, and a list after a colon, which only lists more of them. A "remember
    that X" whose only order is one of those is a fact, not a procedure."""
    rx = _rx()
    said = rx.not_order.sub(" ", text)
    if rx.remembered_item.search(said):
        return rx.order_words.search(rx.list_number.sub(" ", said)) is not None
    return rx.sequence.search(said) is not None


def named(text: str) -> bool:
    """Whether the turn opens with a heading that names a procedure (the lexicons' NAMED)."""
    rx = _rx()
    m = rx.heading.match(text)
    return m is not None and rx.named.search(m.group(1)) is not None


def redoes(agent_turn: str, steps: Sequence[str]) -> bool:
    """Whether the steps are about what the agent's turn just did or announced (their content words
    overlap by `REDO_OVERLAP`). With a negation in the user's turn ("not restart", อย่า…, 别…), the
    procedure taught in answer to it corrects the agent; without one it builds on the agent's work."""
    return dice(grams(agent_turn), grams(" ".join(steps))) >= REDO_OVERLAP


# where a turn's sentences end, for the router's reading of each (a forget beside a teaching of the team reads as
# neither as a whole)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|[。！？\n]+")


def asks_to_forget(text: str) -> bool:
    """The router hears a request to forget in the turn or one of its sentences ("forget the release procedure",
    ขั้นตอน release ที่ให้จำไว้ ลืมไปได้เลย, 发布流程不用记了): core memory's, never a procedure. The one detector of a
    forget, memory_store/core/router.py, asked as jobs/microsync/forget_requests.py `forget_cues` asks it (this
    package cannot import microSync's, which imports it); "don't forget to tag", "people always forget the tag",
    อย่าลืม, 别忘了 are no request."""
    from memory_store.core.router import route

    pieces = [text, *(p for p in (x.strip() for x in _SENTENCES.split(text)) if p and p != text.strip())]
    return any((got := route(p)) is not None and got.label == "forget" for p in pieces)


def learn(turns: Sequence[tuple[str, str]], amend: bool = False) -> Learned | None:
    """The first user turn of `turns` ((role, text) pairs) that teaches a procedure, or None. With
    `amend`, also a turn that can only correct a known procedure (`Learned.amends`): one that opens
    with a correction ("no, …", "actually", "ไม่ใช่", "不对，") and states a trigger and ordered steps
    without a standing cue, or a standing one whose drops leave fewer than two steps."""
    rx = _rx()
    for i, (role, text) in enumerate(turns):
        if role != "user":
            continue
        t = text.strip()
        general = rx.general.search(t)
        if general:                       # "for this bug just …; but in general, whenever …"
            t = t[general.end():]
        if "\n>" in t or '\n"' in t or "```" in t:
            continue                      # pasted text
        # a standing cue first: most turns have none, and every test here only rules a turn out. A
        # situation ("when we release, …", SITUATION) stands unless the turn opens with a correction
        # ("no, when you deploy …"), which only amends a known procedure.
        opens_reopen = amend and (m := rx.reopen.match(t)) is not None and m.group(0).strip() != ""
        standing = (rx.firm.search(t) is not None or named(t)
                    or (not opens_reopen and rx.lasting.search(t) is not None))
        reopen = rx.reopen.match(t) if amend and not standing else None
        if not standing and (reopen is None or not reopen.group(0).strip()):
            continue
        if rx.question.search(t) or rx.narrative.search(t) or rx.hypothetical.search(t) or rx.pasted.search(t):
            continue
        if asks_to_forget(t):
            continue                      # a request to forget: core memory's, never a procedure
        if rx.one_off.search(t) and not general:
            continue
        prev_role, prev_text = turns[i - 1] if i > 0 else ("", "")
        if rx.adopt.search(t) and prev_role == "assistant":
            trigger, body = trigger_and_body(prev_text)
            steps = split_steps(body)
            if len(steps) >= MIN_STEPS:
                return Learned(i, trigger, tuple(steps), "explicit")
        said, drops = take_drops(t)
        if reopen is not None:
            said = said[reopen.end():]
        trigger, body = trigger_and_body(said)
        if reopen is not None and not trigger:
            m = next((m for p in rx.amend_triggers if (m := p.search(said))), None)
            if m is None:
                continue
            trigger, body = m.group(1).strip(), said[m.end():]
        steps = split_steps(body)
        in_order = ordered(t)
        if reopen is not None and len(steps) < MIN_STEPS and (one := _one_clause_order(body)):
            steps, in_order = one, True
        if reopen is not None:
            if trigger and len(steps) >= MIN_STEPS and in_order:
                return Learned(i, trigger, tuple(steps), "correction", drops, amends=True)
            continue
        if amend and drops and not trigger and len(steps) < MIN_STEPS:
            # "เวลา deploy API ไม่ต้องรัน migrations แล้ว": what is left once the drop is out is the trigger
            trigger = rx.lasting.sub("", said).strip(_STRIP + " ，。")
            trigger, steps = (trigger if len(trigger) <= 60 else ""), []
        if amend and drops and trigger and len(steps) < MIN_STEPS:
            return Learned(i, trigger, tuple(steps), "correction", drops, amends=True)
        if len(steps) >= MIN_STEPS and in_order:
            correction = prev_role == "assistant" and (
                rx.correction.search(t) is not None or (redoes(prev_text, steps) and rx.negation.search(t) is not None))
            as_said = said_with_drops(t, steps) if drops else ()
            return Learned(i, trigger, tuple(steps), "correction" if correction else "explicit", drops,
                           said_steps=as_said)
    return None
