"""Another program holding MEMORY.md open for writing across the weekly compound's replace
(docs/reliability.md §4): what it wrote through that descriptor after the rename went into the
replaced file, which nobody reads again. Weekly now looks for such a descriptor before the swap
and, when one stays open, fails with one line naming the file and the program and writes nothing
there; the rerun, once the program has closed it, completes the compound."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memory_store import fileio
from scripts.chaos import Chaos, Step, memory_bytes
from tests.conftest import cli_run

NOTE = b"\nchaos-writer 1: written through a descriptor held open across the weekly replace.\n"

HOLDER = r"""
import sys
fh = open(sys.argv[1], "ab", buffering=0)     # O_APPEND, held open
print("open", flush=True)
sys.stdin.readline()
fh.write(sys.argv[2].encode().decode("unicode_escape").encode())
print("wrote", flush=True)
sys.stdin.readline()
fh.close()
"""


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Step, Path, Path]:
    """The demo's first day run uninterrupted (scripts/chaos.py): the weekly step, the workspace
    just before it and just after it."""
    base = tmp_path_factory.mktemp("reference")
    chaos = Chaos(1, 0, 1, base, lambda _s: None)
    chaos.build_reference()
    k = next(i for i, s in enumerate(chaos.steps, 1) if s.job == "weekly")
    return base, chaos.steps[k - 1], base / "snap" / str(k - 1), base / "snap" / str(k)


def test_a_descriptor_held_open_across_weekly_loses_nothing(tmp_path: Path,
                                                             reference: tuple[Path, Step, Path, Path]) -> None:
    _base, step, before, ref = reference
    ws = tmp_path / "ws"
    shutil.copytree(before, ws, symlinks=True)
    target = ws / "MEMORY.md"
    assert target.read_bytes() != (ref / "MEMORY.md").read_bytes()      # weekly does replace it

    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(target), NOTE.decode().encode("unicode_escape")
                               .decode()], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "open"
        # The weekly run in this process (the console entry): only the holder has to be another
        # process, for its descriptor to be another program's.
        proc = cli_run("--workspace", str(ws), *step.args())
        out, err = proc.stdout, proc.stderr
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "wrote"
        # The program's line, written after weekly's run, is in the file it believes it writes.
        assert target.read_bytes().count(NOTE) == 1, "the line written through the held descriptor was lost"
        assert proc.returncode == 1, out + err
        report = json.loads(out)
        assert [e["code"] for e in report["errors"]] == ["held_open"]
        message = report["errors"][0]["message"]
        assert report["errors"][0]["path"].endswith("MEMORY.md") and f"pid {holder.pid}" in message
        assert "Traceback" not in err
    finally:
        if holder.stdin is not None and holder.poll() is None:
            holder.stdin.write("\n")
            holder.stdin.flush()
        holder.wait(timeout=30)
    # The program has closed it: the rerun completes the compound; the line is kept, once.
    proc = cli_run("--workspace", str(ws), *step.args())
    out, err = proc.stdout, proc.stderr
    assert proc.returncode == 0, out + err
    assert target.read_bytes().count(NOTE) == 1
    assert memory_bytes(ws) == memory_bytes(ref)


def test_a_program_that_opens_appends_and_closes_does_not_block_weekly(
        tmp_path: Path, reference: tuple[Path, Step, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The check only waits for descriptors that stay open: an append that opens, writes and
    closes (OpenClaw's flush) before the wait is over lets the replace go ahead. The program is
    told to finish only when weekly starts waiting at MEMORY.md's replace, so it is still open
    there: without the wait, weekly would refuse the swap."""
    _base, step, before, ref = reference
    ws = tmp_path / "ws"
    shutil.copytree(before, ws, symlinks=True)
    target = ws / "MEMORY.md"
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; fh = open(sys.argv[1], 'ab'); "
                               "print('open', flush=True); sys.stdin.readline(); time.sleep(0.2); "
                               "fh.write(sys.argv[2].encode()); fh.close()",
                               str(target), NOTE.decode()], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
    waited: list[Path] = []
    real_wait = fileio._wait_until_closed

    def wait_then_release(path: Path) -> None:
        if path == target and not waited and holder.stdin is not None:
            waited.append(path)
            holder.stdin.write("\n")        # the program finishes while weekly waits
            holder.stdin.flush()
        real_wait(path)

    monkeypatch.setattr(fileio, "_wait_until_closed", wait_then_release)
    try:
        proc = cli_run("--workspace", str(ws), *step.args())
    finally:
        if holder.stdin is not None and holder.poll() is None and not waited:
            holder.stdin.write("\n")
            holder.stdin.flush()
        holder.wait(timeout=30)
    out, err = proc.stdout, proc.stderr
    assert waited == [target], "weekly never waited at MEMORY.md's replace"
    assert proc.returncode == 0, out + err
    assert target.read_bytes().count(NOTE) == 1
    assert memory_bytes(ws) == memory_bytes(ref)
