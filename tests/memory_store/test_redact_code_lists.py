"""Forms of today's redaction classes that were written in clear (explore7 #6): every item of a list
after a code's name ("recovery codes: A B C", alphanumeric ones too), the name's variants ("wallet
seed:", "mnemonic:", "iphone passcode", "phone unlock code", "PIN บัตร"), the value right after the
name with no copula ("the OTP 572913", "the door code 4821"), a login with spaces around the slash
or said as "login root pass X"; and their harmless look-alikes. Values are assembled here, so that no
file of the repository holds one whole."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from memory_store.redact import redact
from memory_store.workspace import init_workspace
from tests.conftest import cli_run

SEED12 = "abandon ability able about above absent absorb abstract absurd abuse access accident"
C1, C2 = "48213-" + "77301", "99120-" + "00451"
A1, A2, A3 = "8f3k-" + "22lq", "9d7s-" + "0pq1", "4mmz-" + "7yt2"

CAUGHT = [
    (f"remember my github recovery codes: {C1} {C2}", [C1, C2]),
    (f"my github recovery codes: {A1} {A2} {A3}", [A1, A2, A3]),
    (f"backup codes: {C1}, {C2}", [C1, C2]),
    (f"recovery codes: {C1} and {C2}", [C1, C2]),
    (f"recovery codes:\n{C1}\n{C2}", [C1, C2]),
    (f"backup codes:\n- {A1}\n- {A2}", [A1, A2]),
    (f"remember my wallet seed: {SEED12}", ["abandon ability", "able about"]),
    (f"remember my mnemonic: {SEED12}", ["abandon ability", "able about"]),
    ("remember the OTP " + "5729" + "13", ["572913"]),
    ("remember the login admin / Tr0ub" + "4dor-77", ["Tr0ub4dor-77"]),
    ("remember: login root pass Zq8" + "-rr", ["Zq8-rr"]),
    ("จำไว้ว่า PIN บัตร " + "55" + "02", ["5502"]),
    ("remember the iphone passcode " + "09" + "17", ["0917"]),
    ("my phone unlock code is " + "09" + "17", ["0917"]),
    ("remember the door code " + "48" + "21", ["4821"]),
]

KEPT = [
    "the OTP flow sends a text message",
    "seed: 42",
    "random seed: 42 for the sampler",
    "door code review on Friday",
    "error code 4821 means the disk is full",
    "login admin/users page",
    "login admin / users page",
    "recovery codes are 10 per user",
    "recovery codes:\nthey are shown once, store them offline",
    "OTP expires after 300 seconds",
    "recovery phrase has 24 words",
    "seed the database with users from the fixture files and then run every migration again",
    "the mnemonic device helps students remember the planets",
    "PIN pad layout is 3x4",
    "login root pass through the proxy",
    "the iphone passcode screen shows after boot",
]


@pytest.mark.parametrize(("text", "secrets"), CAUGHT)
def test_the_forms_are_redacted(text: str, secrets: list[str]) -> None:
    out = redact(text)
    for s in secrets:
        assert s not in out, out
    assert "[REDACTED:" in out


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_are_kept(text: str) -> None:
    assert redact(text) == text


def test_none_of_the_forms_reaches_the_workspace(tmp_path: Path) -> None:
    """The forms above said in a transcript, through a real microSync, index and search: no value in
    any file of the workspace (memory/, .memjobs/ with its runs and intents, index.sqlite,
    PROPOSALS.md) nor in what the commands print."""
    sid = "5ec2e75e-0000-4000-8000-00000000c1a7"
    day = "2026-11-10"
    ws = tmp_path / "ws"
    init_workspace(ws)
    folder = tmp_path / "projects" / "-home-u-ops"
    folder.mkdir(parents=True)
    turns = [text for text, _ in CAUGHT] + ["Noted."]
    lines = []
    for i, text in enumerate(turns):
        role = "assistant" if i == len(turns) - 1 else "user"
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        lines.append({"type": role, "sessionId": sid, "uuid": f"t{i}", "parentUuid": f"t{i - 1}" if i else None,
                      "cwd": "/home/u/ops", "timestamp": f"{day}T03:{i:02d}:00.000Z",
                      "message": {"role": role, "content": content}})
    (folder / f"{sid}.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    (ws / "memjobs.yaml").write_text(yaml.safe_dump({"timezone": "Asia/Bangkok", "transcripts": [
        {"format": "claude-code", "path": str(tmp_path / "projects")}]}), encoding="utf-8")
    values = sorted({v for _, secrets in CAUGHT for v in secrets})
    outputs = []
    for args in (["run", "microsync", "--since", day, "--now", f"{day}T19:00:00+07:00", "--json"],
                 ["index"], ["search", "Tr0ub4dor", "--tier", "all"], ["search", "recovery codes", "--tier", "all"]):
        p = cli_run("--workspace", str(ws), *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        outputs.append(p.stdout + p.stderr)
    daily = (ws / "memory" / f"{day}.md").read_text("utf-8")
    assert daily.count("[REDACTED:") >= len(CAUGHT), daily       # the turns were kept, redacted
    # whole values only: a short code ("5502") turns up inside a sha256 or a run id by chance
    whole = re.compile("|".join(r"(?<![0-9A-Za-z])" + re.escape(v) + r"(?![0-9A-Za-z])" for v in values))
    for out in outputs:
        assert whole.search(out) is None, out
    seen = [f for f in ws.rglob("*") if f.is_file()]
    assert any(".memjobs" in f.parts for f in seen)
    for f in seen:
        text = f.read_bytes().decode("utf-8", "replace")
        assert whole.search(text) is None, (f, whole.findall(text))
