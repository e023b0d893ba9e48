"""MEMORY.md's budgets (docs/design.md §4): `limits.memory_md_lines` and `limits.memory_md_chars`, counted
on the whole file — the user's Pinned and hand-written text included, since agents load it all."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from memory_store.markdown import split_lines
from memory_store.memory_md import SECTIONS, IndexItem, MemoryMd


@dataclass(frozen=True)
class Budget:
    lines: int
    chars: int


def size(text: str) -> tuple[int, int]:
    return len(split_lines(text)), len(text)


def fit(md: MemoryMd, ranked: Sequence[tuple[str, IndexItem]], budget: Budget
        ) -> tuple[dict[str, list[IndexItem]], list[IndexItem]]:
    """Take items in rank order while the whole file stays within both budgets.

    Returns the kept items per section (in rank order) and the ones that did not fit. Each item
    adds exactly its rendered lines and characters to the file, so the sum is exact. The open
    questions `md` holds are counted first: they have their place whatever the items.
    """
    empty = MemoryMd(head=md.head, tail=md.tail, has_markers=md.has_markers, eol=md.eol,
                     questions=md.questions, questions_more=md.questions_more)
    lines, chars = size(empty.render())
    kept: dict[str, list[IndexItem]] = {s: [] for s in SECTIONS}
    left: list[IndexItem] = []
    for section, item in ranked:
        text = item.render()
        n_lines, n_chars = len(split_lines(text)), len(text)
        if md.eol != "\n":
            n_chars += n_lines * (len(md.eol) - 1)
        if lines + n_lines <= budget.lines and chars + n_chars <= budget.chars:
            kept.setdefault(section, []).append(item)
            lines += n_lines
            chars += n_chars
        else:
            left.append(item)
    return kept, left
