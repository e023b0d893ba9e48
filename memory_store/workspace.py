"""The workspace (docs/design.md §2): path helpers over the layout's names (memory_store/layout.py),
finding the workspace, the bundled template, and `init`."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from memory_store import layout
from memory_store.confine import only_inside
from memory_store.errors import LayoutBlocked, NotAWorkspace
from memory_store.layout import CORE_FILES, MEMORY_MD

DAILY_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")
RECENT_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})-[^/]+\.md$")
SUMMARY_DIR = layout.SUMMARY_DIR   # the daily wrap-ups, named by WRAPUP_NAME_RE
_PKG = Path(__file__).resolve().parent


def bundled(name: str) -> Path:
    """A folder shipped with memjobs (`config`, `second-brain-template`): inside the installed
    wheel, or at the repository root in a development checkout."""
    for candidate in (_PKG / "_bundled" / name, _PKG.parent / name):
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"bundled folder {name!r} is missing from this installation")


def daily_path(day: date) -> str:
    return f"{layout.MEMORY_DIR}/{day.isoformat()}.md"


def recent_path(day: date, kind: str) -> str:
    return f"{layout.RECENT_DIR}/{day.isoformat()}-{kind.lower()}.md"


def wrapup_path(day: date, volume: int = 1) -> str:
    suffix = "" if volume == 1 else f"-{volume}"
    return f"{SUMMARY_DIR}/{day.isoformat()}-wrapup{suffix}.md"


def entry_files(workspace: Path) -> list[Path]:
    """Files that hold block entries: daily files and their recent/ overflow, oldest first."""
    mem = workspace / "memory"
    out: list[Path] = []
    if mem.is_dir():
        out.extend(sorted(p for p in mem.iterdir() if p.is_file() and DAILY_RE.match(p.name)))
    recent = mem / "recent"
    if recent.is_dir():
        out.extend(sorted(p for p in recent.iterdir() if p.is_file() and p.suffix == ".md"))
    return only_inside(workspace, out)


def entry_files_of_day(workspace: Path, day: date) -> list[Path]:
    iso = day.isoformat()
    out = [workspace / daily_path(day)]
    recent = workspace / "memory" / "recent"
    if recent.is_dir():
        out.extend(sorted(recent.glob(f"{iso}-*.md")))
    return only_inside(workspace, [p for p in out if p.is_file()])


def markdown_files(workspace: Path) -> list[Path]:
    """Every markdown file memjobs knows: MEMORY.md, core memory, memory/**, second-brain/**;
    none that a symlink leads out of the workspace (memory_store.confine)."""
    out: list[Path] = []
    for name in (MEMORY_MD, *CORE_FILES):
        p = workspace / name
        if p.is_file():
            out.append(p)
    for top in ("memory", "second-brain"):
        root = workspace / top
        if not root.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            out.extend(Path(dirpath) / f for f in sorted(filenames) if f.endswith(".md"))
    return only_inside(workspace, [p for p in out if p.is_file()])


def is_warm(rel: str, today: date, warm_days: int) -> bool:
    """docs/design.md §2: MEMORY.md, memory/recent/, memory/projects/ and daily files of the last
    `warm_days` days are warm; older daily files, memory/archive/ and second-brain/ are cold."""
    if rel == MEMORY_MD or rel in CORE_FILES:
        return True
    if rel.startswith(("memory/recent/", "memory/projects/")):
        return True
    if rel.startswith("memory/") and rel.count("/") == 1:
        m = DAILY_RE.match(rel.split("/", 1)[1])
        if m:
            return date.fromisoformat(m.group(1)) >= today - timedelta(days=warm_days)
        return True  # other files directly in memory/ (e.g. OpenClaw's session-memory notes)
    return False


def workspace_root(workspace: Path | str | None = None) -> Path:
    """The workspace folder as `load_config` finds it: the flag, else `MEMJOBS_WORKSPACE`, else the
    current folder; absolute."""
    return Path(workspace or os.environ.get("MEMJOBS_WORKSPACE") or os.getcwd()).expanduser().resolve()


def require_workspace(workspace: Path, config_file: Path | str | None = None) -> None:
    """Refuse a folder that is not a memjobs workspace, before anything is read or created.

    A workspace holds `memjobs.yaml` (`memjobs init` writes it). With `--config FILE` the folder
    must still exist and hold MEMORY.md or memory/. Trigger: a typo in `--workspace`, or a cron
    line run from the wrong folder. Why: a job there would create `memory/` and `.memjobs/` and
    exit 0 while the real workspace is never updated. Outcome: exit 1 and a line saying what to run.
    """
    shown = str(workspace)
    if workspace.exists() and not workspace.is_dir():
        raise NotAWorkspace(f"not a memjobs workspace: {shown} is a file, not a folder")
    if (workspace / "memjobs.yaml").is_file():
        return
    if config_file is not None and ((workspace / MEMORY_MD).is_file() or (workspace / "memory").is_dir()):
        return
    import shlex

    raise NotAWorkspace(f"not a memjobs workspace: {shown} (run `memjobs init {shlex.quote(shown)}`)")


# The folders memjobs creates or writes in (docs/design.md §2), parents before children; `init`
# creates the template's (tests/memory_store/test_layout.py checks that they are all here).
LAYOUT_DIRS = (layout.MEMORY_DIR, layout.ARCHIVE_DIR, layout.EPISODES_DIR, "memory/projects", layout.RECENT_DIR,
               "memory/.locks", "second-brain", "second-brain/devlogs", "second-brain/research", "second-brain/specs",
               layout.SUMMARY_DIR, layout.STATE_DIR)


def blocked_folders(workspace: Path) -> list[str]:
    """The layout's folders that are something else in `workspace` (a file named `memory`, a link
    that leads nowhere), workspace-relative; under such a path, only the path itself."""
    out: list[str] = []
    for rel in LAYOUT_DIRS:
        if any(rel.startswith(f"{b}/") for b in out):
            continue
        p = workspace / rel
        if (p.is_symlink() and not p.exists()) or (p.exists() and not p.is_dir()):
            out.append(rel)
    return out


def require_layout(workspace: Path) -> None:
    """Refuse a workspace where a layout folder is a file, before anything is created or locked.
    Trigger: a notes file called `memory` in a folder given to `init`, or a folder replaced by a
    file since. Why: every write under it would fail with NotADirectoryError half-way (init had
    created the folders before it). Outcome: one line naming the path, exit 1."""
    blocked = blocked_folders(workspace)
    if blocked:
        rel = blocked[0]
        more = f" (and {', '.join(blocked[1:])})" if blocked[1:] else ""
        raise LayoutBlocked(f"{rel} is a file, not a folder{more}: memjobs keeps its {rel}/ folder "
                            "there; rename or move that file", path=workspace / rel)


@dataclass(frozen=True)
class InitResult:
    """What `memjobs init` created and what it left alone."""
    created: list[str]
    existing: list[str]


def init_workspace(target: Path) -> InitResult:
    """Copy the template (and the commented memjobs.yaml) into `target`; never overwrite a file."""
    template = bundled("second-brain-template")
    created: list[str] = []
    existing: list[str] = []
    require_layout(target)   # before anything is created
    target.mkdir(parents=True, exist_ok=True)
    pairs: list[tuple[Path, str]] = []
    for dirpath, dirnames, filenames in os.walk(template):
        dirnames.sort()
        rel_dir = Path(dirpath).relative_to(template)
        (target / rel_dir).mkdir(parents=True, exist_ok=True)
        for f in sorted(filenames):
            if f == ".gitkeep":
                continue
            pairs.append((Path(dirpath) / f, (rel_dir / f).as_posix()))
    pairs.append((bundled("config") / "memjobs.yaml", "memjobs.yaml"))
    for src, rel in pairs:
        dest = target / rel
        try:
            fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            existing.append(rel)
            continue
        with os.fdopen(fd, "wb") as fh:
            fh.write(src.read_bytes())
        created.append(rel)
    return InitResult(created, existing)
