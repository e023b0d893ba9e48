"""MEMORY.md's structure (docs/design.md §4): a user-owned part, and the generated part between markers.

```
# MEMORY
## Pinned            <- the user's; never changed
<!-- memjobs:begin -->
## Rules & constraints / ## Decisions / ## Architecture / ## Remember / ## Procedures
- <summary> ([<ID>](memory/YYYY-MM-DD.md))
<!-- memjobs:end -->
```
While a possible conflict is open (docs/design.md §6.4) the generated part starts with
`## Open questions`: at most five lines, one per open pair (the newer entry, held out of MEMORY.md,
and the established one it disputes), the fifth saying how many more there are when they do not
fit. Only the text between the markers is ever rewritten, and it is rewritten whole. Pure module.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from memory_store.entries import KIND_BY_UPPER
from memory_store.markdown import fenced_lines, split_lines

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

QUESTIONS = "Open questions"
QUESTIONS_MAX_LINES = 5
QUESTION_TITLE_MAX = 80
_ID = r"[A-Z]+-\d{8}-[a-z0-9-]+"
_QUESTION_RE = re.compile(
    rf'^- \[(?P<new>{_ID})\]\((?P<new_link>[^)\s]+)\) \((?P<date>\d{{4}}-\d{{2}}-\d{{2}})\) "(?P<new_title>.*)" '
    rf'disputes \[(?P<old>{_ID})\]\((?P<old_link>[^)\s]+)\) "(?P<old_title>.*)": ask the user which holds; '
    rf'`memjobs conflicts resolve (?P=new)`\s*$')
_MORE_RE = re.compile(r"^- (?P<n>\d+) more: `memjobs conflicts list`\s*$")


def question_title(text: str) -> str:
    """A title as an open question quotes it: one line, no double quote, at most QUESTION_TITLE_MAX."""
    text = " ".join(text.split()).replace('"', "'")
    return text if len(text) <= QUESTION_TITLE_MAX else text[:QUESTION_TITLE_MAX - 1].rstrip() + "…"


@dataclass(frozen=True)
class OpenQuestion:
    """One line of `## Open questions`: the newer entry of an open possible conflict (held out of
    MEMORY.md) and the established entry it disputes."""
    new_id: str
    new_link: str
    new_date: str
    new_title: str
    old_id: str
    old_link: str
    old_title: str

    def render(self) -> str:
        return (f'- [{self.new_id}]({self.new_link}) ({self.new_date}) "{self.new_title}" disputes '
                f'[{self.old_id}]({self.old_link}) "{self.old_title}": ask the user which holds; '
                f"`memjobs conflicts resolve {self.new_id}`\n")


def questions_text(questions: list[OpenQuestion], more: int) -> str:
    """The `## Open questions` section ("" without questions), blank line after it."""
    if not questions and not more:
        return ""
    lines = [f"## {QUESTIONS}\n", *(q.render() for q in questions)]
    if more:
        lines.append(f"- {more} more: `memjobs conflicts list`\n")
    return "".join(lines) + "\n"


@dataclass(frozen=True)
class IndexItem:
    """One item of MEMORY.md: summary, id, link."""
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
    """MEMORY.md parsed: the user's text before and after the markers, the generated sections between."""
    head: str                       # everything before the begin marker line (the user's)
    sections: dict[str, list[IndexItem]] = field(default_factory=lambda: {s: [] for s in SECTIONS})
    tail: str = ""                  # everything after the end marker line (the user's)
    has_markers: bool = True
    begin_line: int = 0             # 1-based line of the begin marker (0 when absent)
    eol: str = "\n"                 # the file's line ending; the generated part uses it too
    problems: list[tuple[int, str]] = field(default_factory=list)  # (line, message): see parse_memory_md
    questions: list[OpenQuestion] = field(default_factory=list)    # `## Open questions`, not items
    questions_more: int = 0         # open pairs past the section's lines ("- N more: …")

    @property
    def items(self) -> list[IndexItem]:
        """Every generated item: the known sections in order, then any a person renamed or added."""
        names = [*SECTIONS, *(s for s in self.sections if s not in SECTIONS)]
        return [it for s in names for it in self.sections.get(s, [])]

    def render_generated(self) -> str:
        out = [BEGIN + "\n", questions_text(self.questions, self.questions_more)]
        for name in SECTIONS:
            out.append(f"## {name}\n")
            out.extend(it.render() for it in self.sections.get(name, []))
            out.append("\n")
        out.append(END + "\n")
        text = "".join(out)
        return text.replace("\n", self.eol) if self.eol != "\n" else text

    def render(self) -> str:
        head = self.head
        if not self.has_markers and head and not head.endswith(("\n\n", "\r\n\r\n")):
            head = head + (self.eol if head.endswith("\n") else self.eol * 2)
        return head + self.render_generated() + self.tail


def _is_marker(line: str, marker: str) -> bool:
    return line.strip().lstrip("\ufeff").strip() == marker


def _markers(lines: list[str]) -> tuple[list[int], list[int]]:
    """0-based lines of the begin and end markers outside code fences (an example in a fence is text)."""
    fenced = fenced_lines(lines)
    begins = [i for i, ln in enumerate(lines) if not fenced[i] and _is_marker(ln, BEGIN)]
    ends = [i for i, ln in enumerate(lines) if not fenced[i] and _is_marker(ln, END)]
    return begins, ends


def parse_memory_md(text: str) -> MemoryMd:
    """Split MEMORY.md into the user's parts and the generated items (read leniently).

    What the weekly compound may not rewrite safely is listed in `problems`: markers missing,
    repeated or out of order, hand-written text inside the generated part, and generated items with
    no markers at all (the markers were lost: `_lost_fence`). A file with no markers and no generated
    item is fine (a new workspace, a MEMORY.md `init` kept): a generated part is appended.
    """
    lines = split_lines(text)
    begins, ends = _markers(lines)
    eol = "\r\n" if (lines[begins[0]] if begins else (lines[0] if lines else "")).endswith("\r\n") else "\n"
    if not begins and not ends:
        return MemoryMd(head=text, tail="", has_markers=False, eol=eol, problems=_lost_fence(lines))
    problems = _marker_problems(begins, ends)
    if problems:
        return MemoryMd(head=text, tail="", has_markers=False, eol=eol, problems=problems)
    begin, end = begins[0], ends[0]
    head = "".join(lines[:begin])
    if lines[begin].startswith("\ufeff"):
        head += "\ufeff"
    md = MemoryMd(head=head, tail="".join(lines[end + 1:]), begin_line=begin + 1, eol=eol)
    current = ""                    # items before any heading: placed by their id's kind
    pending: list[str] = []
    pending_line = 0

    def flush() -> None:
        if pending:
            m = _ITEM_RE.match(" ".join(p.strip() for p in pending))
            if m:
                item = IndexItem(m.group("summary").strip(), m.group("id"), m.group("link"))
                md.sections.setdefault(current or section_of_id(item.id), []).append(item)
            else:
                md.problems.append((pending_line, _HAND_WRITTEN))
        pending.clear()

    for number, ln in enumerate(lines[begin + 1:end], start=begin + 2):
        bare = ln.rstrip("\r\n")
        if bare.startswith("## "):
            flush()
            current = bare[3:].strip()
            if current != QUESTIONS:
                md.sections.setdefault(current, [])
        elif current == QUESTIONS and bare.strip():
            flush()
            q, more = _QUESTION_RE.match(bare), _MORE_RE.match(bare)
            if q:
                md.questions.append(OpenQuestion(q["new"], q["new_link"], q["date"], q["new_title"], q["old"],
                                                 q["old_link"], q["old_title"]))
            elif more:
                md.questions_more = int(more["n"])
            else:
                md.problems.append((number, _HAND_WRITTEN))
        elif bare.startswith("- "):
            flush()
            pending.append(bare)
            pending_line = number
        elif bare.startswith("  ") and bare.strip() and pending:
            pending.append(bare)
        else:
            flush()
            if bare.strip():
                md.problems.append((number, _HAND_WRITTEN))
    flush()
    return md


_HAND_WRITTEN = (f"text inside the generated part ({BEGIN} … {END}) that is not a generated item would be "
                 "lost when the weekly compound rewrites it; move it above the begin marker (e.g. under "
                 "## Pinned) or below the end marker")


def _lost_fence(lines: list[str]) -> list[tuple[int, str]]:
    """Generated items (`- … ([ID](memory/…))`, wrapped or not) in a MEMORY.md with no markers: the
    generated part lost its fence (a whole-file rewrite by another program). A weekly that appended a
    new generated part would leave these items for good as the user's lines, beside newer ones that
    may replace them (two truths), and moving them would touch the user's text: so it is a problem
    that names where the markers go back — before the first generated section heading above the
    first item, after the last generated section below the last one."""
    fenced = fenced_lines(lines)
    items: list[int] = []          # 0-based first line of each generated item
    start, pending = -1, ""
    for n, ln in enumerate([*lines, ""]):
        bare = ln.rstrip("\r\n")
        inside = n < len(lines) and not fenced[n]
        if inside and bare.startswith("  ") and bare.strip() and start >= 0:
            pending += " " + bare.strip()
            continue
        if start >= 0 and _ITEM_RE.match(pending):
            items.append(start)
        start, pending = (n, bare.strip()) if inside and bare.startswith("- ") else (-1, "")
    if not items:
        return []
    generated = {f"## {name}" for name in (*SECTIONS, QUESTIONS)}

    def heading(n: int) -> bool:
        return lines[n].rstrip("\r\n").strip() in generated

    def ours(n: int) -> bool:       # a line a generated part is made of
        bare = lines[n].rstrip("\r\n")
        return not bare.strip() or heading(n) or bare.startswith(("- ", "  "))

    first = items[0]
    up = first
    while up > 0 and ours(up - 1):
        up -= 1
    while up < first and not heading(up):
        up += 1
    last = items[-1]
    while last + 1 < len(lines) and lines[last + 1].startswith("  "):
        last += 1
    down = last
    while down + 1 < len(lines) and ours(down + 1) and not (
            lines[down + 1].startswith("- ") and down + 1 not in items):
        down += 1
    while down > last and not lines[down].strip():
        down -= 1
    count = f"{len(items)} generated item{'s' if len(items) != 1 else ''}"
    return [(up + 1, f"MEMORY.md holds {count} (lines {first + 1}–{last + 1}) but not the memjobs markers that "
                     "fence them: they were removed (a whole-file rewrite by another program?). The weekly "
                     "compound would add a second generated part and leave these items, stale, as your own "
                     f"lines. Put {BEGIN} on its own line before line {up + 1} and {END} on its own line after "
                     f"line {down + 1}, then run the weekly again")]


def _marker_problems(begins: list[int], ends: list[int]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    if not begins:
        out.append((ends[0] + 1, f"the end marker {END} has no begin marker {BEGIN} before it; "
                                 "put the begin marker back where the generated part starts"))
    elif not ends:
        out.append((begins[0] + 1, f"the begin marker {BEGIN} has no end marker {END} after it; "
                                   "put the end marker back where the generated part ends"))
    elif len(begins) > 1 or len(ends) > 1:
        extra = (begins[1:] + ends[1:])[0]
        out.append((extra + 1, f"the memjobs markers must appear once each ({len(begins)} begin, "
                               f"{len(ends)} end); remove the extra one"))
    elif ends[0] < begins[0]:
        out.append((ends[0] + 1, f"the end marker {END} comes before the begin marker {BEGIN}"))
    return out


def section_of_id(entry_id: str) -> str:
    """The generated section an id's kind belongs to (the first one for an unknown kind)."""
    kind = KIND_BY_UPPER.get(entry_id.split("-", 1)[0])
    return SECTION_OF_KIND.get(kind or "", SECTIONS[0])


def item_lines(text: str) -> dict[str, int]:
    """The 1-based line of each generated item's id in MEMORY.md (for citations and validation)."""
    out: dict[str, int] = {}
    lines = split_lines(text)
    begins, ends = _markers(lines)
    begin = begins[0] if begins else len(lines)
    end = next((e for e in ends if e > begin), len(lines))
    questions = False     # an open question names entries that are not items of MEMORY.md
    for i in range(begin + 1, end):
        if lines[i].startswith("## "):
            questions = lines[i][3:].strip() == QUESTIONS
        if questions:
            continue
        for m in re.finditer(r"\[([A-Z]+-\d{8}-[a-z0-9-]+)\]\(", lines[i]):
            out.setdefault(m.group(1), i + 1)
    return out
