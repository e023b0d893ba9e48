"""Where core memory lives (docs/design.md §2, §3): PROFILE.md and SESSION.md in the workspace, the
archive of compacted lines, the audit logs, and POLICY.md outside the workspace."""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from memory_store import layout

SCOPES = ("policy", "profile", "session")          # strongest first (docs/design.md §6)
SCOPE_FILES = {"profile": layout.PROFILE, "session": layout.SESSION}
DEFAULT_SECTION = {"profile": "Preferences", "session": "Context"}
PROPOSALS = layout.PROPOSALS
ARCHIVE = layout.CORE_ARCHIVE
AUDIT_NAME = "memory_audit.jsonl"
AUDIT_LOG = f".memjobs/audit/{AUDIT_NAME}"         # append-only, never pruned, never rolled back


def run_audit(run_id: str) -> str:
    return f".memjobs/runs/{run_id}/{AUDIT_NAME}"


def policy_path(env: Mapping[str, str] | None = None) -> Path:
    """`$MEMJOBS_POLICY`, else `$XDG_CONFIG_HOME/memjobs/POLICY.md`, else `~/.config/memjobs/POLICY.md`."""
    env = os.environ if env is None else env
    if env.get("MEMJOBS_POLICY"):
        return Path(env["MEMJOBS_POLICY"]).expanduser()
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    return Path(base).expanduser() / "memjobs" / "POLICY.md"


def named_policy_missing(path: Path | None, named: bool) -> str | None:
    """The error for `$MEMJOBS_POLICY` naming a file that does not exist (a mistyped path would
    otherwise read as "no policy in effect"); None when it exists or the path is the default."""
    if not named or path is None or path.is_file():
        return None
    what = "is a folder, not a file" if path.is_dir() else "does not exist"
    return (f"MEMJOBS_POLICY names {path}, which {what}: no policy is in effect "
            "(fix the path, or unset MEMJOBS_POLICY to use $XDG_CONFIG_HOME/memjobs/POLICY.md)")


def workspace_policy_warning(workspace: Path) -> str | None:
    """A POLICY.md inside the workspace is ignored; this is the warning that says so."""
    if (workspace / "POLICY.md").exists():
        return ("POLICY.md inside the workspace is ignored: policy lives outside it "
                "($MEMJOBS_POLICY or $XDG_CONFIG_HOME/memjobs/POLICY.md)")
    return None
