"""Small text helpers of the rules summariser: clean a message, split it into sentences, compare
two sentences by their words (ASCII words, and character bigrams for Thai and Chinese runs)."""
from __future__ import annotations

import re

from memory_store.redact import redact

_FENCE_RE = re.compile(r"```.*?(?:```|$)|~~~.*?(?:~~~|$)", re.S)
_TAG_BLOCK_RE = re.compile(r"<(system-reminder|command-[\w-]+|local-command-[\w-]+)>.*?</\1>", re.S)
# Sentence ends; Thai marks the end of a clause with a space between Thai words.
_SENTENCE_RE = re.compile(
    r"(?<=[.!?])\s+(?=[A-Z\"'(\[])|(?<=[。！？!?])|(?<=[\u0e00-\u0e7f])\s+(?=[\u0e00-\u0e7f])|\n+")
_WS_RE = re.compile(r"\s+")
_WORD_RE = re.compile(r"[a-z0-9][a-z0-9_'-]{2,}")
_CJK_RUN_RE = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]+")
_THAI_RUN_RE = re.compile(r"[\u0e00-\u0e7f]+")
_LIST_MARK_RE = re.compile(r"^\s*(?:[-*+•]|\d+[.)]|#+)\s+")
_STOP_WORDS = (
    "the and for with that this then than from into onto have has had was were are been being will would "
    "should could can you your yours our ours their them they she him her his its it's i'll we'll let "
    "me need needs must also just now still not yet out about what when where which while there here "
    "some any all more most very really please okay done make sure going want like get got use used"
)
STOP = frozenset(_STOP_WORDS.split())


def clean(text: str) -> str:
    """A message as prose: code blocks and injected tag blocks removed, whitespace kept per line."""
    text = _TAG_BLOCK_RE.sub(" ", text)
    return _FENCE_RE.sub(" ", text)


def sentences(text: str) -> list[str]:
    """Sentences of a message (also each line of a list), list markers removed, whitespace collapsed."""
    out: list[str] = []
    for part in _SENTENCE_RE.split(clean(text)):
        s = _WS_RE.sub(" ", _LIST_MARK_RE.sub("", part or "")).strip()
        if s and any(ch.isalnum() for ch in s):
            out.append(s)
    return out


def one_line(text: str, limit: int = 200) -> str:
    """Redacted, single line, at most `limit` characters, and never a markdown link by accident."""
    s = _WS_RE.sub(" ", redact(text)).strip()
    s = s.replace("](", "] (")   # a bracket pair followed by "(" would become a link to check
    if len(s) > limit:
        s = s[: limit - 1].rstrip() + "…"
    return s


def keywords(text: str) -> set[str]:
    """Content words: ASCII words (3+ letters, no stop words), and bigrams of Thai/Chinese runs."""
    low = text.lower()
    out = {w.strip("'-") for w in _WORD_RE.findall(low) if w not in STOP}
    for rx in (_CJK_RUN_RE, _THAI_RUN_RE):
        for run in rx.findall(low):
            out.update(run[i:i + 2] for i in range(len(run) - 1))
    return {w for w in out if w}


def related(a: str, b: str) -> bool:
    """Whether two sentences talk about the same thing (a shared word, or two shared bigrams)."""
    ka, kb = keywords(a), keywords(b)
    shared = ka & kb
    words = {w for w in shared if w.isascii()}
    return bool(words) or len(shared - words) >= 2
