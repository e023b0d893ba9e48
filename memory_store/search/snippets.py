"""The snippet of a hit: its best body line, cut to ~200 characters, with `**` around matches.

Query terms are folded (tokens.normalise: traditional Chinese becomes simplified), so lines are
matched in their folded form too, and the marks go into the original line at the same offsets:
hanzi.to_simplified maps each character to exactly one character, so offsets carry over and the
snippet shows what the user wrote (記住, not 记住).
"""

from __future__ import annotations

import re
import unicodedata

from memory_store.hanzi import to_simplified
from memory_store.search.tokens import Term

SNIPPET_CHARS = 200


def _pattern(terms: list[Term], infix: bool = False) -> re.Pattern[str] | None:
    parts: list[str] = []
    for t in sorted(terms, key=lambda t: -len(t.text)):
        if t.run or infix:
            parts.append(re.escape(t.text))
        else:
            stem = t.text[:-2] if len(t.text) >= 6 else t.text
            parts.append(r"(?<!\w)" + re.escape(stem) + r"\w*")
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def _attached(ch: str) -> bool:
    """A mark drawn on the character before it (a Thai tone mark or vowel above/below, a combining
    accent): a `**` before it would split what renders as one letter."""
    return unicodedata.category(ch) in ("Mn", "Mc", "Me")


def _leading_vowel(ch: str) -> bool:
    """Thai เ แ โ ใ ไ: written before the consonant they are said after, part of its syllable."""
    return "\u0e40" <= ch <= "\u0e44"


def _spans(text: str, pat: re.Pattern[str]) -> list[tuple[int, int]]:
    """The matches of `pat` widened to whole letters — never starting on a mark drawn on the letter
    before, never ending before one, and taking a Thai leading vowel with its consonant — then
    merged where they touch, so that no `**` splits a letter and no two marks meet (`****`)."""
    out: list[tuple[int, int]] = []
    for m in pat.finditer(text):
        a, b = m.start(), m.end()
        if a == b:
            continue
        while a > 0 and _attached(text[a]):
            a -= 1
        if a > 0 and _leading_vowel(text[a - 1]):
            a -= 1
        if _leading_vowel(text[b - 1]) and b < len(text):
            b += 1
        while b < len(text) and _attached(text[b]):
            b += 1
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(b, out[-1][1]))
        else:
            out.append((a, b))
    return out


def _marked(piece: str, folded: str, pat: re.Pattern[str]) -> str:
    """`piece` with `**` around the matches of `pat` in `folded`, its folded form (same length)."""
    out: list[str] = []
    last = 0
    for a, b in _spans(folded, pat):
        out += [piece[last:a], "**", piece[a:b], "**"]
        last = b
    out.append(piece[last:])
    return "".join(out)


def make_snippet(title: str, body: str, terms: list[Term]) -> str:
    """The body line with the most matches (else the first), cut to ~200 characters, `**` marks.

    Bold the text already had is dropped first, so that every `**` of a snippet is a mark and marks
    never nest or pair with the text's own (a title such as "Use **Redis** for sessions")."""
    pat = _pattern(terms)
    lines = [ln.replace("**", "") for ln in body.split("\n") if ln.strip()] or [title.replace("**", "")]
    if pat is None:
        return lines[0][:SNIPPET_CHARS]
    folded = [to_simplified(ln) for ln in lines]
    if not any(pat.search(f) for f in folded):
        pat = _pattern(terms, infix=True) or pat  # a substring hit (trigram): mark inside words
    i = max(range(len(lines)), key=lambda i: (len(pat.findall(folded[i])), -i))
    best = lines[i]
    start = 0
    m = pat.search(folded[i])
    if len(best) > SNIPPET_CHARS and m and m.start() > 60:
        start = m.start() - 60
    marked = _marked(best[start : start + SNIPPET_CHARS], folded[i][start : start + SNIPPET_CHARS], pat)
    return ("…" if start else "") + marked + ("…" if start + SNIPPET_CHARS < len(best) else "")
