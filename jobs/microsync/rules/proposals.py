"""Assistant proposals and the user's acceptance of them.

Confirmed means the user said it or agreed to it: "ok, go with option 2", "ตกลงตามที่เสนอ",
"好，就这么办" adopt the assistant's proposal just before, and the decision's content then comes
from the proposal (the option named, or what the assistant recommended). A terse pick ("ok fine,
kafka") names one of the alternatives just offered.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jobs.microsync.engine import Candidate
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.acts import drafted, marked_options
from jobs.microsync.rules.choices import ordinal_refs, terse_choice
from jobs.microsync.rules.classify import CONF_ACCEPTED, classify, hedged, is_question, kind_of, substantial
from jobs.microsync.rules.fields import make_candidate
from jobs.microsync.rules.labelpick import label_head
from jobs.microsync.rules.text import Sentence, cut_prefix, fold, head_clause, mask, split_sentences, strip_non_prose
from memory_store.transcripts.records import Record


@dataclass(frozen=True)
class Offer:
    """An assistant turn read as a possible proposal (read once, when a user turn may accept it)."""
    record: Record
    text: str                  # its prose
    options: dict[str, str]
    is_proposal: bool


def offer_of(rec: Record, cache: dict[int, Offer]) -> Offer:
    """`rec` read as an offer, cached by record identity."""
    found = cache.get(id(rec))
    if found is None or found.record is not rec:
        text = strip_non_prose(rec.text)
        probe = mask(text)
        options = marked_options(text)
        # A numbered list is options only when the user is asked to choose; otherwise it is the
        # agent's report of what it did, and "ok, <next task>" after it accepts nothing.
        is_proposal = (bool(lx.PROPOSAL.search(probe)) or (len(options) >= 2 and bool(lx.CHOICE_ASK.search(probe)))) \
            and not drafted(text)   # a message drafted for the user to send proposes nothing
        found = cache[id(rec)] = Offer(rec, text, options, is_proposal)
    return found


def picked(rec: Record, sentences: list[Sentence], proposal: Record,
           asked: Record | None) -> tuple[Candidate, int] | None:
    """A terse reply naming one of the alternatives just offered: a decision for it."""
    if not sentences or len(sentences) > 2 or is_question(sentences[0].probe):
        return None
    offered = [strip_non_prose(proposal.text)]
    if asked is not None and asked.line < proposal.line:
        offered.insert(0, strip_non_prose(asked.text))
    # The pick may come with its reason in the same sentence ("用 RabbitMQ，我們需要優先權"): the head
    # clause is the pick.
    found = terse_choice((sentences[0].text, head_clause(sentences[0].text)), offered)
    if found is None:
        return None
    choice, offering = found
    if lx.TRANSACTION.search(mask(offering)):
        return None   # "TAP 07:40 for £142, or BA 11:15 for £188": buying one thing, not deciding
    text = f"{choice} — {offering}"
    first = asked.line if asked is not None and offering in asked.text else proposal.line
    cand = make_candidate(rec, kind_of(text), text, sentences[1:], CONF_ACCEPTED, first_line=first,
                          excerpt=sentences[0].text, keep_why=False)
    return cand, 0


def acceptance(rec: Record, sentences: list[Sentence], offer: Offer,
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
        if not lx.ACCEPT.search(p) or hedged(p):
            if lx.PAST_MENTION.search(p) or classify(p) is None:
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
            hit = classify(sentence.probe)
            kind = hit.kind if hit else kind_of(own)
            return make_candidate(rec, kind, own, sentences[i + 1:], CONF_ACCEPTED,
                                  first_line=proposal.line), i
        if content is None:
            content = _recommended(offer.text, options)
        elif (details := label_head(sentence.text)[1]) and _NOT_OPTION_WORDS.search(details):
            # "เอาข้อ 2 ครับ เก็บไว้ 14 วันพอ": the user's details of the pick are part of it (`labelpick`)
            return make_candidate(rec, kind_of(content), f"{content.rstrip(' ;.。；')} — {details}", sentences[i + 1:],
                                  CONF_ACCEPTED, first_line=proposal.line, excerpt=sentence.text, keep_why=False), i
        if not content:
            return None
        return make_candidate(rec, kind_of(content), content, sentences[i + 1:], CONF_ACCEPTED,
                              first_line=proposal.line, excerpt=sentence.text), i
    return None


# Details beyond the label: a value (a number) said with the pick.
_NOT_OPTION_WORDS = re.compile(r"(?<![A-Za-z_-])\d")


def _ref_key(ref: re.Match[str] | None) -> str:
    if ref is None:
        return ""
    return (ref.group(1) or ref.group(2) or "").upper()


# An option label alone at the end of a sentence ("... go with 2 ครับ").
_BARE_LABEL_END = re.compile(rf"([0-9]|[A-D])\W*(?:{lx.alternation(lambda lang: lang.proposals.polite)})?\W*$")


def _recommended(offer: str, options: dict[str, str]) -> str:
    """What the assistant recommended: the option it leaned to, or its recommending sentence."""
    sentences = split_sentences(offer)
    advice = [s for s in sentences if lx.PROPOSAL.search(s.probe) or lx.ADVISE_AGAINST.search(s.probe)]
    if advice and lx.ADVISE_AGAINST.search(advice[-1].probe):
        # "Plan B: option (3) … I wouldn't build that until it's needed", "不建议换": the last advice is
        # against a change, and agreeing with it changes nothing (least of all to what was advised against)
        return ""
    recommending = [s for s in sentences if lx.PROPOSAL.search(s.probe) and not lx.OPTION_LINE.match(fold(s.text))]
    for s in reversed(recommending):
        ref = lx.OPTION_REF.search(s.probe) or _BARE_LABEL_END.search(s.probe)
        key = _ref_key(ref) if ref and ref.re is lx.OPTION_REF else (ref.group(1).upper() if ref else "")
        if key in options:
            return options[key]
    if recommending:
        text = recommending[-1].text
        m = lx.RECOMMEND_LEAD.search(fold(text))
        return text[m.end():] if m else text
    return ""


_ACK = re.compile(rf"^(?:{lx.alternation(lambda lang: lang.proposals.ack)})\W*", re.I)


def _own_content(sentence: Sentence) -> str:
    """What an acceptance says beyond "ok"/"yes": used as the decision when it is substantial."""
    rest = cut_prefix(_ACK, cut_prefix(lx.LEAD_FILLER, sentence.text))
    if substantial(rest):
        if lx.OPTION_REF.search(mask(rest)) or lx.ADOPT_AS_PROPOSED.search(fold(rest)):
            return ""
        return rest
    return ""
