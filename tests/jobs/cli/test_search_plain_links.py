"""`memjobs search` without --json says what superseded or disputes a hit, as --json's
superseded_by / disputed_by / disputes do: a bare "superseded" left the reader to guess which entry
replaced it."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import cli
from tests.jobs.cli.test_conflicts_resolve import MEMCACHED, REDIS, _held_pair, _resolve


def _line(ws: Path, entry_title: str) -> str:
    out = cli("--workspace", str(ws), "search", "session cache")
    assert out.exit_code == 0, out.output
    (line,) = [x for x in out.output.splitlines() if entry_title in x and not x.startswith("    ")]
    return line


def test_plain_search_names_the_disputing_and_the_disputed_entry(workspace: Path) -> None:
    _held_pair(workspace)
    assert f"disputes {REDIS.id}" in _line(workspace, MEMCACHED.title)
    assert f"disputed by {MEMCACHED.id}" in _line(workspace, REDIS.title)


def test_plain_search_names_what_superseded_a_hit(workspace: Path) -> None:
    _held_pair(workspace)
    _resolve(workspace, MEMCACHED.id, "--keep", "old")
    line = _line(workspace, MEMCACHED.title)
    assert f"superseded by {REDIS.id}" in line, line
    assert "disputed" not in _line(workspace, REDIS.title)
