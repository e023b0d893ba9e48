"""What every extractor returns, and the interface it implements.

An extractor reads the records of ONE session, in order, and returns candidate entries. It does
not know about ids, dates or files: the microsync job turns a `Candidate` into an entry (id from
`statement`, date from `ts` in the configured timezone).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from memory_store.transcripts.records import Flag, Record, Role, range_prefix

# Flags whose records no extractor reads by default: tool traffic, injected metadata, sub-agents.
IGNORED_FLAGS = frozenset({Flag.TOOL, Flag.META, Flag.SIDECHAIN})

# The longest why / finding / conclusion / impact an engine writes (characters): an entry's fields
# carry the item, not the turn it was said in.
FIELD_MAX = 300


@dataclass(frozen=True)
class Candidate:
    kind: str            # one of KINDS
    title: str           # short, one line, in the user's language, <= ~80 chars
    statement: str       # normalised text the id hash is taken from (same statement -> same text)
    why: str             # "" when not said -- never invented
    finding: str
    conclusion: str
    impact: str
    confidence: float    # explicit user statement >= 0.9, lower when inferred
    excerpt: str         # the user's own words, <= 200 chars
    session_id: str
    session_path: str
    first_line: int      # covering the proposal and the confirmation
    last_line: int
    ts: datetime         # UTC time of the user's statement
    supersedes_hint: bool = False  # the statement reverses an earlier decision
    # the model's reading of a user preference in the statement (LLM engine only): "" | explicit |
    # inferred, with the key and value it read; core memory's class rules decide where it goes
    preference: str = ""
    preference_key: str = ""
    preference_value: str = ""
    # user | correction | cited | auto (memory_store/confidence.py), decided from the transcript after
    # extraction (jobs/microsync/origin.py); None: not decided, the confidence is the extractor's own.
    origin: str | None = None

    @property
    def message_range(self) -> str:
        prefix = range_prefix(self.session_path)
        return f"{prefix}{self.first_line}-{prefix}{self.last_line}"


class Extractor(Protocol):
    name: str

    def extract(self, records: Sequence[Record]) -> list[Candidate]:
        """Candidates found in the records of one session, given in transcript order."""
        ...


_SPACE = re.compile(r"\s+")
# Punctuation stripped from both ends of a statement (ASCII, CJK and Thai-adjacent marks).
_END_PUNCT = " \t\r\n.,;:!?…。，、；：！？·-–—\"'`“”‘’「」『』()[]（）【】*_~"


def normalise_statement(text: str) -> str:
    """The canonical form an id is hashed from: NFKC, casefolded, one space, no end punctuation.

    NFKC folds full-width forms (`ＡＰＩ`, `１`) that Chinese input methods produce, so the same
    statement typed two ways hashes the same; Thai and CJK characters are kept as they are.
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _SPACE.sub(" ", text)
    return text.strip(_END_PUNCT)


# The most of one turn the extraction patterns read (characters). A longer turn is a paste with at
# most a few words of the user's at either end (a 5 MB log line ending in "we decided to use
# Grafana"): its first and last TURN_MAX // 2 characters are read, the middle never. Without the
# bound, every pattern scans the whole paste: minutes for one line (the LLM engine reads 3,000).
TURN_MAX = 20_000


def bounded_turns(records: list[Record]) -> list[Record]:
    """`records` with each turn longer than TURN_MAX cut to its two ends (one line between them)."""
    # `chars` is `len(text)` without redacting a tool text not read yet (at most TOOL_TEXT_CAP either way)
    if all(r.chars <= TURN_MAX for r in records):
        return records
    return [r if r.chars <= TURN_MAX else r.replace(text=_ends(r.text)) for r in records]


def _ends(text: str) -> str:
    half = TURN_MAX // 2
    head, tail = text[:half], text[-half:]
    cut = head.rfind(" ")
    head = head[:cut] if cut > half // 2 else head
    cut = tail.find(" ")
    tail = tail[cut + 1:] if 0 <= cut < half // 2 else tail
    return f"{head}\n{tail}"


def usable_records(records: Iterable[Record], *, roles: frozenset[Role] | None = None) -> list[Record]:
    """The user and assistant turns an extractor reads: no tool, meta or sidechain records.

    Compaction summaries (Role.SUMMARY) are left out: they paraphrase turns of the same transcript
    that were read when they were said (or by an earlier run), in the agent's words rather than the
    user's, so they would only add duplicates under a different statement and hence a different id.
    """
    wanted = roles or frozenset({Role.USER, Role.ASSISTANT})
    return [r for r in records if r.role in wanted and not (r.flags & IGNORED_FLAGS)]
