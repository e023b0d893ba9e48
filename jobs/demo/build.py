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
from memory_store.errors import GuardRefused
from memory_store.fileio import atomic_write
from memory_store.layout import STATE_DIR
from memory_store.workspace import init_workspace

DEMO_DATA = Path(__file__).resolve().parent / "data"
# What makes a folder a demo workspace that a new demo may build over again: this file, written
# before anything else; or (a demo built before the file existed) memjobs.yaml's first line.
MARKER = f"{STATE_DIR}/demo-workspace"
HEADER = "# memjobs demo workspace: the bundled sample transcripts.\n"


@dataclass
class DemoResult:
    workspace: Path
    reports: list[RunReport] = field(default_factory=list)


def build_demo(target: Path, progress: Callable[[RunReport], None] | None = None,
               config: Mapping[str, Any] | None = None) -> DemoResult:
    """`config`: more keys for the workspace's memjobs.yaml (scripts/llm_real.py sets the engines
    and the `llm` section); the default is the rules, no API key."""
    check_target(target)
    key = yaml.safe_load((DEMO_DATA / "expected.yaml").read_text(encoding="utf-8"))
    atomic_write(target / MARKER, b"Built by `memjobs demo`: a new demo may replace this workspace's memjobs.yaml.\n")
    init_workspace(target)
    # The sample transcripts stay where memjobs ships them (read-only): the workspace holds only
    # what the jobs write, so a scan of it shows that the planted fake secret never got in.
    sources = [{**s, "path": str(DEMO_DATA / s["path"])} for s in key["sources"]]
    doc = {"timezone": key["timezone"], "transcripts": sources, **dict(config or {})}
    (target / "memjobs.yaml").write_text(
        HEADER + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
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


def is_demo_workspace(folder: Path) -> bool:
    """A folder an earlier `memjobs demo` built (see MARKER)."""
    if (folder / MARKER).is_file():
        return True
    try:
        with (folder / "memjobs.yaml").open(encoding="utf-8") as fh:
            return fh.readline() == HEADER
    except (OSError, UnicodeDecodeError):
        return False


def check_target(target: Path) -> None:
    """Refuse a folder that holds anything but an earlier demo: the demo writes its own memjobs.yaml
    and its fictional entries, which would replace a real workspace's sources and time zone and mix
    into its memory (`memjobs init` never overwrites a file either)."""
    if not target.exists():
        return
    if not target.is_dir():
        raise GuardRefused("is not a folder; give a new or empty folder: memjobs demo <folder>", path=target)
    held = sorted(p.name + ("/" if p.is_dir() else "") for p in target.iterdir())
    if not held or is_demo_workspace(target):
        return
    what = ("holds a memjobs workspace" if (target / "memjobs.yaml").exists()
            else "is not empty and not a demo workspace")
    shown = ", ".join(held[:5]) + (f" and {len(held) - 5} more" if len(held) > 5 else "")
    raise GuardRefused(
        f"{what} ({shown}): the demo would replace its memjobs.yaml and mix sample entries into it, "
        "so nothing was changed. Build the demo in a new or empty folder: memjobs demo <folder>", path=target)
