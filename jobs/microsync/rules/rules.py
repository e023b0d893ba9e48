"""The rule-based extractor: offline, deterministic, linear in the size of the session.

Only the four categories of docs/design.md §4: confirmed decisions, new rules/constraints,
architecture changes and explicit "remember this" (plus preferences, kept as Remember, and
how-tos the user asks to keep, as Procedure). A user turn is cleaned (code, quotes and logs out),
split into sentences and clauses (`clauses`), and each piece is classified by cue phrases, then
dropped if it is a question, a hypothetical, hedged, sarcastic, reported or a past decision merely
mentioned (`classify`). A short acceptance ("ok, go with option 2") adopts the assistant's
proposal just before it (`proposals`); fields are filled from the turn (`fields`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from jobs.microsync.engine import Candidate, usable_records
from jobs.microsync.forget_requests import drop_forget_requests
from jobs.microsync.rules import (
    advice,
    complaints,
    conventions,
    facts,
    memo,
    oneoff,
    scope,
    settled,
    structure,
    thchoice,
    topology,
)
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.acts import OPTIONS, RECOMMEND, TASK, Act, SessionActs
from jobs.microsync.rules.answers import asks_fact, fact_answer, may_ask_fact, with_facts_after
from jobs.microsync.rules.classify import (
    CONF_EXPLICIT,
    QUESTION_END,
    classify,
    family,
    hedged,
    is_question,
    kind_of,
    not_own,
    rejected,
    substantial,
)
from jobs.microsync.rules.clauses import (
    clauses,
    merge_continuations,
    merge_followups,
    merge_restatements,
    refers_back,
    restates,
    retracts,
)
from jobs.microsync.rules.corrections import correction, may_correct
from jobs.microsync.rules.cues import Gate
from jobs.microsync.rules.earlier import ADOPT, SCRAP, adoption, reversal
from jobs.microsync.rules.fields import has_substance, make_candidate, only_remember
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.lists import listed_rules
from jobs.microsync.rules.proposals import Offer, acceptance, offer_of, picked
from jobs.microsync.rules.replies import (
    answer,
    approves_only,
    carried_out,
    kept,
    leaves_as_is,
    may_answer,
    may_plan,
    plan_reply,
    thanks_only,
)
from jobs.microsync.rules.stance import NO_ASK_AGAIN, RECURS, dismissed, routine
from jobs.microsync.rules.text import PARTICLE_BREAK, Sentence, fold, mask, split_sentences, strip_non_prose
from jobs.microsync.session_scoped import drop_session_scoped
from memory_store.transcripts.records import Record, Role

_DEMONSTRATIVE = re.compile(rf"^\W*(?:{lx.alternation(lambda lang: lang.text.demonstrative)})", re.I)

# A short reply with a number may pick items of a numbered plan just offered ("go for 2 and 3").
_DIGIT = re.compile(r"\d")
_NUMBERED = re.compile(r"^\s*(?:[-*•]\s*)?[(（]?[1-4][.)、）]", re.M)
CONF_ROUTINE = 0.85   # a recurring request read from its form, without a memory word
_PICK_MAX = 160   # characters: a pick among alternatives is a short reply
# ... whose first clause is a few words at most ("sqlite.", "用 RabbitMQ，...", "เอา Redis ครับ").
_PICK_HEAD = re.compile(rf"^\W*\S+(?:\s+\S+){{0,3}}?\s*(?:[.,;:!，。、；：！]|{PARTICLE_BREAK}|\s*$)")

_TURN_GATE = Gate(lx.REMEMBER, lx.PREFERENCE, lx.CONSTRAINT, lx.RULE, lx.DECISION, lx.ARCH_EXPLICIT,
                  lx.PROCEDURE, lx.CONFIRM, lx.RULE_WEAK, lx.GRANTED, SCRAP, ADOPT,
                  facts.TRAIT, facts.RELATION_WORD, facts.SETUP_DOES, NO_ASK_AGAIN, conventions.GATE,
                  structure.GATE, *topology.GATES, *settled.GATES, *thchoice.GATES, RECURS)


def _may_ask(text: str, low: str) -> bool:
    """Could the turn be a question (which keeps an earlier proposal open)?"""
    return ("?" in text or "？" in text or lx.QUESTION_ANYWHERE.may_match(low)
            or bool(lx.QUESTION_START.match(text.lstrip())))


class RuleExtractor:
    """Cue-phrase extraction in English, Thai and Chinese; see the module docstring."""

    name = "rules"

    def extract(self, records: Sequence[Record]) -> list[Candidate]:
        memo.forget()   # answers remembered within one session only
        try:
            return drop_session_scoped(drop_forget_requests(self._extract(records), records), records)
        finally:
            memo.forget()

    def _extract(self, records: Sequence[Record]) -> list[Candidate]:
        out: list[Candidate] = []
        seen: dict[tuple[str, str], int] = {}
        previous_assistant: Record | None = None
        previous_user: Record | None = None
        # An earlier assistant turn the user is still asking questions about ("what's the difference
        # between 1 and 2?" ... "ok, option 2"): it can still be accepted by an explicit option number.
        open_offer: Record | None = None
        offers: dict[int, Offer] = {}   # assistant turns read as proposals, by record identity
        self._acts = SessionActs()
        turn = 0
        decided: list[Candidate] = []   # the candidates of the latest user turn that gave any
        decided_turn = -9
        for rec in usable_records(records):
            if rec.role == Role.ASSISTANT:
                previous_assistant = rec
                self._acts.said(rec, previous_user)
                continue
            turn += 1
            found, only_questions = self._user_turn(rec, previous_assistant, open_offer, offers, previous_user)
            if (len(found) <= 1 and decided and turn - decided_turn <= 2
                    and may_correct(fold(rec.text).lower())
                    and (fixed := correction(rec, decided, adjacent=turn - decided_turn == 1,
                                             swap_only=bool(found),
                                             own_says_change=any(c.supersedes_hint for c in found))) is not None):
                # "hmm no, ClickHouse", "Wednesdays are fine too": what was just decided, corrected
                found, only_questions = [fixed], False
            if found:
                decided, decided_turn = found, turn
            self._acts.heard(rec)
            previous_user = rec
            open_offer = (open_offer or previous_assistant) if only_questions and not found else None
            for cand in found:
                key = (family(cand.kind), cand.statement)
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

    def _user_turn(self, rec: Record, proposal: Record | None, open_offer: Record | None,
                   offers: dict[int, Offer], asked: Record | None = None) -> tuple[list[Candidate], bool]:
        """The candidates of one user turn, and whether the turn only asked questions."""
        # Most turns state nothing: one literal scan decides that; only an accepting word reads the turn before.
        low = fold(rec.text).lower()
        may_accept = (proposal is not None or open_offer is not None) and lx.ACCEPT.may_match(low)
        # A short reply right after alternatives were offered may pick one without any "ok" ("sqlite.").
        may_pick = proposal is not None and len(rec.text) <= _PICK_MAX and bool(_PICK_HEAD.match(rec.text)
                                                                              or _DIGIT.search(rec.text)
                                                                              and _NUMBERED.search(proposal.text))
        # A reply with a value to the assistant's question ("What's the minimum iOS version?" -> "16.4") may be an
        # answer that states a decision (rules/answers.py): read it.
        may_answer = proposal is not None and _DIGIT.search(rec.text) is not None \
            and _may_ask(proposal.text, fold(proposal.text).lower())
        if not (may_accept or may_pick or may_answer or _TURN_GATE.may_match(low) or _may_ask(rec.text, low)):
            return [], False
        return self._read_turn(rec, proposal, open_offer, offers, asked, may_accept, may_pick)

    def _read_turn(self, rec: Record, proposal: Record | None, open_offer: Record | None,
                   offers: dict[int, Offer], asked: Record | None, may_accept: bool,
                   may_pick: bool) -> tuple[list[Candidate], bool]:
        """`_user_turn` past its gate: the turn read in full (tests/jobs/microsync/rules/test_turn_gate.py
        reads every turn the gate stops this way too, and finds nothing)."""
        prose = strip_non_prose(rec.text)
        probe = mask(prose)
        if not prose.strip() or lx.SARCASM.search(probe):
            return [], False
        procedure = _procedure(rec, prose, probe)
        if procedure is not None:
            return [procedure], False
        sentences = merge_continuations([piece for s in split_sentences(prose, probe) for piece in clauses(s)])
        out: list[Candidate] = []
        used: set[int] = set()
        accepted = None
        # The dialogue act of the assistant turn before (`acts`) is read only when the reply could be
        # read against it: each use below first asks what the reply itself must hold.
        acts = self._acts

        def act_() -> Act | None:
            return acts.of(proposal) if proposal is not None else None

        if proposal is not None and may_plan(prose):
            act = act_()
            if act is not None and act.kind == OPTIONS and act.options:
                # "do 1 and 3. 2 no": the whole reply reads the plan, item by item.
                plan = plan_reply(rec, prose, act)
                if plan is not None:
                    return [plan[0]], False
        # "Which region is prod?" -> "ap-southeast-1": a fact about the setup, not a choice (`answers`).
        fact = (fact_answer(sentences) if proposal is not None and may_ask_fact(strip_non_prose(proposal.text))
                else None)
        if fact is not None:
            act = act_()
            if act is None or not asks_fact(act.asked or act.text[-120:]):
                fact = None
        if fact is not None:
            used.add(0)
        # "我想要 SEO。你觉得 Nuxt 还是 Next？", "options?": the turn hands a choice to the agent (`advice`)
        handed = advice.handed_over_at(sentences)
        # "ok scrap sqlite. plain json files", "就照她說的，...": turns back to what was said before.
        reading = reversal(rec, sentences, self._acts.recent) or adoption(rec, sentences, self._acts.recent)
        if reading is not None:
            accepted = (reading[0], reading[1][0])
            used.update(reading[1])
        if accepted is None and (may_accept or may_pick) and proposal is not None:
            # "ok fine, kafka" after "kafka or nats?": the named alternative, whatever was recommended.
            accepted = picked(rec, sentences, proposal, asked)
        if may_accept and proposal is not None and accepted is None:
            offer = offer_of(proposal, offers)
            if (not offer.is_proposal and any(lx.ACCEPT.search(s.probe) for s in sentences)
                    and (act := act_()) is not None and act.kind == RECOMMEND):
                # No recommending words, but the turn answers a design question ("你覺得多少合理？"
                # "以你目前的支出，5% 比較合理"): accepting it decides. (Only a turn with an accepting
                # word can accept: the act is read for no other.)
                offer = replace(offer, is_proposal=True)
            accepted = acceptance(rec, sentences, offer)
        if may_accept and accepted is None and open_offer is not None and open_offer is not proposal:
            accepted = acceptance(rec, sentences, offer_of(open_offer, offers), explicit_only=True)
        if accepted is None and proposal is not None and fact is None and handed < 0 and may_answer(sentences) \
                and (act := act_()) is not None:
            # What the reply answers decides what it states: "16." to a design question, "keep it"
            # to an offer to change something, "go ahead" to a task carrying out an earlier design.
            reading = kept(rec, sentences, act)
            if reading is None:
                before = proposal
                reading = (carried_out(rec, sentences, act, lambda: acts.designs(before) if before else [])
                           or answer(rec, sentences, act))
            if reading is not None:
                accepted = (reading[0], reading[1][0])
                used.update(reading[1])
        if (accepted and accepted[0].kind == "Decision" and (act := act_())
                and oneoff.agent_step(act.asked or act.text[-160:])):
            accepted = None   # "should I fix A or B first?" -> "A": a step of the task, not a design
        if accepted is not None and thanks_only(sentences):
            accepted = None   # "ok thanks" to what the agent explained and will do: an acknowledgment
        if accepted is not None and leaves_as_is(sentences) and not ((act := act_()) and act.status_quo):
            # "I'd leave it." -> "leave it then": nothing changes, and the reply names nothing (but "leave it"
            # to an offer to change what was just done keeps that, `kept`)
            accepted = None
        if accepted is not None:
            out.append(accepted[0])
            used.add(accepted[1])
        # A turn that pastes a quote, code or log and comments on it ("this is from the old wiki, not used
        # any more"): the comment is about the pasted text; sentences opening with a demonstrative are skipped.
        pasted = prose.strip() != rec.text.strip()
        items = _stated(sentences, used, pasted, [fact] if fact else listed_rules(sentences, used))
        items = advice.without_premises(items, sentences, handed)
        if fact is not None:
            items = with_facts_after(fact, items)
        if (proposal is not None and any(it.kind == "Decision" and approves_only(it.probe) for it in items)
                and (act := act_()) is not None and act.kind == TASK):
            # "ได้ pin ไปเลย" to "pin it to v2.8.1?": approving a step, not deciding.
            items = [it for it in items if not (it.kind == "Decision" and approves_only(it.probe))]
        # "... wait, gofmt does that anyway. never mind": what came before is taken back.
        withdrawn = max((i for i, s in enumerate(sentences) if retracts(s)), default=-1)
        if withdrawn >= 0:
            items = [it for it in items if it.first > withdrawn]
            if accepted is not None and accepted[1] < withdrawn:
                out.remove(accepted[0])
                accepted = None
        items.sort(key=lambda it: it.first)
        first_line = {}
        if accepted is not None:
            # "ok 同意。以后所有 A/B test 都要先做 power analysis": the user accepts and says it again in
            # their own words. One item: the user's statement, spanning the proposal it accepts.
            own = next((it for it in items if it.first > accepted[1] and restates(it.probe, accepted[0].conclusion)),
                       None)
            if own is not None:
                out.remove(accepted[0])
                first_line[own.first] = accepted[0].first_line
        merged = merge_followups(merge_restatements(items))
        for item in merged:
            made = make_candidate(rec, item.kind, item.text, sentences[item.last + 1:], item.confidence,
                                  first_line=first_line.get(item.first, rec.line))
            if not has_substance(made.conclusion) or (item.kind == "Remember" and only_remember(made.conclusion)):
                # A memory verb that points back ("…ใช้ Kerry เท่านั้น จำไว้เลยนะ", "remember it"): what
                # is kept is the clause before it, unless that clause is an item already.
                clause = item.first - 1
                if clause < 0 or any(it.first <= clause <= it.last for it in merged):
                    continue
                made = make_candidate(rec, item.kind, sentences[clause].text, sentences[item.last + 1:],
                                      item.confidence, first_line=first_line.get(item.first, rec.line))
                if not has_substance(made.conclusion) or (item.kind == "Remember" and only_remember(made.conclusion)):
                    continue
            out.append(made)
        if (out or proposal is not None) and NO_ASK_AGAIN.search(probe):
            # "aisle, always aisle. don't ask me again": the turn's choice is a standing preference, one item.
            out = [make_candidate(rec, "Remember", " ".join(prose.split()), [], CONF_EXPLICIT,
                                  first_line=min([c.first_line for c in out] + [rec.line]), keep_why=False)]
        only_questions = not out and bool(sentences) and all(is_question(s.probe) for s in sentences)
        return out, only_questions


def _stated(sentences: list[Sentence], used: set[int], pasted: bool, items: list[Item]) -> list[Item]:
    """`items` (a rule list's, if any) and those the turn's sentences state by their own cues or
    confirm ("X. That's the call"), or state as a standing fact (`facts`)."""
    fact_at: set[int] = set()
    for i, sentence in enumerate(sentences):
        if i in used:
            continue
        hit = classify(sentence.probe)
        if hit is None:
            confirmed = _confirmed(sentences, i, used, items)
            fact = None if confirmed is not None or pasted else facts.standing_fact(sentence.probe)
            if confirmed is not None:
                items.append(confirmed)
            elif not pasted and conventions.AFFIRMS.search(sentence.probe):
                # "... no zap, no logrus. This is the rule for all Go code": a standing rule.
                conventions.affirm(sentences, i, used, items)
            elif not pasted and (shape := thchoice.shape(sentence.probe)) and not not_own(sentence.probe, shape[0]):
                # "auth moves to Clerk", "a cache in front of the API", "we're on Postgres 16 now" (`settled`).
                items.append(Item(i, i, shape[0], sentence.text, sentence.probe, shape[1]))
            elif not pasted and conventions.convention(sentence.probe) and not dismissed(sentence.probe, "Rule"):
                # "use pnpm, not npm or yarn", "we use slog, no zap": a project rule without a rule word.
                items.append(Item(i, i, "Rule", sentence.text, sentence.probe, conventions.CONF_CONVENTION))
            elif not pasted and routine(sentence.probe) and not not_own(sentence.probe, "Remember"):
                # "send me the sales summary every Monday", "每天早上把预约表发到我微信": a standing errand.
                items.append(Item(i, i, "Remember", sentence.text, sentence.probe, CONF_ROUTINE))
            elif fact is not None and not dismissed(sentence.probe, "Remember"):
                # "I'm allergic to peanuts", "invoices go out on the 25th": kept without "remember".
                items.append(Item(i, i, "Remember", sentence.text, sentence.probe, fact))
                fact_at.add(i)
            continue
        if rejected(sentence.probe, hit.pos) or dismissed(sentence.probe, hit.kind):
            continue
        if pasted and _DEMONSTRATIVE.match(fold(sentence.text)):
            continue
        if hit.kind == "Constraint" and lx.TEMPORARY.search(sentence.probe):
            continue   # "don't touch the code for now": an instruction for this task only
        if refers_back(sentence, i, used, items):
            # "ใช้ pytest fixture แทน setUp, ต่อไปให้เขียนแบบนี้": one rule, said in two clauses.
            before = sentences[i - 1]
            if items and items[-1].last == i - 1:
                items.pop()   # the clause before was an item already: one item, the later kind
            items.append(Item(i - 1, i, hit.kind, f"{before.text} {sentence.text}",
                              f"{before.probe} {sentence.probe}", hit.confidence))
            continue
        p = sentence.probe
        if hit.kind in ("Rule", "Constraint") and complaints.about_rule(p):
            continue   # "กฎห้าม deploy วันศุกร์บ่ายนี่น่ารำคาญจริงๆ": a complaint about a rule in force
        kind = scope.reread(complaints.reread(hit.kind, p, hit.pos, sentence.text), p, i, items)  # "she's always late"
        if kind is None:
            continue
        after_change = bool(items) and items[-1].last == i - 1 and items[-1].confidence == structure.CONF_STRUCTURE
        if kind in ("Rule", "Constraint") and (0 <= structure.structure_at(p) < hit.pos or after_change):
            # "我们打算把搜索拆出来…，以后直接调 search-api": the rule words describe the change.
            if after_change:
                prev = items.pop()
                items.append(Item(prev.first, i, prev.kind, f"{prev.text} {sentence.text}", f"{prev.probe} {p}",
                                  prev.confidence))
                continue
            kind = "Architecture"
        if kind in ("Rule", "Constraint") and (facts.personal_trait(p) or facts.about_replies(p)
                                               or facts.standing_fact(p) is not None):
            kind = "Remember"   # "ผมไม่กินเนื้อวัว ห้ามสั่ง...", "回答都用繁体": about the user, not the project
        items.append(Item(i, i, kind, sentence.text, sentence.probe, hit.confidence))
    return settled.into_rules(facts.join_consequences(sorted(items, key=lambda it: it.first), fact_at))


def _confirmed(sentences: list[Sentence], i: int, used: set[int], items: list[Item]) -> Item | None:
    """ "X. That's the call": a confirming sentence makes the sentence before it a decision."""
    if i == 0 or (i - 1) in used or (items and items[-1].last == i - 1):
        return None
    if not lx.CONFIRM.match(sentences[i].probe):
        return None
    before = sentences[i - 1]
    p = before.probe
    if hedged(p) or lx.PAST_MENTION.search(p) or lx.REPORTED.search(p) or not substantial(before.text):
        return None
    return Item(i - 1, i, kind_of(before.text), before.text, p, CONF_EXPLICIT)


def _procedure(rec: Record, prose: str, probe: str) -> Candidate | None:
    """A how-to the user wants kept: a procedure cue and at least one sequencing step."""
    m = lx.PROCEDURE.search(probe)
    if m is None or not lx.STEP.search(probe[m.end():]):
        return None
    cue_sentence = next((s for s in split_sentences(prose, probe) if lx.PROCEDURE.search(s.probe)), None)
    # Only a question mark makes it a question: "How to deploy X, for the record: ..." opens like one.
    if cue_sentence is None or QUESTION_END.search(cue_sentence.probe):
        return None
    if lx.HYPOTHETICAL.search(probe[:m.start()]):
        return None
    body = " ".join(prose[m.start():].split())
    return make_candidate(rec, "Procedure", body, [], CONF_EXPLICIT, first_line=rec.line, keep_why=False)

