"""Sentence structure inside a user turn: where clauses start, which ones join, what is taken back.

A Thai or Chinese sentence holds several statements without spaces between words, so a second
item is only visible by its cue (`clauses`). Some pieces belong to the one before: a qualifier
("Only in the 22:00-02:00 window."), a "like this" that points back, a negative restating a choice
("..., no more floats"). A "never mind" withdraws what came before it in the turn.
"""
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import classify, substantial
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.text import Sentence, fold, split_at

# Clause starts inside a Thai or Chinese sentence: split before these when a space or comma precedes.
_CLAUSE_CUE = re.compile(rf"(?<=[\s，,、])(?={lx.alternation(lambda lang: lang.clauses.clause_cue)})")


def clauses(sentence: Sentence) -> list[Sentence]:
    """The sentence cut before each clause cue and before a last clause that leaves another part for later
    (none: the sentence itself)."""
    # A cut right after a bullet marker ("- ห้าม ...") would leave the marker alone.
    cuts = [m.start() for m in _CLAUSE_CUE.finditer(sentence.probe)
            if sentence.probe[:m.start()].strip(" -*•·")]
    rest = _deferred_rest(sentence.probe)
    if rest is not None:
        # the postponed part is left out: it states nothing yet ("…，等预算下来再决定" decides nothing)
        sentence = split_at(sentence, [rest])[0]
        cuts = [c for c in cuts if c < rest]
    return split_at(sentence, cuts) if cuts else [sentence]


_DEFERRED_REST = re.compile(lx.alternation(lambda lang: lang.clauses.deferred_rest), re.I)
# Where a clause begins: after a comma or semicolon, or a space between two Thai words.
_CLAUSE_BREAK = re.compile(r"[,;，；、]\s*|(?<=[\u0E00-\u0E7F])\s+(?=[\u0E00-\u0E7F])")


def _deferred_rest(probe: str) -> int | None:
    """Where a last clause begins that postpones a part of its own ("…, the rest we'll revisit later",
    "…，花期结束再说", "… ที่เหลือค่อยว่ากันทีหลัง"): what the sentence settles before it is not postponed.

    Trigger: "开花这段时间所有节点改成每 5 分钟采一次，花期结束再说" was dropped whole as a deferral.
    Outcome: the sentence ends before that clause, when it names its own topic before the deferring
    words; a bare "…, we'll see" / "…，不过再说吧" postpones the whole sentence and is not cut off.
    """
    m = _DEFERRED_REST.search(probe)
    if m is None:
        return None
    start = max((b.end() for b in _CLAUSE_BREAK.finditer(probe, 0, m.start())), default=0)
    if start == 0 or not probe[start:m.start()].strip(" ,，"):
        return None
    return start


def merge_continuations(sentences: list[Sentence]) -> list[Sentence]:
    """A sentence that only qualifies a statement before it ("Only on weekdays.") joins it."""
    out: list[Sentence] = []
    for s in sentences:
        if out and lx.CONTINUATION.match(fold(s.text)) and classify(out[-1].probe) is not None:
            prev = out.pop()
            text, probe = prev.text.rstrip(".。"), prev.probe.rstrip(".。")
            joined = Sentence(f"{text}. {s.text}", f"{probe}. {s.probe}")
            out.append(joined)
        else:
            out.append(s)
    return out


def merge_restatements(items: list[Item]) -> list[Item]:
    """Join "use X" and the "don't use Y / no longer use Y" right after it: one statement.

    Trigger: "amounts are integer satang from now on, no more floats", "we'll serve it from a
    view instead of Redis. we no longer use Redis anywhere". Why: the negative half restates the
    choice from the other side; two entries would record one decision twice. Outcome: adjacent
    items of one family merge when the second negates a use and the first names a use or shares
    a term with it.
    """
    out: list[Item] = []
    for item in items:
        prev = out[-1] if out else None
        if (prev is not None and item.first == prev.last + 1 and _group(prev.kind) == _group(item.kind)
                and lx.NEG_USE.search(item.probe)
                and (lx.USE.search(prev.probe) or _shared_terms(prev.probe, item.probe))):
            out[-1] = _joined(prev, item)
        else:
            out.append(item)
    return out


def _joined(prev: Item, item: Item) -> Item:
    """`item` appended to `prev` as one statement of `prev`'s kind, with a separator for its script."""
    sep = "，" if _is_cjk(prev.text[-1:]) else ("; " if prev.text[-1:].isascii() else " ")
    return Item(prev.first, item.last, prev.kind, prev.text.rstrip(" .。;；,，") + sep + item.text,
                prev.probe + sep + item.probe, max(prev.confidence, item.confidence))


def _group(kind: str) -> str:
    return {"Constraint": "Rule", "Architecture": "Decision"}.get(kind, kind)


_TERM = re.compile(r"[A-Za-z][\w-]{2,}(?:\.[\w-]+)*")
_COMMON = frozenset(lx.phrases(lambda lang: lang.clauses.common))


def _shared_terms(a: str, b: str) -> bool:
    """Do two statements name the same thing (a word of three letters or more, not a common one)?"""
    words_a = {w.lower() for w in _TERM.findall(a)} - _COMMON
    return any(w.lower() in words_a for w in _TERM.findall(b) if w.lower() not in _COMMON)


def restates(a: str, b: str) -> bool:
    """Does `a` say again what `b` says: a shared name (a word of three letters or more) or, in
    Thai and Chinese, three shared two-character runs?"""
    if _shared_terms(a, b):
        return True
    fa, fb = fold(a), fold(b)
    pairs = {fa[k:k + 2] for k in range(len(fa) - 1) if ord(fa[k]) > 0x0E00 and ord(fa[k + 1]) > 0x0E00}
    return sum(1 for k in range(len(fb) - 1) if fb[k:k + 2] in pairs) >= 3


def _is_cjk(ch: str) -> bool:
    return bool(ch) and (0x3000 <= ord(ch) <= 0x9FFF or 0xFF00 <= ord(ch) <= 0xFFEF)


def refers_back(sentence: Sentence, i: int, used: set[int], items: list[Item]) -> bool:
    """A short statement whose content is "this/like this": the clause before it, not yet an item."""
    if i == 0 or (i - 1) in used or (items and items[-1].last >= i - 1 and items[-1].first != i - 1):
        return False
    m = lx.REFERS_BACK.search(sentence.probe)
    if m is None:
        return False
    rest = lx.LEAD_FILLER.sub("", sentence.probe[:m.start()])
    return len(rest.split()) <= 4 and sum(1 for ch in rest if ord(ch) > 0x0E00) <= 12


def retracts(sentence: Sentence) -> bool:
    """A sentence that only takes back what was said before it ("never mind", "算了", "ช่างมัน")."""
    m = lx.RETRACT.search(sentence.probe)
    if m is None:
        return False
    # Only when nothing of substance follows: "never mind the flaky test, from now on ..." states a rule.
    rest = sentence.probe[m.end():]
    return not substantial(rest) and len(rest.split()) < 3


_FOLLOW_OPEN = re.compile(rf"^\W*(?:{lx.alternation(lambda lang: lang.clauses.follow_open)})", re.I)
_POINTS_BACK = re.compile(lx.alternation(lambda lang: lang.clauses.points_back), re.I)
_SWITCH = re.compile(lx.alternation(lambda lang: lang.clauses.switch), re.I)


def merge_followups(items: list[Item]) -> list[Item]:
    """A don't right after a decision or rule that completes it is part of it, not a second entry.

    Trigger: "we're switching linting to ruff. don't add any flake8 config", "不要动 dist 目录…，以后也别
    手动改里面的东西". Why: the negative spells out what the choice or rule before it means (it opens
    with also/也/ก็, points back into it, or follows a switch). Outcome: one item, the earlier one's kind.
    """
    out: list[Item] = []
    for item in items:
        prev = out[-1] if out else None
        if (prev is not None and item.first == prev.last + 1 and item.kind == "Constraint"
                and prev.kind in ("Decision", "Architecture", "Rule", "Constraint")
                and (_FOLLOW_OPEN.match(item.probe) or _POINTS_BACK.search(item.probe) or _SWITCH.search(prev.probe))):
            out[-1] = _joined(prev, item)
        else:
            out.append(item)
    return out
