"""Cue lexicons for supersession and conflict detection: one data file per language beside this
module (`cues/en.txt`, `cues/th.txt`, `cues/zh.txt`), each a list of regular expressions under
`[reversal]`, `[relaxation]`, `[refinement]`, `[continuation]`, `[exception]` (a scope or a
condition: what makes a loosened rule an exception rather than a new value), `[onset]` (words that
open any standing statement, "from now on": a change only with another value or tool), `[addition]`,
`[return]` (a value taken up again: a change only back to one the earlier entry rejected),
`[setback]` (a no or a failure: a value said again with one is not taken up again), `[dropped]` (the
earlier thing gone or wanting: closed, retired, too expensive), `[sufficient]` (a requirement met by
less: "one approval is enough", ก็พอ, 就够: a relaxation of a rule by meaning), `[retire]` (a verb
that takes the thing named right after it out of use: "turn off", ปิด, 关掉; memory_store/supersede/
retired.py) and `[stop]` (words).

Every text is checked against every language's cues: people switch languages inside a sentence
("เลิกใช้ Provider แล้ว", "Redux 太啰嗦，换成 Zustand 了"). English patterns are anchored at word
boundaries; Thai and Chinese ones (no spaces) match anywhere. Chinese is folded to simplified first.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from memory_store.cue_files import parse_sections

CUE_DIR = Path(__file__).resolve().parent / "cues"
ROLE_DIR = Path(__file__).resolve().parent / "roles"
LANGUAGES = ("en", "th", "zh")
SECTIONS = ("reversal", "relaxation", "refinement", "continuation", "exception", "onset", "addition", "return",
            "setback", "occasion", "dropped", "sufficient", "retire", "stop")
# (blanked out of subjects)
CUE_SECTIONS = ("reversal", "relaxation", "refinement", "continuation", "onset", "sufficient")
ROLE_CACHE = 1 << 16
# A look-behind at the start of a cue says where it is a cue ("以后" not after a time: "1 点以后" is
# "after 1 am"), not what it is: the words are blanked out of subjects wherever they stand.
_LEADING_LOOKBEHIND = re.compile(r"^\(\?<!(?:\[[^\]]*\]|[^()]*)\)")
_SCRIPTS = "\u0e00-\u0e7f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


@dataclass(frozen=True)
class Lexicon:
    cues: dict[str, re.Pattern[str]]     # section -> one alternation over all languages
    stop: frozenset[str]
    blank: re.Pattern[str]               # the cues without a gap (".{0,30}"): what strip_cues removes
    roles: dict[str, re.Pattern[str]] = field(default_factory=dict)   # role -> its terms (fullmatch)
    any_role: re.Pattern[str] = re.compile(r"(?!x)x")                  # every term of every role
    # the role nouns ("db", "the job queue", 数据库, ฐานข้อมูล: `~` in roles/*.txt), not tool names
    nouns: re.Pattern[str] = re.compile(r"(?!x)x")
    _term_roles: dict[str, tuple[str, ...]] = field(default_factory=dict)   # a found term -> its roles
    _text_roles: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)   # recent texts

    def roles_of(self, text: str) -> dict[str, frozenset[str]]:
        """Role -> the terms naming it, for the roles (memory_store/supersede/roles/) whose tool
        names or role nouns (normalised) `text` mentions. One pass finds the terms; each term found
        is then matched against each role's terms once (a term may name two roles). The weekly
        compound asks about the same entries week after week: recent texts are remembered."""
        known = self._text_roles.get(text)
        if known is not None:
            return known
        out: dict[str, set[str]] = {}
        for m in self.any_role.finditer(text):
            term = m.group(0).strip()
            roles = self._term_roles.get(term)
            if roles is None:
                roles = self._term_roles[term] = tuple(r for r, p in self.roles.items() if p.fullmatch(term))
            for role in roles:
                out.setdefault(role, set()).add(term)
        if len(self._text_roles) >= ROLE_CACHE:
            self._text_roles.clear()
        found = self._text_roles[text] = {role: frozenset(terms) for role, terms in out.items()}
        return found

    def is_noun(self, term: str) -> bool:
        """Does `term` (as `roles_of` found it) name a role by its noun, not by a tool that fills it?"""
        return self.nouns.fullmatch(term) is not None

    def find(self, section: str, text: str) -> str | None:
        """The first cue of `section` in (normalised) `text`, or None."""
        m = self.cues[section].search(text)
        return m.group(0).strip() if m else None

    def strip_cues(self, text: str) -> str:
        """`text` with every cue phrase blanked out: cue words say nothing about the subject. A cue
        with a gap ("ไม่ใช้ … แล้ว") is left: its gap holds the subject."""
        return self.blank.sub(" ", text)


def parse_lexicon(text: str, lang: str, path: str) -> dict[str, list[str]]:
    """Sections of one lexicon file (patterns as written); raises EntryError naming the line for
    an unknown section or a pattern that does not compile."""
    return parse_sections(text, path, SECTIONS, words=frozenset({"stop"}))


def _alternation(spaced: list[str], unspaced: list[str]) -> re.Pattern[str]:
    """One pattern: English cues inside one pair of word boundaries, so the engine tries them only
    where a word starts; Thai and Chinese cues behind a look-ahead for their scripts, so a Latin
    position fails at once (a few hundred alternatives tried at every character were the cost
    of the weekly compound)."""
    parts = []
    if spaced:
        parts.append(r"\b(?:" + "|".join(f"(?:{p})" for p in spaced) + r")\b")
    if unspaced:
        parts.append(f"(?=[{_SCRIPTS}])(?:" + "|".join(f"(?:{p})" for p in unspaced) + ")")
    return re.compile("|".join(parts) or r"(?!x)x", re.IGNORECASE)


def parse_roles(text: str, path: str) -> dict[str, list[str]]:
    """Role -> its patterns, from one role file (`[role]` headers, one regular expression a line);
    raises EntryError naming the line for a pattern before any role or one that does not compile."""
    return parse_sections(text, path, item="a term")


def load_roles(folder: Path = ROLE_DIR) -> tuple[dict[str, re.Pattern[str]], re.Pattern[str], re.Pattern[str]]:
    """(role -> a pattern its terms fully match, one pattern finding any term of any role, one
    pattern the role nouns fully match). A term written `~term` is a role noun: it names the slot
    ("the db", 数据库), not a tool that fills it ("Postgres"), so it is no rival to one."""
    spaced: dict[str, list[str]] = {}
    unspaced: dict[str, list[str]] = {}
    nouns: list[str] = []
    for lang in LANGUAGES:
        path = folder / f"{lang}.txt"
        target = spaced if lang == "en" else unspaced
        for role, items in parse_roles(path.read_text(encoding="utf-8"), str(path)).items():
            nouns.extend(p[1:] for p in items if p.startswith("~"))
            target.setdefault(role, []).extend(p.removeprefix("~") for p in items)
    names = sorted(set(spaced) | set(unspaced))
    full = {role: re.compile("|".join(f"(?:{p})" for p in spaced.get(role, []) + unspaced.get(role, [])),
                             re.IGNORECASE) for role in names}
    anything = _alternation([p for r in names for p in spaced.get(r, [])],
                            [p for r in names for p in unspaced.get(r, [])])
    noun = re.compile("|".join(f"(?:{p})" for p in nouns) or r"(?!x)x", re.IGNORECASE)
    return full, anything, noun


@functools.cache
def load_lexicon(folder: Path = CUE_DIR, role_folder: Path = ROLE_DIR) -> Lexicon:
    spaced: dict[str, list[str]] = {s: [] for s in SECTIONS}
    unspaced: dict[str, list[str]] = {s: [] for s in SECTIONS}
    stop: set[str] = set()
    for lang in LANGUAGES:
        path = folder / f"{lang}.txt"
        target = spaced if lang == "en" else unspaced
        for section, items in parse_lexicon(path.read_text(encoding="utf-8"), lang, str(path)).items():
            if section == "stop":
                stop.update(items)
            else:
                target[section].extend(items)
    cues = {s: _alternation(spaced[s], unspaced[s])
            for s in (*CUE_SECTIONS, "exception", "addition", "return", "setback", "occasion", "dropped", "retire")}
    blank = _alternation(*([_LEADING_LOOKBEHIND.sub("", p) for s in CUE_SECTIONS for p in group[s] if ".{" not in p]
                           for group in (spaced, unspaced)))
    roles, any_role, nouns = load_roles(role_folder)
    return Lexicon(cues=cues, stop=frozenset(stop), blank=blank, roles=roles, any_role=any_role, nouns=nouns)
