"""The workspace layout has one owner (memory_store/layout.py) and the writers table is built from
it: every file memjobs writes has exactly one writer that may write it whole (docs/design.md §3),
and the paths the rest of the code builds are the layout's."""
from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from memory_store import episodes, layout, procedures
from memory_store.core import files as core_files
from memory_store.errors import WriterRefused
from memory_store.workspace import daily_path, recent_path, wrapup_path
from memory_store.writers import WRITER_TABLE, writer_for

DAY = date(2026, 11, 27)

# One example of every file memjobs writes, as the code that writes it names it.
WRITTEN = {
    daily_path(DAY): "microsync",
    recent_path(DAY, "Decision"): "microsync",
    procedures.REL: "microsync",
    wrapup_path(DAY): "daily",
    wrapup_path(DAY, 2): "daily",
    layout.MEMORY_MD: "weekly",
    "memory/archive/2026-11.md": "weekly",
    "memory/archive/weekly-2026-48.md": "weekly",
    "memory/episodes/2026-11.md": "episodes",
    episodes.ARCHIVE_REL: "episodes",
    core_files.SCOPE_FILES["profile"]: "core",
    core_files.SCOPE_FILES["session"]: "core",
    core_files.PROPOSALS: "core",
    core_files.ARCHIVE: "core",
}


def _whole_writers(rel: str) -> list[str]:
    return [job for job, (whole, _) in WRITER_TABLE.items() if any(re.fullmatch(p, rel) for p in whole)]


@pytest.mark.parametrize("rel", sorted(WRITTEN))
def test_every_written_file_has_exactly_one_writer(rel: str) -> None:
    assert _whole_writers(rel) == [WRITTEN[rel]]


def test_the_code_builds_the_layouts_paths() -> None:
    assert set(layout.CORE_FILES) == {core_files.SCOPE_FILES["profile"], core_files.SCOPE_FILES["session"],
                                      core_files.PROPOSALS}
    assert procedures.REL == layout.PROCEDURES and episodes.ARCHIVE_REL == layout.EPISODES_ARCHIVE
    assert re.fullmatch(layout.DAILY_RE, daily_path(DAY)) and re.fullmatch(layout.RECENT_RE, recent_path(DAY, "Rule"))
    assert re.fullmatch(layout.WRAPUP_RE, wrapup_path(DAY))


@pytest.mark.parametrize("rel", ["README.md", "memory/notes.md", "memory/archive/other/x.md", ".memjobs/x.md",
                                 "second-brain/summaries/sub/x.md", "memory/episodes/2026-1.md"])
def test_a_path_the_layout_does_not_name_has_no_writer(rel: str) -> None:
    assert _whole_writers(rel) == []


def test_a_writer_refuses_another_writers_file(tmp_path: Path) -> None:
    microsync = writer_for("microsync", tmp_path)
    with pytest.raises(WriterRefused):
        microsync.append(tmp_path / layout.MEMORY_MD, "x\n")
    with pytest.raises(WriterRefused):
        writer_for("daily", tmp_path).append(tmp_path / layout.PROFILE, "x\n")


def test_every_template_folder_is_a_layout_folder() -> None:
    """`init` and every job refuse a file where one of LAYOUT_DIRS goes (memory_store.workspace
    `require_layout`): the template's folders must all be there, parents before children."""
    import os

    from memory_store.workspace import LAYOUT_DIRS, bundled

    template = bundled("second-brain-template")
    folders = {Path(d).relative_to(template).as_posix() for d, _, _ in os.walk(template)} - {"."}
    assert folders <= set(LAYOUT_DIRS), folders - set(LAYOUT_DIRS)
    for i, rel in enumerate(LAYOUT_DIRS):
        assert "/" not in rel or rel.rsplit("/", 1)[0] in LAYOUT_DIRS[:i], rel
