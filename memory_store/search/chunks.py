"""Which index rows a markdown file yields. Pure: text in, rows out.

- every block entry (its fields, its heading line), read leniently: a hand-edited entry that
  would not validate is still found;
- every core-memory line entry;
- every generated MEMORY.md item (summary, id, the line it is on);
- everything else as chunks: paragraphs under their nearest heading, with line numbers.

What a person would not search for is left out (`clean`): link targets (a link is its text), the
daily job's count lines ("3 sessions, 36 messages, 5 decision-log entries.") and the counts after a
conversation's title, and — given the template the file was copied from — the template's own
explanations, which every workspace holds.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from memory_store.confidence import (
    ORIGIN_FIELD,
    ORIGINS,
    PROCEDURE_ORIGIN,
    confidence_of,
    line_confidence,
    line_origin,
)
from memory_store.core.lineformat import unescape
from memory_store.entries import ID_IN_TEXT_RE, ID_RE, KIND_BY_UPPER
from memory_store.markdown import Block, LineNode, Prose, fenced_lines, parse_document, split_lines
from memory_store.memory_md import BEGIN, END

_HEADING_RE = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_ITEM_RE = re.compile(r"^- (?P<summary>.*?) ?\(\[(?P<id>[A-Z]+-\d{8}-[a-z0-9-]+)\]\([^)\s]+\)\)")
_DATE_IN_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})")
CHUNK_MAX_LINES = 30
_LINK_RE = re.compile(r"(!?)\[([^\]\n]*)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_COUNTS_LINE_RE = re.compile(r"^\d+ sessions?, \d+ messages?, \d+ decision-log entr(?:y|ies)\.?$")
_COUNTS_TAIL_RE = re.compile(
    r" — \d+ messages?, \d+ from you(?:, \d+ tool calls?)?(?:, \d+ decision-log entr(?:y|ies))?"
    r"(?:, \d+ fix(?:es)?)?(?:, \d{1,2}:\d{2}–\d{1,2}:\d{2})?"
)
# Field order of an entry's body: the conclusion first, so that a snippet without a match
# shows what was decided.
_BODY_FIELDS = ("conclusion", "why", "finding", "impact", "excerpt")


@dataclass(frozen=True)
class RowData:
    line: int  # 1-based; an entry's heading line
    end_line: int
    type: str  # entry | item | line | chunk
    title: str
    body: str
    kind: str | None = None  # lowercase entry kind
    id: str | None = None
    date: str | None = None
    status: str | None = None
    confidence: float | None = None
    source: str | None = None  # JSON of {session_id, session_path, message_range}
    superseded_by: str | None = None
    supersedes: str | None = None   # the id a reversal replaces (memory_store/search/links.py)
    superseded_later_by: str | None = None   # the entry said later, written first, that replaces it (the same)


def file_date(rel: str) -> str | None:
    """The date in a file's name (daily files, recent/ overflow, wrap-ups), if any."""
    m = _DATE_IN_NAME.search(rel.rsplit("/", 1)[-1])
    return m.group(1) if m else None


def clean(text: str) -> str:
    """Text as it is searched and shown: links as their text, without the generated count lines."""
    if "](" in text:
        text = _LINK_RE.sub(lambda m: m.group(2), text)
    if " — " in text:
        text = _COUNTS_TAIL_RE.sub("", text)
    return "\n".join(ln for ln in text.split("\n") if not _COUNTS_LINE_RE.match(ln.strip()))


def without_ids(text: str) -> str:
    """Text as the word index sees it: without entry ids. An id in text is a reference to an entry
    (a weekly log's "superseded by" line, a wrap-up's link, an entry's refs); its slug repeats the
    entry's own title, so indexed as words it would let the reference outrank the entry it points
    at. The row keeps the id for display; `memjobs get` finds an entry by its id."""
    return ID_IN_TEXT_RE.sub(" ", text) if "-" in text else text


def rows_of(rel: str, text: str, template: str | None = None) -> list[RowData]:
    """The rows of one file; `template` is the text of the template file it was copied from (its
    paragraphs are explanations, not memory), if any."""
    rows = _rows_of(rel, text)
    if template is None:
        return rows
    known = {(r.title, r.body) for r in _rows_of(rel, template) if r.type == "chunk"}
    return [r for r in rows if r.type != "chunk" or (r.title, r.body) not in known]


def _rows_of(rel: str, text: str) -> list[RowData]:
    lines = split_lines(text)
    doc = parse_document(text)
    day = file_date(rel)
    skip: tuple[int, int] | None = None
    out: list[RowData] = []
    if rel == "MEMORY.md":
        items, skip = _memory_items(lines)
        out.extend(items)
    fenced = fenced_lines(lines)
    title = _default_title(rel)
    for node in doc.nodes:
        if isinstance(node, Block):
            out.append(_entry_row(node))
        elif isinstance(node, LineNode):
            # Only active facts are memory (docs/design.md §6): revoked and archived lines stay unsearched.
            if (node.get("status") or "active") == "active":
                out.append(_line_row(node, day))
        elif isinstance(node, Prose):
            chunks, title = _prose_chunks(node, lines, fenced, title, day, skip)
            out.extend(chunks)
    return out


def _default_title(rel: str) -> str:
    return rel.rsplit("/", 1)[-1].removesuffix(".md")


def _entry_row(block: Block) -> RowData:
    values = {f.key: f.value for f in block.fields if f.key}
    body: list[str] = [clean(values[k]) for k in _BODY_FIELDS if values.get(k)]
    refs = block.field("refs")
    if refs is not None:
        body.extend(clean(v) for v in [refs.value, *(c.value for c in refs.children)] if v)
    known = {
        "id",
        "date",
        "source",
        "confidence",
        "status",
        "supersedes",
        "superseded_by",
        "superseded_later_by",
        "refs",
        ORIGIN_FIELD,
        *_BODY_FIELDS,
    }
    body.extend(clean(f.value) for f in block.fields if f.key and f.key not in known and f.value)
    src = block.field("source")
    source = None
    origin = _origin(block.kind.lower(), values)
    if src is not None:
        parts = {c.key: c.value for c in src.children if c.key}
        cited: dict[str, str] = {k: parts.get(k, "") for k in ("session_id", "session_path", "message_range")}
        if origin:  # provenance, beside the transcript lines: search results carry it as `origin`
            cited[ORIGIN_FIELD] = origin
        source = json.dumps(cited, ensure_ascii=False)
    try:
        confidence: float | None = round(float(values.get("confidence", "")), 2)
    except ValueError:
        confidence = None
    kind = block.kind.lower()
    status: str | None = (values.get("status") or "active").lower()
    if kind == "episode":
        # An episode has an outcome and an expiry, not a status; the daily job derived it from the
        # transcript (origin auto) unless it says otherwise.
        status = (values.get("status") or "").lower() or None
        confidence = confidence if confidence is not None else confidence_of("auto")
    last = block.line + len(split_lines(block.text)) - 1
    return RowData(
        block.line,
        last,
        "entry",
        block.title,
        "\n".join(body),
        kind=kind,
        id=values.get("id") or None,
        date=values.get("date") or None,
        status=status,
        confidence=confidence,
        source=source,
        superseded_by=values.get("superseded_by") or None,
        supersedes=values.get("supersedes") or None,
        superseded_later_by=values.get("superseded_later_by") or None,
    )


def _origin(kind: str, values: dict[str, str]) -> str | None:
    """An entry's origin (memory_store/confidence.py): its own field; a procedure's by how it was
    learned; an episode's `auto` (the daily job derived it); None for an entry written before origins."""
    own = values.get(ORIGIN_FIELD)
    if own in ORIGINS:
        return own
    if kind == "procedure":
        return PROCEDURE_ORIGIN.get(values.get("learned_from") or "")
    return "auto" if kind == "episode" else None


def _line_row(node: LineNode, day: str | None) -> RowData:
    key = unescape(node.get("key") or "")
    value = unescape(node.get("value") or "")
    updated = node.get("updated_at") or ""
    own = node.get("confidence")
    try:
        conf = float(own) if own else None
    except ValueError:
        conf = None
    origin = json.dumps({ORIGIN_FIELD: line_origin(node.get("source"))})
    return RowData(node.line, node.line, "line", key, value, kind="core", date=updated[:10] or day,
                   status="active", confidence=line_confidence(node.get("source"), conf), source=origin)


def _memory_items(lines: list[str]) -> tuple[list[RowData], tuple[int, int] | None]:
    """Generated items of MEMORY.md (one row each) and the 1-based line span of that part."""
    begin = next((i for i, ln in enumerate(lines) if ln.strip() == BEGIN), None)
    end = next((i for i, ln in enumerate(lines) if ln.strip() == END and begin is not None and i > begin), None)
    if begin is None or end is None:
        return [], None
    out: list[RowData] = []
    i = begin + 1
    while i < end:
        if not lines[i].startswith("- "):
            i += 1
            continue
        j = i + 1
        while j < end and lines[j].startswith("  ") and lines[j].strip():
            j += 1
        joined = " ".join(ln.strip() for ln in lines[i:j])
        m = _ITEM_RE.match(joined)
        if m and ID_RE.match(m.group("id")):
            item_id = m.group("id")
            kind = KIND_BY_UPPER[item_id.split("-", 1)[0]].lower()
            ymd = item_id.split("-")[1]
            out.append(
                RowData(
                    i + 1,
                    j,
                    "item",
                    clean(m.group("summary").strip()),
                    "",
                    kind=kind,
                    id=item_id,
                    date=f"{ymd[:4]}-{ymd[4:6]}-{ymd[6:]}",
                )
            )
        i = j
    return out, (begin + 1, end + 1)


def _prose_chunks(
    node: Prose,
    lines: list[str],
    fenced: list[bool],
    title: str,
    day: str | None,
    skip: tuple[int, int] | None,
) -> tuple[list[RowData], str]:
    """Paragraphs of a prose node, each titled by the nearest heading above it."""
    out: list[RowData] = []
    para: list[tuple[int, str]] = []
    heading_line = 0
    heading_used = True

    def flush() -> None:
        nonlocal para, heading_used
        body = clean("\n".join(t for _, t in para)) if para else ""
        if body.strip():
            out.append(RowData(para[0][0], para[-1][0], "chunk", title, body, date=day))
            heading_used = True
        para = []

    count = len(split_lines(node.text))
    for n in range(node.line, node.line + count):
        raw = lines[n - 1].rstrip("\r\n")
        if skip and skip[0] <= n <= skip[1]:
            flush()
            continue
        m = None if fenced[n - 1] else _HEADING_RE.match(raw)
        if m:
            flush()
            if not heading_used:
                out.append(RowData(heading_line, heading_line, "chunk", title, "", date=day))
            title = clean(m.group(2).strip()) or title
            heading_line = n
            heading_used = False
            continue
        if not raw.strip() and not fenced[n - 1]:
            flush()
            continue
        para.append((n, raw.strip()))
        if len(para) >= CHUNK_MAX_LINES:
            flush()
    flush()
    if not heading_used:
        out.append(RowData(heading_line, heading_line, "chunk", title, "", date=day))
    return out, title
