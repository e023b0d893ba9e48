"""Secret redaction: every transcript text passes through here before it is kept (docs/design.md §7).

`redact(text)` replaces each secret with `[REDACTED:<kind>]`; for `password=…`-style pairs, URLs
with a password, `Bearer <token>` and spoken forms ("the db password is X") the words around it
stay and only the value goes. The formats are the catalogue in `memory_store.secret_formats`
(vendor tokens, credentials in URLs and headers) and `memory_store.secret_phrases` (assignments,
spoken forms in English, Thai and Chinese); docs/security.md lists them. Redaction is idempotent:
a `[REDACTED:…]` marker never matches again.

Why many small patterns and not one alternation: it runs over every transcript line we keep.
One big alternation makes the regex engine try every branch at every character (≈2 MB/s on
transcript text); a pattern that starts with a literal is searched for that literal directly
(hundreds of MB/s), and each pattern only runs when a cheap substring test says its trigger is
in the text at all. Measured by scripts/bench_microsync.py and scripts/bench_microsync_stages.py
(the readers' redaction per MB of real transcripts).

Per text, then: one search for a vendor token's literal where a token could follow it
(`_may_hold_token`: most texts stop there for the tokens), and one scan for every trigger of the other
formats (`_scan`: most texts hold none and are returned as they are); only the formats of the
triggers found are visited, the side formats (`secret_phrases.SIDE`, named by words as common as
"code") last.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from memory_store.secret_formats import CONTEXT, TOKEN_MIN, TOKENS, SecretFormat, stand_in
from memory_store.secret_keys import KEYS
from memory_store.secret_later import LATER
from memory_store.secret_phrases import CLAUSES, PAIRS, PGPASS, PHRASES, SIDE
from memory_store.secret_shaped import SHAPED, UNNAMED, UNNAMED_GATE
from memory_store.secret_spoken import SPOKEN, SPOKEN_SIDE
from memory_store.secret_tables import TABLES

MARK = "[REDACTED:{}]"
_VALUE_GROUPS = ("secret", "secret_q", "secret_c", "secret_p")

# Order matters: a vendor token is named for what it is before a `key=` pair or a phrase would
# call it a plain password; the markers left behind are never matched again.
CATALOGUE: tuple[SecretFormat, ...] = (*TOKENS, *CONTEXT, *PAIRS, *PHRASES, *KEYS, *SPOKEN, *PGPASS, *CLAUSES, *SIDE,
                                       *SPOKEN_SIDE, *LATER, *TABLES, *SHAPED, UNNAMED)


def kinds() -> list[str]:
    """Every kind of marker the catalogue can write, in catalogue order."""
    out: list[str] = []
    for f in CATALOGUE:
        if f.kind not in out:
            out.append(f.kind)
    return out


def _substituter(f: SecretFormat) -> Callable[[str], str]:
    if f.substitute is not None:
        return f.substitute
    def replace(m: re.Match[str]) -> str:
        groups = [g for g in _VALUE_GROUPS if g in m.re.groupindex]
        name = next((g for g in groups if m.group(g) is not None), None)
        start, end = m.span(name) if name else m.span()
        value = m.string[start:end]
        if f.about is not None and not f.about(m.string[m.start():start]):
            return m.group(0)
        if f.accept is not None and name != "secret_q" and not f.accept(value):
            return m.group(0)
        if stand_in(value, m.string, start, end):
            return m.group(0)
        kind = f.kind_of(m, value) if f.kind_of is not None else f.kind
        return m.string[m.start():start] + MARK.format(kind) + m.string[end:m.end()]

    def substitute(text: str) -> str:
        return f.pattern.sub(replace, text)

    return substitute


# Flat (triggers, case-blind, substitute) triples: the loop below runs once per kept text, so
# it avoids generator and call overhead (that, not the regexes, dominated short texts). The
# triggers are tested on UTF-8 bytes: `in` on a str holding Thai or Chinese (4 bytes a character
# inside Python) was 20 times slower than on its bytes. A trigger test costs about the same
# whatever the needle, so the cost grows with the number of triggers: the vendor tokens (most of
# them) are tested only against the text's runs of TOKEN_MIN+ non-space bytes, which ordinary
# prose rarely has.
_Plan = tuple[tuple[tuple[bytes, ...], bool, Callable[[str], str], tuple[bytes, ...]], ...]


def _plan(formats: tuple[SecretFormat, ...]) -> _Plan:
    return tuple((tuple(t.encode() for t in f.triggers), f.lowered, _substituter(f), tuple(n.encode() for n in f.needs))
                 for f in formats)


_TOKEN_PLAN = _plan(TOKENS)
_TEXT_PLAN = _plan((*CONTEXT, *PAIRS, *PHRASES, *KEYS, *SPOKEN, *PGPASS, *CLAUSES))
# The side formats (secret_phrases.SIDE): (triggers, substitute, needs), run after the others; `needs` is the
# place in `_SIDE_NEEDS` of one search for any of the format's needs (-1: none), shared by the formats that
# need the same (the digits: one search, not ten `in` tests, for each format that needs one).
_SIDE_FORMATS = (*SIDE, *SPOKEN_SIDE, *LATER, *TABLES, *SHAPED)
_SIDE_NEED_SETS = tuple(dict.fromkeys(frozenset(n.encode().lower() for n in f.needs)
                                      for f in _SIDE_FORMATS if f.needs))
_SIDE_PLAN = tuple((frozenset(t.encode().lower() for t in f.triggers), _substituter(f),
                    _SIDE_NEED_SETS.index(frozenset(n.encode().lower() for n in f.needs)) if f.needs else -1)
                   for f in _SIDE_FORMATS)
_UNNAMED = _substituter(UNNAMED)   # every text, last: a value with no name has no trigger


# Tokens are ASCII: Thai or Chinese next to one ("ใช้คีย์sk-…") must not hide it in a longer run.
_ASCII_ONLY = bytes(range(128)) + b" " * 128


def _run(plan: _Plan, text: str, data: bytes) -> str:
    lowered = data.lower()  # ASCII only, which is all the case-blind triggers need
    seen: dict[tuple[bytes, bool], bool] = {}  # several formats share a trigger
    for triggers, blind, substitute, needs in plan:
        hay = lowered if blind else data
        for t in triggers:
            hit = seen.get((t, blind))
            if hit is None:
                hit = seen[(t, blind)] = t in hay
            if hit:
                if needs and not any(n in hay for n in needs):
                    break
                got = _substituted(substitute, text)
                if got is not None:
                    text, data, lowered = got
                    seen.clear()
                break
    return text


def _substituted(substitute: Callable[[str], str], text: str) -> tuple[str, bytes, bytes] | None:
    """`substitute(text)` with its UTF-8 bytes and their lower case, or None when it changed nothing."""
    new = substitute(text)
    if new == text:
        return None
    data = new.encode("utf-8", "surrogatepass")
    return new, data, data.lower()


def _trie(words: set[bytes] | frozenset[bytes], *, longest: bool = False) -> bytes:
    """One regular expression matching wherever any of `words` starts, as a trie of literals.

    Why a trie: an alternation of ~70 literals makes the engine try each one in turn wherever
    the first byte could start one; a trie tries each distinct next byte once. Where a shorter
    word ends, the longer ones it begins need not be tried (finding the shorter one is enough),
    unless `longest`: then the longest word found there is the match (`_scan` wants every
    word, and takes the shorter ones from the longer)."""
    root: dict[int, Any] = {}
    for w in words:
        node = root
        for b in w:
            node = node.setdefault(b, {})
        node[-1] = {}

    def emit(node: dict[int, Any]) -> bytes:
        subs = [(b, sub) for b, sub in sorted(node.items()) if b != -1]
        if -1 in node and (not longest or not subs):
            return b""
        alts = [re.escape(bytes([b])) + emit(sub) for b, sub in subs]
        body = alts[0] if len(alts) == 1 else b"(?:" + b"|".join(alts) + b")"
        return body if -1 not in node else b"(?:" + body + b")?"

    return emit(root)


_TEXT_WORDS = frozenset(t.lower() for triggers, _, _, _ in _TEXT_PLAN for t in triggers)
_TEXT_LOWERED = tuple(tuple(t.lower() for t in triggers) for triggers, _, _, _ in _TEXT_PLAN)
# Which text formats (their places in `_TEXT_PLAN`) each lower-cased trigger belongs to.
_FORMATS_OF: dict[bytes, tuple[int, ...]] = {
    w: tuple(i for i, low in enumerate(_TEXT_LOWERED) if w in low) for w in _TEXT_WORDS}
# What `_scan` looks for: the text formats' triggers (lower-cased: a case-sensitive one, "PRIVATE KEY",
# is then tested exactly in `_run_text`) and the side formats'.
_SCAN_WORDS = _TEXT_WORDS | {t for triggers, _, _ in _SIDE_PLAN for t in triggers}


@functools.cache
def _gates() -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    """The token gates, compiled on first use: any case-sensitive token trigger (in the runs), any
    case-blind one (in the lowered runs)."""
    sensitive = {t for triggers, blind, _, _ in _TOKEN_PLAN if not blind for t in triggers}
    blind = {t for triggers, blind, _, _ in _TOKEN_PLAN if blind for t in triggers}
    return re.compile(_trie(sensitive)), re.compile(_trie(blind) if blind else b"(?!)")


# ---- the scans every text pays -----------------------------------------------------------------
# (1) `_scan`: which triggers of the text and side formats a text holds, exactly `{t for t in _SCAN_WORDS
# if t in lowered}` (tests/memory_store/test_redact_gate.py), at the cost of one search where a text holds
# none. The cost of a search for many literals is the number of places whose byte could start one (the
# engine tries the trie there): the few triggers whose first byte is among the commonest of text ("token",
# "otp", "earer", "redis-cli": e, o, r, t, a quarter of all bytes) are tested with `in` instead (a fast scan
# for one literal), the rest found by one pass of a trie that does not overlap its matches (the longest
# trigger at each place); a trigger that starts inside one found is recovered from it: one that lies inside
# it ("code" in "passcode") from `_INSIDE`, one that runs on past its end from `_RUNS_ON` with an `in` test.
_SIDE_WORDS = frozenset(t for triggers, _, _ in _SIDE_PLAN for t in triggers)
_COMMON_FIRST = frozenset(b"eort")
_BY_IN = tuple(sorted(w for w in _SCAN_WORDS if w[0] in _COMMON_FIRST))
_BY_TRIE = frozenset(w for w in _SCAN_WORDS if w[0] not in _COMMON_FIRST)
_INSIDE: dict[bytes, frozenset[bytes]] = {w: frozenset(o for o in _BY_TRIE if o in w) for w in _BY_TRIE}


def _runs_on(words: frozenset[bytes]) -> dict[bytes, tuple[bytes, ...]]:
    """For each word, the words that start inside it and run on past its end: `o` with `o.startswith(w[k:])`
    and longer than `w[k:]`, for some 0 < k < len(w). Found through a map of every proper prefix to the words
    it begins (the pairwise test of every word against every suffix of every other cost ~30 ms of every
    command's start-up once the triggers passed 150)."""
    by_prefix: dict[bytes, list[bytes]] = {}
    for o in words:
        for n in range(1, len(o)):
            by_prefix.setdefault(o[:n], []).append(o)
    return {w: tuple(sorted({o for k in range(1, len(w)) for o in by_prefix.get(w[k:], ())})) for w in words}


_RUNS_ON: dict[bytes, tuple[bytes, ...]] = _runs_on(_BY_TRIE)


@functools.cache
def _scanner() -> re.Pattern[bytes]:
    return re.compile(_trie(_BY_TRIE, longest=True))


def _scan(lowered: bytes) -> set[bytes]:
    """Every trigger of the text and side formats in `lowered` (see above)."""
    found: set[bytes] = set()
    for w in _BY_IN:
        if w in lowered:
            found.add(w)
    words = _scanner().findall(lowered)
    if not words:
        return found
    for word in set(words):
        found.update(_INSIDE[word])
        for other in _RUNS_ON[word]:
            if other not in found and other in lowered:
                found.add(other)
    return found


# (2) `_may_hold_token`: whether a vendor token's literal is where a token could be, before the readers
# build the text's runs of TOKEN_MIN+ characters and test every literal in them (`_gates`). One search of
# the text as written (the literals as the token formats test them: case-sensitive, but the case-blind
# ones). Each literal is found at its first rare character — a `_`, `-`, `.`, `=`, `~`, `:` or `/`, which
# prose holds far less often than letters (`ghp_` at its `_`, looking back for `ghp`); the literals of one
# or two such characters and a common word ("sk-", "SG.", "hf_") only with the characters their pattern
# needs right after them (secret_formats.TOKENS); the literals without such a character (AKIA, ASIA, AIza,
# ATATT3, eyJ, SK, dapi) at an upper-case letter where they have one, `dapi` with its 32 hex digits.
_TOKEN_AFTER: dict[bytes, bytes] = {
    b"sk-": rb"[A-Za-z0-9_-]{20}", b"SG.": rb"[A-Za-z0-9_-]{16}", b"hf_": rb"[A-Za-z0-9]{30}",
    b"r8_": rb"[A-Za-z0-9]{37}", b"Q~": rb"[A-Za-z0-9_~.-]{31}", b":AA": rb"[A-Za-z0-9_-]{31}",
    b"sig=": rb"[A-Za-z0-9%+/=]{20}", b"npm_": rb"[A-Za-z0-9]{36}", b"gsk_": rb"[A-Za-z0-9]{48}",
}
_TOKEN_MARKS = b"_-.=~:/"
_UNMARKED = (rb"A(?:KIA|SIA|BIA|CCA|Iza|TATT3)|J(?<=eyJ)|SK(?=[0-9a-f]{32})"
             rb"|p(?<=dap)i(?=[a-f0-9]{32})")


@functools.cache
def _token_finder() -> re.Pattern[bytes]:
    literals = {(t, blind) for triggers, blind, _, _ in _TOKEN_PLAN for t in triggers}
    by_mark: dict[int, list[bytes]] = {}
    unmarked: set[bytes] = set()
    for w, blind in sorted(literals):
        at = next((i for i, b in enumerate(w) if b in _TOKEN_MARKS), None)
        if at is None:
            unmarked.add(w)
            continue
        case = (lambda x: b"(?i:" + x + b")") if blind else (lambda x: x)
        alt = ((b"(?<=" + case(re.escape(w[:at])) + re.escape(w[at:at + 1]) + b")" if at else b"")
               + case(re.escape(w[at + 1:])) + (b"(?=" + _TOKEN_AFTER[w] + b")" if w in _TOKEN_AFTER else b""))
        by_mark.setdefault(w[at], []).append(alt)
    assert unmarked == {b"AKIA", b"ASIA", b"ABIA", b"ACCA", b"AIza", b"ATATT3", b"eyJ", b"SK", b"dapi"}, unmarked
    marked = b"|".join(re.escape(bytes([m])) + b"(?:" + b"|".join(alts) + b")" for m, alts in sorted(by_mark.items()))
    return re.compile(marked + b"|" + _UNMARKED)


def _may_hold_token(data: bytes) -> bool:
    """Whether a vendor token's literal is in the text where its token could follow (see above): False
    means the token formats change nothing."""
    return _token_finder().search(data) is not None


# The formats to visit for a set of triggers found (a text's set is one of few: "code", "token", "key"…).
_TODO: dict[frozenset[bytes], list[int]] = {}
_TODO_MAX = 4096


def _run_text(text: str, data: bytes, present: set[bytes]) -> str:
    """`_run` over the text formats, with their triggers looked up in `present` (`_scan`): only
    the formats one of whose triggers is there are visited (`_FORMATS_OF`), in catalogue order."""
    lowered = data.lower()
    seen: dict[tuple[bytes, bool], bool] = {}
    key = frozenset(present)
    todo = _TODO.get(key)
    if todo is None:
        if len(_TODO) >= _TODO_MAX:
            _TODO.clear()
        todo = _TODO[key] = sorted({i for w in present for i in _FORMATS_OF.get(w, ())})
    k = 0
    while k < len(todo):
        i = todo[k]
        k += 1
        triggers, blind, substitute, needs = _TEXT_PLAN[i]
        hay = lowered if blind else data
        for t, t_low in zip(triggers, _TEXT_LOWERED[i], strict=True):
            if t_low not in present:
                continue
            if not blind:   # found case-blind: the exact test
                hit = seen.get((t, False))
                if hit is None:
                    hit = seen[(t, False)] = t in data
                if not hit:
                    continue
            if needs:
                ok = False
                for n in needs:
                    got = seen.get((n, blind))
                    if got is None:
                        got = seen[(n, blind)] = n in hay
                    if got:
                        ok = True
                        break
                if not ok:
                    break
            changed = _substituted(substitute, text)
            if changed is not None:
                text, data, lowered = changed
                seen.clear()
                present = _scan(lowered)
                todo = sorted({j for w in present for j in _FORMATS_OF.get(w, ()) if j > i})
                k = 0
            break
    return text


def redact(text: str) -> str:
    """`text` with every secret replaced by `[REDACTED:<kind>]` (key names of pairs kept).

    Passes repeat until one changes nothing: a secret glued to another (a DigitalOcean token
    followed with no gap by a JWT) only shows its own edges once its neighbour is a marker. A text
    without a secret takes one pass; the loop is bounded because every pass that changes the text
    turns a secret into a marker, which never matches again."""
    global _unsettled
    for _ in range(_MAX_PASSES):
        out = _redact_once(text)
        if out == text:
            return out
        text = out
    _unsettled = True
    return text


_MAX_PASSES = 8
# Whether `redact` has returned, in this process, a text its last pass still changed (it ran out of
# passes): only then can `redact` change a text it returned (`again`).
_unsettled = False


def again(text: str) -> str:
    """`redact(text)` for a text that `redact` returned in this process (a transcript record's
    text: every reader redacts it, memory_store/transcripts/records.py): the text itself.

    Why it holds: `redact` returns a text only once a pass over it changed nothing, and `redact`
    of that text is that same first pass. The one exception, a text that ran out of passes, sets
    `_unsettled`, and from then on this redacts again. Why: the sessions index redacted every
    message a second time, which cost as much as the readers' redaction of it."""
    return redact(text) if _unsettled else text


@functools.cache
def _side_needs() -> tuple[re.Pattern[bytes], ...]:
    """For each set of `_SIDE_NEED_SETS`, one search for any of its words (compiled on first use)."""
    return tuple(re.compile(_trie(words)) for words in _SIDE_NEED_SETS)


def _side(text: str, lowered: bytes, present: set[bytes]) -> str:
    """`text` through the side formats whose triggers are in `present`."""
    searches = _side_needs()
    has: list[bool | None] = [None] * len(searches)   # whether `lowered` holds one of each set's needs
    for triggers, substitute, needs in _SIDE_PLAN:
        if present.isdisjoint(triggers):
            continue
        if needs >= 0:
            hit = has[needs]
            if hit is None:
                hit = has[needs] = searches[needs].search(lowered) is not None
            if not hit:
                continue
        new = substitute(text)
        if new != text:
            text = new
            lowered = text.encode("utf-8", "surrogatepass").lower()
            has = [None] * len(searches)
    return text


# Digits of other scripts that people type a code in: Thai (๔๘๒๑), full-width (１２３４, a Chinese or Japanese
# input method's), Arabic-Indic, Persian, Devanagari, Bengali, Lao, Myanmar, Khmer. Every format is written for
# ASCII digits; a text holding these is redacted as if they were ASCII (`_with_ascii_digits`).
_DIGIT_ZEROS = (0x0E50, 0xFF10, 0x0660, 0x06F0, 0x0966, 0x09E6, 0x0ED0, 0x1040, 0x17E0)
_TO_ASCII_DIGITS = {zero + i: ord("0") + i for zero in _DIGIT_ZEROS for i in range(10)}
_OTHER_DIGIT = re.compile("[" + "".join(f"{chr(z)}-{chr(z + 9)}" for z in _DIGIT_ZEROS) + "]")
_MARKER = re.compile(r"\[REDACTED:[a-z0-9_]+\]")


def _with_ascii_digits(text: str) -> str:
    """`_redact_once(text)` for a text with digits of another script: the text with them read as
    ASCII digits is redacted, and each part that stayed is taken back from `text` (the translation
    keeps every character's place, so the parts between the markers are found by one match)."""
    ascii_text = text.translate(_TO_ASCII_DIGITS)
    out = _redact_once(ascii_text, ascii_digits=True)
    if out == ascii_text:
        return text
    pieces = _MARKER.split(out)
    marks = _MARKER.findall(out)
    # each part kept as it is, each marker in place of at least one character
    shape = "(.+?)".join("(" + re.escape(p) + ")" for p in pieces)
    m = re.fullmatch(shape, ascii_text, re.DOTALL)
    if m is None:   # not expected: the markers are all a pass adds; the ASCII digits then stay
        return out
    kept = [text[m.start(2 * i + 1):m.end(2 * i + 1)] for i in range(len(pieces))]
    return "".join(k + (marks[i] if i < len(marks) else "") for i, k in enumerate(kept))


def _as_is(text: str) -> str:
    return text


def _redact_once(text: str, ascii_digits: bool = False) -> str:
    """One pass over `text`; `ascii_digits`: its digits are known to be ASCII ones."""
    if not text:
        return text
    data = text.encode("utf-8", "surrogatepass")
    if not ascii_digits and not data.isascii() and _OTHER_DIGIT.search(text) is not None:
        return _with_ascii_digits(text)
    lowered = data.lower()
    present = _scan(lowered)
    # a made-up password with no name (secret_shaped.UNNAMED): only where its gate finds a place, last (a marker
    # never makes a new place)
    finish = _UNNAMED if UNNAMED_GATE.search(data) is not None else _as_is
    if _may_hold_token(data):
        token_gate, blind_token_gate = _gates()
        words = (data if data.isascii() else data.translate(_ASCII_ONLY)).split()
        runs = b" ".join([w for w in words if len(w) >= TOKEN_MIN])
        # A gate that finds no trigger means `_run` would test every trigger and find none.
        if runs and (token_gate.search(runs) is not None or blind_token_gate.search(runs.lower()) is not None):
            new = _run(_TOKEN_PLAN, text, runs)
            if new != text:
                text = new
                data = text.encode("utf-8", "surrogatepass")
                lowered = data.lower()
                present = _scan(lowered)
    if not present:
        return finish(text)    # most texts: no trigger of the text and side formats
    if not present.isdisjoint(_TEXT_WORDS):
        new = _run_text(text, data, present)
        if new != text:
            text = new
            lowered = text.encode("utf-8", "surrogatepass").lower()
            present = _scan(lowered)
    side = present & _SIDE_WORDS
    return finish(_side(text, lowered, side) if side else text)


def contains_secret(text: str) -> bool:
    """True if `redact` would change `text`."""
    return bool(text) and redact(text) != text


def redact_capped(text: str, cap: int) -> str:
    """The first `cap` characters of `text`, redacted.

    Why not cut first: a cut through a secret would leave a prefix too short to match. The
    window read past the cap lets a secret that straddles it still be recognised whole.
    """
    if len(text) <= cap:
        return redact(text)
    out = redact(text[: cap + 1024])[:cap]
    cut = out.rfind("[", max(0, cap - len(MARK) - 30))
    if cut >= 0 and "]" not in out[cut:] and "[REDACTED:".startswith(out[cut:cut + 10]):
        out = out[:cut]  # a marker cut in half would read as a value to redact again
    return out
