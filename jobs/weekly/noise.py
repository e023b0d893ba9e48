"""Entries that are stored but not worth the index read every session (docs/design.md §5.4, §6).

MEMORY.md holds what an agent should act on: decisions, rules, things to remember. Four classes
of entry are none of these, whatever kind the extractor gave them, and the weekly compound keeps
them out of MEMORY.md (they stay in their daily log, found by search):

- *closing*: a conversation closing or a bare assent ("great, thanks, that's all", 就这样定,
  ตามนั้นครับ) with almost nothing else said;
- *seen*: a report of having seen, read or checked something ("I saw the new dashboard",
  看到群里说…, เห็นว่า…) with no instruction or choice in it;
- *complaint*: frustration with a rule or a cost ("honestly the two-review rule is overkill",
  为什么要…, ทำไมต้อง…) where nothing is decided — a complaint about a rule is not the rule;
- *problem*: a problem or an incident stated ("the export keeps timing out", 通知队列又堵了,
  เมื่อวานแอปล่ม) with no instruction or choice that answers it;
- *deferral*: the decision itself put off ("not now, maybe after the release", 先放着，等预算下来再说,
  ไว้ก่อน) — a problem without a decision, too.

A complaint or a deferral is rescued only by a strong directive (an order or a decision: "don't",
"from now on", 以后, ห้าม): "have to" and 要 describe the cost complained about as often as they give
an order. A report of having seen something and a problem are rescued by any directive.

The cue words are data, one file per language beside this module (`noise_cues/{en,th,zh}.txt`);
every text is matched against every language, as people switch languages inside a sentence.
Pure: an entry in, a class name or None out.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from memory_store.cue_files import parse_sections
from memory_store.entries import BlockEntry
from memory_store.hanzi import to_simplified

CUE_DIR = Path(__file__).resolve().parent / "noise_cues"
LANGUAGES = ("en", "th", "zh")
SECTIONS = ("closing", "seen", "complaint", "problem", "deferral", "directive", "strong")
CLASSES = ("closing", "seen", "complaint", "problem", "deferral")
_SCRIPTS = "\u0e00-\u0e7f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# What a closing may leave besides its own words and still be only a closing: less than two words
# (a Chinese character counts half a word, a Thai letter a quarter).
CLOSING_LEFT = 2.0
_LATIN_WORD = re.compile(r"[a-z0-9][a-z0-9'_-]*[a-z0-9]")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_THAI = re.compile(r"[\u0e01-\u0e2e\u0e30-\u0e3a\u0e40-\u0e4e]")
# A complaint quotes the rule it is about ("why do we have to …", 为什么要…, ทำไมต้อง…): the
# question is left out before looking for an instruction.
_WHY = re.compile(r"\bwhy\b[^.?!]*[.?!]?|为什么要[^，。？！,.?!]*|为啥要[^，。？！,.?!]*|ทำไมต้อง\S*")
# A problem stated is no decision or rule; a remembered fact or a procedure may well be about a
# problem ("the VPN drops every 8 hours, a stuck deploy is that").
PROBLEM_KINDS = frozenset({"Decision", "Architecture", "Rule", "Constraint"})


@dataclass(frozen=True)
class NoiseCues:
    cues: dict[str, re.Pattern[str]]

    def find(self, section: str, text: str) -> str | None:
        m = self.cues[section].search(text)
        return m.group(0) if m else None


def parse_cues(text: str, path: str) -> dict[str, list[str]]:
    """Sections of one cue file; raises EntryError naming the line for an unknown section, a
    pattern before any section, or one that does not compile."""
    return parse_sections(text, path, SECTIONS)


def _alternation(spaced: list[str], unspaced: list[str]) -> re.Pattern[str]:
    parts = []
    if spaced:
        parts.append(r"(?<![\w'])(?:" + "|".join(f"(?:{p})" for p in spaced) + r")(?![\w'])")
    if unspaced:
        parts.append(f"(?=[{_SCRIPTS}a-z])(?:" + "|".join(f"(?:{p})" for p in unspaced) + ")")
    return re.compile("|".join(parts) or r"(?!x)x", re.IGNORECASE)


@functools.cache
def load_cues(folder: Path = CUE_DIR) -> NoiseCues:
    spaced: dict[str, list[str]] = {s: [] for s in SECTIONS}
    unspaced: dict[str, list[str]] = {s: [] for s in SECTIONS}
    for lang in LANGUAGES:
        path = folder / f"{lang}.txt"
        target = spaced if lang == "en" else unspaced
        for section, items in parse_cues(path.read_text(encoding="utf-8"), str(path)).items():
            target[section].extend(items)
    return NoiseCues({s: _alternation(spaced[s], unspaced[s]) for s in SECTIONS})


def fold(text: str) -> str:
    return to_simplified(unicodedata.normalize("NFKC", text).casefold()).replace("’", "'")


def _words_left(text: str) -> float:
    return (len(_LATIN_WORD.findall(text)) + 0.5 * len(_CJK.findall(text))
            + 0.25 * len(_THAI.findall(text)))


def noise_class_of_text(text: str, kind: str = "", cues: NoiseCues | None = None, said: str = "") -> str | None:
    """The class ("closing", "seen", "complaint", "problem", "deferral") that keeps `text` (an entry of `kind`)
    out of MEMORY.md, or None when it may go there. `said` is the user's own words the entry was
    taken from (its excerpt): a decision said in so many words there ("we decided …", "decision:",
    决定, ตัดสินใจ) is a decision whatever problem its title gives as the reason ("… Thursdays did
    not work", "… numpy 2.0 broke the build") — the title drops the marker."""
    cx = cues or load_cues()
    t = fold(text)
    if cx.find("closing", t) and _words_left(cx.cues["closing"].sub(" ", t)) < CLOSING_LEFT:
        return "closing"
    directive = cx.find("directive", t) or (_decided_with_reason(cx, t, fold(said)) if said else None)
    if cx.find("deferral", t) and not cx.find("strong", t):
        return "deferral"
    if cx.find("seen", t) and not directive:
        return "seen"
    if cx.find("complaint", t) and not cx.find("strong", _WHY.sub(" ", t)):
        return "complaint"
    if kind in PROBLEM_KINDS and cx.find("problem", t) and not directive:
        return "problem"
    return None


# Where a stated choice ends and its reason begins: "Pin numpy to 1.26, numpy 2.0 broke the build".
_CLAUSE = re.compile(r"[,;:，；、。]|\b(?:because|since|as|but|so)\b|因为|因為|由于|由於|เพราะ|แต่")


def _decided_with_reason(cx: NoiseCues, t: str, said: str) -> str | None:
    """A decision marker in the user's words (`said`), when the entry also states something
    beside its problem: a clause of at least two words with no problem in it ("Deploys happen
    on Tuesdays again" before ", Thursdays did not work"). A "decision:" label over a bare
    problem ("the nightly export keeps timing out") stays a problem."""
    marker = cx.find("strong", said)
    if marker and any(_words_left(c) >= CLOSING_LEFT and not cx.find("problem", c) for c in _CLAUSE.split(t)):
        return marker
    return None


def entry_text(title: str, conclusion: str = "") -> str:
    """What MEMORY.md would show of an entry: its title, and its conclusion when that says more."""
    if conclusion and fold(conclusion) not in fold(title):
        return f"{title}\n{conclusion}"
    return title


def noise_class(entry: BlockEntry, cues: NoiseCues | None = None, *, replaces: bool = False) -> str | None:
    """The noise class of an entry, judged on what MEMORY.md would show of it and the words it was
    taken from. An entry that supersedes another is the subject's truth now: held out as a problem
    or a seen-report, it would leave MEMORY.md with nothing on the subject (the old one leaves). So is
    one that `replaces` another (another entry's `superseded_later_by` names it)."""
    cls = noise_class_of_text(entry_text(entry.title, entry.conclusion), entry.kind, cues, entry.excerpt or "")
    if cls in ("problem", "seen") and (entry.supersedes or replaces):
        return None
    return cls
