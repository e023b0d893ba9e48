"""Hypothesis strategies for entries, with Thai and Chinese text in the mix."""

from __future__ import annotations

import re
from datetime import date

from hypothesis import settings
from hypothesis import strategies as st

from memory_store.entries import BLOCK_FIELDS, KINDS, BlockEntry, LineEntry, Source

_ALPHABET = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\n\r")
_SCRIPTS = st.sampled_from(
    [
        "ใช้ PostgreSQL สำหรับระบบจอง",
        "จำไว้ว่า ห้าม deploy วันศุกร์",
        "改用 Redis 做缓存",
        "以后都用中文回答",
        "Use PostgreSQL for bookings",
        "never push to main again",
        "数据",
        "ภาษาไทย",
    ]
)


def _clean(s: str) -> str:
    return s.strip()


single_line = st.one_of(_SCRIPTS, st.text(_ALPHABET, min_size=0, max_size=60)).map(_clean)
nonempty_line = single_line.filter(bool)
slug = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}", fullmatch=True)


@st.composite
def entry_ids(draw: st.DrawFn, kind: str | None = None) -> str:
    k = kind or draw(st.sampled_from(KINDS))
    d = draw(
        st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31))
    )
    return f"{k.upper()}-{d:%Y%m%d}-{draw(slug)}"


@st.composite
def block_entries(draw: st.DrawFn) -> BlockEntry:
    kind = draw(st.sampled_from(KINDS))
    eid = draw(entry_ids(kind))
    extra_keys = draw(
        st.lists(
            st.from_regex(r"[a-z][a-z_]{0,10}", fullmatch=True).filter(lambda k: k not in BLOCK_FIELDS),
            max_size=2,
            unique=True,
        )
    )
    return BlockEntry(
        kind=kind,
        title=draw(single_line),
        id=eid,
        date=f"{eid.split('-')[1][:4]}-{eid.split('-')[1][4:6]}-{eid.split('-')[1][6:]}",
        source=Source(
            draw(nonempty_line), draw(nonempty_line), f"L{draw(st.integers(1, 999))}-L{draw(st.integers(1, 999))}"
        ),
        why=draw(single_line),
        finding=draw(single_line),
        conclusion=draw(single_line),
        impact=draw(single_line),
        confidence=draw(st.integers(0, 100)) / 100,
        status=draw(st.sampled_from(["active", "superseded", "archived"])),
        supersedes=draw(st.none() | entry_ids()),
        superseded_by=draw(st.none() | entry_ids()),
        excerpt=draw(st.none() | single_line),
        refs=tuple(draw(st.lists(nonempty_line, max_size=3))),
        extra=tuple((k, draw(single_line)) for k in extra_keys),
    )


_PIPE = re.compile(r"(^|[ \t])\||\|([ \t]|$)")
line_value = single_line.filter(lambda v: not _PIPE.search(v))


@st.composite
def line_entries(draw: st.DrawFn) -> LineEntry:
    extra_keys = draw(st.lists(st.sampled_from(["scope", "note", "from"]), max_size=2, unique=True))
    return LineEntry(
        key=draw(st.from_regex(r"[a-z]+(\.[a-z_]+){0,3}", fullmatch=True)),
        value=draw(line_value.filter(bool)),
        priority=draw(st.integers(0, 100)),
        ttl=draw(st.sampled_from(["none", "8h", "7d", "session_end", "2026-12-01T00:00:00Z"])),
        source=draw(st.sampled_from(["user_explicit", "user_inferred", "system", "admin"])),
        updated_at=draw(st.sampled_from(["2026-11-22T04:00:00Z", "2026-02-07T11:00:00Z"])),
        extra=tuple((k, draw(line_value)) for k in extra_keys),
    )


prose = st.sampled_from(
    [
        "A paragraph someone wrote by hand.\n",
        "## Notes\nฉันเขียนเองนะ ไม่ใช่ memjobs\n",
        "```md\n## Decision: inside a fence\n- id: DECISION-20260101-fenced-aaaaaa\n```\n",
        "## Decision: a heading without an id line\nJust prose.\n",
        "> 我们决定了？ quoted text\n",
    ]
)


def examples(n: int) -> int:
    """A property test's written example count (the `thorough` profile's): `n`, a fifth under the
    `dev` profile. CI's count is conftest.CI_EXAMPLES's where it names the test."""
    return max(5, n // 5) if settings.get_current_profile_name() == "dev" else n
