"""`memjobs context` (docs/design.md §6) on real workspace files: the fixed order, reason codes for
every trim and drop, the token budget (a property test), same inputs -> same bytes, XML that
parses, the last-known-good fallback (and a revoked fact never coming back through it), an
unreadable SESSION.md, --tolerate-failure, POLICY.md never printed, secrets redacted, and the MCP
tool's cache dropped by `memory_forget`."""
from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from jobs.demo.build import DemoResult
from memory_store.config import load_config
from memory_store.context.build import ContextUnavailable, build_context
from memory_store.context.cache import ContextCache
from memory_store.context.model import ContextRequest
from memory_store.context.render import render
from memory_store.context.snapshot import SNAPSHOT_REL, write_snapshot
from memory_store.context.tokens import estimate
from memory_store.entries import Source
from memory_store.episodes import Episode, episode_rel, month_title, upsert
from memory_store.memory_md import IndexItem, parse_memory_md
from memory_store.procedures import apply, make_procedure
from tests.conftest import REPO, cli, cli_run, mcp_server

NOW = "2026-11-26T12:00:00Z"
MARK = "ZEBRA-POLICY-4417"
SECRET = "ghp_Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8"
SRC = Source("s1", "/home/u/.claude/projects/-home-u-nimbus/s1.jsonl", "L1-L9")


def run(ws: Path, *args: str) -> tuple[int, str, str]:
    r = cli("--workspace", str(ws), "context", "--now", NOW, *args)   # an unexpected exception is raised
    return r.exit_code, r.stdout, r.stderr


def core_line(key: str, value: str, *, priority: int = 50, applies_to: str | None = None,
              updated_at: str = "2026-11-20T09:00:00Z", ttl: str = "none") -> str:
    extra = f" | applies_to:{applies_to}" if applies_to else ""
    return (f"- key:{key} | value:{value} | priority:{priority} | ttl:{ttl} | source:user_explicit | "
            f"updated_at:{updated_at}{extra}\n")


def add_lines(path: Path, *lines: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "".join(lines), encoding="utf-8")


def set_memory_items(ws: Path, items: list[tuple[str, str]]) -> None:
    md = parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8"))
    md.sections["Decisions"] = [IndexItem(summary, iid, "memory/2026-11-20.md") for iid, summary in items]
    (ws / "MEMORY.md").write_text(md.render(), encoding="utf-8")


def fill(ws: Path) -> None:
    """A workspace with something in every layer."""
    add_lines(ws / "PROFILE.md", core_line("response.language", "Thai", priority=80),
              core_line("user.name", "Somchai"))
    add_lines(ws / "SESSION.md", core_line("task.current", "fix the booking overlap bug", applies_to="session:s1"),
              core_line("task.other", "somebody else's task", applies_to="session:s2"))
    set_memory_items(ws, [("DECISION-20261120-use-postgres-3f9a1c", "Bookings live in PostgreSQL 16"),
                          ("DECISION-20261121-utc-times-aa11bb", "Every timestamp the API returns is UTC")])
    proc = make_procedure("run the test suite", ["start the database", "run pytest -q"], "2026-11-20", SRC, "explicit")
    (ws / "memory/procedures.md").write_text(apply(None, [proc])[0], encoding="utf-8")
    ep = Episode("Booking overlap", "EPISODE-20261125-booking-overlap-abc123", "2026-11-25", SRC,
                 "Found the overlap in the availability query", ("nimbus", "bookings"), "success", "thanks",
                 "2026-11-25T10:00", "2026-11-25T11:00", "2027-02-23", cwd="/home/u/nimbus")
    rel = episode_rel("2026-11-25")
    (ws / rel).parent.mkdir(parents=True, exist_ok=True)
    (ws / rel).write_text(upsert(None, [ep], month_title(rel)), encoding="utf-8")


def events(out: str) -> list[tuple[str, str, str]]:
    return [(e["reason_code"], e["operation"], e["entity_id"]) for e in json.loads(out)["events"]]


def test_every_layer_in_the_fixed_order(workspace: Path) -> None:
    fill(workspace)
    code, out, err = run(workspace, "--session", "s1", "--task", "run the tests", "--hint", "be brief")
    assert code == 0, err
    heads = [line for line in out.splitlines() if line.startswith("## ")]
    assert heads == ["## Session context", "## Recent episodes", "## User model", "## Memory index",
                     "## Procedures", "## References", "## Hints"]
    assert "- task.current: fix the booking overlap bug" in out and "somebody else" not in out
    assert out.index("response.language: Thai") < out.index("user.name: Somchai")        # priority first
    assert "run the test suite: start the database → run pytest -q" in out
    assert "- 2026-11-25 Booking overlap: Found the overlap in the availability query (success)" in out
    assert "- policy: policy@none" in out and "- be brief" in out.split("## Hints")[1]
    code, out, _ = run(workspace, "--session", "s1", "--json")
    data = json.loads(out)
    assert [i["key"] for i in data["thread_memory"]["session"]] == ["task.current"]
    assert {i["key"] for i in data["long_memory"]["profile"]} == {"response.language", "user.name"}
    assert data["long_memory"]["procedures"] == []                                     # no --task
    assert data["layers"]["long_memory"]["status"] == "loaded" and data["events"] == []
    assert data["memory_refs"]["memory"].startswith("memory@") and data["text"].startswith("# Memory context")
    # --project keeps the episodes of sessions started in that folder (test_context_project.py)
    assert len(json.loads(run(workspace, "--project", "nimbus", "--json")[1])["thread_memory"]["episodes"]) == 1
    assert json.loads(run(workspace, "--project", "other", "--json")[1])["thread_memory"]["episodes"] == []


def test_each_trim_and_drop_has_its_reason_code(workspace: Path) -> None:
    fill(workspace)
    (workspace / "memjobs.yaml").write_text("transcripts: []\ncontext: {max_items: 2}\n", encoding="utf-8")
    today = "2026-11-26T08:00:00Z"
    add_lines(workspace / "SESSION.md",
              core_line("task.old", "yesterday's context", applies_to="session:s1", updated_at="2026-11-25T08:00:00Z"),
              core_line("task.a", "a second thing", applies_to="session:s1", updated_at=today),
              core_line("task.b", "a third thing", applies_to="session:s1", updated_at=today),
              core_line("task.tiny", "x", applies_to="session:s1", updated_at=today),
              "- key:task.broken | value:v | priority:high\n")
    broken = (workspace / "SESSION.md").read_text(encoding="utf-8").splitlines().index(
        "- key:task.broken | value:v | priority:high") + 1
    code, out, err = run(workspace, "--session", "s1", "--window", str(12 * 3600), "--json")
    assert code == 0, err
    got = events(out)
    assert ("MEMORY_ITEM_INVALID", "normalize", f"SESSION.md:{broken}") in got
    windowed = {i for _, o, i in got if o == "window"}
    assert len(windowed) == 2                                          # task.old and task.current (2026-11-20)
    assert any(o == "low_value" for _, o, _ in got)                    # task.tiny: "x"
    data = json.loads(out)
    kept = [i["key"] for i in data["thread_memory"]["session"]]
    assert "task.old" not in kept and "task.tiny" not in kept
    assert len(kept) + len(data["thread_memory"]["episodes"]) == 2 and any(o == "max_items" for _, o, _ in got)
    # the same text twice: the first in assembly order stays
    data = json.loads(run(workspace, "--hint", "Bookings  live in PostgreSQL 16", "--hint", "other", "--json")[1])
    assert ("MEMORY_TRIM_APPLIED", "dedupe", "hint-1") in events(json.dumps(data))
    assert data["hints"] == ["other"]
    assert all(e["occurred_at"] == NOW for e in data["events"])
    code, out, _ = run(workspace, "--session", "s1", "--window", "0")
    assert code == 2


def test_budget_trims_least_important_group_first(workspace: Path) -> None:
    fill(workspace)
    set_memory_items(workspace, [(f"DECISION-20261120-item-{n:06x}", f"decision number {n} " + "word " * 12)
                                 for n in range(60)])
    code, out, _ = run(workspace, "--session", "s1", "--task", "run the tests", "--budget", "200", "--json")
    data = json.loads(out)
    assert data["tokens"] <= 200 and estimate(data["text"]) == data["tokens"]
    trimmed = [e for e in data["events"] if e["operation"] == "budget"]
    assert trimmed and trimmed[0]["entity_id"].startswith("EPISODE-")                  # episodes go first
    assert data["long_memory"]["profile"] and data["thread_memory"]["session"]          # the most important stay
    code, md, _ = run(workspace, "--session", "s1", "--budget", "200")
    assert estimate(md) <= 200
    assert run(workspace, "--budget", "10")[0] == 2


_TEXT = st.text(alphabet=st.sampled_from(list("abc xyz-.,<>&'\"|\\") + list("数据库ตารางจอง") + ["\n", "\x01"]),
                min_size=1, max_size=60)


@pytest.mark.parametrize(("hints", "budget", "fmt"), [
    (("<" * 60,), 128, "xml"),                   # each "<" is "&lt;" in XML: cut as too long, then dropped
    (("x" * 300, "y" * 300, "z" * 300), 128, "markdown"),
    (("x" * 200, "y" * 200), 150, "markdown"),
])
def test_the_token_count_is_of_what_is_rendered_when_a_cut_item_is_dropped(
        workspace: Path, hints: tuple[str, ...], budget: int, fmt: str) -> None:
    """An item cut as too long for the budget, then dropped to fit it, took the notice that names it
    ("… is too long for the context budget: cut to fit") out of the rendering, but the count kept it:
    the property test below drew a hint of sixty '<' (ctx.tokens 104, the rendering 63)."""
    ctx = build_context(load_config(workspace), ContextRequest(hints=hints, budget=budget, format=fmt,
                                                               now=datetime(2026, 11, 26, tzinfo=UTC)))
    assert any(e.operation == "oversized" for e in ctx.events)
    text = render(ctx, fmt)
    assert estimate(text) == ctx.tokens and ctx.tokens <= budget, text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.lists(_TEXT, max_size=25), hints=st.lists(_TEXT, max_size=5), budget=st.integers(128, 900),
       fmt=st.sampled_from(["markdown", "xml"]), broken=st.booleans())
@example(values=[], hints=["<" * 60], budget=128, fmt="xml", broken=False)   # the count once kept a dropped notice
def test_output_never_exceeds_the_budget_and_xml_parses(workspace: Path, values: list[str], hints: list[str],
                                                         budget: int, fmt: str, broken: bool) -> None:
    (workspace / "MEMORY.md").write_bytes((REPO / "second-brain-template/MEMORY.md").read_bytes())
    (workspace / "memory/procedures.md").unlink(missing_ok=True)
    (workspace / "PROFILE.md").write_text("## Preferences\n" + "".join(
        core_line(f"k.{n}", v.replace("\n", " ").replace("|", "/").strip() or "v") for n, v in enumerate(values)),
        encoding="utf-8")
    set_memory_items(workspace, [(f"DECISION-20261120-p-{n:06x}", " ".join(v.split()) or "x")
                                 for n, v in enumerate(values)])
    (workspace / SNAPSHOT_REL).unlink(missing_ok=True)
    if broken:                                  # every long source from the snapshot: the longest notice
        write_snapshot(workspace, None, datetime(2026, 11, 25, tzinfo=UTC))
        for rel in ("PROFILE.md", "MEMORY.md", "memory/procedures.md"):
            corrupt(workspace / rel)
    cfg = load_config(workspace)
    ctx = build_context(cfg, ContextRequest(hints=tuple(hints), budget=budget, format=fmt,
                                            now=datetime(2026, 11, 26, tzinfo=UTC)))
    assert any(e.reason_code == "MEMORY_LAYER_FALLBACK" for e in ctx.events) == broken
    text = render(ctx, fmt)
    assert estimate(text) <= budget and estimate(text) == ctx.tokens
    if fmt == "xml":
        root = ET.fromstring(text)
        assert root.tag == "memory_context" and root.find("memory_refs") is not None


def test_same_inputs_give_the_same_bytes(workspace: Path) -> None:
    fill(workspace)
    for fmt in ("markdown", "json", "xml"):
        args = ("--session", "s1", "--task", "run the tests", "--hint", "h", "--format", fmt)
        first, second = run(workspace, *args), run(workspace, *args)
        assert first == second and first[0] == 0
    xml = run(workspace, "--session", "s1", "--format", "xml")[1]
    names = [el.tag for el in ET.fromstring(xml)]
    assert names == ["session_context", "recent_episodes", "user_model", "memory_index", "memory_refs"]


def corrupt(path: Path) -> None:
    path.write_bytes(b"# PROFILE\n\xff\xfe not utf-8\n")


def test_unreadable_profile_falls_back_to_last_known_good_loudly(workspace: Path) -> None:
    fill(workspace)
    write_snapshot(workspace, None, datetime(2026, 11, 26, 10, tzinfo=UTC))
    corrupt(workspace / "PROFILE.md")
    code, out, err = run(workspace, "--session", "s1")
    assert code == 0
    assert "warning: PROFILE.md could not be read" in err and "2026-11-26T10:00:00Z" in err
    assert "> NOTE: PROFILE.md could not be read" in out and "response.language: Thai" in out
    data = json.loads(run(workspace, "--session", "s1", "--json")[1])
    assert ("MEMORY_LAYER_FALLBACK", "fallback", "PROFILE.md") in events(json.dumps(data))
    assert data["layers"]["long_memory"]["status"] == "fallback"
    assert data["snapshot_written_at"] == "2026-11-26T10:00:00Z"
    assert [i["key"] for i in data["thread_memory"]["session"]] == ["task.current"]     # the thread still loads
    snap = (workspace / SNAPSHOT_REL).read_text(encoding="utf-8")
    assert "task.current" not in snap and "EPISODE-" not in snap                        # never the thread layer


def test_a_revoked_fact_never_comes_back_through_the_snapshot(workspace: Path) -> None:
    fill(workspace)
    write_snapshot(workspace, None, datetime(2026, 11, 26, 10, tzinfo=UTC))
    r = cli("--workspace", str(workspace), "mem", "forget", "user.name")
    assert r.exit_code == 0, r.stdout
    corrupt(workspace / "PROFILE.md")
    code, out, _ = run(workspace)
    assert code == 0 and "response.language: Thai" in out and "Somchai" not in out
    # a snapshot written after the revoke does not hold it either
    (workspace / "PROFILE.md").write_text("## Preferences\n" + core_line("response.language", "Thai"), encoding="utf-8")
    write_snapshot(workspace, None, datetime.now(UTC))
    assert "Somchai" not in (workspace / SNAPSHOT_REL).read_text(encoding="utf-8")


def test_nothing_to_fall_back_to_fails_unless_tolerated(workspace: Path) -> None:
    fill(workspace)
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    (workspace / "MEMORY.md").write_text(text + "<!-- memjobs:begin -->\n", encoding="utf-8")   # markers broken
    code, out, err = run(workspace)
    assert code == 1 and "MEMORY.md" in err and "no last-known-good snapshot" in err and out == ""
    code, out, err = run(workspace, "--tolerate-failure")
    assert code == 0 and "this context is empty" in out and "Thai" not in out
    data = json.loads(run(workspace, "--tolerate-failure", "--json")[1])
    assert data["empty"] and ("MEMORY_LAYER_FALLBACK", "empty_context", "MEMORY.md") in events(json.dumps(data))
    with pytest.raises(ContextUnavailable):
        build_context(load_config(workspace), ContextRequest())


def test_missing_or_unreadable_session_gives_an_empty_thread(workspace: Path) -> None:
    fill(workspace)
    (workspace / "SESSION.md").unlink()
    code, out, err = run(workspace, "--session", "s1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert ("MEMORY_THREAD_MISSING", "read", "SESSION.md") in events(out)
    assert data["thread_memory"]["session"] == [] and data["long_memory"]["profile"]
    assert data["layers"]["thread"]["status"] == "missing"
    corrupt(workspace / "SESSION.md")
    assert ("MEMORY_THREAD_MISSING", "read", "SESSION.md") in events(run(workspace, "--json")[1])


@pytest.fixture
def policy(isolated_env: Path) -> Path:
    path = isolated_env / ".config" / "memjobs" / "POLICY.md"
    path.parent.mkdir(parents=True)
    path.write_text(f"# POLICY\n- key:response.language | value:{MARK} | priority:100 | ttl:none | source:admin | "
                    "updated_at:2026-02-01T00:00:00Z\n", encoding="utf-8")
    return path


def test_policy_text_is_never_printed_and_secrets_are_redacted(workspace: Path, policy: Path) -> None:
    fill(workspace)
    add_lines(workspace / "PROFILE.md", core_line("tool.token", f"use {SECRET} for the API"))
    cfg = load_config(workspace)
    write_snapshot(workspace, cfg.policy_file, datetime(2026, 11, 26, 10, tzinfo=UTC))
    outputs = []
    for fmt in ("markdown", "json", "xml"):
        code, out, err = run(workspace, "--format", fmt, "--hint", f"token {SECRET}")
        assert code == 0
        outputs.append(out + err)
    version = cfg.policy_file and json.loads(outputs[1])["policy_refs"]["policy"]
    assert version and version.startswith("policy@") and len(version) == len("policy@") + 12
    assert f"response.language: {version}" in outputs[0]
    for text in outputs:
        assert MARK not in text and SECRET not in text
    for f in workspace.rglob("*"):
        if f.is_file() and f.name != "PROFILE.md":                   # the secret was written there by hand
            assert MARK not in f.read_text("utf-8", errors="replace") and SECRET not in f.read_text(
                "utf-8", errors="replace"), f
    policy.unlink()
    policy.mkdir()                                                    # unreadable policy: its ref from the snapshot
    code, out, err = run(workspace, "--json")
    data = json.loads(out)
    assert code == 0 and data["policy_refs"]["policy"] == version and data["layers"]["global"]["status"] == "fallback"
    assert any(i["key"] == "response.language" and i["value"] == version for i in data["long_memory"]["profile"])
    assert MARK not in out + err


def test_cache_is_dropped_when_a_source_changes(workspace: Path) -> None:
    fill(workspace)
    ticks = [0.0]
    cache = ContextCache(workspace, None, ttl_s=30, clock=lambda: ticks[0])
    builds: list[int] = []

    def build() -> int:
        builds.append(1)
        return len(builds)

    assert cache.get("k", build) == 1 and cache.get("k", build) == 1 and cache.hits == 1
    ticks[0] = 31.0
    assert cache.get("k", build) == 2                                  # past the TTL
    add_lines(workspace / "PROFILE.md", core_line("user.city", "Bangkok"))
    assert cache.get("k", build) == 3                                  # a source changed


async def _mcp(ws: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[tuple[bool, str]]:
    from mcp import stdio_client
    from mcp.client import ClientSession

    params = mcp_server(ws)
    out: list[tuple[bool, str]] = []
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for name, args in calls:
                res = await session.call_tool(name, args)
                out.append((bool(res.is_error), res.content[0].text))
    return out


def test_memory_context_over_mcp_never_serves_a_forgotten_value(workspace: Path) -> None:
    fill(workspace)
    out = anyio.run(_mcp, workspace, [
        ("memory_context", {"session_id": "s1", "format": "markdown"}),
        ("memory_context", {"session_id": "s1", "format": "markdown"}),
        ("memory_forget", {"key": "user.name", "session_id": "s1", "excerpt": "forget my name"}),
        ("memory_context", {"session_id": "s1", "format": "json"}),
        ("memory_context", {"session_id": "s1", "format": "markdown"}),
    ])
    assert [e for e, _ in out] == [False] * 5
    assert "user.name: Somchai" in out[0][1] and out[0][1] == out[1][1]
    assert "Somchai" not in out[3][1] and "Somchai" not in out[4][1]
    assert json.loads(out[3][1])["thread_memory"]["session"][0]["key"] == "task.current"


def test_the_core_writer_and_the_jobs_refresh_the_snapshot(workspace: Path, demo_built: DemoResult) -> None:
    """No hand-made snapshot: `mem set` writes it after its write, so a PROFILE.md broken afterwards
    still gives the value; a job run that writes MEMORY.md (the demo's weekly) writes it too."""
    assert not (workspace / SNAPSHOT_REL).exists()
    r = cli("--workspace", str(workspace), "mem", "set", "user.name", "Somchai")
    assert r.exit_code == 0, r.stdout
    snap = json.loads((workspace / SNAPSHOT_REL).read_text(encoding="utf-8"))
    assert any("user.name" in line for line in snap["sources"]["profile"]["lines"])
    corrupt(workspace / "PROFILE.md")
    code, out, err = run(workspace)
    assert code == 0 and "user.name: Somchai" in out and "last-known-good" in err
    demo = demo_built.workspace   # conftest: `build_demo`, as `memjobs demo` runs it
    snap = json.loads((demo / SNAPSHOT_REL).read_text(encoding="utf-8"))
    assert snap["sources"]["memory_index"]["items"] and "policy" in snap["sources"]


def test_verify_reports_refs_layers_trims_fallbacks_and_snapshot_age(workspace: Path) -> None:
    fill(workspace)
    r = cli("--workspace", str(workspace), "verify", "--now", NOW, "--session", "s1")
    assert r.exit_code == 0, r.stdout
    assert "policy policy@none" in r.stdout and "no trims or fallbacks" in r.stdout
    assert "no last-known-good snapshot yet" in r.stdout
    write_snapshot(workspace, None, datetime(2026, 11, 26, 11, 0, tzinfo=UTC))
    corrupt(workspace / "PROFILE.md")
    (workspace / "SESSION.md").unlink()
    r = cli("--workspace", str(workspace), "verify", "--now", NOW, "--session", "s1",
            "--budget", "128", "--json")
    assert r.exit_code == 0, r.stdout
    info = json.loads(r.stdout)
    assert info["layers"]["long_memory"]["status"] == "fallback" and info["layers"]["thread"]["status"] == "missing"
    assert info["snapshot"]["age_s"] == 3600 and "profile" in info["snapshot"]["sources"]
    codes = {(e["reason_code"], e["operation"]) for e in info["events"]}
    assert {("MEMORY_LAYER_FALLBACK", "fallback"), ("MEMORY_THREAD_MISSING", "read"),
            ("MEMORY_TRIM_APPLIED", "budget")} <= codes
    assert info["tokens"] <= 128 and info["refs"]["memory"].startswith("memory@")
    text = cli("--workspace", str(workspace), "verify", "--now", NOW).stdout
    assert "long_memory  fallback" in text and "(3600 s old;" in text


def test_the_fast_path_prints_what_the_typer_command_prints(workspace: Path) -> None:
    """`memjobs context` through the console entry takes the start-up fast path (no Typer); it prints the same
    bytes as the Typer command, and keeps the exit codes: 1 with nothing to fall back to, 0 tolerated."""
    fill(workspace)
    for fmt in ("markdown", "json", "xml"):
        args = ("--session", "s1", "--task", "run the tests", "--format", fmt)
        p = cli_run("--workspace", str(workspace), "context", "--now", NOW, *args)
        assert p.returncode == 0, p.stderr
        assert p.stdout == run(workspace, *args)[1]
    corrupt(workspace / "MEMORY.md")
    p = cli_run("--workspace", str(workspace), "context")
    assert p.returncode == 1 and p.stderr.startswith("Error: ") and "MEMORY.md" in p.stderr
    p = cli_run("--workspace", str(workspace), "context", "--tolerate-failure")
    assert p.returncode == 0 and "this context is empty" in p.stdout
    p = cli_run("--workspace", str(workspace / "nowhere"), "context", "--tolerate-failure")
    assert p.returncode == 0 and p.stderr.startswith("warning: ")
    assert cli_run("--workspace", str(workspace), "context", "--budget", "5").returncode == 2


@pytest.mark.parametrize("command", ["context", "verify"])
def test_a_now_without_a_zone_is_the_workspaces_zone_as_in_run(workspace: Path, command: str):
    """Pins: `context --now 2026-11-26T12:00` meant 12:00 UTC while `run --now` read the same text in
    the workspace's zone (Asia/Bangkok here): one parser, memory_store.dates.parse_instant, now."""
    r = cli("--workspace", str(workspace), command, "--now", "2026-11-26T12:00", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["as_of"] == "2026-11-26T05:00:00Z"
    r = cli("--workspace", str(workspace), command, "--now", "2026-11-26T12:00Z", "--json")
    assert json.loads(r.stdout)["as_of"] == "2026-11-26T12:00:00Z"
    p = cli_run("--workspace", str(workspace), command, "--now", "2026-11-26T12:00", "--json")   # the fast path
    assert p.returncode == 0 and json.loads(p.stdout)["as_of"] == "2026-11-26T05:00:00Z"
    r = cli("--workspace", str(workspace), command, "--now", "noon")
    assert r.exit_code == 2 and r.stderr == "Error: --now: not an ISO date or time: 'noon'\n"
    assert "without a zone: the workspace's time zone" in " ".join(cli(command, "--help").stdout.split())


def test_an_episode_whose_summary_goes_on_from_its_title_says_it_once(workspace: Path) -> None:
    title = "why is CI so slow today, it took 40 minutes on…"
    ep = Episode(title, "EPISODE-20261125-ci-slow-abc124", "2026-11-25", SRC,
                 "why is CI so slow today, it took 40 minutes on main → the cache key changed", ("ci",),
                 "success", "thanks", "2026-11-25T10:00", "2026-11-25T11:00", "2027-02-23")
    rel = episode_rel("2026-11-25")
    (workspace / rel).parent.mkdir(parents=True, exist_ok=True)
    (workspace / rel).write_text(upsert(None, [ep], month_title(rel)), encoding="utf-8")
    code, out, err = run(workspace)
    assert code == 0, err
    line = next(x for x in out.splitlines() if x.startswith("- 2026-11-25 "))
    assert line == "- 2026-11-25 why is CI so slow today, it took 40 minutes on main → the cache key changed (success)"


def test_a_memory_md_without_its_markers_says_why_and_the_fix(workspace: Path) -> None:
    """MEMORY.md rewritten whole by another program (its memjobs markers gone): the context serves the
    last good snapshot and says why MEMORY.md could not be read and how to fix it — the parser's
    message, naming the lines — not only that it could not be read."""
    fill(workspace)
    write_snapshot(workspace, None, datetime(2026, 11, 26, 10, tzinfo=UTC))
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    (workspace / "MEMORY.md").write_text("".join(x for x in text.splitlines(keepends=True)
                                                 if "memjobs:" not in x), encoding="utf-8")
    code, out, err = run(workspace)
    assert code == 0 and "Bookings live in PostgreSQL 16" in out        # from the snapshot
    for said in (out, err):
        assert "MEMORY.md could not be read" in said
        assert "markers" in said and "<!-- memjobs:begin -->" in said and "line" in said, said
