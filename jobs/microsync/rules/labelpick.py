"""A bare option label or ordinal picking one of the options the assistant just offered.

"B", "2", "option 2 please", "the second one", "ตัวที่สอง", "ข้อ 2 ครับ", "第二种吧", "用 2。": after a turn
that offered lettered or numbered options (`acts.OPTIONS`), a reply made of a label and nothing
else names the option it labels; the decision's content is the option's text. A label followed by
the user's restatement of that option ("A. keep our users table, …") is one pick: the restating
sentence is used by it. A lowercase letter counts only as the whole reply ("b"), never inside
words ("take a look"). A reply naming two labels is `replies.plan_reply`'s, not this one's.
"""
from __future__ import annotations

import re

from jobs.microsync.engine import Candidate
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.acts import OPTIONS, Act
from jobs.microsync.rules.choices import ordinal_refs
from jobs.microsync.rules.classify import CONF_ACCEPTED, is_question, kind_of
from jobs.microsync.rules.fields import make_candidate
from jobs.microsync.rules.text import Sentence, fold
from memory_store.transcripts.records import Record

# Words of picking around the label: "ok", "let's go with", "เอา", "ใช้", "就", "选", "用"; polite
# particles and 吧 after it.
_LEAD = rf"(?:(?:{lx.alternation(lambda lang: lang.labels.lead)})\W*)*"
_LABEL = (rf"(?:{lx.alternation(lambda lang: lang.labels.label)})?"
          rf"([1-9]|[A-Da-d])(?:\s*(?:{lx.alternation(lambda lang: lang.labels.counter)}))?")
_TAIL = rf"(?:\s*(?:{lx.alternation(lambda lang: lang.labels.tail)}))*"
_BARE = re.compile(rf"^\W*{_LEAD}{_LABEL}{_TAIL}\W*$", re.I)
_WORD = re.compile(r"[a-z0-9_]{3,}|[\u0E00-\u0E7F]{2,}|[\u4e00-\u9fff]{2}", re.I)


def label_of(text: str) -> str:
    """The option label a bare reply names ("2", "B"), or ""."""
    probe = ordinal_refs(fold(text).strip())
    m = _BARE.match(probe)
    if m is None:
        return ""
    label = m.group(1)
    if label.islower() and probe.strip(" .。!！").lower() != label:
        return ""   # "take a look", "do a": an article, not a label
    return label.upper()


def label_pick(rec: Record, sentences: list[Sentence], act: Act) -> tuple[Candidate, list[int]] | None:
    """A decision for the option a bare label in the reply's first sentence names."""
    if act.kind != OPTIONS or len(act.options) < 2 or not sentences or len(sentences) > 3:
        return None
    if any(lx.TRANSACTION.search(fold(o).lower()) for o in act.options.values()):
        return None   # a flight, a table, a price per option: buying one thing, not deciding
    first = sentences[0]
    if is_question(first.probe):
        return None
    label = label_of(first.text)
    content = act.options.get(label, "") if label else ""
    if not content:
        return None
    used = [0]
    # "A. keep our users table, sync from the webhooks": the user says the option again.
    if len(sentences) > 1 and _restates(sentences[1].text, content):
        used.append(1)
    cand = make_candidate(rec, kind_of(content), content.rstrip(" ;.。；"), sentences[used[-1] + 1:], CONF_ACCEPTED,
                          first_line=act.record.line, excerpt=" ".join(sentences[i].text for i in used),
                          keep_why=False)
    return cand, used


def _restates(text: str, option: str) -> bool:
    said = {w.lower() for w in _WORD.findall(fold(text))}
    offered = {w.lower() for w in _WORD.findall(fold(option))}
    return len(said & offered) >= 2
