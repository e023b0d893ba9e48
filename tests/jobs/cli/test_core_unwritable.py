"""A core-memory write to a file or folder that cannot be written (docs/design.md §8): one line
naming the file and "permission denied", exit 1 (the run could not complete), nothing half-written —
never a traceback. Real immutable files (`chattr +i` as root) or a read-only folder otherwise."""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.store import CoreMemory
from tests import conftest


@contextlib.contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """`path` (a file or folder) made unwritable for this process, and writable again after."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)]).returncode != 0:
            pytest.skip("root, and chattr +i does not work here")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        target = path if path.is_dir() else path.parent
        mode = target.stat().st_mode
        target.chmod(0o555)
        try:
            yield
        finally:
            target.chmod(mode)


def _audit(ws: Path) -> bytes:
    trail = ws / ".memjobs/audit/memory_audit.jsonl"
    return trail.read_bytes() if trail.exists() else b""


@pytest.mark.parametrize(("rel", "args"), [
    ("PROFILE.md", ("mem", "set", "response.tone", "concise")),
    ("SESSION.md", ("mem", "set", "task.branch", "main", "--scope", "session")),
    (".", ("mem", "set", "response.tone", "concise")),
    ("PROFILE.md", ("mem", "forget", "user.name")),
])
def test_an_unwritable_core_file_is_a_clear_error(workspace: Path, rel: str, args: tuple[str, ...]):
    """Pins: `mem set` on an immutable PROFILE.md printed a PermissionError traceback (exit 1)."""
    assert conftest.cli("--workspace", str(workspace), "mem", "set", "user.name", "Ann").exit_code == 0
    files = {p: p.read_bytes() for p in (workspace / "PROFILE.md", workspace / "SESSION.md")}
    trail = _audit(workspace)
    with unwritable(workspace / rel):
        r = conftest.cli("--workspace", str(workspace), *args)
    assert r.exit_code == 1 and r.stdout == ""
    named = "SESSION.md" if rel == "SESSION.md" else "PROFILE.md"
    assert r.stderr == (f"Error: {workspace / named}: cannot write: permission denied; "
                        "nothing half-written was kept\n")
    assert {p: p.read_bytes() for p in files} == files and _audit(workspace) == trail
    assert not list(workspace.glob(".*.tmp"))


def test_an_unwritable_proposals_file_is_a_clear_error(workspace: Path):
    mem = CoreMemory.from_config(load_config(workspace, env={}))
    made = ProposalBook(mem).propose("response.tone", "casual", reason="no need to be so formal")
    assert made is not None
    before = (workspace / "PROPOSALS.md").read_bytes()
    with unwritable(workspace / "PROPOSALS.md"):
        r = conftest.cli("--workspace", str(workspace), "proposals", "reject", made.id)
    assert r.exit_code == 1
    assert r.stderr == (f"Error: {workspace / 'PROPOSALS.md'}: cannot write: permission denied; "
                        "nothing half-written was kept\n")
    assert (workspace / "PROPOSALS.md").read_bytes() == before
