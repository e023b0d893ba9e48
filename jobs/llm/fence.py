"""Transcript text as fenced data for a model (the defence against prompt injection).

The transcript is data, never instructions: it goes between fence lines in the user message,
each record as `L<line> <role>: <text>` with continuation lines indented, and any fence-like
text inside it is defused first. The model's only power is to return items, which the engines
validate against the chunk they sent.
"""
from __future__ import annotations

FENCE_OPEN = "<<<TRANSCRIPT DATA"
FENCE_CLOSE = "TRANSCRIPT DATA>>>"


def defuse(text: str) -> str:
    """Data text with anything that could close or reopen our fence made harmless."""
    return text.replace("<<<", "< < <").replace(">>>", "> > >")


def format_line(line: int, role: str, text: str) -> str:
    """`L<line> <role>: <text>`; continuation lines are indented so no line can pose as a record."""
    body = defuse(text).replace("\r\n", "\n").replace("\r", "\n")
    first, *rest = body.split("\n") or [""]
    out = [f"L{line} {role}: {first}"]
    out.extend(f"    {r}" for r in rest)
    return "\n".join(out)
