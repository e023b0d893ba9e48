"""What the sentence layer finds in a user turn, shared by the layers that refine it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Item:
    """A statement found in a user turn, before it becomes a candidate (sentences first..last)."""
    first: int
    last: int
    kind: str
    text: str
    probe: str
    confidence: float
