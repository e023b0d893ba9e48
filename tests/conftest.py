"""Shared fixtures. Tests never touch the real home: HOME, the XDG folders and the workspace
point into tmp_path, and MEMJOBS_* variables are cleared (docs/style.md §2)."""
from __future__ import annotations

import contextlib
import dataclasses
import datetime
import fcntl
import functools
import logging
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
import pytest
from hypothesis import HealthCheck, settings
from typer.testing import Result

if TYPE_CHECKING:
    from mcp import StdioServerParameters

    from jobs.demo.build import DemoResult

T = TypeVar("T")

# Property tests (hypothesis) under three profiles, chosen by HYPOTHESIS_PROFILE or `pytest
# --hypothesis-profile=NAME` (docs/testing.md):
# - `ci` (the default, what the README's command and CI run): each property test runs the example
#   count CI_EXAMPLES gives it below, set by its cost so that all of them together spend about 20 s of
#   CPU; a test not in the table runs the count written in its file. Not derandomized: every run
#   draws new examples (a failure prints the blob that reproduces it).
# - `thorough`: every property test runs the count written in its file (before a release).
# - `dev`: a fifth of `ci`'s counts, for a quick local loop.
# No timing checks in any: the suite runs on two workers on a shared 2-core machine, where a slow
# draw or a 200 ms deadline measures the machine's load, not the property.
_UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", settings.get_profile("default"), derandomize=False, print_blob=True, **_UNTIMED)
settings.register_profile("thorough", settings.get_profile("ci"))
settings.register_profile("dev", settings.get_profile("ci"), max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "ci")   # `--hypothesis-profile` wins, later

# CI's example count of each property test (node id without parameters → examples), by its cost: the
# comment is the count its file writes (`thorough`) and its CPU per example there, measured on the shared
# 2-core machine. The `thorough` counts stay in the test files. tests/test_property_budget.py checks
# that every name here is a property test and that no count here exceeds its file's.
CI_EXAMPLES: dict[str, int] = {
    # 40: 320 ms (two microSync runs and a weekly)
    "tests/jobs/weekly/test_hand_edits_fuzz.py::test_microsync_after_random_edits_of_a_daily_file_only_appends": 6,
    # 150: 39 ms
    "tests/jobs/weekly/test_hand_edits_fuzz.py::test_random_hand_edits_never_lose_an_item_or_change_the_users_bytes": 30,  # noqa: E501
    # 3,000: 1.8 ms
    "tests/jobs/microsync/test_route_gate.py::test_generated_turns_the_gate_stops_route_nowhere": 400,
    # 3,000: 1.4 ms
    "tests/jobs/microsync/rules/test_question_fast.py::test_generated_sentences_read_as_before": 400,
    # 600: 1.2 ms
    "tests/jobs/microsync/rules/test_cue_prefilter.py::test_generated_text_is_searched_as_the_bare_pattern_would": 400,
    # 200: 8 ms
    "tests/jobs/microsync/rules/test_extract_text.py::test_prefiltered_cues_agree_with_their_plain_regex": 60,
    # 3,000: 1.4 ms
    "tests/jobs/daily/test_scans_fast.py::test_generated_sentences_commit_as_before": 400,
    # 3,000: 1.3 ms
    "tests/jobs/daily/test_scans_fast.py::test_generated_texts_read_as_the_patterns_do": 400,
    # 2,000: 1.1 ms
    "tests/jobs/daily/test_scans_fast.py::test_generated_errors_read_as_the_pattern_does": 400,
    # 150: 21 ms
    "tests/memory_store/transcripts/test_transcripts_fuzz.py::test_claude_code_lines_never_crash": 30,
    # 150: 19 ms
    "tests/memory_store/transcripts/test_transcripts_fuzz.py::test_openclaw_lines_never_crash": 30,
    # 150: 18 ms
    "tests/memory_store/transcripts/test_transcripts_fuzz.py::test_codex_lines_never_crash": 30,
    # 40: 20 ms
    "tests/memory_store/transcripts/test_transcripts_fuzz.py::test_sqlite_store_rows_never_crash": 20,
    # 300: 10 ms
    "tests/memory_store/test_simple_yaml.py::test_plain_configurations_in_block_style_are_always_read": 60,
    # 400: 7.5 ms
    "tests/memory_store/test_simple_yaml.py::test_whatever_pyyaml_dumps_reads_the_same_or_not_at_all": 80,
    # 600: 2.5 ms
    "tests/memory_store/test_simple_yaml.py::test_random_config_like_text_reads_the_same_or_not_at_all": 200,
    # 400: 7 ms
    "tests/memory_store/core/test_core_lineformat.py::test_lossless_round_trip": 100,
    # 60: 22 ms
    "tests/memory_store/core/test_core_lineformat.py::test_a_write_keeps_every_hand_written_byte": 20,
    # 300: 9 ms
    "tests/memory_store/test_entries.py::test_block_entry_round_trip": 80,
    # 150: 18 ms
    "tests/memory_store/test_entries.py::test_canonical_document_round_trip": 40,
    # 300: 4.3 ms
    "tests/memory_store/test_entries.py::test_line_entry_round_trip": 120,
    # 100: 16 ms
    "tests/memory_store/test_markdown.py::test_changing_one_entry_leaves_every_other_byte": 30,
    # 400: 2.8 ms
    "tests/memory_store/test_episodes_upsert_fast.py::test_upsert_writes_what_it_wrote_before": 150,
}


def ci_examples(nodeid: str, written: int, profile: str) -> int:
    """The example count a property test runs under `profile`, its file writing `written`."""
    budget = CI_EXAMPLES.get(nodeid.split("[", 1)[0])
    if profile == "thorough" or budget is None:
        return written
    if profile == "dev":
        budget = max(5, budget // 5)
    return min(written, budget)


def apply_profile(test: Any, nodeid: str, profile: str) -> None:
    """`test` (a function @given wrapped) set to run its profile's example count; under `ci` and `dev`
    a file's `derandomize=True` is lifted too, so each run explores new examples. Its written count
    is kept as `test.written_examples` (a parametrized test is one function for all its items)."""
    # @given keeps the test's settings here and reads them at each call (hypothesis/core.py);
    # @settings cannot be applied a second time, so the settings are replaced by a changed copy.
    current: settings = test._hypothesis_internal_use_settings
    written = getattr(test, "written_examples", current.max_examples)
    test.written_examples = written
    if profile == "thorough":
        return
    count = ci_examples(nodeid, written, profile)
    if count != current.max_examples or current.derandomize:
        test._hypothesis_internal_use_settings = settings(current, max_examples=count, derandomize=False)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each collected property test gets its profile's example count (CI_EXAMPLES)."""
    profile = settings.get_current_profile_name()
    for item in items:
        test = getattr(item, "obj", None)
        if getattr(test, "is_hypothesis_test", False):
            apply_profile(test, item.nodeid, profile)


REPO = Path(__file__).resolve().parent.parent

# Scratch on a RAM file system where the machine has a roomy one (tmp_path, the property tests'
# temporary folders, the subprocesses' TMPDIR). The jobs fsync every write and the tests build and
# remove thousands of small files: on a disk under load that is the suite's largest wall time, and
# durability across a power cut is nothing a test observes. A TMPDIR or --basetemp you give wins.
SCRATCH_MIN_FREE = 2 << 30


def _scratch_on_ram() -> None:
    if os.environ.get("TMPDIR"):
        return
    shm = Path("/dev/shm")
    try:
        st = os.statvfs(shm)
    except OSError:
        return
    if os.access(shm, os.W_OK | os.X_OK) and st.f_bavail * st.f_frsize >= SCRATCH_MIN_FREE:
        os.environ["TMPDIR"] = str(shm)   # inherited by xdist's workers and every subprocess
        tempfile.tempdir = None           # recomputed from TMPDIR on the next gettempdir()


_scratch_on_ram()

# Bytecode caches written even where PYTHONDONTWRITEBYTECODE is set: otherwise every worker and
# every `python -m jobs` the tests start compiles the repository's modules again, and pytest
# rewrites and compiles each test module's asserts on every run (__pycache__ is gitignored).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
SHARED = REPO.parent / "shared"


@pytest.fixture(autouse=True)
def isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return _isolate(tmp_path, monkeypatch)


def _isolate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for var, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                     ("XDG_STATE_HOME", ".local/state"), ("XDG_CACHE_HOME", ".cache")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(var, str(home / sub))
    for key in list(os.environ):
        if key.startswith("MEMJOBS_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("MEMJOBS_WORKSPACE", str(tmp_path / "ws"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TZ", "UTC")
    return home


@pytest.fixture(autouse=True)
def memjobs_logger() -> Iterator[None]:
    """The `memjobs` logger's level back to what it was after each test: an in-process command sets
    it (`--log-level`), and a process starts at the default."""
    logger = logging.getLogger("memjobs")
    level = logger.level
    yield
    logger.setLevel(level)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A fresh workspace made by `init_workspace`, with a config that has no transcript sources."""
    from memory_store.workspace import init_workspace

    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    return ws


# Workspaces built once per test session and shared: the same demo or replayed schedule was built
# again by every test that looked at it, and whole job runs are most of the suite's CPU. Built
# under the session's base temp folder, once for all xdist workers (a lock; the first worker to need
# one builds it, the others wait and read it). A test that only reads a build reads it in place; a
# test that writes copies it first (`copy_built`). A build whose files changed during the session
# fails the teardown of the last test that used it in that worker, so a test that wrote in place
# is caught rather than silently changing what the next test reads.


@contextlib.contextmanager
def isolated(folder: Path) -> Iterator[Path]:
    """The environment each test gets (HOME and the XDG folders under `folder`, no MEMJOBS_*
    variables, TZ=UTC), for a module or session fixture, which runs before the test's own."""
    with pytest.MonkeyPatch.context() as mp:
        home = _isolate(folder, mp)
        time.tzset()
        yield home
    time.tzset()


def built_once(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], T]) -> tuple[Path, T]:
    """`build(folder)` run once per session for `name` (under every xdist worker's common base temp
    folder), in an environment isolated as each test's is; its folder and its (pickled) return value."""
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent          # the session's base temp: popen-gw0, popen-gw1, … are inside it
    root = root / "built"
    root.mkdir(exist_ok=True)
    target, done = root / name, root / f"{name}.pickle"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            if target.exists():     # a worker that died mid-build
                shutil.rmtree(target)
            target.mkdir()
            with isolated(target):
                value = build(target)
            done.write_bytes(pickle.dumps(value))
        return target, pickle.loads(done.read_bytes())


def _fingerprint(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file() and ".locks" not in p.parts}


@contextlib.contextmanager
def _read_only(folder: Path) -> Iterator[None]:
    before = _fingerprint(folder)
    yield
    after = _fingerprint(folder)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"a test wrote into the shared build {folder} (copy it with copy_built): {changed[:5]}"


def copy_built(src: Path, dest: Path) -> Path:
    """A private copy of a shared build (for a test that writes)."""
    shutil.copytree(src, dest, symlinks=True)
    return dest


@pytest.fixture(scope="session")
def demo_json(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Printed]]:
    """`memjobs demo <folder> --json` run once per session in process (`cli`): its workspace
    (`build_demo`: microSync five times a day, the wrap-ups, the weekly) and what it printed (the
    run reports as JSON on stdout). Read the folder in place; copy it (`copy_built`) to write."""
    def build(folder: Path) -> tuple[int, str, str, str]:
        res = cli("demo", str(folder / "ws"), "--json")
        return res.exit_code, res.output, res.stdout, res.stderr

    folder, printed = built_once(tmp_path_factory, "demo", build)
    with _read_only(folder):
        yield folder / "ws", Printed(*printed)


@pytest.fixture(scope="session")
def demo_built(demo_json: tuple[Path, Printed]) -> DemoResult:
    """`memjobs demo`'s workspace and its run reports (`demo_json`'s build: one demo for both).
    Read it in place; copy it to write."""
    import json

    from jobs.demo.build import DemoResult
    from jobs.run.report import RunReport, SourceCount

    ws, printed = demo_json
    assert printed.exit_code == 0, printed.output
    reports = [RunReport(**{**r, "sources": [SourceCount(**s) for s in r["sources"]]})
               for r in json.loads(printed.stdout)]
    return DemoResult(ws, reports)


@pytest.fixture(scope="session")
def demo_replayed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoResult]:
    """A workspace over the bundled demo transcripts after microSync's whole schedule
    (`microsync_helpers.demo_workspace` + `replay_schedule`) and its reports, built once per
    session; its memjobs.yaml reads the transcripts in the build's `data/`. Read it in place, or
    copy its workspace (`microsync_helpers.replayed_copy`) to run jobs on."""
    from jobs.demo.build import DemoResult
    from tests.microsync_helpers import demo_workspace, replay_schedule

    def build(folder: Path) -> list[Any]:
        cfg, _ = demo_workspace(folder)
        return replay_schedule(cfg)

    folder, reports = built_once(tmp_path_factory, "replayed", build)
    with _read_only(folder):
        yield DemoResult(folder / "ws", reports)



@pytest.fixture(scope="session")
def demo_first_day(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoResult]:
    """A workspace over the bundled demo transcripts after microSync's schedule of the first day
    only (`replay_schedule(cfg, KEY["days"][:1])`) and its reports, built once per session. Read it
    in place, or copy its workspace (`microsync_helpers.replayed_copy`) to run jobs on."""
    from jobs.demo.build import DemoResult
    from tests.microsync_helpers import KEY, demo_workspace, replay_schedule

    def build(folder: Path) -> list[Any]:
        cfg, _ = demo_workspace(folder)
        return replay_schedule(cfg, KEY["days"][:1])

    folder, reports = built_once(tmp_path_factory, "first-day", build)
    with _read_only(folder):
        yield DemoResult(folder / "ws", reports)



@pytest.fixture(scope="session")
def demo_first_slot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoResult]:
    """A workspace over the bundled demo transcripts after one microSync, the first day's first
    slot (10:00 local, `KEY["days"][0]`), and its report, built once per session: that day's later
    runs append to its daily file. Copy its workspace (`microsync_helpers.replayed_copy`) to run on."""
    from jobs.demo.build import DemoResult
    from jobs.dispatch import registry
    from tests.microsync_helpers import KEY, demo_workspace

    def build(folder: Path) -> list[Any]:
        cfg, _ = demo_workspace(folder)
        day = datetime.date.fromisoformat(KEY["days"][0])
        return [registry.run(cfg, "microsync", now=datetime.datetime.combine(day, datetime.time(10), cfg.tz))]

    folder, reports = built_once(tmp_path_factory, "first-slot", build)
    with _read_only(folder):
        yield DemoResult(folder / "ws", reports)

@dataclasses.dataclass(frozen=True)
class Printed:
    """What an in-process command printed (conftest.cli's Result, kept as plain strings)."""
    exit_code: int
    output: str     # stdout and stderr as they came
    stdout: str
    stderr: str


@pytest.fixture(scope="session")
def demo_printed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Printed]]:
    """`memjobs demo <folder>` run once per session in process (`cli`): the folder it built and what
    it printed. Read the folder in place, or copy it (`copy_built`) to run another command that
    writes (a second demo)."""
    def build(folder: Path) -> tuple[int, str, str, str]:
        res = cli("demo", str(folder / DEMO_FOLDER))
        return res.exit_code, res.output, res.stdout, res.stderr

    folder, printed = built_once(tmp_path_factory, "demo-printed", build)
    with _read_only(folder):
        yield folder / DEMO_FOLDER, Printed(*printed)


# The folder `demo_printed` builds in: a name with a space and a quote, so that the commands the
# demo prints for a person to paste are checked to quote it as one shell word
# (tests/jobs/cli/test_commands_quote_paths.py) without a demo of their own.
DEMO_FOLDER = "Q4 plan's notes"

def memjobs(*args: str, env: dict[str, str] | None = None, timeout: float = 120,
            cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real CLI in a subprocess (same interpreter as the tests)."""
    return subprocess.run([sys.executable, "-m", "jobs", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=timeout, cwd=cwd or REPO)


def cli_run(*args: str, env: Mapping[str, str | None] | None = None, cwd: Path | None = None,
            timeout: float | None = None, typer: bool = False) -> subprocess.CompletedProcess[str]:
    """`memjobs(...)` in this process: the same entry point (`jobs.entry.main`, with its fast paths
    for search, context and run), the same environment overrides (None unsets a variable), the same
    working folder (this checkout unless `cwd`) and the same result (returncode, stdout, stderr),
    without an interpreter start. An unexpected exception reaches the test instead of becoming a
    traceback on stderr. `timeout` is accepted for a drop-in swap and not enforced. `typer=True`:
    the Typer command's entry (`jobs.cli.main.cli_main`, no fast path), to compare a fast path with."""
    from click.testing import CliRunner

    if typer:
        from jobs.cli.main import cli_main as main
    else:
        from jobs.entry import main

    del timeout
    code: int
    with contextlib.chdir(cwd or REPO), CliRunner().isolation(env=env) as (out, err, _), _typer_built_once():
        time.tzset()  # a TZ in `env` takes effect as it would at a process start
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        sys.stdout.flush()
        sys.stderr.flush()
        stdout, stderr = out.getvalue().decode(), err.getvalue().decode("utf-8", "backslashreplace")
    time.tzset()
    return subprocess.CompletedProcess(["memjobs", *args], code, stdout, stderr)


@contextlib.contextmanager
def _typer_built_once() -> Iterator[None]:
    """Typer builds the Click command of the app at every call of the app (`Typer.__call__` calls
    `typer.main.get_command`, ~30 ms), which a process does once: within an in-process command the
    memjobs app's is the one built for the session (`_command`), as `cli()` uses."""
    import typer.main

    from jobs.cli.main import app

    built, build = _command(), typer.main.get_command     # built before get_command is replaced
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(typer.main, "get_command", lambda typer_app: built if typer_app is app else build(typer_app))
        yield


def cli(*args: str) -> Result:
    """Run the Typer app in this process (Typer's runner): the fast way to test a command's output
    and exit code. `cli_run(...)` goes through the console entry (its fast paths) as `memjobs(...)`
    does; keep `memjobs(...)` (a real subprocess) for signals, locks between processes, resource
    limits, crashes and start-up."""
    from click.testing import CliRunner

    return CliRunner().invoke(_command(), list(args), prog_name="memjobs", catch_exceptions=False)


@functools.cache
def _command() -> click.Command:
    """The Click command Typer builds of the app, built once: Typer's runner builds it again for
    every invocation (~25 ms of the ~28 ms an in-process `--help` costs), as a process does once."""
    from typer.main import get_command

    from jobs.cli.main import app

    return get_command(app)


def mcp_server(ws: Path) -> StdioServerParameters:  # noqa: F821 - mcp is imported only here
    """How the tests start the real `memjobs mcp` over stdio for `ws` (the real mcp client talks to
    it): this interpreter, this checkout, only the environment the server needs."""
    from mcp import StdioServerParameters

    env = {k: v for k, v in os.environ.items() if k in ("HOME", "PATH", "TZ", "XDG_CONFIG_HOME", "NO_COLOR")}
    return StdioServerParameters(command=sys.executable, args=["-m", "jobs", "--workspace", str(ws), "mcp"],
                                 env={**env, "PYTHONPATH": str(REPO)}, cwd=str(REPO))


async def served_by_tools(ws: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Call each MCP tool for `ws` in order through the real `mcp` client and the real server
    (`jobs.mcp.server.build_server`), connected in this process by the SDK's own in-memory transport;
    the raw results (`CallToolResult`). For tests about WHAT the tools serve: the protocol, the tools'
    schemas and their code are the ones `memjobs mcp` runs, without the ~1.6 s of CPU a server process
    costs to start. Tests about the server as a process (start-up, stdio, the command line) use
    `call_tools`."""
    from mcp import Client

    from jobs.mcp.server import build_server
    from memory_store.config import load_config

    out: list[Any] = []
    async with Client(build_server(load_config(ws, env={}))) as client:
        for name, args in calls:
            out.append(await client.call_tool(name, args))
    return out


async def call_tools(ws: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Call each MCP tool of `memjobs mcp` for `ws` in order, in one real stdio session; the raw
    results (`CallToolResult`), for the test to read as its tool group answers."""
    from mcp import stdio_client
    from mcp.client import ClientSession

    out: list[Any] = []
    with open(os.devnull, "w") as errlog:
        async with stdio_client(mcp_server(ws), errlog=errlog) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            for name, args in calls:
                out.append(await session.call_tool(name, args))
    return out
