"""Subjects and weekdays named across languages (docs/design.md §6.4), from one data file beside this
module (`concepts.txt`): "Go back to deploying on Thursdays" and "部署改回周二" are about one thing,
deploys, and give it two weekdays.

`concepts_of` says which concepts a text names and by which names: the detector counts a concept as
a shared subject word only between two statements that name it by words they do not share ("部署" and
"deploying", "PRs" and "PR", "approvals" and "approve"): where they share one, it counts already.
`weekdays` gives the days of the week a text names (1 Monday … 7 Sunday), a value
memory_store/supersede/values.py compares. `parts_of` gives the parts of a system or of an
organisation a text names (the frontend, the API, staging, production): two statements that each
name a part the other does not are about two parts, whatever else they share.

Pure: normalised text in (memory_store/supersede/subject.normalise), sets out.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from memory_store.cue_files import parse_sections
from memory_store.errors import EntryError

CONCEPT_FILE = Path(__file__).resolve().parent / "concepts.txt"
DAY_PREFIX = "day:"
PART_PREFIX = "part:"
MEMO_MAX = 4096
_LATIN_START = re.compile(r"^[a-z(]", re.IGNORECASE)


@dataclass(frozen=True)
class Concepts:
    names: dict[str, re.Pattern[str]]     # concept -> its names, one pattern (searched)
    days: dict[int, re.Pattern[str]]      # weekday (1 Monday … 7 Sunday) -> its names
    parts: dict[str, re.Pattern[str]]     # a part of a system or an organisation -> its names

    # texts already read (the weekly and the eval compare the same entries again and again), kept
    # up to MEMO_MAX: each concept is a pattern of its own, searched in turn
    memo: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict, compare=False, repr=False)

    def concepts_of(self, text: str) -> dict[str, frozenset[str]]:
        """Concept -> the names of it `text` (normalised) uses ("部署", "deploying")."""
        have = self.memo.get(text)
        if have is not None:
            return dict(have)
        out: dict[str, frozenset[str]] = {}
        for concept, pattern in self.names.items():
            terms = frozenset(m.group(0).strip() for m in pattern.finditer(text) if m.group(0).strip())
            if terms:
                out[concept] = terms
        if len(self.memo) >= MEMO_MAX:
            self.memo.clear()
        self.memo[text] = dict(out)
        return out

    def weekdays(self, text: str) -> set[int]:
        """The days of the week `text` (normalised) names."""
        return {day for day, pattern in self.days.items() if pattern.search(text)}

    def parts_of(self, text: str) -> frozenset[str]:
        """The parts (frontend, backend, staging, production …) `text` (normalised) names."""
        return frozenset(part for part, pattern in self.parts.items() if pattern.search(text))


def _pattern(items: list[str]) -> re.Pattern[str]:
    # folded as the text is (NFKC writes the Thai vowel ำ as two code points: "สำรอง", "จำกัด")
    items = [unicodedata.normalize("NFKC", p) for p in items]
    spaced = [p for p in items if _LATIN_START.match(p) and p.isascii()]
    unspaced = [p for p in items if p not in spaced]
    parts = []
    if spaced:
        parts.append(r"(?<![a-z0-9])(?:" + "|".join(f"(?:{p})" for p in spaced) + r")(?![a-z0-9])")
    if unspaced:
        parts.append("(?:" + "|".join(f"(?:{p})" for p in unspaced) + ")")
    return re.compile("|".join(parts) or r"(?!x)x", re.IGNORECASE)


def parse_concepts(text: str, path: str) -> Concepts:
    """The concepts and weekdays of a concept file; raises EntryError naming the line for a pattern
    before any section, one that does not compile, or a [day:N] section with N outside 1-7."""
    names: dict[str, re.Pattern[str]] = {}
    days: dict[int, re.Pattern[str]] = {}
    parts: dict[str, re.Pattern[str]] = {}
    for section, items in parse_sections(text, path, item="a name").items():
        if section.startswith(PART_PREFIX):
            parts[section[len(PART_PREFIX):]] = _pattern(items)
        elif section.startswith(DAY_PREFIX):
            day = section[len(DAY_PREFIX):]
            if not (day.isdigit() and 1 <= int(day) <= 7):
                raise EntryError(f"weekday section [{section}] is not [day:1] to [day:7]", path=path)
            days[int(day)] = _pattern(items)
        else:
            names[section] = _pattern(items)
    return Concepts(names, days, parts)


@functools.cache
def load_concepts(path: Path = CONCEPT_FILE) -> Concepts:
    return parse_concepts(path.read_text(encoding="utf-8"), str(path))
