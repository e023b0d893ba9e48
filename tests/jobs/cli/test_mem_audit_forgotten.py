"""`memjobs mem audit` after a forget (docs/spec/memory.md §6, memory_store/core/forgotten.py): each event
stays — when, who, which key, why — but a value the user had memjobs forget is printed `[forgotten]`,
plain and `--json`, as every read surface does. It printed "Nok → Tom" and the revoked value after `mem
forget user.nickname`. The trail on disk is append-only: the forget adds its event and rewrites none."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.core.files import AUDIT_LOG
from tests import conftest


def cli(ws: Path, *args: str) -> str:
    r = conftest.cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.output
    return r.stdout


# (key, values set one after the other, then forgotten): en, th, zh, and a setting stored as a code
FORGOTTEN = [
    ("user.nickname", ["Nok", "Tom"]),
    ("user.name", ["สมชาย", "ต้นกล้า"]),
    ("user.name", ["小明", "王小红"]),
    ("response.language", ["ja"]),
    ("user.city", ["Chiang Mai"]),
]


@pytest.mark.parametrize(("key", "values"), FORGOTTEN)
def test_mem_audit_prints_no_forgotten_value(workspace: Path, key: str, values: list[str]) -> None:
    for v in values:
        cli(workspace, "mem", "set", key, v)
    trail = workspace / AUDIT_LOG
    before = trail.read_bytes()
    cli(workspace, "mem", "forget", key)
    assert trail.read_bytes().startswith(before)        # appended to, never rewritten
    plain = cli(workspace, "mem", "audit")
    events = json.loads(cli(workspace, "mem", "audit", "--json"))["events"]
    assert [e["type"] for e in events] == ["fact.created"] + ["fact.updated"] * (len(values) - 1) + ["fact.revoked"]
    assert all(e["key"] == key and e["actor"]["id"] == "cli" for e in events)
    for v in values:
        assert v not in plain and v not in json.dumps(events, ensure_ascii=False), (v, plain)
    assert "[forgotten]" in plain and events[-1]["old"] == "[forgotten]"
    assert cli(workspace, "mem", "audit", key).count("\n") == len(events)


def test_a_value_said_again_after_the_forget_is_printed_again(workspace: Path) -> None:
    """Set again after the forget, a value is the user's again; the one replaced before stays forgotten."""
    cli(workspace, "mem", "set", "user.nickname", "Nok")
    cli(workspace, "mem", "set", "user.nickname", "Tom")
    cli(workspace, "mem", "forget", "user.nickname")
    cli(workspace, "mem", "set", "user.nickname", "Tom")
    plain = cli(workspace, "mem", "audit")
    assert "Tom" in plain and "Nok" not in plain, plain
    # a key never forgotten keeps its values in the audit
    cli(workspace, "mem", "set", "user.city", "Lyon")
    assert "Lyon" in cli(workspace, "mem", "audit", "user.city")
