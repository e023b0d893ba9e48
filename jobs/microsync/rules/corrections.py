"""A user's correction, a turn or two later in the same session, of what they had just decided.

- A swap says no and names another thing: "hmm no, ClickHouse. Postgres will choke on that",
  "不对，还是用 OSS 吧，MinIO 运维太麻烦", "ไม่ใช่ ใช้ Bitrise ดีกว่า". The decision is said again with the
  new name in place of the old one, in the words of the language's template ("ClickHouse instead of
  Postgres"), so the entry reads whole and the supersede detector sees the change. The old name is
  the one the correction also names, else the one name the decision holds past its first word; a
  reply with no new name ("no, that's fine", "no, Postgres is right") changes nothing.
- A relaxation permits what a rule forbade: "actually Wednesdays are fine too", "紧急修复可以上线，
  但要两个人审核", "ถ้าแก้แค่ typo merge เลยก็ได้". The rule is said again with the permission after
  it. A permission that adds to the rule ("… are fine too", 也可以) counts right after the rule; any
  other ("can also", 可以, ยกเว้น) only when it shares a word with the rule, so "you can also run the
  linter first" after "no force pushes" loosens nothing. A condition is part of a permission
  ("if it is only a typo, merge directly"), so a hypothetical does not stop one.

Before, both were lost: neither reply holds a decision cue of its own, so the session kept only the
choice it had reversed; or, where the reply stated the new choice in its own words ("ไม่ใช่ ใช้
Bitrise ดีกว่า"), nothing said it replaced the old one. The extractor (`rules.py`) asks here when
the session's last candidates came from one of the two user turns before: for a turn that gave no
candidate, and for one that gave a single one (then a swap replaces it).
"""
from __future__ import annotations

import re
from dataclasses import replace

from jobs.microsync.engine import FIELD_MAX, Candidate, normalise_statement
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import is_question
from jobs.microsync.rules.fields import EXCERPT_MAX, TITLE_MAX, shorten
from jobs.microsync.rules.lexicon.model import Lexicon
from jobs.microsync.rules.text import Sentence, split_sentences, strip_non_prose
from memory_store.transcripts.records import Record

SWAP = lx.cue(lambda lang: lang.corrections.swap_open)
PERMIT = lx.cue(lambda lang: lang.corrections.permit)
# the words right before a swap's new choice, ending where it starts
_PICK_BEFORE = re.compile(rf"(?:{lx.alternation(lambda lang: lang.corrections.swap_pick)})\W{{0,3}}$", re.I)
ALSO = lx.cue(lambda lang: lang.corrections.also)
_COMMON = frozenset(lx.phrases(lambda lang: lang.corrections.common))
_SCRIPTS = tuple((re.compile("|".join(lang.corrections.script)), lang)
                 for lang in lx.LEXICONS if lang.corrections.script)
_ENGLISH = next(lang for lang in lx.LEXICONS if not lang.corrections.script)

_LATIN = re.compile(r"[A-Za-z][\w.+#-]*[\w+#]|[A-Za-z]")
_TOKEN = re.compile(r"[A-Za-z][\w.+#'-]*[\w+#]|[A-Za-z]|\d[\w.]*")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]{2,}")
_THAI = re.compile(r"[\u0e01-\u0e5b]{3,}")


def may_correct(low: str) -> bool:
    """The cheap check before `correction`: the folded turn holds a cue of either kind."""
    return SWAP.may_match(low) or PERMIT.may_match(low) or ALSO.may_match(low)


def correction(rec: Record, decided: list[Candidate], adjacent: bool, swap_only: bool = False,
               own_says_change: bool = False) -> Candidate | None:
    """The candidate `rec` makes by correcting one of `decided` (the candidates of the latest user
    turn that gave any; `adjacent`: that turn is the one right before), or None. `swap_only`: for
    a turn that stated something of its own, only a swap, and none when that reading already says
    it replaces something (`own_says_change`: "เลิกใช้ Redis ไปใช้ signed cookie แทน" stays as said)."""
    prose = strip_non_prose(rec.text).strip()
    sentences = split_sentences(prose)
    if not sentences or any(is_question(s.probe) for s in sentences[:2]):
        return None
    if (m := SWAP.search(sentences[0].probe)) is not None:
        if swap_only and own_says_change:
            return None
        # the names come after the opening ("No, from now on …" names nothing); the first sentence
        # starts the turn and its probe keeps the text's offsets (folding is character for character)
        return _swap(rec, prose, prose[m.end():], decided)
    rules = [] if swap_only else [c for c in decided if c.kind in ("Rule", "Constraint")]
    if rules:
        return _relaxed(rec, sentences, rules[-1], adjacent)
    return None


def _lang(text: str) -> Lexicon:
    return next((lang for rx, lang in _SCRIPTS if rx.search(text)), _ENGLISH)


def _names(text: str, foreign: bool) -> list[str]:
    """The things `text` names, in order (`_names_at` without the offsets)."""
    return [name for _at, name in _names_at(text, foreign)]


def _names_at(text: str, foreign: bool) -> list[tuple[int, str]]:
    """The things `text` names with where each starts: runs of Latin words with a capital or a
    digit ("React Navigation 7", "Expo Router"; in Thai or Chinese prose any Latin word), a number
    only after a word; not words too common to name anything."""
    out: list[tuple[int, str]] = []
    run: list[str] = []
    start = end = -1
    for m in _TOKEN.finditer(text):
        w = m.group(0)
        named = (w[0].isalpha() and len(w) >= 2 and "'" not in w and w.lower() not in _COMMON
                 and (foreign or any(ch.isupper() or ch.isdigit() for ch in w)))
        joins = bool(run) and text[end:m.start()] == " "
        if named or (joins and w[0].isdigit()):
            if not joins and run:
                out.append((start, " ".join(run)))
                run = []
            if not run:
                start = m.start()
            run.append(w)
            end = m.end()
            continue
        if run:
            out.append((start, " ".join(run)))
            run = []
    if run:
        out.append((start, " ".join(run)))
    return out


def _has(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text, re.I) is not None


def _swap(rec: Record, prose: str, rest: str, decided: list[Candidate]) -> Candidate | None:
    lang = _lang(prose)
    foreign = lang is not _ENGLISH
    # the new choice comes first after the "no" ("no, ClickHouse"), or after a word that picks it
    # ("we stay on React Navigation 7", 还是用 OSS): a name later in the turn is talk about it
    # ("Hmm, no. That loses his voice. Put it back": "Put" is no choice)
    lead = len(rest) - len(rest.lstrip(" \t,.;:!-—，。；：！、"))
    said = [name for at, name in _names_at(rest, foreign)
            if at == lead or _PICK_BEFORE.search(rest[:at])]
    for old_c in reversed(decided):
        new = next((n for n in said if not _has(old_c.conclusion, n)), None)
        if new is None:
            continue
        held = [n for n in _names(old_c.conclusion, foreign or _lang(old_c.conclusion) is not _ENGLISH)]
        named = [n for n in held if _has(prose, n)]
        # the name the correction also names; else the one name of the decision past its first word
        past_first = [n for n in held if not old_c.conclusion.lstrip().startswith(n)]
        old = named[0] if named else (past_first[0] if len(past_first) == 1 else None)
        if old is None:
            continue
        template = _lang(old_c.conclusion).corrections.instead[0]
        fixed = _said_again(rec, old_c, _replace_name(old_c.conclusion, old, template.format(new=new, old=old)),
                            prose)
        reason = split_sentences(prose)[1:]
        # "hmm no, ClickHouse. Postgres will choke on that": what follows the new name is the reason
        return replace(fixed, why=shorten(" ".join(x.text.strip() for x in reason), FIELD_MAX)) if reason else fixed
    return None


def _replace_name(text: str, old: str, by: str) -> str:
    return re.sub(rf"(?<![\w.-]){re.escape(old)}(?![\w-])", lambda _m: by, text, count=1, flags=re.I)


def _words(text: str) -> set[str]:
    """What ties a permission to a rule: Latin words of four letters or more, Chinese pairs, Thai runs."""
    low = text.lower()
    out = {w for w in _LATIN.findall(low) if len(w) >= 4 and w not in _COMMON}
    for run in _HAN.findall(text):
        out |= {run[i:i + 2] for i in range(len(run) - 1)}
    for run in _THAI.findall(text):
        out |= {run[i:i + 3] for i in range(len(run) - 2)}
    return out


def _relaxed(rec: Record, sentences: list[Sentence], rule: Candidate, adjacent: bool) -> Candidate | None:
    for s in sentences[:2]:
        also = adjacent and ALSO.search(s.probe) is not None
        if not also and not (PERMIT.search(s.probe) and _words(s.text) & _words(rule.conclusion)):
            continue
        said = " ".join(x.text.strip() for x in sentences[:2])
        return _said_again(rec, rule, rule_with_exception(rule.conclusion, said), said)
    return None


def rule_with_exception(rule: str, exception: str) -> str:
    """The rule said again with the exception after it ("No force pushes; actually on feature
    branches it is fine" → "No force pushes; on feature branches it is fine"): an entry that
    loosens a rule for a part keeps what still holds outside it. An exception the rule already
    ends with is not said twice."""
    rule, cut = rule.strip().rstrip(" .。;；"), _opening_cut(exception).strip()
    if not rule or cut.casefold() in rule.casefold():
        return rule or cut
    return f"{rule}; {cut}"


def _opening_cut(text: str) -> str:
    """The permission without a leading "actually," or "no,"."""
    return lx.LEAD_FILLER.sub("", text).strip() or text.strip()


def _said_again(rec: Record, before: Candidate, text: str, excerpt: str) -> Candidate:
    core = shorten(" ".join(text.split()), FIELD_MAX)
    return replace(
        before, title=shorten(core, TITLE_MAX), statement=normalise_statement(core), conclusion=core,
        why="", finding="", impact="", excerpt=shorten(" ".join(excerpt.split()), EXCERPT_MAX),
        first_line=rec.line, last_line=rec.line_end, ts=rec.ts, supersedes_hint=True, origin=None,
        confidence=min(before.confidence, 0.85),
    )

