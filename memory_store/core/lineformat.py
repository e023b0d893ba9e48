"""The core-memory line (docs/design.md §4, §6): `- key:… | value:… | … | id:…`. Pure: text in, entry out,
and back.

Fields are separated by ` | `. A value may hold anything on one line, JSON included: a `|` inside
it is written `\\|`, a backslash `\\\\`, a newline `\\n`, a carriage return `\\r`, and the `<` of a
`<!--` `\\<`, so no value can split a line, end it or open a comment. An HTML comment written in the
line (`<!-- not sure -->`) is no part of any field: it is taken out before the fields are read (and
kept at the end of the line when memjobs rewrites it). A field given twice in one line (two `value:`,
two `key:` — two facts typed on one line) makes the line unreadable rather than a guess: it is not
an entry, and validate names it. Reading is lenient: a backslash before any other character is kept as
written (people type Windows paths), and a piece without `name:` belongs to the value before it.
A value's leading and trailing whitespace is not part of it (the line format cannot show it).
"""
from __future__ import annotations

import re
from datetime import datetime

from memory_store.entries import LINE_FIELDS, LINE_KINDS, LINE_SOURCES, LINE_STATUSES, TTL_RE, LineEntry
from memory_store.errors import EntryError

_SPLIT_RE = re.compile(r"[ \t]\|[ \t]")
_ESCAPES = {"\\": "\\\\", "|": "\\|", "\n": "\\n", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", "|": "|", "n": "\n", "r": "\r", "<": "<"}
OPEN_COMMENT, CLOSE_COMMENT = "<!--", "-->"
APPLIES_RE = re.compile(r"^(global|project:[^\s|\\]+|session:[^\s|\\]+)$")
KEY_RE = re.compile(r"^[^\s|\\]+$")


def escape(value: str) -> str:
    return "".join(_ESCAPES.get(ch, ch) for ch in value.strip()).replace(OPEN_COMMENT, "\\" + OPEN_COMMENT)


def without_comments(bare: str) -> tuple[str, list[str]]:
    """The line with each HTML comment (`<!-- … -->`, closed on the line) taken out, and the comments. An
    escaped `\\<!--` (a value holding those characters) opens none; a `<!--` never closed is kept as text."""
    out: list[str] = []
    found: list[str] = []
    i = 0
    while i < len(bare):
        if bare[i] == "\\" and i + 1 < len(bare):
            out.append(bare[i:i + 2])
            i += 2
            continue
        if bare.startswith(OPEN_COMMENT, i):
            end = bare.find(CLOSE_COMMENT, i + len(OPEN_COMMENT))
            if end >= 0:
                found.append(bare[i:end + len(CLOSE_COMMENT)])
                i = end + len(CLOSE_COMMENT)
                continue
        out.append(bare[i])
        i += 1
    return "".join(out), found


def unescape(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] in _UNESCAPES:
            out.append(_UNESCAPES[text[i + 1]])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def split_fields(bare: str) -> list[tuple[str, str]]:
    """(name, raw value) pairs of a line (its `- ` marker included), values still escaped; its HTML
    comments are no part of them."""
    body = without_comments(bare)[0].strip()[1:].strip()
    out: list[tuple[str, str]] = []
    for part in _SPLIT_RE.split(body):
        name, sep, value = part.partition(":")
        if sep and name.strip() and " " not in name.strip():
            out.append((name.strip(), value.strip()))
        elif out:
            k, v = out[-1]
            out[-1] = (k, f"{v} | {part.strip()}")
    return out


def _text(fields: dict[str, str], name: str) -> str | None:
    raw = fields.get(name)
    return unescape(raw) if raw is not None else None


def entry_from_fields(pairs: list[tuple[str, str]], path: str | None = None, line: int | None = None,
                      statuses: tuple[str, ...] = LINE_STATUSES) -> LineEntry:
    """The typed entry of a line's fields; `EntryError` (with path and line) when it cannot be one."""
    problems = line_problems(pairs, statuses=statuses)
    if problems:
        raise EntryError(problems[0], path=path, line=line)
    fields = dict(pairs)
    version = fields.get("version")
    confidence = fields.get("confidence")
    return LineEntry(
        key=unescape(fields["key"]),
        value=unescape(fields["value"]),
        priority=int(fields.get("priority", "50")),
        ttl=fields.get("ttl", "none"),
        source=fields.get("source", "user_explicit"),
        updated_at=fields.get("updated_at", ""),
        kind=fields.get("kind"),
        applies_to=fields.get("applies_to"),
        status=fields.get("status"),
        version=int(version) if version is not None else None,
        confidence=float(confidence) if confidence is not None else None,
        created_at=fields.get("created_at"),
        tags=_text(fields, "tags"),
        ref=_text(fields, "ref"),
        id=fields.get("id"),
        extra=tuple((k, unescape(v)) for k, v in pairs if k not in LINE_FIELDS),
    )


def parse_line(text: str, path: str | None = None, line: int | None = None,
               statuses: tuple[str, ...] = LINE_STATUSES) -> LineEntry:
    return entry_from_fields(split_fields(text.rstrip("\r\n")), path, line, statuses)


def format_line(e: LineEntry) -> str:
    """The canonical line, ending with a newline: the six fields in the order of docs/design.md §4, then the lifecycle
    fields memjobs knows in a fixed order (each only when set), then unknown fields as they came."""
    parts = [("key", escape(e.key)), ("value", escape(e.value)), ("priority", str(e.priority)),
             ("ttl", e.ttl), ("source", e.source), ("updated_at", e.updated_at)]
    optional: list[tuple[str, str | None]] = [
        ("kind", e.kind), ("applies_to", e.applies_to), ("status", e.status),
        ("version", str(e.version) if e.version is not None else None),
        ("confidence", f"{e.confidence:.2f}" if e.confidence is not None else None),
        ("created_at", e.created_at), ("tags", escape(e.tags) if e.tags is not None else None),
        ("ref", escape(e.ref) if e.ref is not None else None), ("id", e.id)]
    parts.extend((k, v) for k, v in optional if v is not None)
    parts.extend((k, escape(v)) for k, v in e.extra)
    return "- " + " | ".join(f"{k}:{v}" for k, v in parts) + "\n"


def is_iso_time(value: str) -> bool:
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def line_problems(pairs: list[tuple[str, str]], *, show_values: bool = True,
                  statuses: tuple[str, ...] = LINE_STATUSES) -> list[str]:
    """What is wrong with a line's fields, one message each (empty: the line is an entry).
    With `show_values=False` no message repeats a value (POLICY.md is never printed)."""
    values = dict(pairs)

    def shown(name: str) -> str:
        return f" {values[name]!r}" if show_values else ""

    out: list[str] = []
    seen: dict[str, str] = {}
    for name, raw in pairs:
        if name in LINE_FIELDS and name in seen:
            both = f" ({seen[name]!r} and {raw!r})" if show_values else ""
            out.append(f"'{name}' is given twice in one line{both}: memjobs does not guess which one is meant, so "
                       "it does not read the line; keep one (and write each fact on a line of its own)")
        seen.setdefault(name, raw)
    for key in ("key", "value"):
        if key not in values:
            out.append(f"line entry is missing '{key}'")
    if "key" in values and not values["key"]:
        out.append("line entry key is empty")
    elif "key" in values and not KEY_RE.match(unescape(values["key"])):
        out.append(f"line entry key{shown('key')} has a space, '|' or '\\' in it")
    if "priority" in values:
        try:
            p = int(values["priority"])
            if not 0 <= p <= 100:
                out.append(f"priority{' ' + str(p) if show_values else ''} is outside 0..100")
        except ValueError:
            out.append(f"priority{shown('priority')} is not an integer")
    if "ttl" in values and not TTL_RE.match(values["ttl"]):
        out.append(f"bad ttl{shown('ttl')} (none, session_end, 30m/8h/7d, or an ISO time)")
    checks = (("source", LINE_SOURCES), ("kind", LINE_KINDS), ("status", statuses))
    for name, allowed in checks:
        if name in values and values[name] not in allowed:
            out.append(f"unknown {name}{shown(name)} (one of {', '.join(allowed)})")
    for name in ("updated_at", "created_at"):
        if values.get(name) and not is_iso_time(values[name]):
            out.append(f"bad {name}{shown(name)} (expected an ISO time)")
    if "applies_to" in values and not APPLIES_RE.match(values["applies_to"]):
        out.append(f"bad applies_to{shown('applies_to')} (global, project:<id> or session:<id>)")
    if "version" in values and not (values["version"].isdigit() and int(values["version"]) >= 1):
        out.append(f"version{shown('version')} is not a whole number from 1")
    if "confidence" in values:
        try:
            if not 0.0 <= float(values["confidence"]) <= 1.0:
                out.append(f"confidence{shown('confidence')} is outside 0..1")
        except ValueError:
            out.append(f"confidence{shown('confidence')} is not a number")
    return out
