"""The rule-based extractor: offline, deterministic, linear in the size of the session.

Only the four categories of seed 004 §3.1: confirmed decisions, new rules/constraints,
architecture changes and explicit "remember this" (plus preferences, kept as Remember, and
how-tos the user asks to keep, as Procedure). A user turn is cleaned (code, quotes and logs out),
split into sentences and clauses, and each piece is classified by cue phrases, then dropped if it
is a question, a hypothetical, hedged, sarcastic, reported or a past decision merely mentioned.
A short acceptance ("ok, go with option 2") adopts the assistant's proposal just before it.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from jobs.extract import lexicon as lx
from jobs.extract.base import Candidate, normalise_statement, usable_records
from jobs.extract.choices import ordinal_refs, terse_choice
from jobs.extract.cues import Gate
from jobs.extract.lists import bullet_text, rule_list
from jobs.extract.text import MASK, Sentence, mask, split_at, split_sentences, strip_non_prose
from memory_store.transcripts.records import Record, Role

CONF_EXPLICIT = 0.92   # the user states it with a cue phrase
CONF_ACCEPTED = 0.9    # the user accepts an assistant proposal
CONF_PREFERENCE = 0.85  # a preference: explicit, but about style rather than the project

TITLE_MAX = 80
EXCERPT_MAX = 200

# Clause starts inside a Thai or Chinese sentence (no spaces between words there, so a second item
# in one sentence is only visible by its cue): split before these when a space or comma precedes.
_CLAUSE_CUE = re.compile(
    r"(?<=[\s，,、])(?=ห้าม|ต่อไป(?!ดีกว่า|เรื่อยๆ|ก่อน|ได้|แล้วกัน|เลย)|จำไว้|อย่าลืม|ตัดสินใจ|แล้วก็|อีกเรื่อง|记住|記住|以后|以後|不要再|别忘了|別忘了|另外|还有|還有)"
)
_TRAILING_PARTICLES = re.compile(r"(?:\s*(?:ครับ|ค่ะ|คะ|นะ|จ้ะ|จ้า|เลย|ด้วย|吧|啊|呀|哦|喔|了))+\W*$")
# Politeness left at the start of a clause cut from a Thai sentence ("นะครับ ให้จำไว้ว่า ...").
_LEADING_PARTICLES = re.compile(r"^(?:(?:นะ)?(?:ครับ|ค่ะ|คะ)|นะ|จ้ะ|จ้า)(?:\s+|$)")
_QUESTION_END = re.compile(r"[?？]\W*$")
# Where a clause ends inside a sentence (commas, semicolons, colons, dashes; CJK and Thai forms).
# Thai marks a clause break with a space between Thai words.
_CLAUSE_SEP = re.compile(
    r"[,;:，；：、。]\s*|\s[-–—]\s|\s(?:so|and then|but)\s|(?<=[\u0E00-\u0E7F])\s+(?=[\u0E00-\u0E7F])"
)
_DEMONSTRATIVE = re.compile(r"^\W*(?:this|that|it|these|those|อันนี้|นี่|นั่น|อันนั้น|这|這|那个|那個|此)", re.I)
# A sentence that only qualifies the one before ("Only in the 22:00-02:00 window.").


# Could a text state anything at all? One scan for the literals of every statement cue.
_CLASSIFY_GATE = Gate(lx.REMEMBER, lx.PREFERENCE, lx.CONSTRAINT, lx.RULE, lx.DECISION, lx.ARCH_EXPLICIT,
                      lx.RULE_WEAK)
_TURN_GATE = Gate(lx.REMEMBER, lx.PREFERENCE, lx.CONSTRAINT, lx.RULE, lx.DECISION, lx.ARCH_EXPLICIT,
                  lx.PROCEDURE, lx.CONFIRM, lx.RULE_WEAK)


def _may_ask(text: str, low: str) -> bool:
    """Could the turn be a question (which keeps an earlier proposal open)?"""
    return ("?" in text or "？" in text or lx.QUESTION_ANYWHERE.may_match(low)
            or bool(lx.QUESTION_START.match(text.lstrip())))


@dataclass(frozen=True)
class _Item:
    """A statement found in a user turn, before it becomes a candidate (sentences first..last)."""
    first: int
    last: int
    kind: str
    text: str
    probe: str
    confidence: float


@dataclass(frozen=True)
class _Hit:
    kind: str
    pos: int          # where the cue starts in the probe
    confidence: float


class RuleExtractor:
    """Cue-phrase extraction in English, Thai and Chinese; see the module docstring."""

    name = "rules"

    def extract(self, records: Sequence[Record]) -> list[Candidate]:
        out: list[Candidate] = []
        seen: dict[tuple[str, str], int] = {}
        previous_assistant: Record | None = None
        previous_user: Record | None = None
        # An earlier assistant turn the user is still asking questions about ("what's the difference
        # between 1 and 2?" ... "ok, option 2"): it can still be accepted by an explicit option number.
        open_offer: Record | None = None
        offers: dict[int, _Offer] = {}   # assistant turns read as proposals, by record identity
        for rec in usable_records(records):
            if rec.role == Role.ASSISTANT:
                previous_assistant = rec
                continue
            found, only_questions = self._user_turn(rec, previous_assistant, open_offer, offers, previous_user)
            previous_user = rec
            open_offer = (open_offer or previous_assistant) if only_questions and not found else None
            for cand in found:
                key = (_family(cand.kind), cand.statement)
                if key in seen:
                    # Same statement twice in a session: keep one, the more confident one.
                    if cand.confidence > out[seen[key]].confidence:
                        out[seen[key]] = cand
                    continue
                seen[key] = len(out)
                out.append(cand)
            # A proposal is only accepted by the user turn right after it.
            previous_assistant = None
        return out

    # --- one user turn ------------------------------------------------------------------------

    def _user_turn(self, rec: Record, proposal: Record | None, open_offer: Record | None,
                   offers: dict[int, _Offer], asked: Record | None = None) -> tuple[list[Candidate], bool]:
        """The candidates of one user turn, and whether the turn only asked questions."""
        # Most turns state nothing: one literal scan decides that before any parsing. Only a turn
        # with an accepting word ("ok", "ตกลง", "好") reads the assistant turn before it.
        low = rec.text.lower()
        may_accept = (proposal is not None or open_offer is not None) and lx.ACCEPT.may_match(low)
        if not (may_accept or _TURN_GATE.may_match(low) or _may_ask(rec.text, low)):
            return [], False
        prose = strip_non_prose(rec.text)
        probe = mask(prose)
        if not prose.strip() or lx.SARCASM.search(probe):
            return [], False
        procedure = self._procedure(rec, prose, probe)
        if procedure is not None:
            return [procedure], False
        sentences = _merge_continuations([piece for s in split_sentences(prose) for piece in _clauses(s)])
        # Trigger: a turn that pastes a quote, code or log and then comments on it ("this is from the
        # old wiki, not used any more"). Why: the comment is about the pasted text, not a decision.
        # Outcome: sentences opening with a demonstrative are skipped in such turns.
        pasted = prose.strip() != rec.text.strip()
        out: list[Candidate] = []
        used: set[int] = set()
        accepted = None
        if may_accept and proposal is not None:
            # "ok fine, kafka" after "kafka or nats?": the named alternative, whatever was recommended.
            accepted = self._picked(rec, sentences, proposal, asked)
        if may_accept and proposal is not None and accepted is None:
            accepted = self._acceptance(rec, sentences, _offer(proposal, offers))
        if may_accept and accepted is None and open_offer is not None and open_offer is not proposal:
            accepted = self._acceptance(rec, sentences, _offer(open_offer, offers), explicit_only=True)
        if accepted is not None:
            cand, index = accepted
            out.append(cand)
            used.add(index)
        items: list[_Item] = self._listed_rules(sentences, used)
        for i, sentence in enumerate(sentences):
            if i in used:
                continue
            hit = _classify(sentence.probe)
            if hit is None:
                confirmed = self._confirmed(sentences, i, used, items)
                if confirmed is not None:
                    items.append(confirmed)
                continue
            if _rejected(sentence.probe, hit.pos):
                continue
            if pasted and _DEMONSTRATIVE.match(sentence.text):
                continue
            if hit.kind == "Constraint" and lx.TEMPORARY.search(sentence.probe):
                continue   # "don't touch the code for now": an instruction for this task only
            if _refers_back(sentence, i, used, items):
                # "ใช้ pytest fixture แทน setUp, ต่อไปให้เขียนแบบนี้": one rule, said in two clauses.
                before = sentences[i - 1]
                if items and items[-1].last == i - 1:
                    items.pop()   # the clause before was an item already: one item, the later kind
                items.append(_Item(i - 1, i, hit.kind, f"{before.text} {sentence.text}",
                                   f"{before.probe} {sentence.probe}", hit.confidence))
                continue
            items.append(_Item(i, i, hit.kind, sentence.text, sentence.probe, hit.confidence))
        # "... wait, gofmt does that anyway. never mind": what came before is taken back.
        withdrawn = max((i for i, s in enumerate(sentences) if _retracts(s)), default=-1)
        if withdrawn >= 0:
            items = [it for it in items if it.first > withdrawn]
            if accepted is not None and accepted[1] < withdrawn:
                out.remove(accepted[0])
        items.sort(key=lambda it: it.first)
        for item in _merge_restatements(items):
            out.append(self._candidate(rec, item.kind, item.text, sentences[item.last + 1:], item.confidence,
                                       first_line=rec.line))
        only_questions = not out and bool(sentences) and all(_is_question(s.probe) for s in sentences)
        return out, only_questions

    def _picked(self, rec: Record, sentences: list[Sentence], proposal: Record,
                asked: Record | None) -> tuple[Candidate, int] | None:
        """A terse reply naming one of the alternatives just offered: a decision for it."""
        if not sentences or len(sentences) > 2:
            return None
        offered = [proposal.text] if lx.CHOICE_ASK.search(proposal.text) else []
        if asked is not None and asked.line < proposal.line:
            offered.insert(0, strip_non_prose(asked.text))
        picked = terse_choice(sentences[0].text, offered) if offered else None
        if picked is None:
            return None
        choice, offering = picked
        text = f"{choice} — {offering}"
        first = asked.line if asked is not None and offering in asked.text else proposal.line
        cand = self._candidate(rec, _kind_of(text), text, sentences[1:], CONF_ACCEPTED, first_line=first,
                               excerpt=sentences[0].text, keep_why=False)
        return cand, 0

    def _listed_rules(self, sentences: list[Sentence], used: set[int]) -> list[_Item]:
        """Each bullet under a header announcing rules is a rule; the header is not an item."""
        found = rule_list(sentences)
        if found is None:
            return []
        head, bullets = found
        used.add(head)
        items = []
        for i in bullets:
            used.add(i)
            bullet = bullet_text(sentences[i])
            hit = _classify(bullet.probe)
            if hit is not None and _rejected(bullet.probe, hit.pos):
                continue
            if hit is None and (_is_question(bullet.probe) or lx.HYPOTHETICAL.search(bullet.probe)):
                continue
            kind = hit.kind if hit is not None and hit.kind in ("Rule", "Constraint") else "Rule"
            items.append(_Item(i, i, kind, bullet.text, bullet.probe, CONF_EXPLICIT))
        return items

    @staticmethod
    def _confirmed(sentences: list[Sentence], i: int, used: set[int], items: list[_Item]) -> _Item | None:
        """ "X. That's the call": a confirming sentence makes the sentence before it a decision."""
        if i == 0 or (i - 1) in used or (items and items[-1].last == i - 1):
            return None
        if not lx.CONFIRM.match(sentences[i].probe):
            return None
        before = sentences[i - 1]
        p = before.probe
        if (_is_question(p) or lx.UNCERTAIN.search(p) or lx.HYPOTHETICAL.search(p) or lx.OPINION.search(p)
                or lx.PAST_MENTION.search(p) or lx.REPORTED.search(p) or not _substantial(before.text)):
            return None
        return _Item(i - 1, i, _kind_of(before.text), before.text, p, CONF_EXPLICIT)

    def _procedure(self, rec: Record, prose: str, probe: str) -> Candidate | None:
        """A how-to the user wants kept: a procedure cue and at least one sequencing step."""
        m = lx.PROCEDURE.search(probe)
        if m is None or not lx.STEP.search(probe[m.end():]):
            return None
        cue_sentence = next((s for s in split_sentences(prose) if lx.PROCEDURE.search(s.probe)), None)
        # Only a question mark makes it a question: "How to deploy X, for the record: ..." opens like one.
        if cue_sentence is None or _QUESTION_END.search(cue_sentence.probe):
            return None
        if lx.HYPOTHETICAL.search(probe[:m.start()]):
            return None
        body = " ".join(prose[m.start():].split())
        return self._candidate(rec, "Procedure", body, [], CONF_EXPLICIT, first_line=rec.line, keep_why=False)

    def _acceptance(self, rec: Record, sentences: list[Sentence], offer: _Offer,
                    explicit_only: bool = False) -> tuple[Candidate, int] | None:
        """The user accepting the assistant's proposal just before: the decision is the proposal's.

        `explicit_only`: the proposal is an earlier turn (questions were asked since), so only an
        explicit reference to one of its numbered options accepts it.
        """
        if not offer.is_proposal:
            return None
        proposal, options = offer.record, offer.options
        for i, sentence in enumerate(sentences):
            p = sentence.probe
            if lx.REJECT.search(p):
                return None
            hedged = (_is_question(p) or lx.UNCERTAIN.search(p) or lx.HYPOTHETICAL.search(p)
                      or lx.OPINION.search(p))
            if not lx.ACCEPT.search(p) or hedged:
                if lx.PAST_MENTION.search(p) or _classify(p) is None:
                    continue   # a remark before the acceptance ("that's what we decided in March")
                return None
            # "ok, 2" / "好，2": the reference may follow an opener; "the second one" / "第二个" name it in words.
            p = ordinal_refs(p)
            ref = lx.OPTION_REF.search(p) or lx.OPTION_REF.search(lx.LEAD_FILLER.sub("", p))
            content = options.get(_ref_key(ref)) if ref and options else None
            if explicit_only and content is None:
                return None
            own = _own_content(sentence)
            if content is None and own:
                hit = _classify(sentence.probe)
                kind = hit.kind if hit else _kind_of(own)
                return self._candidate(rec, kind, own, sentences[i + 1:], CONF_ACCEPTED,
                                       first_line=proposal.line), i
            if content is None:
                content = _recommended(offer.text, options)
            if not content:
                return None
            kind = _kind_of(content)
            return self._candidate(rec, kind, content, sentences[i + 1:], CONF_ACCEPTED,
                                   first_line=proposal.line, excerpt=sentence.text), i
        return None

    # --- building a candidate -----------------------------------------------------------------

    def _candidate(self, rec: Record, kind: str, text: str, following: list[Sentence], confidence: float,
                   *, first_line: int, excerpt: str | None = None, keep_why: bool = True) -> Candidate:
        core, why = _split_why(text) if keep_why else (text, "")
        if keep_why and not why and following and lx.WHY.match(following[0].text):
            why = _after_cue(following[0].text, lx.WHY)
        impact = next((_after_cue(s.text, lx.IMPACT) for s in following[:2] if lx.IMPACT.search(s.text)), "")
        finding = next((s.text for s in following[:2] if lx.FINDING.search(s.text)), "")
        core = _clean(core)
        return Candidate(
            kind=kind,
            title=_shorten(core, TITLE_MAX),
            statement=normalise_statement(core),
            why=why,
            finding=finding,
            conclusion=core,
            impact=impact,
            confidence=confidence,
            excerpt=_shorten(" ".join((excerpt or text).split()), EXCERPT_MAX),
            session_id=rec.session_id,
            session_path=rec.path,
            first_line=min(first_line, rec.line),
            last_line=rec.line_end,
            ts=rec.ts,
            supersedes_hint=bool(lx.SUPERSEDES.search(mask(text))),
        )


# --- classification ---------------------------------------------------------------------------

def _classify(probe: str) -> _Hit | None:
    """The kind a sentence states, by its cue phrases; None when it states nothing to keep."""
    if not _CLASSIFY_GATE.may_match(probe.lower()):
        return None
    for rx, kind, conf in ((lx.REMEMBER, "Remember", CONF_EXPLICIT),
                           (lx.PREFERENCE, "Remember", CONF_PREFERENCE),
                           (lx.CONSTRAINT, "Constraint", CONF_EXPLICIT),
                           (lx.RULE, "Rule", CONF_EXPLICIT)):
        m = rx.search(probe)
        if m:
            return _Hit(kind, m.start(), conf)
    m = lx.DECISION.search(probe) or lx.ARCH_EXPLICIT.search(probe)
    if m:
        return _Hit(_kind_of(probe), m.start(), CONF_EXPLICIT)
    m = lx.RULE_WEAK.search(probe)
    if m:
        return _Hit("Rule", m.start(), CONF_EXPLICIT)
    return None


def _kind_of(text: str) -> str:
    """Decision, or Architecture when the decision changes the system's structure."""
    probe = mask(text)
    if lx.ARCH_EXPLICIT.search(probe) or (lx.ARCH_CHANGE.search(probe) and lx.ARCH_COMPONENT.search(probe)):
        return "Architecture"
    return "Decision"


def _family(kind: str) -> str:
    return "Rule" if kind in ("Rule", "Constraint") else kind


def _is_question(probe: str) -> bool:
    if lx.POLITE_REQUEST.search(probe):
        return False
    stripped = _TRAILING_PARTICLES.sub("", probe)
    return bool(_QUESTION_END.search(probe) or lx.QUESTION_START.search(probe)
                or lx.QUESTION_ANYWHERE.search(stripped) or lx.QUESTION_ANYWHERE.search(probe))


def _rejected(probe: str, cue_pos: int) -> bool:
    """A sentence with a cue that still is not an item (question, hypothetical, hedge, report, past)."""
    if _is_question(probe) or lx.UNCERTAIN.search(probe) or lx.PAST_MENTION.search(probe):
        return True
    if MASK in probe and lx.REPORTED.search(probe):
        return True
    for rx in (lx.HYPOTHETICAL, lx.REPORTED, lx.OPINION):
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
    return bool(m) and not lx.HYPOTHETICAL.search(probe, start, m.start())


def _merge_continuations(sentences: list[Sentence]) -> list[Sentence]:
    out: list[Sentence] = []
    for s in sentences:
        if out and lx.CONTINUATION.match(s.text) and _classify(out[-1].probe) is not None:
            prev = out.pop()
            text, probe = prev.text.rstrip(".。"), prev.probe.rstrip(".。")
            joined = Sentence(f"{text}. {s.text}", f"{probe}. {s.probe}")
            out.append(joined)
        else:
            out.append(s)
    return out


def _merge_restatements(items: list[_Item]) -> list[_Item]:
    """Join "use X" and the "don't use Y / no longer use Y" right after it: one statement.

    Trigger: "amounts are integer satang from now on, no more floats", "we'll serve it from a
    view instead of Redis. we no longer use Redis anywhere". Why: the negative half restates the
    choice from the other side; two entries would record one decision twice. Outcome: adjacent
    items of one family merge when the second negates a use and the first names a use or shares
    a term with it.
    """
    out: list[_Item] = []
    for item in items:
        prev = out[-1] if out else None
        if (prev is not None and item.first == prev.last + 1 and _group(prev.kind) == _group(item.kind)
                and lx.NEG_USE.search(item.probe)
                and (lx.USE.search(prev.probe) or _shared_terms(prev.probe, item.probe))):
            sep = "，" if _is_cjk(prev.text[-1:]) else ("; " if prev.text[-1:].isascii() else " ")
            text = prev.text.rstrip(" .。;；,，") + sep + item.text
            out[-1] = _Item(prev.first, item.last, prev.kind, text, prev.probe + sep + item.probe,
                            max(prev.confidence, item.confidence))
        else:
            out.append(item)
    return out


def _group(kind: str) -> str:
    return {"Constraint": "Rule", "Architecture": "Decision"}.get(kind, kind)


_TERM = re.compile(r"[A-Za-z][\w-]{2,}(?:\.[\w-]+)*")
_COMMON = frozenset((
    "the", "and", "for", "are", "was", "were", "this", "that", "with", "from", "into", "then", "than", "them",
    "they", "our", "your", "you", "use", "using", "used", "not", "never", "any", "anywhere", "anymore", "more",
    "all", "every", "also", "just", "now", "here", "there", "have", "has", "had", "will", "would", "should",
    "can", "could",
))


def _shared_terms(a: str, b: str) -> bool:
    """Do two statements name the same thing (a word of three letters or more, not a common one)?"""
    words_a = {w.lower() for w in _TERM.findall(a)} - _COMMON
    return any(w.lower() in words_a for w in _TERM.findall(b) if w.lower() not in _COMMON)


def _is_cjk(ch: str) -> bool:
    return bool(ch) and ("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef")


def _refers_back(sentence: Sentence, i: int, used: set[int], items: list[_Item]) -> bool:
    """A short statement whose content is "this/like this": the clause before it, not yet an item."""
    if i == 0 or (i - 1) in used or (items and items[-1].last >= i - 1 and items[-1].first != i - 1):
        return False
    m = lx.REFERS_BACK.search(sentence.probe)
    if m is None:
        return False
    rest = lx.LEAD_FILLER.sub("", sentence.probe[:m.start()])
    return len(rest.split()) <= 4 and sum(1 for ch in rest if ord(ch) > 0x0E00) <= 12


def _retracts(sentence: Sentence) -> bool:
    """A sentence that only takes back what was said before it ("never mind", "算了", "ช่างมัน")."""
    m = lx.RETRACT.search(sentence.probe)
    if m is None:
        return False
    # Only when nothing of substance follows: "never mind the flaky test, from now on ..." states a rule.
    rest = sentence.probe[m.end():]
    return not _substantial(rest) and len(rest.split()) < 3


def _substantial(text: str) -> bool:
    """Enough words to be a statement on its own (four words, or eight Thai/CJK characters)."""
    return len(text.split()) >= 4 or sum(1 for ch in text if ord(ch) > 0x0E00) >= 8


def _clauses(sentence: Sentence) -> list[Sentence]:
    # A cut right after a bullet marker ("- ห้าม ...") would leave the marker alone.
    cuts = [m.start() for m in _CLAUSE_CUE.finditer(sentence.probe)
            if sentence.probe[:m.start()].strip(" -*•·")]
    return split_at(sentence, cuts) if cuts else [sentence]


# --- proposals --------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Offer:
    """An assistant turn read as a possible proposal (read once, when a user turn may accept it)."""
    record: Record
    text: str                  # its prose
    options: dict[str, str]
    is_proposal: bool


def _offer(rec: Record, cache: dict[int, _Offer]) -> _Offer:
    found = cache.get(id(rec))
    if found is None or found.record is not rec:
        text = strip_non_prose(rec.text)
        probe = mask(text)
        options = _options(text)
        # A numbered list is options only when the user is asked to choose; otherwise it is the
        # agent's report of what it did, and "ok, <next task>" after it accepts nothing.
        is_proposal = bool(lx.PROPOSAL.search(probe)) or (len(options) >= 2 and bool(lx.CHOICE_ASK.search(probe)))
        found = cache[id(rec)] = _Offer(rec, text, options, is_proposal)
    return found

def _options(text: str) -> dict[str, str]:
    """Numbered or lettered options of an assistant turn: {"2": "PostgreSQL 16 ...", "A": ...}."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        m = lx.OPTION_LINE.match(line)
        if m:
            # "**A tstzrange column**: ..." -- markdown emphasis is formatting, not content.
            found.setdefault(m.group(1).upper(), m.group(2).replace("**", "").strip())
    return found


def _ref_key(ref: re.Match[str] | None) -> str:
    if ref is None:
        return ""
    return (ref.group(1) or ref.group(2) or "").upper()


def _recommended(offer: str, options: dict[str, str]) -> str:
    """What the assistant recommended: the option it leaned to, or its recommending sentence."""
    sentences = split_sentences(offer)
    recommending = [s for s in sentences if lx.PROPOSAL.search(s.probe) and not lx.OPTION_LINE.match(s.text)]
    for s in reversed(recommending):
        ref = lx.OPTION_REF.search(s.probe) or re.search(r"([0-9]|[A-D])\W*(?:ครับ|ค่ะ)?\W*$", s.probe)
        key = _ref_key(ref) if ref and ref.re is lx.OPTION_REF else (ref.group(1).upper() if ref else "")
        if key in options:
            return options[key]
    if recommending:
        text = recommending[-1].text
        m = lx.RECOMMEND_LEAD.search(text)
        return text[m.end():] if m else text
    return ""


def _own_content(sentence: Sentence) -> str:
    """What an acceptance says beyond "ok"/"yes": used as the decision when it is substantial."""
    rest = lx.LEAD_FILLER.sub("", sentence.text)
    rest = re.sub(r"^(?:ใช่|ได้|เอา|要|对|對|是的|sounds good|do that|go ahead)\W*", "", rest, flags=re.I)
    words = rest.split()
    cjk_or_thai = sum(1 for ch in rest if ord(ch) > 0x0E00)
    if len(words) >= 4 or cjk_or_thai >= 8:
        if lx.OPTION_REF.search(mask(rest)) or lx.ADOPT_AS_PROPOSED.search(rest):
            return ""
        return rest
    return ""


# --- fields and text --------------------------------------------------------------------------

def _split_why(text: str) -> tuple[str, str]:
    m = lx.WHY.search(mask(text))
    if m is None or m.start() == 0:
        return text, ""
    return text[:m.start()].rstrip(" ,，、;:"), _after_cue(text[m.start():], lx.WHY)


def _after_cue(text: str, rx: re.Pattern[str]) -> str:
    m = rx.search(text)
    rest = text[m.end():] if m else text
    return _clean(rest.lstrip(" ,，、:："))


def _clean(text: str) -> str:
    text = " ".join(text.split())
    text = lx.LEAD_FILLER.sub("", text) or text
    text = _LEADING_PARTICLES.sub("", text) or text
    text = _TRAILING_PARTICLES.sub("", text) or text
    text = text.strip(" \t,，、;；:：.。!！")
    return text[:1].upper() + text[1:] if text[:1].isascii() else text


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,，、;:") + "…"
