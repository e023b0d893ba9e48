"""The snippet of a hit: its best body line, cut to ~200 characters, with `**` around matches.

Query terms are folded (tokens.normalise: traditional Chinese becomes simplified), so lines are
matched in their folded form too, and the marks go into the original line at the same offsets:
hanzi.to_simplified maps each character to exactly one character, so offsets carry over and the
snippet shows what the user wrote (記住, not 记住).
"""

from __future__ import annotations

import re

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


def _marked(piece: str, folded: str, pat: re.Pattern[str]) -> str:
    """`piece` with `**` around the matches of `pat` in `folded`, its folded form (same length)."""
    out: list[str] = []
    last = 0
    for m in pat.finditer(folded):
        out += [piece[last : m.start()], "**", piece[m.start() : m.end()], "**"]
        last = m.end()
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
