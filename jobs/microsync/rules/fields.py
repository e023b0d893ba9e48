"""Building a candidate from a statement: title, normalised statement, why/finding/impact, excerpt.

Fields come only from what was said: the statement's own "because ..." or the next sentence's,
an impact or finding in the two sentences after it; empty otherwise, never invented.
"""
from __future__ import annotations

import re

from jobs.microsync.engine import FIELD_MAX, Candidate, normalise_statement
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import TRAILING_PARTICLES
from jobs.microsync.rules.cues import Cue
from jobs.microsync.rules.text import Sentence, cut_prefix, cut_suffix, fold, mask
from memory_store.transcripts.records import Record

TITLE_MAX = 80
EXCERPT_MAX = 200

# Politeness left at the start of a clause cut from a Thai sentence ("นะครับ ให้จำไว้ว่า ...").
_LEADING_PARTICLES = re.compile(rf"^(?:{lx.alternation(lambda lang: lang.fields.leading_particles)})(?:\s+|$)")


def make_candidate(rec: Record, kind: str, text: str, following: list[Sentence], confidence: float,
                   *, first_line: int, excerpt: str | None = None, keep_why: bool = True) -> Candidate:
    """The candidate for `text` said in `rec`; `following` are the sentences after it in the turn."""
    core, why = split_why(text) if keep_why else (text, "")
    if keep_why and not why and following and lx.WHY.match(fold(following[0].text)):
        why = after_cue(following[0].text, lx.WHY)
    impact = next((after_cue(s.text, lx.IMPACT) for s in following[:2] if lx.IMPACT.search(fold(s.text))), "")
    finding = next((s.text for s in following[:2] if lx.FINDING.search(fold(s.text))), "")
    core = clean(_from_cue(core) if len(core) > FIELD_MAX and kind != "Procedure" else core)
    if kind != "Procedure":
        core = shorten(core, FIELD_MAX)
    return Candidate(
        kind=kind,
        title=shorten(core, TITLE_MAX),
        statement=normalise_statement(core),
        why=shorten(why, FIELD_MAX),
        finding=shorten(finding, FIELD_MAX),
        conclusion=core,
        impact=shorten(impact, FIELD_MAX),
        confidence=confidence,
        excerpt=shorten(" ".join((excerpt or text).split()), EXCERPT_MAX),
        session_id=rec.session_id,
        session_path=rec.path,
        first_line=min(first_line, rec.line),
        last_line=rec.line_end,
        ts=rec.ts,
        supersedes_hint=bool(lx.SUPERSEDES.search(mask(text))),
    )


def _from_cue(text: str) -> str:
    """An over-long statement starts at its cue ("<a paste> we decided to use Grafana" -> "we decided
    to use Grafana"): what comes before the cue of a statement this long is not the item."""
    from jobs.microsync.rules.classify import classify

    hit = classify(mask(text))
    return text[hit.pos:] if hit is not None and hit.pos > 0 else text


def split_why(text: str) -> tuple[str, str]:
    m = lx.WHY.search(mask(text))
    if m is None or m.start() == 0:
        return text, ""
    return text[:m.start()].rstrip(" ,，、;:"), after_cue(text[m.start():], lx.WHY)


def after_cue(text: str, rx: Cue) -> str:
    m = rx.search(fold(text))
    rest = text[m.end():] if m else text
    return clean(rest.lstrip(" ,，、:："))


def clean(text: str) -> str:
    """One line, without openers ("ok, so"), politeness particles or end punctuation."""
    text = " ".join(text.split())
    text = cut_prefix(lx.LEAD_FILLER, text) or text
    text = _LEADING_PARTICLES.sub("", text) or text
    text = cut_suffix(TRAILING_PARTICLES, text) or text
    text = text.strip(" \t,，、;；:：.。!！")
    return text[:1].upper() + text[1:] if text[:1].isascii() else text


def has_substance(text: str) -> bool:
    """Is anything left of `text` once its particles and punctuation go? "จำไว้ด้วยนะ" after a
    decision ("remember it too") leaves "ด้วยนะ": the memory verb points back at what was said, which
    is an item of its own, and the rest is no item."""
    text = _LEADING_PARTICLES.sub("", " ".join(text.split()))
    text = TRAILING_PARTICLES.sub("", text)
    return any(c.isalnum() for c in text)


# A bare yes to an offer to remember ("yes remember that", "ใช่ จำไว้นะ", "好的，记住"): once the yes,
# the memory verb, what points back and the particles go, nothing is left. What was offered is in
# the assistant's turn, not in these words; an entry of them would say only "remember".
_BARE_WORDS = re.compile(
    r"^(?:\W+|(?:" + "|".join(f"(?:{a})" for a in (
        lx.alternation(lambda lang: lang.kinds.remember), r"remember",
        lx.alternation(lambda lang: lang.fields.bare_yes),
        lx.alternation(lambda lang: lang.choices.lead), lx.alternation(lambda lang: lang.reply_words.yes),
        lx.alternation(lambda lang: lang.fields.leading_particles),
        lx.alternation(lambda lang: lang.classify.trailing_particles),
        lx.alternation(lambda lang: lang.text.demonstrative))) + r")(?=\W|$|[^\x00-\x7f]))", re.I)


def only_remember(text: str) -> bool:
    """Does `text` say nothing but yes and "remember" (see _BARE_WORDS)?"""
    rest = " ".join(text.split())
    while rest:
        m = _BARE_WORDS.match(rest)
        if m is None or not m.group(0):
            return False
        rest = rest[m.end():]
    return True


def shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,，、;:") + "…"
