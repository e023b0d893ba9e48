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

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from jobs.microsync.rules import memo

try:  # Python 3.11+
    from re import _constants as _c  # type: ignore[attr-defined]
    from re import _parser as _p  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover -- Python 3.10
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

_REPEATS = tuple(op for op in (getattr(_c, n, None) for n in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"))
                 if op is not None)


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
        start = max(0, first.start() - pf.lead) if len(low) == len(text) else 0
        m = found[text] = self.rx.search(text, start)
        return m

    def match(self, text: str) -> re.Match[str] | None:
        return self.rx.match(text) if self.may_match(text.lower()) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.rx.finditer(text) if self.may_match(text.lower()) else iter(())


@dataclass(frozen=True)
class _Prefilter:
    anchors: frozenset[str]         # lower-cased literals, one of which every match contains
    gate: re.Pattern[str] | None    # a trie regex of the anchors; None: no prefilter possible
    lead: int                       # how far before its literal a match can start, at most

    @classmethod
    def of(cls, alternatives: tuple[str, ...], flags: int) -> _Prefilter:
        required = [required_of(a, flags) for a in alternatives]
        if not all(r is not None for r in required):
            return cls(frozenset(), None, _FAR)
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


def trie_regex(words: Iterable[str]) -> re.Pattern[str]:
    """A regex matching any of `words` (lower-case literals), shaped as a trie so that `re` checks
    one character per branch instead of every word at every position. A word that extends another
    is dropped: for "does any occur" the shorter one decides."""
    trie: dict[str, dict] = {}
    for w in set(words):
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        if "" in node:
            return ""
        alts = [re.escape(ch) + emit(child) for ch, child in sorted(node.items())]
        return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"

    return re.compile(emit(trie) if trie else "(?!)")


_FAR = 1 << 20   # "unbounded" distance from the start of a match to its literal


def required_of(alternative: str, flags: int) -> tuple[frozenset[str], int] | None:
    """Literals one of which every match of `alternative` contains (lower-cased), and how far from
    the start of the match that literal can begin at most; None if no literal is required."""
    parsed = _p.parse(alternative, flags & ~re.I)
    return _required(list(parsed), parsed.state)


def _width(item: tuple[object, object], state: object) -> int:
    return min(_p.SubPattern(state, [item]).getwidth()[1], _FAR)


def _required(seq: list[tuple[object, object]], state: object) -> tuple[frozenset[str], int] | None:
    options: list[tuple[frozenset[str], int]] = []
    run: list[str] = []
    run_at = 0     # the largest offset at which the current literal run can start
    before = 0     # the largest offset at which the current item can start

    def flush() -> None:
        if run:
            options.append((frozenset({"".join(run).lower()}), run_at))
            run.clear()

    for at, item in enumerate(seq):
        op, av = item
        if op is _c.LITERAL:
            if not run:
                run_at = before
            run.append(chr(av))  # type: ignore[arg-type]
            before = min(before + 1, _FAR)
            continue
        found: tuple[frozenset[str], int] | None = None
        if op is _c.SUBPATTERN:
            found = _required(list(av[-1]), state)  # type: ignore[index]
        elif op is _c.BRANCH:
            branches = [list(b) for b in av[1]]  # type: ignore[index]
            # The parser factors a common prefix out of "don'?t|do not" into "do" + (n'?t | " not"):
            # the run before the branch continues into each branch's leading literals.
            leads = ["".join(chr(a) for _, a in _leading(b)) for b in branches]
            if run and all(leads):
                options.append((frozenset(("".join(run) + lead).lower() for lead in leads), run_at))
            # Branches that are whole literals run on into the literals after them: "(?:need|plan) to"
            # requires "need to" or "plan to", not just "plan" (which "explanation" holds).
            after = "".join(chr(a) for _, a in _leading(seq[at + 1:]))
            if after and all(b and len(lead) == len(b) for lead, b in zip(leads, branches, strict=True)):
                options.append((frozenset((lead + after).lower() for lead in leads), before))
            inner = [_required(b, state) for b in branches]
            if all(r is not None for r in inner):
                found = (frozenset().union(*(r[0] for r in inner)),  # type: ignore[index]
                         max(r[1] for r in inner))  # type: ignore[index]
        elif op in _REPEATS and av[0] >= 1:  # type: ignore[index]
            found = _required(list(av[2]), state)  # type: ignore[index]
        flush()
        if found:
            options.append((found[0], min(before + found[1], _FAR)))
        before = min(before + _width(item, state), _FAR)
    flush()
    if not options:
        return None
    # The most selective choice: the set whose shortest literal is longest, then the smallest set.
    return max(options, key=lambda o: (min(len(s) for s in o[0]), -len(o[0]), -o[1]))


def _leading(seq: list[tuple[object, object]]) -> list[tuple[object, int]]:
    """The literal items a sequence starts with."""
    out = []
    for op, av in seq:
        if op is not _c.LITERAL:
            break
        out.append((op, av))
    return out  # type: ignore[return-value]
