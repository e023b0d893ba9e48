"""Cue patterns with a literal prefilter, so that text without any cue costs almost nothing.

A cue is one big alternation ("remember that" | "keep in mind" | "จำไว้" | "记住" ...). Python's
`re` tries every alternative at every position, about 0.5 µs per character for the larger cues, and
the extractor asks a dozen of them about every sentence. But every alternative contains some
literal text that any match must contain ("remember", "จำไว้"). `Cue` collects one such required
literal (or a set of them, one per branch) from each alternative when it is compiled, and builds a
trie-shaped regex of those literals: lower-cased text that contains none of them cannot match, and
that check runs at C speed over positions whose character starts some literal.

A cue with an alternative that has no required literal (`(?:^|\\s)\\d[.)]\\s`) simply has no
prefilter. The prefilter is sound as long as `str.lower()` agrees with the case folding of `re.I`,
which holds for ASCII, Thai and CJK (the exotic exceptions, like the long s `ſ`, are not cue text).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from jobs.microsync.rules import memo
from memory_store.regex_literals import FAR, required_of, trie_regex

__all__ = ["Cue", "Gate", "cue", "required_of", "trie_regex"]

_UNSEEN = object()   # a text not searched yet in this session


def cue(*alternatives: str) -> Cue:
    """One case-insensitive alternation with a literal prefilter: `Cue(alternatives)` spelt for tables."""
    return Cue(alternatives)


class Cue:
    """A compiled alternation (`re.I` by default) with a literal prefilter; used like a pattern."""

    __slots__ = ("rx", "_alternatives", "_prefilter", "_found")

    def __init__(self, alternatives: Iterable[str], flags: int = re.I) -> None:
        self._alternatives = tuple(alternatives)
        self.rx = re.compile("|".join(f"(?:{a})" for a in self._alternatives), flags)
        # Built on first use: parsing ~1,000 alternatives costs ~0.1 s, which a command that never
        # extracts (status, search) should not pay at import.
        self._prefilter: _Prefilter | None = None
        # text -> its first match (or None), kept for one session's extraction (`memo`)
        self._found: dict[str, re.Match[str] | None] = memo.table()

    @property
    def prefilter(self) -> _Prefilter:
        if self._prefilter is None:
            self._prefilter = _Prefilter.of(self._alternatives, self.rx.flags)
        return self._prefilter

    @property
    def gate(self) -> re.Pattern[str] | None:
        return self.prefilter.gate

    @property
    def anchors(self) -> frozenset[str]:
        return self.prefilter.anchors

    @property
    def lead(self) -> int:
        return self.prefilter.lead

    @property
    def pattern(self) -> str:
        return self.rx.pattern

    def may_match(self, low: str) -> bool:
        """False only when the lower-cased text `low` cannot match."""
        gate = (self._prefilter or self.prefilter).gate
        return gate is None or gate.search(low) is not None

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        pf = self._prefilter or self.prefilter
        if pos or endpos is not None or pf.gate is None:
            return self.rx.search(text, pos, len(text) if endpos is None else endpos)
        found = self._found
        kept = found.get(text, _UNSEEN)   # one lookup: another thread's session may empty the table
        if kept is not _UNSEEN:
            return kept  # type: ignore[return-value]
        if len(found) >= memo.LIMIT:
            found.clear()
        low = text.lower()
        first = pf.gate.search(low)
        if first is None:
            found[text] = None
            return None
        # No match starts more than `lead` characters before the first literal: skip to there
        # (lookbehinds and \b still see the text before it). lower() keeps offsets unless it
        # changed the length (a few letters like "İ"), then start from 0.
        if len(low) != len(text):
            m = self.rx.search(text)
        elif pf.lead < _NEAR_LEAD and len(text) - first.start() > _NEAR_TEXT:
            m = _near(self.rx, text, low, pf, first.start())
        else:
            m = self.rx.search(text, max(0, first.start() - pf.lead))
        found[text] = m
        return m

    def match(self, text: str) -> re.Match[str] | None:
        return self.rx.match(text) if self.may_match(text.lower()) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.rx.finditer(text) if self.may_match(text.lower()) else iter(())


# A long text is searched only where a match can start (`_near`): near each of its literals, when a
# match starts at most `_NEAR_LEAD` characters before its literal. A text shorter than `_NEAR_TEXT`
# past the first literal is searched as a whole, which costs less than a match tried at each place.
_NEAR_LEAD = 8
_NEAR_TEXT = 200


def _near(rx: re.Pattern[str], text: str, low: str, pf: _Prefilter, first: int) -> re.Match[str] | None:
    """`rx.search(text)`, trying `rx.match` only at the places a match can start: every match holds
    a literal of `pf` beginning at most `pf.lead` characters after the match starts, so a match starts
    within `pf.lead` characters before some literal's occurrence (`pf.starts` finds each, overlapping
    ones too). The places are tried left to right, each once: the first match is the leftmost, the
    one `search` finds (lookbehinds, \b and ^ see the text before a place as `search` does)."""
    tried = -1
    lead = pf.lead
    for occurrence in pf.starts.finditer(low, first):
        at = occurrence.start()
        for start in range(max(tried + 1, at - lead), at + 1):
            m = rx.match(text, start)
            if m is not None:
                return m
        tried = at
    return None


@dataclass(frozen=True)
class _Prefilter:
    anchors: frozenset[str]         # lower-cased literals, one of which every match contains
    gate: re.Pattern[str] | None    # a trie regex of the anchors; None: no prefilter possible
    lead: int                       # how far before its literal a match can start, at most

    @functools.cached_property
    def starts(self) -> re.Pattern[str]:
        """Every place a literal begins, overlapping occurrences too (a zero-width search)."""
        return re.compile(f"(?={self.gate.pattern if self.gate is not None else '(?!)'})")

    @classmethod
    def of(cls, alternatives: tuple[str, ...], flags: int) -> _Prefilter:
        required = [required_of(a, flags) for a in alternatives]
        if not all(r is not None for r in required):
            return cls(frozenset(), None, FAR)
        anchors = frozenset(s for r in required if r for s in r[0])
        return cls(anchors, trie_regex(anchors), max(r[1] for r in required if r))


class Gate:
    """One prefilter over several cues: "could any of these match?" in a single regex search."""

    __slots__ = ("_cues", "_rx")

    def __init__(self, *cues: Cue) -> None:
        self._cues = cues
        self._rx: re.Pattern[str] | None | bool = False   # False: not built yet

    def may_match(self, low: str) -> bool:
        if self._rx is False:
            gates = [c.gate for c in self._cues]
            self._rx = None if any(g is None for g in gates) else trie_regex(a for c in self._cues for a in c.anchors)
        return self._rx is None or self._rx.search(low) is not None  # type: ignore[union-attr]
