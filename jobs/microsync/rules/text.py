"""Text preparation for the rule extractor: what is the user's own prose, and where sentences end.

Code blocks, markdown quotes, pasted log lines, stack traces, diffs and terminal copies are
removed (cue words inside them are someone else's words or data, not a statement); inline code
and quoted spans are kept for display but masked in the probe text that cue phrases are matched
against. The probe is also folded to simplified Chinese (`fold`), so cues are written once.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from jobs.microsync.rules import lexicon, memo
from memory_store.hanzi import to_simplified

_FENCE = re.compile(r"(^|\n)\s*(```|~~~).*?(\n\s*\2[^\n]*(?=\n|$)|$)", re.S)
_QUOTE_LINE = re.compile(r"^\s*>")
# A pasted log or tool output line: timestamps, log levels, tracebacks, grep-style `path:line:`.
_LOG_LINE = re.compile(
    r"^\s*(\[?\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}|\[?\d{1,2}:\d{2}:\d{2}[\].,\s]"
    r"|(ERROR|WARN(ING)?|INFO|DEBUG|FATAL|CRITICAL|TRACE)\b[:\s]|Traceback \(|File \"|at [\w.$]+\("
    r"|\$ |\S+\.\w+:\d+:)"
)
# Pasted stack-trace and shell lines: JS/Java/Go frames ("    at f (file.ts:12:3)"), exception heads
# ("TypeError: ...", "Error: ..."), source positions ("/src/theme.ts:213"), prompts ("➜ repo git:(main)").
_TRACE_LINE = re.compile(
    r"^\s*(?:at\s+(?:async\s+)?\S+(?:\s+\(.*\))?\s*$|at\s+\S.*:\d+(?::\d+)?\)?\s*$"
    r"|(?:[A-Z]\w*)?(?:Error|Exception|Panic)(?:\s*\[\w+\])?:\s|panic:|goroutine \d+|Caused by:"
    r"|(?:[A-Za-z]:)?[~/\\][^\s:]*\.\w+:\d+|[➜❯λ]\s|\S+@\S+:\S*[$#]\s|\^+\s*$)"
)
# A pasted diff: unified-diff headers and hunks, "+foo"/"-foo" lines, and the numbered form that
# review tools and terminal diffs render ("+ 16 - **Item**", "+314 - Tips", "+ 10").
_DIFF_HEAD = re.compile(
    r"^(?:diff --git |index [0-9a-f]{6,}\.\.|(?:\+\+\+|---) (?:[ab]/|/dev/null)|@@ .* @@)"
)
_DIFF_NUMBERED = re.compile(r"^\s*[+-]\s?\d+(?:$|\s*$|\s{2,}|\s[-+*#|>/`]|\s\*\*)")
_DIFF_BARE = re.compile(r"^[+-](?![\s+-]|\d)\S")
# Terminal copies pad each line to the screen width: typed prose never ends in four spaces. (A line of
# `splitlines` holds no newline, so a match ends the line: only a line ending in four spaces is searched.)
_PADDED = re.compile(r"\S {4,}$")
_INLINE_CODE = re.compile(r"`[^`\n]*`")
# Quoted spans: double quotes, curly quotes and CJK corner brackets. Single quotes are left alone
# because they double as apostrophes ("don't").
_QUOTED = re.compile(r"\"[^\"\n]{2,}\"|“[^”\n]{2,}”|「[^」\n]{1,}」|『[^』\n]{1,}』|«[^»\n]{2,}»")
_QUOTE_CHARS = re.compile("[\"“「『«]")
MASK = "\u2591"  # a character no cue phrase contains

# Sentence ends: ASCII terminators followed by space/end, CJK terminators, newlines. Semicolons join
# clauses of one statement ("we no longer use X; switch to Y"), so they do not split.
# A CJK question or exclamation mark stays in its sentence: "换成 vite 怎么样？" is a question.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?])$|[。\n]+|(?<=[!?！？])\s*")


@dataclass(frozen=True)
class Sentence:
    text: str    # the user's words, as said (inline code and quotes kept)
    probe: str   # the same text folded, inline code and quoted spans masked, for cue matching


def strip_non_prose(text: str) -> str:
    """The text without fenced code, markdown quotes, pasted logs, stack traces, diffs and terminal copies."""
    return memo.answer(_PROSE, text, _strip_non_prose)


_PROSE: dict[str, str] = memo.table()   # text -> its prose, for one session's extraction


def _strip_non_prose(text: str) -> str:
    if "```" in text or "~~~" in text:
        text = _FENCE.sub("\n", text)
    if "{" in text or "[" in text:
        text = _strip_json(text)
    lines = text.splitlines()
    pasted = _diff_lines(lines)
    kept = [ln for i, ln in enumerate(lines)
            if i not in pasted and not _PASTED_LINE.match(ln)
            and not (ln.endswith("    ") and _PADDED.search(ln))]
    return "\n".join(kept)


# A quoted, log or trace line in one match (an alternation matches where one of its branches does).
_PASTED_LINE = re.compile(f"(?:{_QUOTE_LINE.pattern})|(?:{_LOG_LINE.pattern})|(?:{_TRACE_LINE.pattern})")
# What a diff line's first non-blank character can be (`_DIFF_HEAD`, `_DIFF_NUMBERED`, `_DIFF_BARE`)
_DIFF_FIRST = frozenset("+-di@")


# A JSON object or array pasted inline ("here is the config {...} we decided to keep it"): data,
# not the user's words. Shorter than this it is a setting quoted in a sentence ('set {"retries": 3}').
JSON_MIN = 120
_JSON_START = re.compile(r'[{\[]\s*[{\["]')
_DECODER = json.JSONDecoder()


def _strip_json(text: str) -> str:
    """`text` without the JSON values of at least JSON_MIN characters pasted into it."""
    out: list[str] = []
    pos = 0
    for m in _JSON_START.finditer(text):
        if m.start() < pos:
            continue
        try:
            _, end = _DECODER.raw_decode(text, m.start())
        except ValueError:
            continue
        if end - m.start() >= JSON_MIN:
            out.append(text[pos:m.start()])
            out.append(" ")
            pos = end
    return "".join(out) + text[pos:] if out else text


def _diff_lines(lines: list[str]) -> set[int]:
    """Indices of the lines of pasted diffs, with the wrapped lines between two diff lines.

    Trigger: "+ 16 - **Invalid themes** no longer crash" pasted from a review. Why: a diff line is
    code or someone's changelog, never the user's statement. A single "+1 on that" is a vote, so
    the numbered form counts only beside another diff line or when its shape is unmistakable.
    """
    maybe = [(i, ln) for i, ln in enumerate(lines) if ln.lstrip()[:1] in _DIFF_FIRST]
    strong = {i for i, ln in maybe if _DIFF_HEAD.match(ln) or _DIFF_NUMBERED.match(ln)}
    bare = {i for i, ln in maybe if _DIFF_BARE.match(ln)}
    marked = strong | (bare if len(bare) >= 2 or strong else set())
    out = set(marked)
    ordered = sorted(marked)
    for a, b in zip(ordered, ordered[1:], strict=False):
        # Lines between two diff lines are the same paste (wrapped text, context lines) unless a
        # blank line separates them from it.
        if all(lines[k].strip() for k in range(a + 1, b)):
            out.update(range(a + 1, b))
    return out


def fold(text: str) -> str:
    """Traditional Chinese characters as their simplified ones, one for one (length-preserving).

    Cue phrases are written in simplified Chinese and matched against folded text, so "記住" and
    "记住" are one cue; because offsets do not move, a span found in the folded text cuts the
    user's original text, and titles and excerpts keep the characters the user typed.
    """
    return to_simplified(text)


def cut_prefix(rx: re.Pattern[str], text: str) -> str:
    """`text` without what `rx` matches at its start (matched on the folded text)."""
    m = rx.match(fold(text))
    return text[m.end():] if m else text


def cut_suffix(rx: re.Pattern[str], text: str) -> str:
    """`text` without the first match of `rx` (a pattern anchored at the end), found on the folded text."""
    m = rx.search(fold(text))
    return text[:m.start()] if m else text


def mask(text: str) -> str:
    """The probe of `text`: folded to simplified Chinese, inline code and quoted spans masked."""
    text = fold(text)
    if "`" in text:
        text = _INLINE_CODE.sub(lambda m: MASK * len(m.group()), text)
    if _QUOTE_CHARS.search(text):
        text = _QUOTED.sub(lambda m: MASK * len(m.group()), text)
    return text


def split_sentences(text: str, probe: str | None = None) -> list[Sentence]:
    """Sentences of prose text, each with its masked probe; empty pieces dropped. `probe` is
    `mask(text)` when the caller has it already."""
    out: list[Sentence] = []
    probe_all = mask(text) if probe is None else probe
    start = 0
    # Split on the probe so that terminators inside inline code or quotes do not end a sentence.
    for m in _SENTENCE_END.finditer(probe_all):
        if not ends_sentence(probe_all, m.start(), m.end()):
            continue
        _append(out, text[start:m.start()], probe_all[start:m.start()])
        start = m.end()
    _append(out, text[start:], probe_all[start:])
    return out


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# Abbreviations whose period does not end a sentence (docs/design.md §4.1: the statement is the user's
# words, whole). Trigger: "my therapist is Dr. Kowalski" was kept as "My therapist is Dr", and "never
# deploy on Fri. or Sat." as a rule that forgot Saturday. Titles stand before a name: never an end.
_TITLES = _words("dr mr mrs ms mx prof hon gen capt lt col sgt st mt ft")
# Before a number ("No. 5", "approx. 6 hours", "vol. 2"): not an end when a digit follows.
_BEFORE_NUMBER = _words("no nos vol ch pp p fig sec art ver rev approx ca ext tel")
# Never an end, whatever follows: "e.g. Vite", "i.e. the user", "vs. Webpack".
_JOINERS = _words("e.g eg i.e ie vs cf viz incl esp approx")
# Common abbreviations that can also end a sentence ("Redis, Kafka, etc. We …"): an end when a
# capitalised word or, in lower-case chat, a subject that opens a clause follows ("… Tan Hui Min. she's
# the one …").
_COMMON = _words(
    "etc inc ltd co corp llc plc bros jr sr rd ave blvd hwy dept est min max sec hr hrs wk mo yr yrs "
    "a.m p.m am pm mon tue tues wed thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept "
    "oct nov dec")
# A capitalised word that opens a new sentence after an initial ("plan B. We decided …"), not a surname.
_OPENERS = _words(
    "i we you he she they it this that these those the a an my our your their there here let's lets "
    "also and but so then now please remember note rule use don't do does always never actually from "
    "in on for if when what why how can could should would will yes no ok okay thanks sure")
_SUBJECTS = _words(
    "i i'm i'll i've i'd we we're we'll we've you you're he he's she she's they they're it it's this "
    "that there let's lets also so but then now please")
_WORD_BEFORE = re.compile(r"(?:[^\W\d_]\.)*[^\W\d_]+$")
_NEXT_WORD = re.compile(r"\s*(\S+)")
_LOOK_BACK = 24   # characters read back for the word before a period (a long paste stays linear)


def ends_sentence(text: str, start: int, end: int) -> bool:
    """Whether the terminator matched at text[start:end] ends a sentence: a period right after a
    common abbreviation, a title, a dotted acronym ("U.S.") or an initial ("J. R. R. Tolkien") does
    not, unless what follows opens a new sentence."""
    if start == 0 or text[start - 1] != "." or "\n" in text[start:end]:
        return True
    word_m = _WORD_BEFORE.search(text, max(0, start - 1 - _LOOK_BACK), start - 1)
    if word_m is None:
        return True
    word = word_m.group().casefold()
    nxt_m = _NEXT_WORD.match(text, end)
    if nxt_m is None:   # the end of the text
        return True
    nxt = nxt_m.group(1)
    first = nxt[0]
    capital = first.isupper()
    opener = nxt.rstrip(",.:;!?").casefold() in _OPENERS
    if word in _TITLES or word in _JOINERS:
        return False
    if word in _BEFORE_NUMBER and first.isdigit():
        return False
    if len(word) == 1 and word_m.group().isupper() and \
            (word_m.start() == 0 or not text[word_m.start() - 1].isalnum()):
        # An initial: the next initial or a surname follows; "plan B. We …" ends.
        return not (re.match(r"[A-Z]\.", nxt) or (capital and not opener))
    if word in _COMMON or "." in word:
        return capital or nxt.rstrip(",.:;!?").casefold().replace("’", "'") in _SUBJECTS
    return True


# A letter or digit: `re`'s \w is str.isalnum() plus the underscore, so this is isalnum() in C.
_ALNUM = re.compile(r"[^\W_]")


# A "sentence" longer than this is a paste with at most a statement at either end (a 5 MB log line
# that ends in "we decided to use Grafana for dashboards"): the patterns see its first and its last
# SENTENCE_MAX // 2 characters, cut at a space, as two sentences, and never the middle. Typed prose
# has no sentence this long (the LLM engine reads at most 3,000 characters of a turn).
SENTENCE_MAX = 2000


def _append(out: list[Sentence], text: str, probe: str) -> None:
    stripped = text.strip()
    if stripped and _ALNUM.search(stripped):
        lead = len(text) - len(text.lstrip())
        if len(stripped) > SENTENCE_MAX:
            half = SENTENCE_MAX // 2
            head_end = stripped.rfind(" ", 0, half) if " " in stripped[:half] else half
            tail_start = stripped.find(" ", len(stripped) - half)
            tail_start = len(stripped) - half if tail_start < 0 else tail_start
            _append(out, text[lead:lead + head_end], probe[lead:lead + head_end])
            _append(out, text[lead + tail_start:lead + len(stripped)], probe[lead + tail_start:lead + len(stripped)])
            return
        out.append(Sentence(stripped, probe[lead:lead + len(stripped)]))


# A clause also ends at a particle followed by a space (`clause_end_particles` of the lexicons).
PARTICLE_BREAK = "|".join(rf"(?<={re.escape(p)})\s"
                          for p in lexicon.phrases(lambda lang: lang.text.clause_end_particles)) or "(?!)"
_CLAUSE_END = re.compile(rf"[,;:，；：、]|\s[-–—]\s|{PARTICLE_BREAK}")


def head_clause(text: str) -> str:
    """The text up to its first clause break (comma, semicolon, colon, dash); all of it when none."""
    m = _CLAUSE_END.search(mask(text))
    return text[:m.start()].strip() if m else text


def split_at(sentence: Sentence, positions: list[int]) -> list[Sentence]:
    """Cut a sentence at the given probe offsets (clause starts found by the caller)."""
    cuts = [0, *sorted(p for p in positions if p > 0), len(sentence.text)]
    parts = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        if b > a:
            seg, prb = sentence.text[a:b], sentence.probe[a:b]
            lead = len(seg) - len(seg.lstrip(" ,，、"))
            seg_s = seg.strip(" ,，、")
            if seg_s:
                parts.append(Sentence(seg_s, prb[lead:lead + len(seg_s)]))
    return parts
