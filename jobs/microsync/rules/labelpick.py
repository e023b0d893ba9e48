"""A bare option label or ordinal picking one of the options the assistant just offered.

"B", "2", "option 2 please", "the second one", "ตัวที่สอง", "ข้อ 2 ครับ", "第二种吧", "用 2。": after a turn
that offered lettered or numbered options (`acts.OPTIONS`), a reply made of a label and nothing
else names the option it labels; the decision's content is the option's text. A label followed by
the user's restatement of that option ("A. keep our users table, …") is one pick: the restating
sentence is used by it. A lowercase letter counts only as the whole reply ("b"), never inside
words ("take a look"). A reply naming two labels is `replies.plan_reply`'s, not this one's.

A pick with the user's details ("先做 2，在 Redis 快取餘額，TTL 設 60 秒", "b. hotfix-* tags can go out
Friday after 15:00 as long as Ploy approves. Weekends still no.", "เอาข้อ 1 ครับ แต่ตั้ง timeout 30 วิ"):
the label opens the reply and the user goes on; the decision is the option's text and the user's
own words after the label, which carry what was settled beyond the option. A label followed by a
word of declining or deferring ("2, but not now", "ข้อ 2 ไว้ก่อน", "2 先不做") picks nothing.
"""
from __future__ import annotations

import re

from jobs.microsync.engine import Candidate
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.acts import OPTIONS, Act
from jobs.microsync.rules.choices import ordinal_refs
from jobs.microsync.rules.classify import CONF_ACCEPTED, hedged, is_question, kind_of
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
# The label opening a longer reply: a clause break after it, then the user's details. A lowercase
# letter needs a full stop, a bracket or a colon after it ("b. …", "a) …"), never a comma ("a, b").
_HEAD = re.compile(rf"^\W*{_LEAD}{_LABEL}{_TAIL}\s*(?:[.,;:)，。；：、）]|\s(?=[\u0E00-\u0E7F]))\s*(?=\S)", re.I)
# Declining or putting off the option just labelled ("2, but not now", "ข้อ 2 ไว้ก่อน", "2 先不做").
_DECLINE = re.compile(rf"^\W*(?:(?:{lx.alternation(lambda lang: lang.labels.but)})\s*)?"
                      rf"(?:{lx.alternation(lambda lang: lang.reply_words.no)})", re.I)
# A second label joined to the first ("1 และข้อ 4", "1 and 3"): a plan read item by item (`replies.plan_reply`).
_JOINED = re.compile(rf"^\W*(?:{lx.alternation(lambda lang: lang.reply_words.join)})\s*{_LABEL}", re.I)
_NUMBER = re.compile(r"(?<![A-Za-z_-])\d")   # a number, not a digit inside a name ("S3", "v2")
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


def label_head(text: str) -> tuple[str, str]:
    """The option label opening a longer reply and the user's words after it ("先做 2，在 Redis …" ->
    ("2", "在 Redis …")), or ("", "")."""
    probe = ordinal_refs(fold(text).strip())
    m = _HEAD.match(probe)
    if m is None:
        return "", ""
    label = m.group(1)
    if label.islower() and not re.match(r"\s*[.):）：]", probe[m.end(1):]):
        return "", ""   # "a, b and c", "do a quick check": an article or a list, not a label
    # the rest in the user's own spelling: `probe` is the folded text, of the same length
    rest = text.strip()[m.end():].strip() if len(probe) == len(text.strip()) else probe[m.end():].strip()
    if not rest or _DECLINE.match(rest) or _JOINED.match(rest):
        return "", ""
    return label.upper(), rest


def label_pick(rec: Record, sentences: list[Sentence], act: Act) -> tuple[Candidate, list[int]] | None:
    """A decision for the option a label opening the reply names: bare, or with the user's details."""
    if act.kind != OPTIONS or len(act.options) < 2 or not sentences or len(sentences) > 3:
        return None
    if sum(1 for o in act.options.values() if lx.TRANSACTION.search(fold(o).lower())) >= 2:
        return None   # a flight, a table, a price per option: buying one thing, not deciding
    first = sentences[0]
    if is_question(first.probe):
        return None
    label = label_of(first.text)
    details: list[str] = []
    if not label:
        label, rest = label_head(first.text)
        details = [rest] if rest else []
    content = act.options.get(label, "") if label else ""
    if not content:
        return None
    used = [0]
    # "A. keep our users table, sync from the webhooks": the user says the option again; "b. hotfix-*
    # tags can go out Friday after 15:00 as long as Ploy approves", "ข้อ 2 ครับ เก็บไว้ 14 วันพอ": the
    # user's own words after the label carry what was settled beyond the option.
    if not details and len(sentences) > 1 and (_restates(sentences[1].text, content) or _detail(sentences[1])):
        used.append(1)
        if _detail(sentences[1]) or _adds(sentences[1].text, content):
            details.append(sentences[1].text)
    text = content.rstrip(" ;.。；")
    if details:
        text = f"{text} — {' '.join(d.strip(' .。') for d in details)}"
    cand = make_candidate(rec, kind_of(content), text, sentences[used[-1] + 1:], CONF_ACCEPTED,
                          first_line=act.record.line, excerpt=" ".join(sentences[i].text for i in used),
                          keep_why=False)
    return cand, used


def _detail(sentence: Sentence) -> bool:
    """A sentence after a bare label that sets a value of the pick ("เก็บไว้ 14 วันพอ", "TTL 60s"):
    a number in it, no question or hedge."""
    return bool(_NUMBER.search(sentence.text)) and not is_question(sentence.probe) and not hedged(sentence.probe)


def _adds(text: str, option: str) -> bool:
    """Does the user's sentence say more than the option (two words of its own at least)?"""
    offered = {w.lower() for w in _WORD.findall(fold(option))}
    return len({w.lower() for w in _WORD.findall(fold(text))} - offered) >= 2


def _restates(text: str, option: str) -> bool:
    said = {w.lower() for w in _WORD.findall(fold(text))}
    offered = {w.lower() for w in _WORD.findall(fold(option))}
    return len(said & offered) >= 2
