"""Text preparation for the rule extractor: what is the user's own prose, and where sentences end.

Code blocks, markdown quotes and pasted log lines are removed (cue words inside them are someone
else's words or data, not a statement); inline code and quoted spans are kept for display but
masked in the probe text that cue phrases are matched against.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"(^|\n)\s*(```|~~~).*?(\n\s*\2[^\n]*(?=\n|$)|$)", re.S)
_QUOTE_LINE = re.compile(r"^\s*>")
# A pasted log or tool output line: timestamps, log levels, tracebacks, grep-style `path:line:`.
_LOG_LINE = re.compile(
    r"^\s*(\[?\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}|\[?\d{1,2}:\d{2}:\d{2}[\].,\s]"
    r"|(ERROR|WARN(ING)?|INFO|DEBUG|FATAL|CRITICAL|TRACE)\b[:\s]|Traceback \(|File \"|at [\w.$]+\("
    r"|\$ |\S+\.\w+:\d+:)"
)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
# Quoted spans: double quotes, curly quotes and CJK corner brackets. Single quotes are left alone
# because they double as apostrophes ("don't").
_QUOTED = re.compile(r"\"[^\"\n]{2,}\"|“[^”\n]{2,}”|「[^」\n]{1,}」|『[^』\n]{1,}』|«[^»\n]{2,}»")
MASK = "\u2591"  # a character no cue phrase contains

# Sentence ends: ASCII terminators followed by space/end, CJK terminators, newlines. Semicolons join
# clauses of one statement ("we no longer use X; switch to Y"), so they do not split.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?])$|[。！？\n]+|(?<=[!?！？])")


@dataclass(frozen=True)
class Sentence:
    text: str    # the user's words, as said (inline code and quotes kept)
    probe: str   # the same text with inline code and quoted spans masked, for cue matching


def strip_non_prose(text: str) -> str:
    """The text without fenced code, markdown quote lines and pasted log lines."""
    text = _FENCE.sub("\n", text)
    kept = [ln for ln in text.splitlines() if not _QUOTE_LINE.match(ln) and not _LOG_LINE.match(ln)]
    return "\n".join(kept)


def mask(text: str) -> str:
    text = _INLINE_CODE.sub(lambda m: MASK * len(m.group()), text)
    return _QUOTED.sub(lambda m: MASK * len(m.group()), text)


def has_quote(text: str) -> bool:
    return bool(_QUOTED.search(text))


def split_sentences(text: str) -> list[Sentence]:
    """Sentences of prose text, each with its masked probe; empty pieces dropped."""
    out: list[Sentence] = []
    probe_all = mask(text)
    start = 0
    # Split on the probe so that terminators inside inline code or quotes do not end a sentence.
    for m in _SENTENCE_END.finditer(probe_all):
        _append(out, text[start:m.start()], probe_all[start:m.start()])
        start = m.end()
    _append(out, text[start:], probe_all[start:])
    return out


def _append(out: list[Sentence], text: str, probe: str) -> None:
    lead = len(text) - len(text.lstrip())
    text, probe = text.strip(), probe[lead:lead + len(text.strip())]
    if text and any(ch.isalnum() for ch in text):
        out.append(Sentence(text, probe))


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
