"""MEMORY.md's structure (DESIGN §4): a user-owned part, and the generated part between markers.

```
# MEMORY
## Pinned            <- the user's; never changed
<!-- memjobs:begin -->
## Rules & constraints / ## Decisions / ## Architecture / ## Remember / ## Procedures
- <summary> ([<ID>](memory/YYYY-MM-DD.md))
<!-- memjobs:end -->
```
Only the text between the markers is ever rewritten, and it is rewritten whole. Pure module.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from memory_store.markdown import split_lines

BEGIN = "<!-- memjobs:begin -->"
END = "<!-- memjobs:end -->"
SECTIONS = ("Rules & constraints", "Decisions", "Architecture", "Remember", "Procedures")
SECTION_OF_KIND = {
    "Rule": "Rules & constraints",
    "Constraint": "Rules & constraints",
    "Decision": "Decisions",
    "Architecture": "Architecture",
    "Remember": "Remember",
    "Procedure": "Procedures",
}
ITEM_MAX_LINES = 5
WRAP_WIDTH = 100
_ITEM_RE = re.compile(r"^- (?P<summary>.*?) ?\(\[(?P<id>[A-Z]+-\d{8}-[a-z0-9-]+)\]\((?P<link>[^)\s]+)\)\)\s*$")


@dataclass(frozen=True)
class IndexItem:
    summary: str
    id: str
    link: str           # relative to MEMORY.md, e.g. memory/2026-10-06.md

    def render(self) -> str:
        """One item, wrapped to at most `ITEM_MAX_LINES` lines of `WRAP_WIDTH` characters."""
        text = f"- {self.summary} ([{self.id}]({self.link}))"
        if len(text) <= WRAP_WIDTH:
            return text + "\n"
        lines = textwrap.wrap(text, WRAP_WIDTH, subsequent_indent="  ", break_long_words=False,
                              break_on_hyphens=False)
        return "\n".join(lines[:ITEM_MAX_LINES]) + "\n"


@dataclass
class MemoryMd:
    head: str                       # everything before the begin marker line (the user's)
    sections: dict[str, list[IndexItem]] = field(default_factory=lambda: {s: [] for s in SECTIONS})
    tail: str = ""                  # everything after the end marker line (the user's)
    has_markers: bool = True
    begin_line: int = 0             # 1-based line of the begin marker (0 when absent)

    @property
    def items(self) -> list[IndexItem]:
        return [it for s in SECTIONS for it in self.sections.get(s, [])]

    def render_generated(self) -> str:
        out = [BEGIN + "\n"]
        for name in SECTIONS:
            out.append(f"## {name}\n")
            out.extend(it.render() for it in self.sections.get(name, []))
            out.append("\n")
        out.append(END + "\n")
        return "".join(out)

    def render(self) -> str:
        head = self.head
        if not self.has_markers and head and not head.endswith("\n\n"):
            head = head + ("\n" if head.endswith("\n") else "\n\n")
        return head + self.render_generated() + self.tail


def parse_memory_md(text: str) -> MemoryMd:
    """Split MEMORY.md into the user's parts and the generated items (read leniently)."""
    lines = split_lines(text)
    begin = next((i for i, ln in enumerate(lines) if ln.strip() == BEGIN), None)
    end = next((i for i, ln in enumerate(lines) if ln.strip() == END and (begin is None or i > begin)), None)
    if begin is None or end is None:
        return MemoryMd(head=text, tail="", has_markers=False)
    md = MemoryMd(head="".join(lines[:begin]), tail="".join(lines[end + 1:]), begin_line=begin + 1)
    current: str | None = None
    pending: list[str] = []

    def flush() -> None:
        if pending and current is not None:
            m = _ITEM_RE.match(" ".join(p.strip() for p in pending))
            if m:
                md.sections.setdefault(current, []).append(
                    IndexItem(m.group("summary").strip(), m.group("id"), m.group("link")))
        pending.clear()

    for ln in lines[begin + 1:end]:
        bare = ln.rstrip("\r\n")
        if bare.startswith("## "):
            flush()
            current = bare[3:].strip()
            md.sections.setdefault(current, [])
        elif bare.startswith("- "):
            flush()
            pending.append(bare)
        elif bare.startswith("  ") and pending:
            pending.append(bare)
        else:
            flush()
    flush()
    return md


def item_lines(text: str) -> dict[str, int]:
    """The 1-based line of each generated item's id in MEMORY.md (for citations and validation)."""
    out: dict[str, int] = {}
    inside = False
    for i, ln in enumerate(split_lines(text), start=1):
        s = ln.strip()
        if s == BEGIN:
            inside = True
        elif s == END:
            inside = False
        elif inside:
            for m in re.finditer(r"\[([A-Z]+-\d{8}-[a-z0-9-]+)\]\(", ln):
                out.setdefault(m.group(1), i)
    return out
