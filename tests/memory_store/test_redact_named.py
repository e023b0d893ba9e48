# ruff: noqa: E501  (literal transcript data reads better unwrapped)
"""A short secret said by its name (docs/design.md §7): "the staging secret is Kq8zLm2x99Qw", "the
office wifi key is Kq8z!Lm2Xy" — 8 to 15 characters, punctuation inside, after a name of a key, a
secret, a token, a pass or a pin and a copula, in English, Thai and Chinese. The formats for named
keys wanted 16+ characters of a token's alphabet, so these stayed whole, and extraction then cut
the turn at the `!` (a title kept "Kq8z"). And the ordinary values of the same shape that must
stay: a path after `pwd` (the working folder), a version after `pin`, a shortcut after `key`.
Also from trying to break the redactor: a password name as a label ("password (staging): X"), the
password flags of docker login, mongo and redis-cli, and session cookies in HTTP headers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from memory_store.redact import contains_secret, redact
from memory_store.secret_formats import random_looking
from memory_store.workspace import init_workspace
from tests.conftest import cli_run

S = "Kq8z" + "!Lm2Xy"            # assembled, so no file of the repository holds the literal

# (text, what redaction leaves)
CAUGHT = [
    # English: key, secret, token, pass; a copula; punctuation inside the value
    ("the office wifi key is " + S, "the office wifi key is [REDACTED:secret]"),
    ("Remember that the office wifi key is " + S + " for the guest network.",
     "Remember that the office wifi key is [REDACTED:secret] for the guest network."),
    ("the staging secret is Kq8zLm2x99Qw", "the staging secret is [REDACTED:secret]"),
    ("the wifi pass: Kq8z.Lm2Xy.", "the wifi pass: [REDACTED:password]."),
    ("the token for the CI runner = Kq8z;Lm2x, rotate it monthly",
     "the token for the CI runner = [REDACTED:token], rotate it monthly"),
    ("the guest key was Kq8z?Lm2Xy.", "the guest key was [REDACTED:secret]."),
    ("the vpn secret is now 'Tr0ub4dor&3'", "the vpn secret is now '[REDACTED:secret]'"),
    ("our alarm pin is 482193", "our alarm pin is [REDACTED:password]"),
    ("the door PIN: 4821.", "the door PIN: [REDACTED:password]."),
    # Thai and Chinese names and copulas, and an English name with one of theirs
    ("คีย์ wifi ออฟฟิศคือ Kq8z,Lm2Xy นะ", "คีย์ wifi ออฟฟิศคือ [REDACTED:api_key] นะ"),
    ("รหัส PIN คือ 4821", "รหัส PIN คือ [REDACTED:password]"),
    ("wifi 密钥：Kq8z;Lm2Xy。", "wifi 密钥：[REDACTED:password]。"),
    ("办公室 wifi 令牌是 " + S + "！", "办公室 wifi 令牌是 [REDACTED:password]！"),
    ("API token是 Kq8zLm2x", "API token是 [REDACTED:token]"),
    ("PIN码是 4821", "PIN码是 [REDACTED:password]"),
    ("staging secret คือ Kq8zLm2x99Qw", "staging secret คือ [REDACTED:secret]"),
    # a name of a password with no copula, and a made-up word
    ("remember that my wifi is pass Kq8zLm2x", "remember that my wifi is pass [REDACTED:password]"),
    ("remember my router login is pw hunter2x!", "remember my router login is pw [REDACTED:password]"),
    ("password " + S + ".", "password [REDACTED:password]."),
    # a name of a password as a label: what it is for, then a colon, a dash or an arrow
    ("password (staging): " + S, "password (staging): [REDACTED:password]"),
    ("Password for ana@db: " + S, "Password for ana@db: [REDACTED:password]"),
    ("the wifi password — " + S, "the wifi password — [REDACTED:password]"),
    ("wifi password -> " + S, "wifi password -> [REDACTED:password]"),
    # clients whose flag means a password; a session cookie in a header
    ("docker login -u ana -p " + S + " registry.example.com", "docker login -u ana -p [REDACTED:password] registry.example.com"),
    ("mongosh mongodb://db -u admin -p " + S, "mongosh mongodb://db -u admin -p [REDACTED:password]"),
    ("redis-cli -a " + S + " ping", "redis-cli -a [REDACTED:password] ping"),
    ("Set-Cookie: session=Kq8zLm2x99QwErTyUiOp; HttpOnly", "Set-Cookie: session=[REDACTED:session_cookie]; HttpOnly"),
    # "pass" as a quoted key of a dict or JSON
    ("{'user': 'admin', 'pass': '" + S + "'}", "{'user': 'admin', 'pass': '[REDACTED:password]'}"),
    ('{"pass": "' + S + '"}', '{"pass": "[REDACTED:password]"}'),
]

# The same names and copulas before ordinary values
KEPT = [
    "the secret is out", "the primary key is user_id", "the sort key: created_at", "the cache key is user:1234:profile",
    "the shortcut key is Ctrl+Shift+F12", "the GPIO pin is 17", "pin: v1.2.3", "the pin is numpy==1.26",
    "the key is k8s-cluster-1", "my boarding pass is valid", "the token is gpt-4o-mini", "the token: 1024x768",
    "the key is ubuntu-22.04", "the pass is 2024-11-05", "commit key: 3f9a1c2b4d5e", "the key is /etc/ssl/private/site.pem",
    "the token is ${CI_TOKEN}", "the key is ~/.ssh/id_ed25519", "the secret is in src/conf2x/app.yaml",
    "the key was ana2x@example.com", "the token budget is 4096", "key: 8GB", "คีย์ลัดคือ Ctrl+F12",
    # `pwd` is the working folder too; `password: <path>` says where it is kept
    "pwd: /home/ana/src", "PWD=/home/ana/src OLDPWD=/tmp", "pwd is /home/ana/src", "passwd: /etc/passwd",
    "password=/run/secrets/db_password", "the password is /run/secrets/db",
    # "pass" is a verb too: a word and a number, an id in hex, a flag
    "pass data2 to the worker", "pass a1b2c3d4 as the seed", "pass --retries2 to it", "bypass Kq8zLm2x",
    "pwd /home/ana/src2", "pin 17 is the LED",
    "password for the db: see the vault", "password (min 12 chars): required", "password - see 1Password",
    "Password for user ana: ", "pwd: ~/src", "docker run -p 8080:80 nginx", "redis-cli -h db -p 6379 ping",
    "docker login -u ana --password-stdin", "mongodump --port 27017 -p 8", "Cookie: theme=dark; lang=en",
    '"pass": true', '{"pass": 3, "fail": 0}', '"pass": "see vault"', 'the "pass" rate: 95%',
]


@pytest.mark.parametrize(("text", "expected"), CAUGHT, ids=[f"caught-{i}" for i in range(len(CAUGHT))])
def test_short_named_secret_is_redacted(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact(expected) == expected


@pytest.mark.parametrize("text", KEPT, ids=[f"kept-{i}" for i in range(len(KEPT))])
def test_ordinary_value_after_the_same_names_is_kept(text: str) -> None:
    assert redact(text) == text
    assert not contains_secret(text)


def test_a_password_still_goes_after_the_names_that_are_also_words() -> None:
    """Pins the other side of `pwd`/`passwd`: a value that is not a path still goes."""
    assert redact("passwd: Kq8zLm2x") == "passwd: [REDACTED:password]"
    assert redact("pwd: " + S) == "pwd: [REDACTED:password]"
    assert redact("PWD=hunter2x") == "PWD=[REDACTED:password]"


@pytest.mark.parametrize("value", ["Kq8zLm2x99Qw", S, "abc123XYZ", "hunter2x", "P@ssw0rd!", "Tr0ub4dor&3", "8812xzQ1"])
def test_random_looking(value: str) -> None:
    assert random_looking(value)


@pytest.mark.parametrize("value", ["Ctrl+Shift+F12", "user:1234:profile", "v1.2.3-beta4", "numpy==1.26", "/home/ana/src",
                                   "2024-11-05", "10.0.0.5:8080", "python3.11", "gpt-4o-mini", "en_US.UTF-8", "x86_64",
                                   "us-east-1", "Kq8z", "abcdefghij", "12345678", "3f9a1c2b4d5e", "20241105T0930Z"])
def test_not_random_looking(value: str) -> None:
    assert not random_looking(value)


def test_the_wifi_key_leaves_no_fragment_through_a_real_microsync(tmp_path: Path) -> None:
    """Pins: "the office wifi key is Kq8z!Lm2Xy" reached the daily file, MEMORY.md, the episode, the
    index and the wrap-up — whole in some, and cut at `!` in the entry's title ("…key is Kq8z"). The
    turn is redacted when it is read, before extraction cuts it (memory_store/transcripts)."""
    sid = "5ec2e75e-0000-4000-8000-00000000d0a1"
    day = "2026-11-17"
    ws = tmp_path / "ws"
    init_workspace(ws)
    folder = tmp_path / "projects" / "-home-u-office"
    folder.mkdir(parents=True)
    turns = ["Remember that the office wifi key is " + S + " for the guest network.",
             "We decided the staging secret is Kq8zLm2x99Qw from now on.",
             "จำไว้นะ คีย์ wifi ออฟฟิศคือ Kq8z,Lm2Xy",
             "我们决定办公室 wifi 令牌是 Kq8z;Lm2Xy，以后都用这个。"]
    lines = []
    for i, text in enumerate(turns):
        ts = f"{day}T03:{i:02d}:00.000Z"
        lines.append({"type": "user", "sessionId": sid, "uuid": f"u{i}", "parentUuid": f"a{i - 1}" if i else None,
                      "cwd": "/home/u/office", "timestamp": ts, "message": {"role": "user", "content": text}})
        lines.append({"type": "assistant", "sessionId": sid, "uuid": f"a{i}", "parentUuid": f"u{i}",
                      "timestamp": ts.replace(":00.000Z", ":30.000Z"),
                      "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}})
    (folder / f"{sid}.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    (ws / "memjobs.yaml").write_text(yaml.safe_dump({"timezone": "Asia/Bangkok", "transcripts": [
        {"format": "claude-code", "path": str(tmp_path / "projects")}]}), encoding="utf-8")
    outputs = []
    for args in (["run", "microsync", "--since", day, "--now", f"{day}T22:00:00+07:00", "--json"],
                 ["run", "daily", "--date", day, "--now", "2026-11-18T00:30:00+07:00", "--json"],
                 ["run", "weekly", "--now", "2026-11-23T03:00:00+07:00", "--json", "--force"],
                 ["context", "--json"], ["search", "wifi", "--tier", "all"]):
        p = cli_run("--workspace", str(ws), *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        outputs.append(p.stdout + p.stderr)
    daily = (ws / "memory" / f"{day}.md").read_text("utf-8")
    assert daily.count("## ") >= 2 and "[REDACTED:" in daily, daily      # the turns were kept, redacted
    fragments = ("Kq8z", "Lm2Xy", "Lm2x")
    for out in outputs:
        assert not any(f in out for f in fragments), out
    for f in ws.rglob("*"):
        if f.is_file():
            text = f.read_bytes().decode("utf-8", "replace")
            assert not any(frag in text for frag in fragments), f
