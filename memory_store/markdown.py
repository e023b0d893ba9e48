"""Parser and serializer for memjobs' markdown files (docs/design.md §4). Pure: text in, nodes out, and back.

A document is a list of nodes whose raw texts concatenate to exactly the input:
- `Block`: a `## <Kind>: <title>` heading outside code fences whose next line is `- id:`,
  with the field lines that follow it;
- `LineNode`: a core-memory line entry `- key:… | value:… | …`;
- `Prose`: everything else (paragraphs, other headings, fenced blocks, front matter), verbatim.

Reading is lenient (field order free, extra fields kept, CRLF, trailing spaces); strict conversion
to typed entries happens in `block_to_entry` / `line_to_entry`, which raise `EntryError` with the
line. Serializing and editing (`replace_entry`, `set_entry_fields`, `append_entries`, which touch only
the bytes of the entry they change) live in `memory_store.markdown_write`.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from memory_store.core.lineformat import entry_from_fields, split_fields
from memory_store.entries import (
    BLOCK_FIELDS,
    KIND_BY_UPPER,
    SOURCE_FIELDS,
    STATUSES,
    BlockEntry,
    LineEntry,
    Source,
    id_fits_kind,
    is_date,
)
from memory_store.errors import EntryError

# Record kinds: blocks of the same shape that are not decision-log entries (docs/design.md §4.6).
# The parser reads them as blocks; `Document.blocks` and `.entries()` leave them out, and
# `memory_store.episodes` converts them.
RECORD_KINDS = {"EPISODE": "Episode"}
_BLOCK_KINDS = KIND_BY_UPPER | RECORD_KINDS

_HEADING_RE = re.compile(r"^##[ \t]+([A-Za-z]+)[ \t]*:[ \t]*(.*?)[ \t]*$")
_FIELD_RE = re.compile(r"^-[ \t]+([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?:[ \t]?)(.*?)[ \t]*$")
_CHILD_RE = re.compile(r"^[ \t]+-[ \t]+(.*?)[ \t]*$")
_CHILD_KEY_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?:[ \t]?)(.*)$")
_ID_LINE_RE = re.compile(r"^-[ \t]+id[ \t]*:")
_LINE_ENTRY_RE = re.compile(r"^-[ \t]+key[ \t]*:")
_LINE_SPLIT_RE = re.compile(r"[ \t]\|[ \t]")
_FENCE_OPEN_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_STATUS_KEYS = ("status", "superseded_by")


@dataclass
class Field:
    """A `- key: value` line of an entry block (with its indented child items)."""
    key: str | None          # None for a keyless child item (a ref)
    value: str
    line: int                # 1-based
    children: list[Field] = field(default_factory=list)


@dataclass
class Prose:
    """Text outside any entry (kept byte for byte)."""
    line: int
    text: str


@dataclass
class Block:
    """An entry: its `## Kind: title` heading and its field lines."""
    kind: str                # canonical kind name ("Decision", …)
    title: str
    line: int                # 1-based line of the heading
    text: str                # raw text, heading and field lines, line endings included
    fields: list[Field]

    def field(self, key: str) -> Field | None:
        for f in self.fields:
            if f.key == key:
                return f
        return None

    def get(self, key: str) -> str | None:
        f = self.field(key)
        return f.value if f is not None else None

    @property
    def id(self) -> str:
        return self.get("id") or ""


@dataclass
class LineNode:
    """A one-line entry (`- key:… | …`) and its fields."""
    line: int
    text: str
    fields: list[tuple[str, str]]

    def get(self, key: str) -> str | None:
        for k, v in self.fields:
            if k == key:
                return v
        return None


Node = Prose | Block | LineNode


@dataclass
class Document:
    """A parsed markdown file: prose, entry blocks and line entries, in file order."""
    nodes: list[Node]

    @property
    def text(self) -> str:
        return "".join(n.text for n in self.nodes)

    @property
    def blocks(self) -> list[Block]:
        """Decision-log entry blocks (not episodes or other record kinds)."""
        return [n for n in self.nodes if isinstance(n, Block) and n.kind.upper() in KIND_BY_UPPER]

    def records(self, kind: str) -> list[Block]:
        """Blocks of one record kind (`Episode`), in file order."""
        return [n for n in self.nodes if isinstance(n, Block) and n.kind == kind]

    @property
    def line_nodes(self) -> list[LineNode]:
        return [n for n in self.nodes if isinstance(n, LineNode)]

    def find(self, entry_id: str) -> Block | None:
        for b in self.blocks:
            if b.id == entry_id:
                return b
        return None

    def entries(self, path: str | None = None) -> list[BlockEntry]:
        return [block_to_entry(b, path) for b in self.blocks]

    def line_entries(self, path: str | None = None) -> list[LineEntry]:
        return [line_to_entry(n, path) for n in self.line_nodes]


def split_lines(text: str) -> list[str]:
    """Lines with their endings; only '\\n' ends a line (unlike str.splitlines)."""
    if not text:
        return []
    parts = text.split("\n")
    lines = [p + "\n" for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def _bare(line: str) -> str:
    return line.rstrip("\n").rstrip("\r")


def fenced_lines(lines: list[str]) -> list[bool]:
    """For each line, whether it is inside (or delimits) a fenced code block or front matter."""
    return _fences(lines)[0]


def commented_lines(lines: list[str], fenced: list[bool] | None = None) -> list[bool]:
    """For each line, whether it is inside an HTML comment that starts a line (`<!-- …` up to the
    line holding `-->`, over as many lines as it runs): commented-out text is not an entry
    (docs/design.md §2). Lines inside code fences (`fenced`) neither open nor close a comment. A
    comment never closed comments out nothing: a stray `<!--` must not hide every entry below it
    (`unclosed_comment` names its line for validate)."""
    fenced = fenced_lines(lines) if fenced is None else fenced
    out = [False] * len(lines)
    opened = _comments(lines, fenced, out)
    if opened is not None:
        out[opened:] = [False] * (len(lines) - opened)
    return out


def unclosed_comment(lines: list[str], fenced: list[bool] | None = None) -> int | None:
    """The index of the line that opens an HTML comment never closed (None when every one closes)."""
    fenced = fenced_lines(lines) if fenced is None else fenced
    return _comments(lines, fenced, [False] * len(lines))


UNCLOSED_COMMENT = ("an HTML comment opened here is never closed (no `-->`): the lines below it are read as they "
                    "stand; close it or remove it")


def comment_problems(text: str) -> list[tuple[int, str]]:
    """What validate reports about the HTML comments of any markdown file (a daily log, MEMORY.md,
    procedures, an episode file): (1-based line, message) of a comment opened and never closed, which
    comments out nothing (`commented_lines`). Core files report it through
    memory_store/core/document.py `stray_lines`, with the same message."""
    opened = unclosed_comment(split_lines(text))
    return [] if opened is None else [(opened + 1, UNCLOSED_COMMENT)]


def _comments(lines: list[str], fenced: list[bool], out: list[bool]) -> int | None:
    """Marks in `out` the lines of each HTML comment; the index of one still open at the end."""
    opened: int | None = None
    for i, raw in enumerate(lines):
        if fenced[i]:
            continue
        bare = _bare(raw)
        if opened is not None:
            out[i] = True
            if "-->" in bare:
                opened = None
        elif bare.lstrip().startswith("<!--"):
            out[i] = True
            opened = None if "-->" in bare[bare.index("<!--") + 4:] else i
    return opened


def unclosed_fence(text: str) -> str | None:
    """The line that closes a code fence left open at the end of `text` (None if none is open)."""
    fence = _fences(split_lines(text))[1]
    return fence[0] * fence[1] if fence is not None else None


def unclosed_fence_line(lines: list[str]) -> int | None:
    """The index of the line that opens a code fence never closed (None when every fence closes)."""
    return _fence_walk(lines)[2]


def _fences(lines: list[str]) -> tuple[list[bool], tuple[str, int] | None]:
    inside, fence, _ = _fence_walk(lines)
    return inside, fence


def _fence_walk(lines: list[str]) -> tuple[list[bool], tuple[str, int] | None, int | None]:
    """Which lines are fenced (or front matter), the fence still open at the end, and the index of its line."""
    inside = [False] * len(lines)
    i = 0
    if lines and _bare(lines[0]).rstrip() == "---":
        for j in range(1, len(lines)):
            if _bare(lines[j]).rstrip() in ("---", "..."):
                for k in range(0, j + 1):
                    inside[k] = True
                i = j + 1
                break
    fence: tuple[str, int] | None = None
    opened: int | None = None
    while i < len(lines):
        bare = _bare(lines[i])
        if fence is None:
            m = _FENCE_OPEN_RE.match(bare)
            if m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
                fence = (m.group(1)[0], len(m.group(1)))
                opened = i
                inside[i] = True
        else:
            inside[i] = True
            stripped = bare.lstrip(" ")
            if len(bare) - len(stripped) <= 3:
                run = len(stripped) - len(stripped.lstrip(fence[0]))
                if run >= fence[1] and not stripped[run:].strip():
                    fence = None
        i += 1
    return inside, fence, opened if fence is not None else None


def parse_document(text: str) -> Document:
    lines = split_lines(text)
    fenced = fenced_lines(lines)
    commented = commented_lines(lines, fenced)
    nodes: list[Node] = []
    prose: list[str] = []
    prose_start = 1

    def flush(next_line: int) -> None:
        nonlocal prose, prose_start
        if prose:
            nodes.append(Prose(prose_start, "".join(prose)))
        prose = []
        prose_start = next_line

    i = 0
    n = len(lines)
    while i < n:
        bare = _bare(lines[i])
        if not fenced[i]:
            m = _HEADING_RE.match(bare)
            kind = _BLOCK_KINDS.get(m.group(1).upper()) if m else None
            if m and kind and i + 1 < n and not fenced[i + 1] and _ID_LINE_RE.match(_bare(lines[i + 1])):
                flush(i + 1)
                j, fields = _read_fields(lines, i + 1)
                nodes.append(Block(kind, m.group(2), i + 1, "".join(lines[i:j]), fields))
                i = j
                prose_start = i + 1
                continue
            if _LINE_ENTRY_RE.match(bare) and not commented[i]:
                flush(i + 1)
                nodes.append(LineNode(i + 1, lines[i], _line_fields(bare)))
                i += 1
                prose_start = i + 1
                continue
        if not prose:
            prose_start = i + 1
        prose.append(lines[i])
        i += 1
    flush(n + 1)
    return Document(nodes)


def entries_without_id(text: str) -> list[int]:
    """1-based lines of `## <Kind>: …` headings (outside fences) followed by entry fields but no
    `- id:` line: an entry whose id line was deleted, which the parser can only read as prose."""
    lines = split_lines(text)
    fenced = fenced_lines(lines)
    out: list[int] = []
    for i in range(len(lines) - 1):
        m = _HEADING_RE.match(_bare(lines[i]))
        if fenced[i] or fenced[i + 1] or not m or m.group(1).upper() not in _BLOCK_KINDS:
            continue
        following = _bare(lines[i + 1])
        if _FIELD_RE.match(following) and not _ID_LINE_RE.match(following):
            out.append(i + 1)
    return out


def _read_fields(lines: list[str], start: int) -> tuple[int, list[Field]]:
    fields: list[Field] = []
    j = start
    while j < len(lines):
        bare = _bare(lines[j])
        m = _FIELD_RE.match(bare)
        if m:
            fields.append(Field(m.group(1), m.group(2).strip(), j + 1))
            j += 1
            continue
        c = _CHILD_RE.match(bare)
        if c and fields:
            km = _CHILD_KEY_RE.match(c.group(1))
            parent = fields[-1]
            if km and parent.key != "refs":
                parent.children.append(Field(km.group(1), km.group(2).strip(), j + 1))
            else:
                parent.children.append(Field(None, c.group(1).strip(), j + 1))
            j += 1
            continue
        break
    return j, fields


def _line_fields(bare: str) -> list[tuple[str, str]]:
    return split_fields(bare)


# ---- strict conversion -------------------------------------------------------------------


def block_to_entry(block: Block, path: str | None = None) -> BlockEntry:
    def need(key: str) -> str:
        value = block.get(key)
        if value is None:
            raise EntryError(f"{block.kind} entry is missing the field {key!r}", path=path, line=block.line)
        return value

    src = block.field("source")
    if src is None:
        raise EntryError("entry is missing the field 'source'", path=path, line=block.line)
    parts = {c.key: c.value for c in src.children if c.key}
    for key in SOURCE_FIELDS:
        if key not in parts:
            raise EntryError(f"source is missing {key!r}", path=path, line=src.line)
    conf_field = block.field("confidence")
    try:
        confidence = float(need("confidence"))
    except ValueError as exc:
        line = conf_field.line if conf_field else block.line
        raise EntryError(f"confidence is not a number: {block.get('confidence')!r}", path=path, line=line) from exc
    _check_form(block, path)
    refs_field = block.field("refs")
    refs: tuple[str, ...] = ()
    if refs_field is not None:
        refs = tuple(c.value for c in refs_field.children)
        if refs_field.value:
            refs = (refs_field.value, *refs)
    extra = tuple((f.key, f.value) for f in block.fields if f.key not in BLOCK_FIELDS and f.key is not None)
    return BlockEntry(
        kind=block.kind,
        title=block.title,
        id=need("id"),
        date=need("date"),
        source=Source(parts["session_id"], parts["session_path"], parts["message_range"]),
        why=block.get("why") or "",
        finding=block.get("finding") or "",
        conclusion=block.get("conclusion") or "",
        impact=block.get("impact") or "",
        confidence=confidence,
        status=need("status"),
        supersedes=block.get("supersedes") or None,
        superseded_by=block.get("superseded_by") or None,
        superseded_later_by=block.get("superseded_later_by") or None,
        excerpt=block.get("excerpt"),
        refs=refs,
        extra=extra,
    )


def _check_form(block: Block, path: str | None) -> None:
    """What memjobs relies on (an id it can link to, a date, a known status): a hand edit that
    breaks one of them makes the entry not convert, so it is reported and left alone."""
    checks = (("id", lambda v: bool(id_fits_kind(v, block.kind)),
               f"not an id of a {block.kind} entry (<KIND>-<YYYYMMDD>-<slug of a-z0-9->)"),
              ("date", is_date, "not a date (YYYY-MM-DD)"),
              ("status", lambda v: v in STATUSES, f"not a status ({', '.join(STATUSES)})"))
    for key, ok, what in checks:
        f = block.field(key)
        if f is not None and not ok(f.value):
            raise EntryError(f"{key} {f.value!r} is {what}", path=path, line=f.line)



def line_to_entry(node: LineNode, path: str | None = None) -> LineEntry:
    """The typed entry of a core-memory line (memory_store.core.lineformat), or `EntryError` with the line."""
    return entry_from_fields(node.fields, path, node.line)


def iter_links(text: str) -> Iterator[tuple[int, str]]:
    """Markdown link targets `[x](target)` outside code fences, with their 1-based line."""
    lines = split_lines(text)
    fenced = fenced_lines(lines)
    for i, line in enumerate(lines):
        if fenced[i] or "](" not in line:
            continue
        stripped = re.sub(r"`[^`]*`", "", line)
        for m in re.finditer(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", stripped):
            yield i + 1, m.group(1)
