"""The entry model of docs/design.md §4: block entries (decision log) and line entries (core memory).

Pure: no file or network I/O. Typed dataclasses are what jobs work with; the parser
(`memory_store.markdown`) reads text leniently into raw blocks and converts them here, strictly.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import date

KINDS = ("Decision", "Rule", "Constraint", "Architecture", "Remember", "Procedure")
KIND_BY_UPPER = {k.upper(): k for k in KINDS}
STATUSES = ("active", "superseded", "archived")
LINE_SOURCES = ("user_explicit", "user_inferred", "system", "admin")

ID_RE = re.compile(r"^(DECISION|RULE|CONSTRAINT|ARCHITECTURE|REMEMBER|PROCEDURE)-(\d{8})-([a-z0-9]+(?:-[a-z0-9]+)*)$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# An id anywhere in a text (a tool result, a file read, a wrap-up line).
ID_IN_TEXT_RE = re.compile(
    r"\b(?:DECISION|RULE|CONSTRAINT|ARCHITECTURE|REMEMBER|PROCEDURE)-\d{8}-[a-z0-9]+(?:-[a-z0-9]+)*")
RANGE_RE = re.compile(r"^(L\d+-L\d+|E\d+-E\d+)$")
TTL_RE = re.compile(r"^(none|session_end|\d+[smhdw]|\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$")

# Canonical order of the block entry fields (docs/design.md §4); `source` has three children.
BLOCK_FIELDS = ("id", "date", "source", "why", "finding", "conclusion", "impact", "confidence", "status",
                "supersedes", "superseded_by", "superseded_later_by", "excerpt", "refs")
REQUIRED_FIELDS = ("id", "date", "source", "why", "finding", "conclusion", "impact", "confidence", "status", "refs")
NONEMPTY_FIELDS = ("id", "date", "confidence", "status")
SOURCE_FIELDS = ("session_id", "session_path", "message_range")
LINE_FIELDS = ("key", "value", "priority", "ttl", "source", "updated_at", "kind", "applies_to", "status", "version",
               "confidence", "created_at", "tags", "ref", "id")
LINE_KINDS = ("preference", "constraint", "fact", "instruction")
LINE_STATUSES = ("active", "revoked", "archived")
PROPOSAL_STATUSES = ("pending", "accepted", "rejected", "expired")
EXCERPT_MAX = 200


_LINES_RE = re.compile(r"^[A-Z]?(\d+)(?:-[A-Z]?(\d+))?$")


def range_lines(message_range: str) -> tuple[int, int] | None:
    """(first, last) of a message range ("L41-L47", "E3-E9", "L5"), or None when it is not one."""
    m = _LINES_RE.match(message_range.strip())
    return (int(m[1]), int(m[2] or m[1])) if m else None


@dataclass(frozen=True)
class Source:
    """Where an entry came from: session, transcript path, lines."""
    session_id: str
    session_path: str
    message_range: str

    @property
    def lines(self) -> tuple[int, int] | None:
        """The first and last transcript line (or event) the entry cites."""
        return range_lines(self.message_range)


@dataclass(frozen=True)
class BlockEntry:
    """One `## <Kind>: <title>` entry. Values are single lines; `extra` keeps unknown fields in order."""

    kind: str
    title: str
    id: str
    date: str
    source: Source
    why: str = ""
    finding: str = ""
    conclusion: str = ""
    impact: str = ""
    confidence: float = 1.0
    status: str = "active"
    supersedes: str | None = None
    superseded_by: str | None = None
    # an entry said later that supersedes this one, linked when this one was written after it
    # (memory_store/supersedes_read.py); microSync's link, not a status field
    superseded_later_by: str | None = None
    excerpt: str | None = None
    refs: tuple[str, ...] = ()
    extra: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        # Two decimals is the stored precision: normalising here makes parse(serialize(e)) == e.
        object.__setattr__(self, "confidence", round(float(self.confidence), 2))

    def with_status(self, status: str, superseded_by: str | None = None) -> BlockEntry:
        return replace(self, status=status, superseded_by=superseded_by)


@dataclass(frozen=True)
class LineEntry:
    """One core-memory line (docs/design.md §4, §6): `- key:… | value:… | priority:… | ttl:… | source:… |
    updated_at:…`, plus the lifecycle fields memjobs writes (`kind`, `applies_to`, `status`, `version`,
    `confidence`, `created_at`, `tags`, `ref`, `id`). An optional field is None when the line does not
    carry it, so a hand-written line reads back as written; `extra` keeps unknown fields in order."""

    key: str
    value: str
    priority: int = 50
    ttl: str = "none"
    source: str = "user_explicit"
    updated_at: str = ""
    kind: str | None = None
    applies_to: str | None = None
    status: str | None = None
    version: int | None = None
    confidence: float | None = None
    created_at: str | None = None
    tags: str | None = None
    ref: str | None = None
    id: str | None = None
    extra: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        if self.confidence is not None:
            object.__setattr__(self, "confidence", round(float(self.confidence), 2))

    @property
    def effective_applies_to(self) -> str:
        return self.applies_to or "global"

    @property
    def effective_status(self) -> str:
        return self.status or "active"

    @property
    def effective_version(self) -> int:
        return self.version or 1


def normalise_statement(text: str) -> str:
    """The form a statement's id hash is taken from: NFKC, casefolded, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"\s+", " ", text).strip()
    return text.strip(" .,!?;:。，！？；：、")


def slug_words(title: str, limit: int = 40) -> str:
    """Up to `limit` characters of the title's ASCII words, joined by '-'."""
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii").lower()
    words = re.findall(r"[a-z0-9]+", ascii_text)
    out = ""
    for w in words:
        candidate = f"{out}-{w}" if out else w
        if len(candidate) > limit:
            if not out:
                out = w[:limit]
            break
        out = candidate
    return out


def make_id(kind: str, date: str, title: str, statement: str) -> str:
    """`<KIND>-<YYYYMMDD>-<words>-<6 hex>`: the same statement always gets the same id (docs/design.md §4).

    The statement is expected to be redacted already; the hash covers its normalised form, so
    two different statements never share an id even when their titles have no ASCII words.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}")
    digest = hashlib.sha1(normalise_statement(statement).encode("utf-8")).hexdigest()[:6]
    words = slug_words(title)
    slug = f"{words}-{digest}" if words else digest
    return f"{kind.upper()}-{date.replace('-', '')}-{slug}"


def id_kind(entry_id: str) -> str | None:
    m = ID_RE.match(entry_id)
    return KIND_BY_UPPER[m.group(1)] if m else None


def ids_in_text(text: str) -> list[str]:
    """Entry ids cited in a text (a tool result, a file read, a wrap-up line), each once, in order."""
    seen: dict[str, None] = {}
    for m in ID_IN_TEXT_RE.finditer(text):
        seen.setdefault(m.group(0).rstrip("-"), None)
    return list(seen)


def is_date(value: str) -> bool:
    """A real calendar date written YYYY-MM-DD."""
    if not DATE_RE.match(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def id_fits_kind(entry_id: str, kind: str) -> bool | None:
    """Whether a well-formed id belongs to `kind`; None when the id is not well-formed at all."""
    m = ID_RE.match(entry_id)
    return None if m is None else KIND_BY_UPPER[m.group(1)] == kind
