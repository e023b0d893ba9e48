"""The user's own lines of MEMORY.md in the runtime context (docs/spec/context.md §1).

Trigger: a person writes a line under `## Pinned`, or `init` keeps an existing MEMORY.md (an
OpenClaw workspace's) whose lines stay above the generated part. Why: the context served only the
generated items between the memjobs markers, so the most deliberate memory there is — what the user
wrote into the file read at every session start — reached no agent. Outcome: every line outside the
markers is an item of the `pinned` group, in file order, shown before the generated index; headings,
HTML comments, code fences (and what they hold) and the template's own text (the title and the
explanation `init` writes) are structure, not memory. A list item with its indented continuation
lines, or a paragraph's consecutive lines, is one item. Pure: text in, items out.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from memory_store.context.model import Item
from memory_store.markdown import fenced_lines, split_lines
from memory_store.memory_md import parse_memory_md

GROUP = "pinned"
_LIST = ("- ", "* ", "+ ")


@cache
def template_lines() -> frozenset[str]:
    """The lines of the shipped MEMORY.md template outside its markers (a copy `init` wrote is not
    the user's memory)."""
    pkg = Path(__file__).resolve().parent.parent   # memory_store.workspace.bundled, without its imports
    text = ""
    for folder in (pkg / "_bundled", pkg.parent):
        try:
            text = (folder / "second-brain-template" / "MEMORY.md").read_text(encoding="utf-8")
            break
        except (OSError, UnicodeDecodeError):
            continue
    md = parse_memory_md(text)
    return frozenset(" ".join(ln.split()) for ln in split_lines(md.head + md.tail) if ln.strip())


def _starts_item(bare: str) -> bool:
    s = bare.lstrip()
    if s.startswith(_LIST):
        return True
    head, dot, _ = s.partition(". ")
    return bool(dot) and head.isdigit()


def user_items(text: str, one_line: Callable[[str], str]) -> list[Item]:
    """The user's items of MEMORY.md `text` (see the module doc), ids `MEMORY.md:<line>`."""
    md = parse_memory_md(text)
    if md.has_markers:
        head_lines = split_lines(md.head)
        tail_lines = split_lines(md.tail)
        parts = [(1, head_lines), (len(split_lines(text)) - len(tail_lines) + 1, tail_lines)]
    else:
        parts = [(1, split_lines(text))]
    skip = template_lines()
    out: list[Item] = []
    for first, lines in parts:
        for start, chunk in _chunks(lines, skip):
            words = one_line(" ".join(p.strip() for p in chunk))
            for mark in _LIST:
                if words.startswith(mark):
                    words = words[len(mark):].strip()
                    break
            if words:
                out.append(Item(GROUP, f"MEMORY.md:{first + start}", words, f"MEMORY.md:{first + start}"))
    return out


def _chunks(lines: list[str], skip: frozenset[str]) -> list[tuple[int, list[str]]]:
    """(0-based first line, lines) of each item: a list item with its continuation lines, or a
    paragraph; headings, comments, fences and the template's lines end one and are left out."""
    fenced = fenced_lines(lines)
    out: list[tuple[int, list[str]]] = []
    pending: list[str] = []
    in_comment = False
    for n, raw in enumerate(lines):
        bare = raw.rstrip("\r\n").lstrip("\ufeff")
        s = bare.strip()
        if in_comment:
            in_comment = "-->" not in s
            continue
        structure = s.startswith(("<!--", "#", "```", "~~~")) or fenced[n] or " ".join(s.split()) in skip
        if not s or structure:
            pending = []
            in_comment = s.startswith("<!--") and "-->" not in s
            continue
        if _starts_item(bare) or not pending:
            pending = [bare]
            out.append((n, pending))
        else:
            pending.append(bare)
    return out
