"""The extractor reads the dialogue act of the assistant turn before a reply (`acts.act_of`) only when
the reply could be read against it, and routes a forget turn's sentences only when the route gate
lets them through. Each shortcut is a test on the reply alone that is False only when the reading it
guards returns nothing whatever the act (jobs/microsync/rules/rules.py `_user_turn`). Differential:
every user turn the repository holds, with the real act before it and with acts of every kind from
the corpora, and generated replies from the readers' own words; the gated forget cues equal the
ungated ones on every turn."""
from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from jobs.microsync.forget_requests import forget_cues
from jobs.microsync.route_gate import route_gate
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules import memo
from jobs.microsync.rules.acts import OPTIONS, QUESTION, RECOMMEND, STATEMENT, TASK, Act, act_of
from jobs.microsync.rules.answers import asks_fact, may_ask_fact
from jobs.microsync.rules.proposals import Offer, acceptance
from jobs.microsync.rules.replies import answer, carried_out, kept, may_answer, may_plan, plan_reply
from jobs.microsync.rules.text import mask, split_sentences, strip_non_prose
from jobs.microsync.user_turns import sentences
from memory_store.core.router import route
from memory_store.transcripts.records import Record, Role
from tests.jobs.microsync.test_route_gate import _turns

_T = datetime(2026, 1, 1, tzinfo=UTC)


def _rec(text: str, role: Role, line: int) -> Record:
    return Record("claude-code", "s", "/t.jsonl", line, line, _T, role, text)


# Acts of every kind, each with what its readers look at: options, alternatives, a status quo.
_MADE = [
    ("1. Redis for the cache\n2. Memcached\n3. no cache\nWhich do you prefer?", None),
    ("A) keep the users table\nB) move users to Clerk\nWhich one?", None),
    ("I can add pg_trgm to Postgres, or bundle a search service. Which would you like?", None),
    ("What's the minimum iOS version we should support?", None),
    ("Which region is prod in?", None),
    ("I switched the volume to a named volume. Want me to switch to a bind mount instead?", None),
    ("Want me to go ahead with pg_trgm-v2 on the existing Postgres?", None),
    ("I'd suggest Postgres 16 for the store.", None),
    ("Sure, use the token bucket.", "what do you suggest for the rate limiter?"),
    ("用哪个队列？RabbitMQ 还是 Kafka？", None),
    ("ใช้ค่าเท่าไหร่ดีครับ", None),
    ("I ran the tests; two fail in the parser.", None),
]


def _acts(before: list[str]) -> list[Act]:
    acts = []
    for i, (text, asked) in enumerate(_MADE):
        acts.append(act_of(_rec(text, Role.ASSISTANT, 10 + i), _rec(asked, Role.USER, 1) if asked else None))
    step = max(1, len(before) // 60)
    acts += [act_of(_rec(text, Role.ASSISTANT, 10)) for text in before[::step]]
    kinds = {a.kind for a in acts}
    assert kinds >= {OPTIONS, QUESTION, RECOMMEND, TASK, STATEMENT}, kinds
    assert any(a.kind == TASK and a.status_quo for a in acts) and any(a.kind == OPTIONS and a.options for a in acts)
    return acts


def _check(reply: str, acts: list[Act]) -> tuple[bool, bool]:
    """Assert that each shortcut that says "nothing" for `reply` loses nothing; whether the plan and
    answer shortcuts let it through."""
    rec = _rec(reply, Role.USER, 40)
    prose = strip_non_prose(reply)
    probe = mask(prose)
    sentences = split_sentences(prose, probe)
    plan, ans = may_plan(prose), may_answer(sentences)
    for act in acts:
        if not plan:
            assert plan_reply(rec, prose, act) is None, (reply, act.text)
        if not ans:
            assert kept(rec, sentences, act) is None, (reply, act.text)
            assert carried_out(rec, sentences, act, lambda: acts) is None, (reply, act.text)
            assert answer(rec, sentences, act) is None, (reply, act.text)
    if not any(lx.ACCEPT.search(s.probe) for s in sentences):
        for act in acts[:len(_MADE)]:
            offer = Offer(act.record, act.text, act.options, True)
            assert acceptance(rec, sentences, offer) is None, (reply, act.text)
    return plan, ans


def test_every_corpus_reply_read_without_its_act_loses_nothing() -> None:
    turns = list(_turns())
    before = [b for _, b in turns if b]
    memo.forget()
    acts = _acts(before)
    through = [_check(turn, [act_of(_rec(b, Role.ASSISTANT, 10)), *acts] if b else acts) for turn, b in turns]
    memo.forget()
    # not vacuous: the shortcuts stop some replies and let others through
    assert len(turns) >= 1000
    assert 0 < sum(p for p, _ in through) < len(turns) and 50 < sum(a for _, a in through) < len(turns) - 50


def test_a_turn_without_fact_words_asks_no_fact() -> None:
    texts = [t for turn, b in _turns() for t in (turn, b) if t] + [text for text, _ in _MADE]
    asking = 0
    for text in texts:
        prose = strip_non_prose(text)
        pieces = [s.text for s in split_sentences(prose)] + [prose[-120:]]
        if not may_ask_fact(prose):
            assert not any(asks_fact(p) for p in pieces), text
        asking += any(asks_fact(p) for p in pieces)
    assert asking >= 3   # not vacuous


_WORDS = sorted({w for p in (lx.ACCEPT.pattern, lx.REJECT.pattern, lx.TASK_OFFER.pattern)
                 for w in "".join(c if c.isalpha() or c == " " else " " for c in p).split() if len(w) >= 2})[:400]
_FILLER = ["1", "2", "3", "a", "B", "keep", "it", "go", "ahead", "option", "the", "second", "one", "Redis", "v2",
           "pg_trgm-v2", "16", ".", ",", "?", "and", "no", "yes", "ok", "ครับ", "第二种", "吧", "用", "ข้อ", "不要"]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_WORDS + _FILLER), min_size=1, max_size=9), st.sampled_from([" ", "", ". "]))
def test_generated_replies_read_without_their_act_lose_nothing(words: list[str], sep: str) -> None:
    memo.forget()
    _check(sep.join(words), _GENERATED_ACTS)


_GENERATED_ACTS = [act_of(_rec(text, Role.ASSISTANT, 10 + i), _rec(asked, Role.USER, 1) if asked else None)
                   for i, (text, asked) in enumerate(_MADE)]


def _ungated_forget_cues(text: str) -> list[str]:
    pieces = [text] + [p for p in sentences(text) if p != text.strip()]
    out: list[str] = []
    for piece in pieces:
        got = route(piece)
        if got is not None and got.label == "forget" and got.cue not in out:
            out.append(got.cue)
    return out


def test_forget_cues_with_the_gate_per_sentence_are_the_same() -> None:
    found = 0
    for turn, _ in _turns():
        cues = forget_cues(turn)
        # the whole turn passed the gate before as now; each sentence is now gated too
        assert cues == (_ungated_forget_cues(turn) if route_gate().may_route(turn) else []), turn
        found += bool(cues)
    assert found >= 10   # not vacuous
