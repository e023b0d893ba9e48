"""The daily wrap-up format (docs/design.md §5.3) and its validator. Pure: text in, problems out.

A wrap-up is `second-brain/summaries/YYYY-MM-DD-wrapup.md`: a `# ` title, then exactly the six
`## ` sections of `SECTIONS`, in that order; a section with nothing says `None.`. Past
`limits.summary_lines` the day continues in volumes `…-wrapup-2.md`, `-3`, …: a later volume has a
title and the headings of the sections it continues (in the same order, none repeated).
Links are checked by the generic validator (workspace links must resolve; transcript links that no
longer resolve are warnings); this module checks the shape.
"""
from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from memory_store.entries import ids_in_text
from memory_store.markdown import fenced_lines, split_lines
from memory_store.validate import Problem

SECTIONS = (
    "Decisions made today",
    "Action items",
    "Important conversations",
    "Technical notes / debugging lessons",
    "Open loops",
    "Tomorrow next steps",
)
NONE = "None."
_LIST = "; ".join(SECTIONS)
WRAPUP_NAME_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})-wrapup(?:-(\d+))?\.md$")
_LINK_RE = re.compile(r"\[[^\]]*\]\([^)\s]+\)")

ExistsFn = Callable[[str], bool]


def title_of(day_iso: str, volume: int = 1) -> str:
    base = f"# Daily wrap-up: {day_iso}"
    return base if volume == 1 else f"{base} (volume {volume})"


def volume_of(rel: str) -> int:
    """1 for `…-wrapup.md`, N for `…-wrapup-N.md` (0 if the name is not a wrap-up's)."""
    m = WRAPUP_NAME_RE.match(posixpath.basename(rel))
    if not m:
        return 0
    return int(m.group(2)) if m.group(2) else 1


def validate_wrapup(text: str, rel: str, exists: ExistsFn | None = None,
                    transcript_exists: ExistsFn | None = None) -> list[Problem]:
    """Problems of one wrap-up file's shape: the title, the six headings in order, no empty
    section, and bullets that cite a source (a warning: people may add notes of their own)."""
    del exists, transcript_exists  # links are checked by memory_store.validate for every file
    out: list[Problem] = []
    volume = volume_of(rel) or 1
    lines = [ln.rstrip("\r\n") for ln in split_lines(text)]
    fenced = fenced_lines(split_lines(text))
    first = next((i for i, ln in enumerate(lines) if ln.strip()), None)
    if first is None:
        return [Problem(rel, 1, "the wrap-up is empty (expected a '# ' title and six '## ' sections)")]
    if not lines[first].startswith("# "):
        out.append(Problem(rel, first + 1, "a wrap-up starts with a '# ' title"))
    headings = [(i + 1, ln[3:].strip()) for i, ln in enumerate(lines)
                if not fenced[i] and ln.startswith("## ")]
    if volume == 1:
        out.extend(_check_order_exact(rel, headings))
    else:
        out.extend(_check_order_subsequence(rel, headings))
    out.extend(_check_bodies(rel, lines, fenced, headings))
    return sorted(out, key=lambda p: (p.line, p.message))


def _check_order_exact(rel: str, headings: list[tuple[int, str]]) -> list[Problem]:
    out: list[Problem] = []
    names = [h for _, h in headings]
    if names == list(SECTIONS):
        return out
    for line, name in headings:
        if name not in SECTIONS:
            out.append(Problem(rel, line, f"unknown section {name!r} (a wrap-up has exactly: {_LIST})"))
    for want in SECTIONS:
        count = names.count(want)
        if count == 0:
            out.append(Problem(rel, 1, f"missing section '## {want}'"))
        elif count > 1:
            line = [ln for ln, n in headings if n == want][1]
            out.append(Problem(rel, line, f"section '## {want}' appears more than once"))
    known = [(ln, n) for ln, n in headings if n in SECTIONS]
    out.extend(_out_of_order(rel, known))
    return out


def _check_order_subsequence(rel: str, headings: list[tuple[int, str]]) -> list[Problem]:
    out: list[Problem] = []
    seen: set[str] = set()
    for line, name in headings:
        if name not in SECTIONS:
            out.append(Problem(rel, line, f"unknown section {name!r} in a wrap-up volume"))
        elif name in seen:
            out.append(Problem(rel, line, f"section '## {name}' appears more than once"))
        seen.add(name)
    out.extend(_out_of_order(rel, [(ln, n) for ln, n in headings if n in SECTIONS]))
    return out


def _out_of_order(rel: str, known: list[tuple[int, str]]) -> list[Problem]:
    out: list[Problem] = []
    last = -1
    for line, name in known:
        pos = SECTIONS.index(name)
        if pos < last:
            out.append(Problem(rel, line, f"section '## {name}' is out of order (expected: {_LIST})"))
        last = max(last, pos)
    return out


def _check_bodies(rel: str, lines: list[str], fenced: list[bool],
                  headings: list[tuple[int, str]]) -> list[Problem]:
    out: list[Problem] = []
    for k, (line, name) in enumerate(headings):
        end = headings[k + 1][0] - 1 if k + 1 < len(headings) else len(lines)
        body = [(i + 1, lines[i]) for i in range(line, end) if lines[i].strip()]
        if not body:
            out.append(Problem(rel, line, f"section '## {name}' is empty (write '{NONE}' if nothing)"))
            continue
        for num, text in body:
            if fenced[num - 1] or not text.startswith(("- ", "* ")):
                continue
            if not _LINK_RE.search(text):
                out.append(Problem(rel, num, "bullet cites no source (an entry id or a transcript range)",
                                   "warning"))
    return out


# ---- what a wrap-up cites (read by the weekly compound) ------------------------------------------

_TARGET_RE = re.compile(r"\]\(([^)\s]+)\)")


@dataclass(frozen=True)
class WrapupRefs:
    """Entry ids a wrap-up cites, by section, and the transcripts of its important conversations."""
    ids_by_section: dict[str, frozenset[str]] = field(default_factory=dict)
    sessions: frozenset[str] = frozenset()

    def ids(self, *, skip: tuple[str, ...] = ()) -> frozenset[str]:
        return frozenset(i for s, ids in self.ids_by_section.items() if s not in skip for i in ids)


def wrapup_refs(text: str) -> WrapupRefs:
    """The entry ids cited in each section (outside code fences) and the transcript paths (link
    targets without their `#range`) listed under "Important conversations"."""
    lines = split_lines(text)
    fenced = fenced_lines(lines)
    section: str | None = None
    ids: dict[str, set[str]] = {}
    sessions: set[str] = set()
    for line, in_fence in zip(lines, fenced, strict=True):
        if in_fence:
            continue
        if line.startswith("## "):
            heading = line[3:].strip()
            section = heading if heading in SECTIONS else None
            continue
        if section is None:
            continue
        found = ids_in_text(line)
        if found:
            ids.setdefault(section, set()).update(found)
        elif section == "Important conversations":
            sessions.update(t.split("#", 1)[0] for t in _TARGET_RE.findall(line))
    return WrapupRefs({s: frozenset(v) for s, v in ids.items()}, frozenset(sessions))
