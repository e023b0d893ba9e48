"""Golden files: the whole wrap-up of each fixture day, compared byte for byte (transcript paths
normalised). The rules summariser and the renderer run on the real readers' records and the
hand-written decision log, without microSync, so the files pin the wrap-up alone.
Regenerate after an intended change with UPDATE_GOLDEN=1 and review the diff."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from jobs.daily.inputs import log_entries_of_day, sessions_of_days
from jobs.daily.render import render
from jobs.daily.rules import RulesSummarizer
from memory_store.config import load_config
from memory_store.validate import validate_text
from memory_store.wrapup_format import validate_wrapup
from tests.conftest import REPO
from tests.jobs.daily.test_daily_fixture import DAYS, build_fixture

GOLDEN = REPO / "tests" / "golden" / "wrapup"


def _wrapups(root: Path) -> dict[str, str]:
    fx = build_fixture(root)
    cfg = load_config(fx.workspace, env={})
    sessions = sessions_of_days(cfg, DAYS)
    out: dict[str, str] = {}
    for day in DAYS:
        wrap = RulesSummarizer(tz=cfg.tz).summarize(day, sessions[day], log_entries_of_day(fx.workspace, day))
        (vol,) = render(wrap, cfg.limits.summary_lines)
        out[day.isoformat()] = vol.text.replace(str(fx.transcripts), "<TRANSCRIPTS>")
    return out


@pytest.mark.parametrize("day", [d.isoformat() for d in DAYS])
def test_golden_wrapup(tmp_path: Path, day: str):
    """Pins: the complete text of one day's wrap-up (sections, wording, links, ranges, order)."""
    text = _wrapups(tmp_path)[day]
    golden = GOLDEN / f"{day}-wrapup.md"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_same_input_same_bytes(tmp_path: Path):
    """Pins: no clock, no randomness: two builds of the same input give the same documents."""
    assert _wrapups(tmp_path / "one") == _wrapups(tmp_path / "two")


def test_golden_files_validate():
    for path in sorted(GOLDEN.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        rel = f"second-brain/summaries/{path.name}"
        problems = validate_wrapup(text, rel) + validate_text(text, rel, exists=lambda _r: True)
        assert [p for p in problems if p.severity == "error"] == [], path.name
