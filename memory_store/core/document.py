"""A core-memory file as lines (docs/design.md §4): its entries with their line and section, and the
edits memjobs makes (add a line to a section, replace one, move one to `## Inactive`, drop some),
each touching only the lines it is about. Pure: text in, text out.

Edits find their line by entry id, never by a line number read earlier: a transform may run again
on a file someone changed meanwhile (memory_store.fileio.replace_checked).
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from memory_store.core.lineformat import line_problems, parse_line, split_fields, without_comments
from memory_store.core.secret_values import secret_kind
from memory_store.entries import LINE_STATUSES, LineEntry
from memory_store.errors import DuplicateId
from memory_store.markdown import commented_lines, fenced_lines, split_lines, unclosed_comment, unclosed_fence_line
from memory_store.redact import redact

INACTIVE = "Inactive"
_HEADING_RE = re.compile(r"^##[ \t]+(.*?)[ \t]*$")
_ENTRY_RE = re.compile(r"^-[ \t]+key[ \t]*:")


@dataclass(frozen=True)
class Located:
    """An entry line found in a file, with its line number and id."""
    entry: LineEntry
    line: int          # 1-based
    section: str       # the `## ` heading it is under ("" before any)
    text: str          # the raw line, ending included

    @property
    def id(self) -> str:
        return entry_id(self.entry)


@dataclass(frozen=True)
class BadLine:
    """A line that looks like an entry but does not parse."""
    line: int
    message: str
    severity: str = "error"      # error | warning


def entry_id(e: LineEntry) -> str:
    """The entry's id; a hand-written line without one gets `h-` and a hash of what it says, so it
    can still be revoked or archived by id (memjobs writes the id into the line when it edits it)."""
    if e.id:
        return e.id
    digest = hashlib.sha1("\x1f".join((e.key, e.effective_applies_to, e.value, e.updated_at)).encode()).hexdigest()
    return "h-" + digest[:10]


def _bare(line: str) -> str:
    return line.rstrip("\r\n")


def _eol(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def fenced(lines: list[str]) -> list[bool]:
    """For each line, whether it is inside a code fence (or front matter) — as markdown reads it, except
    that a fence never closed fences nothing: a stray ``` must not hide every fact below it, nor make
    `mem set` write where nothing reads (`unclosed_fence_line` names its line for validate)."""
    out = fenced_lines(lines)
    opened = unclosed_fence_line(lines)
    if opened is not None:
        out[opened:] = [False] * (len(lines) - opened)
    return out


def entry_lines(text: str) -> Iterator[tuple[int, str, str, str]]:
    """(line number, section, the line without its ending, the raw line) of each line starting `- key:`
    outside code fences and HTML comments: the lines `scan` reads and `memjobs validate` checks."""
    lines = split_lines(text)
    fences = fenced(lines)
    commented = commented_lines(lines, fences)
    section = ""
    for i, raw in enumerate(lines):
        if fences[i] or commented[i]:
            continue
        bare = _bare(raw)
        m = _HEADING_RE.match(bare)
        if m:
            section = m.group(1)
        elif _ENTRY_RE.match(bare):
            yield i + 1, section, bare, raw


def scan(text: str, path: str | None = None,
         statuses: tuple[str, ...] = LINE_STATUSES) -> tuple[list[Located], list[BadLine]]:
    """Entries (lines starting `- key:` outside code fences and HTML comments) and the lines that do
    not parse."""
    found: list[Located] = []
    bad: list[BadLine] = []
    for line, section, bare, raw in entry_lines(text):
        problems = line_problems(split_fields(bare), statuses=statuses)
        if problems:
            bad.append(BadLine(line, problems[0]))
            continue
        found.append(Located(parse_line(bare, path, line, statuses), line, section, raw))
    return found, bad


_LIST_ITEM_RE = re.compile(r"^[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S")
_KEY_VALUE_RE = re.compile(r"^[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+`?(?P<key>[A-Za-z][\w.\[\]-]*)`?[ \t]*[:=][ \t]*"
                           r"(?P<value>\S.*?)[ \t]*$")
SHAPE = "- key:<key> | value:<value> | …"


def stray_lines(text: str, show_values: bool = True) -> list[BadLine]:
    """List items outside code fences and HTML comments that are not `- key:` entries: a
    hand-written `- response.length: short` looks like a preference, yet nothing reads it (an
    error); any other list item is a warning. They are kept as written (every rewrite leaves them);
    this only says so."""
    lines = split_lines(text)
    fences = fenced(lines)
    commented = commented_lines(lines, fences)
    out: list[BadLine] = []
    fence = unclosed_fence_line(lines)
    if fence is not None:
        out.append(BadLine(fence + 1, "a code fence opened here is never closed (no closing ```): the lines below "
                                      "it are read as they stand; close it or remove it"))
    opened = unclosed_comment(lines, fences)
    if opened is not None:
        out.append(BadLine(opened + 1, "an HTML comment opened here is never closed (no `-->`): the lines below it "
                                       "are read as they stand; close it or remove it"))
    for i, raw in enumerate(lines):
        bare = _bare(raw)
        if fences[i] or commented[i]:
            continue
        if _ENTRY_RE.match(bare) or not _LIST_ITEM_RE.match(bare):
            continue
        m = _KEY_VALUE_RE.match(without_comments(bare)[0].rstrip())
        if m and re.search(rf"(?<![\w.\[\]-]){re.escape(m['key'])}`?[ \t]*[:=]", m["value"]):
            out.append(BadLine(i + 1, f"not an entry, so memjobs does not read it (kept as written), and {m['key']} is "
                                      "given twice in it: write the value you mean as one line "
                                      f"`- key:{m['key']} | value:<value>`"))
        elif m:
            # the value is shown back only when it is no secret (memory_store/core/secret_values.py),
            # and never for POLICY.md (`show_values=False`: its values are never printed)
            value = m["value"] if show_values and secret_kind(m["key"], m["value"]) is None else "<value>"
            out.append(BadLine(i + 1, redact(f"not an entry, so memjobs does not read it (kept as written): write "
                                             f"it as `- key:{m['key']} | value:{value}`")))
        else:
            out.append(BadLine(i + 1, f"a list item that is not an entry, so memjobs does not read it (kept as "
                                      f"written); an entry is one line `{SHAPE}`", "warning"))
    return out


def duplicate_ids(found: Iterable[Located]) -> list[BadLine]:
    """A line whose id an earlier line of the same file already has (a line copied by hand that kept
    its `id:`, or a hand-written line without one written twice), naming the earlier line: an edit by
    that id could touch either, so memjobs refuses it. The message names no path and not its own line:
    validate and doctor print it after `path:line:`."""
    first: dict[str, Located] = {}
    out: list[BadLine] = []
    for loc in found:
        if loc.id not in first:
            first[loc.id] = loc
        elif not loc.entry.id:
            out.append(BadLine(loc.line, f"the same line as line {first[loc.id].line} (no id, so both are {loc.id}): "
                                         f"{_EDITS_BY_ID}; delete one of them"))
        else:
            out.append(BadLine(loc.line, f"the same id {loc.id} as line {first[loc.id].line}: {_EDITS_BY_ID}; "
                                         f"{_REMOVE_COPIED_ID}"))
    return out


def ids_across(files: dict[str, list[Located]]) -> list[tuple[str, BadLine]]:
    """(file, line) of each line whose id a line of an earlier file already has (PROFILE.md, then
    SESSION.md: a line copied from one file to the other with its `id:`), naming that line: an edit by
    that id — `mem forget`, `revoke`, … — could touch either, so memjobs refuses it
    (memory_store/core/store.py `refuse_ambiguous`); validate and doctor report it."""
    first: dict[str, str] = {}
    out: list[tuple[str, BadLine]] = []
    for rel, found in files.items():
        mine: dict[str, str] = {}
        for loc in found:
            if loc.id in first:
                out.append((rel, BadLine(loc.line, f"the same id {loc.id} as {first[loc.id]} (a line copied from one "
                                                   f"file to the other): {_EDITS_BY_ID}; {_REMOVE_COPIED_ID}")))
            mine.setdefault(loc.id, f"{rel}:{loc.line}")
        for one, where in mine.items():
            first.setdefault(one, where)
    return out


def ambiguous(found: Iterable[Located]) -> set[str]:
    """The ids more than one of the `found` lines have."""
    seen: set[str] = set()
    twice: set[str] = set()
    for loc in found:
        (twice if loc.id in seen else seen).add(loc.id)
    return twice


_EDITS_BY_ID = "memjobs edits a line by its id, so it changes neither"
_REMOVE_COPIED_ID = "remove the `id:` field from the line you copied (memjobs gives it an id of its own)"


def _duplicate_message(wanted: str, hits: list[Located], path: str | None) -> str:
    """The refusal of an edit by an id several lines have (an error on its own, so it names both lines)."""
    where = " and ".join(f"{path}:{loc.line}" if path else f"line {loc.line}" for loc in hits)
    if not hits[0].entry.id:
        return f"{where} are the same line (no id, so both are {wanted}): {_EDITS_BY_ID}; delete one of them"
    return f"{where} have the same id {wanted}: {_EDITS_BY_ID}; {_REMOVE_COPIED_ID}"


def unique(found: Iterable[Located], wanted: str, path: str | None = None) -> Located | None:
    """The one line of entry `wanted` (None when there is none); DuplicateId when several lines
    have that id — the edit is refused rather than made to a line nobody named."""
    hits = [loc for loc in found if loc.id == wanted]
    if len(hits) > 1:
        raise DuplicateId(_duplicate_message(wanted, hits, path))
    return hits[0] if hits else None


def find(text: str, wanted: str, statuses: tuple[str, ...] = LINE_STATUSES, path: str | None = None) -> Located | None:
    return unique(scan(text, None, statuses)[0], wanted, path)


def _sections(lines: list[str]) -> list[tuple[str, int, int]]:
    """(name, index of the heading, index after the section's last line) of each `## ` section; a
    heading in a code fence or an HTML comment (one line or several) is no section, as `scan` reads it:
    a line added to it would be commented out, or land where nothing reads it as that section."""
    fences = fenced(lines)
    commented = commented_lines(lines, fences)
    heads = [(i, m.group(1)) for i, raw in enumerate(lines)
             if not fences[i] and not commented[i] and (m := _HEADING_RE.match(_bare(raw)))]
    return [(name, i, heads[n + 1][0] if n + 1 < len(heads) else len(lines)) for n, (i, name) in enumerate(heads)]


def _with_final_eol(lines: list[str], eol: str) -> None:
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += eol


def add_line(text: str, line: str, section: str) -> str:
    """`line` (canonical, ending in '\\n') at the end of `section`, after its last non-blank line;
    the section is added at the end of the file when it is missing."""
    eol = _eol(text)
    lines = split_lines(text)
    new = line.replace("\n", eol) if eol != "\n" else line
    for name, head, end in _sections(lines):
        if name == section:
            at = end
            while at > head + 1 and not lines[at - 1].strip():
                at -= 1
            if at == len(lines):
                _with_final_eol(lines, eol)
            lines.insert(at, new)
            return "".join(lines)
    _with_final_eol(lines, eol)
    if lines and lines[-1].strip():
        lines.append(eol)
    lines.extend([f"## {section}{eol}", new])
    return "".join(lines)


def replace_line(text: str, wanted: str, line: str, statuses: tuple[str, ...] = LINE_STATUSES,
                 path: str | None = None) -> str:
    """The line of entry `wanted` replaced by `line` (its line ending kept); DuplicateId when
    several lines have that id."""
    loc = find(text, wanted, statuses, path)
    if loc is None:
        return text
    lines = split_lines(text)
    ending = lines[loc.line - 1][len(_bare(lines[loc.line - 1])):]
    lines[loc.line - 1] = with_comments(line, loc).rstrip("\n") + ending
    return "".join(lines)


def with_comments(line: str, loc: Located) -> str:
    """`line` (memjobs' rewrite of `loc`) with the HTML comments the person wrote in `loc` kept at its end:
    they are no part of the entry (memory_store/core/lineformat.py), and not memjobs' to drop."""
    notes = without_comments(_bare(loc.text))[1]
    return line.rstrip("\n") + "".join(f" {c}" for c in notes) + "\n" if notes else line


def remove_lines(text: str, wanted: Iterable[str], statuses: tuple[str, ...] = LINE_STATUSES,
                 path: str | None = None) -> str:
    """The lines of the entries `wanted` taken out (the caller writes each elsewhere: `## Inactive`,
    the archive); DuplicateId, and nothing taken out, when several lines have one of those ids."""
    ids = set(wanted)
    hits: dict[str, list[Located]] = {}
    for loc in scan(text, None, statuses)[0]:
        if (one := loc.id) in ids:
            hits.setdefault(one, []).append(loc)
    # each id's lines grouped once: `unique` per id read every line again for each (lines x ids)
    for one, same in hits.items():
        if len(same) > 1:
            raise DuplicateId(_duplicate_message(one, same, path))
    drop = {loc.line for same in hits.values() for loc in same}
    return "".join(raw for i, raw in enumerate(split_lines(text), 1) if i not in drop)


def move_line(text: str, wanted: str, line: str, section: str, statuses: tuple[str, ...] = LINE_STATUSES,
              path: str | None = None) -> str:
    """Entry `wanted` taken out of where it is and written as `line` at the end of `section`."""
    loc = find(text, wanted, statuses, path)
    return add_line(remove_lines(text, [wanted], statuses, path), with_comments(line, loc) if loc else line, section)


def main_section(text: str, default: str) -> str:
    """Where new entries go: the first `## ` section that is not `## Inactive`, else `default`."""
    for name, _, _ in _sections(split_lines(text)):
        if name != INACTIVE:
            return name
    return default


