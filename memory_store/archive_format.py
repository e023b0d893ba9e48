"""The cold archive's two log formats (docs/design.md §4). Pure: text in, lines out, and back.

`memory/archive/YYYY-MM.md` (items demoted from MEMORY.md, one line each; an id may appear in
several lines):
    - <summary> ([<ID>](../YYYY-MM-DD.md)) — demoted <YYYY-MM-DD>: <reason>

`memory/archive/weekly-GGGG-VV.md` (what one weekly compound changed), sections `## Promoted`,
`## Demoted`, `## Merged`, `## Superseded`, `## Possible conflicts`, `## Resolved conflicts` (a
person's decision on a possible conflict, as the week applied it; only when there is one), `## Kept out`
(an entry of the week that stays out of MEMORY.md for a reason no other section gives; only when
there is one), each line
    - [<ID>](../YYYY-MM-DD.md): <reason>

Both are logs that memjobs only ever adds to: merging a line that is already there (same id, date
and reason) changes nothing, which is what makes a weekly run that was killed part-way safe to
repeat. Anything else in the files (a hand-written note) is kept verbatim.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from memory_store.markdown import split_lines
from memory_store.validate import Problem

ARCHIVE_NAME_RE = re.compile(r"^memory/archive/(\d{4})-(\d{2})\.md$")
WEEKLY_NAME_RE = re.compile(r"^memory/archive/weekly-(\d{4})-(\d{2})\.md$")
LOG_SECTIONS = ("Promoted", "Demoted", "Merged", "Superseded", "Possible conflicts", "Resolved conflicts",
                "Kept out")
# Written only when they hold a line, so a week without one renders as it did before they existed.
OPTIONAL_SECTIONS = ("Resolved conflicts", "Kept out")

_ID = r"[A-Z]+-\d{8}-[a-z0-9]+(?:-[a-z0-9]+)*"
_ARCHIVE_RE = re.compile(
    rf"^- (?P<summary>.*?) ?\(\[(?P<id>{_ID})\]\((?P<link>[^)\s]+)\)\) — demoted "
    rf"(?P<date>\d{{4}}-\d{{2}}-\d{{2}}): (?P<reason>.+?)\s*$")
_LOG_RE = re.compile(rf"^- \[(?P<id>{_ID})\]\((?P<link>[^)\s]+)\): (?P<reason>.+?)\s*$")


def archive_rel(year: int, month: int) -> str:
    return f"memory/archive/{year:04d}-{month:02d}.md"


def weekly_rel(iso_year: int, iso_week: int) -> str:
    return f"memory/archive/weekly-{iso_year:04d}-{iso_week:02d}.md"


def link_from_archive(memory_md_link: str) -> str:
    """A MEMORY.md link (`memory/2026-10-06.md`) as seen from `memory/archive/` (`../2026-10-06.md`)."""
    if memory_md_link.startswith("memory/"):
        return "../" + memory_md_link[len("memory/"):]
    return "../../" + memory_md_link


def one_line(text: str) -> str:
    """Values in these logs are single lines with single spaces (so they parse back the same)."""
    return " ".join(text.split())


# ---- memory/archive/YYYY-MM.md --------------------------------------------------------------


@dataclass(frozen=True)
class ArchiveLine:
    summary: str
    id: str
    link: str          # relative to memory/archive/, e.g. ../2026-10-06.md
    date: str          # the day it was demoted (the compounded week's cut-off day)
    reason: str        # stale | over budget | superseded by <ID> | merged into <ID> | …

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.id, self.date, self.reason)

    def format(self) -> str:
        return (f"- {one_line(self.summary)} ([{self.id}]({self.link})) — demoted {self.date}: "
                f"{one_line(self.reason)}\n")


def parse_archive_line(line: str) -> ArchiveLine | None:
    m = _ARCHIVE_RE.match(line.rstrip("\r\n"))
    if not m:
        return None
    return ArchiveLine(m.group("summary").strip(), m.group("id"), m.group("link"), m.group("date"),
                       m.group("reason"))


def parse_archive(text: str) -> list[ArchiveLine]:
    """Every archive line of the file (other lines are ignored here and kept by `merge_archive`)."""
    out: list[ArchiveLine] = []
    for ln in split_lines(text):
        parsed = parse_archive_line(ln)
        if parsed is not None:
            out.append(parsed)
    return out


def archive_header(year: int, month: int) -> str:
    return (f"# Archive {year:04d}-{month:02d}\n\n"
            "Items demoted from MEMORY.md, with the day and the reason.\n\n")


def merge_archive(text: str | None, lines: Iterable[ArchiveLine], year: int, month: int) -> str:
    """The file with the lines it does not already hold (by id, date and reason) appended."""
    current = text if text is not None else archive_header(year, month)
    have = {a.key for a in parse_archive(current)}
    add: list[str] = []
    for a in lines:
        if a.key in have:
            continue
        have.add(a.key)
        add.append(a.format())
    if not add:
        return current
    if current and not current.endswith("\n"):
        current += "\n"
    return current + "".join(add)


# ---- memory/archive/weekly-GGGG-VV.md -------------------------------------------------------


@dataclass(frozen=True)
class LogLine:
    id: str
    link: str          # relative to memory/archive/
    reason: str

    def format(self) -> str:
        return f"- [{self.id}]({self.link}): {one_line(self.reason)}\n"


@dataclass
class WeeklyLog:
    title: str = ""
    intro: str = ""                   # prose between the title and the first section, verbatim
    sections: dict[str, list[LogLine]] = field(default_factory=lambda: {s: [] for s in LOG_SECTIONS})
    extra: dict[str, str] = field(default_factory=dict)   # verbatim non-line text per section

    def add(self, section: str, line: LogLine) -> bool:
        """Add a line unless the section already has one for that id with that reason."""
        if section not in LOG_SECTIONS:
            raise ValueError(f"unknown weekly log section {section!r}")
        have = self.sections.setdefault(section, [])
        if any(x.id == line.id and x.reason == one_line(line.reason) for x in have):
            return False
        have.append(LogLine(line.id, line.link, one_line(line.reason)))
        return True

    def ids(self, section: str) -> set[str]:
        return {x.id for x in self.sections.get(section, [])}

    def format(self) -> str:
        out = [self.title or "# Weekly compound\n"]
        if self.intro:
            out.append(self.intro)
        else:
            out.append("\n")
        for name in LOG_SECTIONS:
            lines = self.sections.get(name, [])
            extra = self.extra.get(name, "")
            if name in OPTIONAL_SECTIONS and not lines and not extra:
                continue
            out.append(f"## {name}\n\n")
            out.extend(x.format() for x in lines)
            if extra:
                out.append(extra if extra.endswith("\n") else extra + "\n")
            if lines or extra:
                out.append("\n")
        return "".join(out).rstrip("\n") + "\n"


def weekly_title(iso_year: int, iso_week: int) -> str:
    return f"# Weekly compound {iso_year:04d}-W{iso_week:02d}\n"


def parse_weekly_log(text: str) -> WeeklyLog:
    """Read a weekly log leniently; lines that are not log lines stay with their section."""
    log = WeeklyLog()
    current: str | None = None
    intro: list[str] = []
    for ln in split_lines(text):
        bare = ln.rstrip("\r\n")
        if current is None and not log.title and bare.startswith("# "):
            log.title = bare + "\n"
            continue
        if bare.startswith("## ") and bare[3:].strip() in LOG_SECTIONS:
            current = bare[3:].strip()
            continue
        if current is None:
            intro.append(ln)
            continue
        m = _LOG_RE.match(bare)
        if m:
            log.sections[current].append(LogLine(m.group("id"), m.group("link"), m.group("reason")))
        elif bare.strip():
            log.extra[current] = log.extra.get(current, "") + ln
    log.intro = "".join(intro)
    return log


def merge_weekly_log(text: str | None, title: str, intro: str,
                     lines: Iterable[tuple[str, LogLine]]) -> str:
    """The weekly log with `lines` ((section, line) pairs) added to what it already holds."""
    log = parse_weekly_log(text) if text else WeeklyLog(title=title, intro=intro)
    for section, line in lines:
        log.add(section, line)
    return log.format()


# ---- validation (for `memjobs validate`, via memory_store.check.KIND_CHECKS) ------------------

ExistsFn = Callable[[str], bool]


def validate_archive(text: str, rel: str, exists: ExistsFn | None = None,
                     transcript_exists: ExistsFn | None = None) -> list[Problem]:
    """A list item in a monthly archive that is not an archive line is reported with its line."""
    out: list[Problem] = []
    for i, ln in enumerate(split_lines(text), start=1):
        if ln.startswith("- ") and parse_archive_line(ln) is None:
            out.append(Problem(rel, i, "not an archive line: expected '- <summary> "
                                       "([<ID>](../YYYY-MM-DD.md)) — demoted <YYYY-MM-DD>: <reason>'"))
    return out


def validate_weekly_log(text: str, rel: str, exists: ExistsFn | None = None,
                        transcript_exists: ExistsFn | None = None) -> list[Problem]:
    """Weekly log lines must read `- [<ID>](<link>): <reason>` inside the known sections."""
    out: list[Problem] = []
    current: str | None = None
    for i, ln in enumerate(split_lines(text), start=1):
        bare = ln.rstrip("\r\n")
        if bare.startswith("## "):
            current = bare[3:].strip()
            if current not in LOG_SECTIONS:
                out.append(Problem(rel, i, f"unknown section {current!r} in a weekly log"))
        elif bare.startswith("- ") and current in LOG_SECTIONS and not _LOG_RE.match(bare):
            out.append(Problem(rel, i, "not a weekly log line: "
                                       "expected '- [<ID>](../YYYY-MM-DD.md): <reason>'"))
    return out
