"""The preference router skips a lexicon pattern whose required literals a turn lacks
(memory_store/core/router.py `_first`, `key_of`; memory_store/regex_literals.py). Differential: the
router with every pattern searched, as it was, against the router with the prefilter, on every user
turn of the repository's corpora (with the assistant turn before it, none, and offers to remember)
and on generated turns built from the lexicons' own words, with the characters `re.IGNORECASE`
folds onto ASCII ("ſ", "ı", "İ", the Kelvin sign). The same for the route gate's loose patterns."""
from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TypeVar

import pytest

from jobs.microsync.route_gate import route_gate
from memory_store.core import router
from memory_store.regex_literals import fold
from tests.jobs.microsync.test_route_gate import OFFERS, _turns

T = TypeVar("T")
FIELDS = tuple(f for f in router.LEXICONS[0].__dataclass_fields__ if f not in ("lang", "keys", "topics", "bounded"))
_TABLES = (router._table, router._strong_markers, router._key_table)


def _unfiltered(call: Callable[[], T]) -> T:
    """`call()` with every lexicon pattern searched (no literal prefilter): the router as it was."""
    saved = router._prefiltered
    router._prefiltered = lambda p: (router._rx(p), ())  # type: ignore[assignment]
    for table in _TABLES:
        table.cache_clear()
    try:
        return call()
    finally:
        router._prefiltered = saved  # type: ignore[assignment]
        for table in _TABLES:
            table.cache_clear()


def _span(m: re.Match[str] | None) -> tuple[str, int, int] | None:
    return None if m is None else (m.re.pattern, m.start(), m.end())


def _answers(texts: list[tuple[str, str | None]], fields: tuple[str, ...] = ()) -> list[object]:
    out: list[object] = []
    for turn, context in texts:
        out.append(router.route(turn, context))
        out.append(router.gate(turn, context, "explicit", "response.tone", "direct"))
        out.extend(_span(router._any(field, turn)) for field in fields)
    return out


def _corpus() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for turn, before in _turns():
        # an offer changes what a turn routes to only for a short turn (a yes)
        contexts = (before, None, *OFFERS) if len(turn) <= 80 else (before,)
        out.extend((turn, context) for context in dict.fromkeys(contexts))
    return out


_WORDS = sorted({w for lex in router.LEXICONS for field in (*FIELDS, "keys") for p in
                 (getattr(lex, field) if field != "keys" else [k[1] for k in lex.keys])
                 for w in "".join(c if c.isalpha() or c in " '" else " " for c in p).split() if len(w) >= 2})
_FILLER = ["I", "me", "you", "my", "the", "?", ".", ",", "，", "。", ":", "ครับ", "นะ", "吗", "我", "你", "\n",
           "'quoted words here'", "> quoted line\n", "Asia/Bangkok", "Lisbon", "Dan"]
# characters `re.IGNORECASE` takes for ASCII letters ("ſ" is s, "ı" and "İ" are i, "K" is k)
_EXOTIC = {"s": "ſ", "i": "ı", "I": "İ", "k": "\u212a", "K": "\u212a"}


def _generated(n: int) -> Iterator[tuple[str, str | None]]:
    rng = random.Random(21)
    for _ in range(n):
        words = [rng.choice(_WORDS) if rng.random() < 0.6 else rng.choice(_FILLER)
                 for _ in range(rng.randint(1, 14))]
        text = rng.choice([" ", "", " ", "\n"]).join(words)
        if rng.random() < 0.3:
            text = text.upper() if rng.random() < 0.3 else text.capitalize()
        if rng.random() < 0.2:
            text = "".join(_EXOTIC.get(c, c) if rng.random() < 0.5 else c for c in text)
        yield text, rng.choice([None, *OFFERS])


def test_router_with_the_prefilter_equals_the_router_without_it_on_every_corpus_turn() -> None:
    texts = _corpus()
    assert len(texts) >= 1000, len(texts)
    assert _answers(texts) == _unfiltered(lambda: _answers(texts))


def test_router_with_the_prefilter_equals_the_router_without_it_on_generated_turns() -> None:
    texts = list(_generated(4000))
    got = _answers(texts, FIELDS)
    assert sum(r is not None for r in got[::len(FIELDS) + 2]) >= 300      # many of them route
    assert got == _unfiltered(lambda: _answers(texts, FIELDS))


def test_the_route_gates_loose_patterns_with_their_literals_equal_them_searched_as_they_are() -> None:
    gate = route_gate()
    bare = replace(gate, loose=tuple((rx, ()) for rx, _ in gate.loose))
    assert any(needs for _, needs in gate.loose)
    for turn, _ in [*_corpus(), *_generated(4000)]:
        assert gate.may_route(turn) == bare.may_route(turn), turn


@pytest.mark.parametrize("letters", ["ascii", "lexicons"])
def test_fold_equals_what_re_ignorecase_takes_for_each_letter(letters: str) -> None:
    """Every character that `re.IGNORECASE` matches to a letter of a literal folds to that letter's fold."""
    if letters == "ascii":
        chars = {chr(c) for c in range(32, 127)}
    else:
        chars = {c for lex in router.LEXICONS for field in (*FIELDS, "keys") for p in
                 (getattr(lex, field) if field != "keys" else [k[1] for k in lex.keys]) for c in p}
    # the characters that can match a character other than themselves: the cased ones and re's extra cases
    candidates = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000
                         and (chr(c).lower() != chr(c) or chr(c).upper() != chr(c) or fold(chr(c)) != chr(c)))
    for letter in sorted(chars):
        for c in re.findall(re.escape(letter), candidates + letter, re.IGNORECASE):
            assert fold(c) == fold(letter), (letter, c, hex(ord(c)))


def test_required_literals_of_a_set_of_single_characters() -> None:
    """The parser spells "(删|刪)" as a set of characters: one of them is required."""
    from memory_store.regex_literals import required_of

    assert required_of("(删|刪)(了|掉)", re.I) == (frozenset({"删", "刪"}), 0)
    assert required_of("x(给|給)(他|她)", re.I) == (frozenset({"x"}), 0)
    assert required_of("[^ab]c", re.I) == (frozenset({"c"}), 1)
    assert required_of("[a-z]+", re.I) is None
