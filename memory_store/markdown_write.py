"""Writing memjobs' markdown (docs/design.md §4): the canonical form of entries, and edits that change only
the bytes of the entry they touch, so every other byte of the document stays as it was. Pure."""
from __future__ import annotations

import hashlib
from collections.abc import Iterable

from memory_store.core.lineformat import format_line
from memory_store.entries import BlockEntry, LineEntry
from memory_store.markdown import (
    _CHILD_RE,
    _FIELD_RE,
    _STATUS_KEYS,
    Block,
    Prose,
    parse_document,
    split_lines,
    unclosed_fence,
)

# ---- serialization -----------------------------------------------------------------------


def _kv(key: str, value: str, indent: str = "") -> str:
    return f"{indent}- {key}: {value}\n" if value else f"{indent}- {key}:\n"


def _one_line(value: str) -> str:
    """Values are single lines: newlines inside become spaces (the model forbids them anyway)."""
    return " ".join(value.split()) if ("\n" in value or "\r" in value) else value.strip()


def serialize_entry(e: BlockEntry) -> str:
    """The canonical form of docs/design.md §4, field order and spacing included; ends with a newline."""
    out = [f"## {e.kind}: {_one_line(e.title)}\n", _kv("id", e.id), _kv("date", e.date), "- source:\n"]
    out.append(_kv("session_id", _one_line(e.source.session_id), "  "))
    out.append(_kv("session_path", _one_line(e.source.session_path), "  "))
    out.append(_kv("message_range", _one_line(e.source.message_range), "  "))
    for key in ("why", "finding", "conclusion", "impact"):
        out.append(_kv(key, _one_line(getattr(e, key))))
    out.append(_kv("confidence", f"{e.confidence:.2f}"))
    out.append(_kv("status", e.status))
    for key in ("supersedes", "superseded_by", "superseded_later_by", "excerpt"):
        value = getattr(e, key)
        if value is not None:
            out.append(_kv(key, _one_line(value)))
    out.append("- refs:\n")
    out.extend(f"  - {_one_line(r)}\n" for r in e.refs)
    out.extend(_kv(k, _one_line(v)) for k, v in e.extra)
    return "".join(out)


def serialize_line_entry(e: LineEntry) -> str:
    return format_line(e)


# ---- edits that keep every other byte ----------------------------------------------------


def _eol_of(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _with_eol(text: str, eol: str) -> str:
    return text.replace("\n", eol) if eol != "\n" else text


def replace_entry(text: str, entry: BlockEntry) -> str:
    """Replace the block with `entry.id` by the canonical form of `entry`; nothing else changes."""
    doc = parse_document(text)
    for i, node in enumerate(doc.nodes):
        if isinstance(node, Block) and node.id == entry.id:
            doc.nodes[i] = Prose(node.line, _with_eol(serialize_entry(entry), _eol_of(node.text)))
            return doc.text
    raise KeyError(entry.id)


def set_entry_fields(text: str, entry_id: str, updates: dict[str, str | None]) -> str:
    """Change only the `status` / `superseded_by` lines of one entry (what weekly may touch). An id is
    one entry: when a person left two copies of it in the file, both get the new status."""
    bad = set(updates) - set(_STATUS_KEYS)
    if bad:
        raise ValueError(f"only {_STATUS_KEYS} may be set this way, not {sorted(bad)}")
    doc = parse_document(text)
    found = False
    for idx, node in enumerate(doc.nodes):
        if isinstance(node, Block) and node.id == entry_id:
            doc.nodes[idx] = Prose(node.line, _edit_block(node, updates))
            found = True
    if not found:
        raise KeyError(entry_id)
    return doc.text


def _edit_block(block: Block, updates: dict[str, str | None]) -> str:
    lines: list[str | None] = list(split_lines(block.text))
    eol = _eol_of(block.text)
    last = lines[-1]
    if last is not None and not last.endswith("\n"):
        lines[-1] = last + eol
    first = block.line
    for key in _STATUS_KEYS:
        if key not in updates:
            continue
        value = updates[key]
        f = block.field(key)
        if f is not None:
            idx = f.line - first
            lines[idx] = None if value is None else _with_eol(_kv(key, value), eol)
        elif value is not None:
            anchor = (block.field("supersedes") or block.field("status")) if key == "superseded_by" else None
            if anchor is None:
                anchor = block.fields[-1]
            idx = (anchor.children[-1].line if anchor.children else anchor.line) - first
            lines[idx] = (lines[idx] or "") + _with_eol(_kv(key, value), eol)
    new = "".join(x for x in lines if x is not None)
    if not block.text.endswith("\n"):
        new = new[: -len(eol)]
    return new


def append_entries(text: str, entries: Iterable[BlockEntry]) -> str:
    """The text with the entries appended, each separated from what precedes it by a blank line."""
    return text + entries_suffix(text, entries)


def entries_suffix(text: str, entries: Iterable[BlockEntry]) -> str:
    """Exactly the bytes `append_entries` adds: used for O_APPEND writes."""
    eol = _eol_of(text) if text else "\n"
    out: list[str] = []
    tail = text
    close = unclosed_fence(text)
    if close is not None:
        # A code block left open (a half-written flush) would swallow the entries: close it first.
        out.append(("" if text.endswith("\n") else eol) + close + eol)
        tail = out[-1]
    for e in entries:
        if tail and not tail.endswith("\n"):
            out.append(eol)
        if tail and not tail.endswith(("\n\n", "\r\n\r\n")):
            out.append(eol)
        chunk = _with_eol(serialize_entry(e), eol)
        out.append(chunk)
        tail = chunk
    return "".join(out)


def block_hash(block_text: str) -> str:
    """Hash of an entry's text without its status lines: tells whether a person edited it."""
    kept: list[str] = []
    skip_children = False
    for line in split_lines(block_text.replace("\r\n", "\n")):
        m = _FIELD_RE.match(line.rstrip("\n"))
        if m:
            skip_children = m.group(1) in _STATUS_KEYS
            if skip_children:
                continue
        elif skip_children and _CHILD_RE.match(line.rstrip("\n")):
            continue
        kept.append(line.rstrip() + "\n")
    return hashlib.sha256("".join(kept).encode("utf-8")).hexdigest()[:16]
