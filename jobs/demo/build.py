"""`memjobs demo`: a workspace built from the bundled sample transcripts, with every job run over
it as the scheduler would have (microSync five times a day, the wrap-ups, the weekly compound)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import yaml

from jobs.dispatch import registry
from jobs.run.report import RunReport
from memory_store.config import load_config
from memory_store.workspace import init_workspace

DEMO_DATA = Path(__file__).resolve().parent / "data"


@dataclass
class DemoResult:
    workspace: Path
    reports: list[RunReport] = field(default_factory=list)


def build_demo(target: Path, progress: Callable[[RunReport], None] | None = None,
               config: Mapping[str, Any] | None = None) -> DemoResult:
    """`config`: more keys for the workspace's memjobs.yaml (scripts/llm_real.py sets the engines
    and the `llm` section); the default is the rules, no API key."""
    key = yaml.safe_load((DEMO_DATA / "expected.yaml").read_text(encoding="utf-8"))
    init_workspace(target)
    # The sample transcripts stay where memjobs ships them (read-only): the workspace holds only
    # what the jobs write, so a scan of it shows that the planted fake secret never got in.
    sources = [{**s, "path": str(DEMO_DATA / s["path"])} for s in key["sources"]]
    doc = {"timezone": key["timezone"], "transcripts": sources, **dict(config or {})}
    (target / "memjobs.yaml").write_text(
        "# memjobs demo workspace: the bundled sample transcripts.\n"
        + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    cfg = load_config(target, env={})
    result = DemoResult(target)

    def run(job: str, now: datetime) -> None:
        rep = registry.run(cfg, job, now=now)
        result.reports.append(rep)
        if progress:
            progress(rep)

    days = [date.fromisoformat(d) for d in key["days"]]
    times = [time.fromisoformat(t) for t in key["microsync_local_times"]]
    for day in days:
        for t in times:
            run("microsync", datetime.combine(day, t, cfg.tz))
    after = days[-1] + timedelta(days=1)
    run("microsync", datetime.combine(after, time(10), cfg.tz))
    run("daily", datetime.combine(after, time(0, 30), cfg.tz))
    monday = days[-1] + timedelta(days=7 - days[-1].weekday())
    run("weekly", datetime.combine(monday, time(3), cfg.tz))
    return result
