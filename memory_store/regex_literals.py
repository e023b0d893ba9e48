"""What literal text every match of a regular expression must contain, read from the pattern itself.

`required_of` walks a pattern's parse tree (the `re` module's own parser) and returns literals, one
of which every match contains, lower-cased (a run of literals forked by an optional literal or a
small set of characters is read as its few spellings: "don'?t" requires "don't" or "dont", not
"don"); `trie_regex` searches for any of many literals at once. A caller that looks for the literal
first (`in` over lower-cased text, or one trie search) skips a pattern that cannot match without
running it (jobs/microsync/rules/cues.py for the extractor's cues, memory_store/core/router.py for
the preference router).

`fold` is the lower-casing that makes such a check exact for `re.IGNORECASE`: `re` compares a
character's simple lowercase (`str.lower()` differs only for U+0130, "İ", which it spells with two
characters) and treats a few more characters as equal ("ı" and "i", "ſ" and "s", "ϐ" and "β"; the
table `re` itself uses). A text whose fold holds none of a pattern's folded literals cannot match it
(tests/memory_store/core/test_router_prefilter.py checks it against `re` for every cased code point).
"""
from __future__ import annotations

import re
from collections.abc import Iterable

try:  # Python 3.11+
    from re import _casefix  # type: ignore[attr-defined]
    from re import _constants as _c  # type: ignore[attr-defined]
    from re import _parser as _p  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover -- Python 3.10
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]
    _casefix = None

_REPEATS = tuple(op for op in (getattr(_c, n, None) for n in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"))
                 if op is not None)


def _fold_table() -> dict[int, int]:
    """Each character `re.IGNORECASE` treats as another's equal, after lower-casing → the smallest of
    its class."""
    extra: dict[int, tuple[int, ...]] = getattr(_casefix, "_EXTRA_CASES", {}) if _casefix else {}
    table: dict[int, int] = {}
    for c, others in extra.items():
        least = min(c, *others)
        for x in (c, *others):
            table[x] = min(least, table.get(x, least))
    return {c: v for c, v in table.items() if c != v}


_FOLD = _fold_table()


def fold(text: str) -> str:
    """`text` lower-cased as `re.IGNORECASE` compares it (see the module's docstring)."""
    if text.isascii():
        return text.lower()
    return text.replace("\u0130", "i").lower().translate(_FOLD)


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


FAR = 1 << 20   # "unbounded" distance from the start of a match to its literal


def required_of(alternative: str, flags: int) -> tuple[frozenset[str], int] | None:
    """Literals one of which every match of `alternative` contains (lower-cased), and how far from
    the start of the match that literal can begin at most; None if no literal is required."""
    parsed = _p.parse(alternative, flags & ~re.I)
    return _required(list(parsed), parsed.state)


def _width(item: tuple[object, object], state: object) -> int:
    return min(_p.SubPattern(state, [item]).getwidth()[1], FAR)


def _required(seq: list[tuple[object, object]], state: object) -> tuple[frozenset[str], int] | None:
    options: list[tuple[frozenset[str], int]] = []
    # The current literal run, as its spellings: one, or a few when an optional literal ("don'?t")
    # or a small set of characters ("n[o']t") inside it forks it; each match holds one of them.
    run: list[str] = []
    run_at = 0     # the largest offset at which the current literal run can start
    before = 0     # the largest offset at which the current item can start

    def flush() -> None:
        if run:
            options.append((frozenset(r.lower() for r in run), run_at))
            run.clear()

    for at, item in enumerate(seq):
        op, av = item
        if op is _c.LITERAL:
            if not run:
                run_at = before
                run.append("")
            run[:] = [r + chr(av) for r in run]  # type: ignore[arg-type]
            before = min(before + 1, FAR)
            continue
        forks = _forks(op, av) if run else None
        if forks is not None and len(run) * len(forks) <= _MAX_SPELLINGS:
            run[:] = [r + f for r in run for f in forks]
            before = min(before + max(len(f) for f in forks), FAR)
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
                options.append((frozenset((r + lead).lower() for r in run for lead in leads), run_at))
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
        elif op is _c.IN and 0 < len(av) <= 16 and all(o is _c.LITERAL for o, _ in av):  # type: ignore[arg-type,attr-defined]
            # a set of single characters, as the parser spells "(删|刪)": one of them
            found = (frozenset(chr(v).lower() for _, v in av), 0)  # type: ignore[attr-defined,misc,union-attr]
        flush()
        if found:
            options.append((found[0], min(before + found[1], FAR)))
        before = min(before + _width(item, state), FAR)
    flush()
    if not options:
        return None
    # The most selective choice: the set whose shortest literal is longest, then the smallest set.
    return max(options, key=lambda o: (min(len(s) for s in o[0]), -len(o[0]), -o[1]))


_MAX_SPELLINGS = 8   # spellings of one literal run at most; a run that would fork into more ends there


def _forks(op: object, av: object) -> list[str] | None:
    """The ways an item inside a literal run can continue it, when it is an optional literal
    (`'?`, `(?:ab)?`) or a small set of single characters (`[o']`); None for anything else."""
    if op in _REPEATS and av[0] == 0 and av[1] == 1:  # type: ignore[index]
        body = list(av[2])  # type: ignore[index]
        if body and all(o is _c.LITERAL for o, _ in body):
            return ["", "".join(chr(a) for _, a in body)]  # type: ignore[arg-type]
        return None
    if op is _c.IN and 0 < len(av) <= 4 and all(o is _c.LITERAL for o, _ in av):  # type: ignore[arg-type,attr-defined]
        return [chr(v) for _, v in av]  # type: ignore[attr-defined,misc]
    return None


def _leading(seq: list[tuple[object, object]]) -> list[tuple[object, int]]:
    """The literal items a sequence starts with."""
    out = []
    for op, av in seq:
        if op is not _c.LITERAL:
            break
        out.append((op, av))
    return out  # type: ignore[return-value]


_MAX_FORMS = 64   # fixed strings one pattern may stand for; a pattern with more stands for none


def fixed_forms(pattern: str) -> list[str] | None:
    """Every string a simple pattern matches, read from its parse tree ("deploy(?:s|ed)?" → deploys,
    deployed, deploy; a lookaround matches no text of its own), or None for a pattern that stands for
    no short list of fixed strings (a class range, `.`, `*`, `+`, `\\d` …) — memory_store/search/expand.py
    searches the concepts of memory_store/supersede/concepts.txt by these."""
    try:
        forms = _forms_of(list(_p.parse(pattern)))
    except (re.error, ValueError):
        return None
    return None if forms is None else list(dict.fromkeys(forms))


def _forms_of(seq: list[tuple[object, object]]) -> list[str] | None:
    forms = [""]
    for op, av in seq:
        atom = _atom_forms(op, av)
        if atom is None:
            return None
        forms = [a + b for a in forms for b in atom]
        if len(forms) > _MAX_FORMS:
            return None
    return forms


def _atom_forms(op: object, av: object) -> list[str] | None:
    if op is _c.LITERAL:
        return [chr(av)]  # type: ignore[arg-type]
    if op in (_c.ASSERT, _c.ASSERT_NOT):
        return [""]
    if op is _c.SUBPATTERN:
        return _forms_of(list(av[-1]))  # type: ignore[index]
    if op is _c.BRANCH:
        out: list[str] = []
        for branch in av[1]:  # type: ignore[index]
            forms = _forms_of(list(branch))
            if forms is None:
                return None
            out += forms
        return out
    if op is _c.IN and all(o is _c.LITERAL for o, _ in av):  # type: ignore[attr-defined]
        return [chr(v) for _, v in av]  # type: ignore[attr-defined,misc]
    if op in _REPEATS and av[0] == 0 and av[1] == 1:  # type: ignore[index]
        body = _forms_of(list(av[2]))  # type: ignore[index]
        return None if body is None else [*body, ""]
    return None
