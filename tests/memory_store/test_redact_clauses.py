"""A password named and given in the same clause in any order and with any linking words ("use X as
the password", "X is the root password", "the prod password changed to X", "set DB_PASSWORD to X",
"用 X 作为密码", "密码就用 X 吧", "ใช้ X เป็นรหัสผ่าน"): each was written in clear to the daily file,
the wrap-up, the episodes, the run intents and the search index, and doctor found nothing.
The values are assembled here, so no file of the repository holds one whole."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.redact import redact
from memory_store.secret_formats import made_up
from tests.redaction_helpers import microsync_leaks

A = "Zx9k" + "Lm2Qp7"
B = "Qw3r" + "Ty9Uiop7"
C = "Hn5t" + "Vb8Mkq2"
D = "Pz7x" + "Cv4Nm9Lk"
E = "Jk4L" + "m7Np2Qr9"
F = "Rt6Y" + "u8Io0Pq2"
G = "Hn5t" + "Vb8Mkq2Wz"
P = "[REDACTED:password]"

# (text, what redaction leaves)
CAUGHT = [
    # the value before the name, any linking words
    (f"we decided to use {A} as the password for the prod database",
     f"we decided to use {P} as the password for the prod database"),
    (f"{A} is the root password", f"{P} is the root password"),
    (f"ok so {A} will be our staging passphrase", f"ok so {P} will be our staging passphrase"),
    # the name before the value, no copula the pairs or phrases know
    (f"remember that the prod password changed to {E}", f"remember that the prod password changed to {P}"),
    (f"set DB_PASSWORD to {A}", f"set DB_PASSWORD to {P}"),
    (f"we decided to keep the db password {F} in 1password, not in the repo",
     f"we decided to keep the db password {P} in 1password, not in the repo"),
    (f"We rotated the prod root password; the new one is {G}.",
     f"We rotated the prod root password; the new one is {P}."),
    (f"the deploy token we agreed on: prod gets {A}", "the deploy token we agreed on: prod gets [REDACTED:token]"),
    # Thai and Chinese, the value glued or spaced
    (f"ตัดสินใจแล้ว ใช้ {C} เป็นรหัสผ่าน staging", f"ตัดสินใจแล้ว ใช้ {P} เป็นรหัสผ่าน staging"),
    (f"决定了，密码就用 {D} 吧", f"决定了，密码就用 {P} 吧"),
    (f"决定了，密码就用{D}吧", f"决定了，密码就用{P}吧"),
    (f"用 {A} 作为密码", f"用 {P} 作为密码"),
    (f"ใช้ {A} เป็นรหัสผ่าน", f"ใช้ {P} เป็นรหัสผ่าน"),
    # "changed to" as a copula: a value that is only password-like (no made-up shape) goes too
    ("the password for prod changed to hunter22", f"the password for prod changed to {P}"),
    ("our wifi password was reset to bluefish77", f"our wifi password was reset to {P}"),
]

KEPT = [
    "the password must be at least 12 characters, see RFC8018",
    "rotate the api key every 90 days",
    "token usage was 12,345 for gpt-4o-mini on 2026-11-22",
    "the key is stored at /run/secrets/db2x9k",
    "set DB_PASSWORD to ${PROD_DB_PASSWORD}",
    "pin numpy to 1.26.4 and python to 3.11",
    "the secret sauce is utf8mb4 collation",
    "key: https://vault.example.com/v1/secret/data/prod2",
    "use base64url for the token encoding",
    "password reset for user ana2024 on host db01",
    "the password manager is 1Password8",
    "commit a1b2c3d4e5f6 changed the password policy",
    "oauth2client and pyjwt handle the token refresh",
    "the token limit of claude-3-5-sonnet-20241022 is 200k",
    "pin the image to node:20.11.1-alpine3.19",
    "key rotation happens at 2026-11-22T04:00:00Z",
    "- key:response.tone | value:concise | ttl:8h | updated_at:2026-11-22T04:00:00Z",
    "the secret is in 1password under Prod/DB",
    "token: 4096 max, model Qwen2.5-7B-Instruct",
    "the key is the sha256 of the file, e.g. 9f86d081884c7d659a2feaa0c55ad015",
    "密码至少 12 位，包含 a-z、A-Z 和 0-9",
    "รหัสผ่านต้องมีอย่างน้อย 12 ตัว เช่น A-Z a-z 0-9",
    "the password was changed to what the vault says",
    # a made-up value in another sentence than the name
    f"The password is in the vault. Build {A} passed.",
    # a marker's kind is not a name: the value beside it is a planted test string
    "[REDACTED:aws_access_key] and x86_64",
]


@pytest.mark.parametrize(("text", "expected"), CAUGHT)
def test_a_password_in_the_same_clause_as_its_name_is_redacted(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact(expected) == expected


@pytest.mark.parametrize("text", KEPT)
def test_ordinary_values_near_a_name_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("value", [A, B, C, D, E, F, G, "Kq8z!Lm2Xy", "aB3dE5fG"])
def test_made_up(value: str) -> None:
    assert made_up(value)


@pytest.mark.parametrize("value", ["utf8mb4", "base64url", "oauth2client", "gpt4o2024", "2026-11-22T04",
                                   "a1b2c3d4e5f6", "Qwen2.5-7B-Instruct", "x86_64", "hunter22", "RFC8018"])
def test_not_made_up(value: str) -> None:
    assert not made_up(value)


def test_the_clause_passwords_leave_nothing_in_the_workspace(tmp_path: Path) -> None:
    """The explorer's transcript through a real microSync, daily, index and search: no value in any
    file of the workspace (memory/, .memjobs/ with its runs and intents, index.sqlite) nor in what
    the commands print; doctor then finds no secret."""
    turns = [("user", f"we decided to use {A} as the password for the prod database"),
             ("user", f"root password for prod: {B}"),
             ("user", f"ตัดสินใจแล้ว ใช้ {C} เป็นรหัสผ่าน staging"),
             ("user", f"决定了，密码就用 {D} 吧"),
             ("user", f"remember that the prod password changed to {E}"),
             ("user", f"we decided to keep the db password {F} in 1password, not in the repo"),
             ("assistant", f"We rotated the prod root password; the new one is {G}."),
             ("user", f"set DB_PASSWORD to {A} and remember it")]
    queries = [["search", "password", "--tier", "all"], ["search", "prod password", "--tier", "sessions"]]
    assert microsync_leaks(tmp_path, turns, [A, B, C, D, E, F, G], daily=True, queries=queries, doctor=True) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("db.internal:5432:app:appuser:" + A, f"db.internal:5432:app:appuser:{P}"),
    ("cat ~/.pgpass\n*:*:*:postgres:hunter22\nlocalhost:5432:*:app:" + E,
     f"cat ~/.pgpass\n*:*:*:postgres:{P}\nlocalhost:5432:*:app:{P}"),
    ("see 127.0.0.1:5432:app", "see 127.0.0.1:5432:app"),
    ("*:*:*:*:*", "*:*:*:*:*"),
    ("db:5432:app:app:$PGPASSWORD", "db:5432:app:app:$PGPASSWORD"),
    ("10:5432:00:12:30", "10:5432:00:12:30"),
])
def test_a_pgpass_line_keeps_no_password(text: str, expected: str) -> None:
    assert redact(text) == expected


def test_a_path_near_a_secret_word_stays_whole_in_json_escaped_text() -> None:
    """A workspace path whose folder names hold a secret-naming word and digits
    (`pt-secrets4full2`), printed inside JSON-escaped TOML by `hook print --json`, was cut as a
    password from its escaped quote on, and the JSON no longer parsed."""
    content = ('# memjobs:begin\n[mcp_servers.memjobs]\ncommand = "/work/wt/secrets4/.venv/bin/memjobs"\n'
               'args = ["--workspace", "/tmp/pt-secrets4full2/popen-gw1/test_hook_print_has_json_with_w0/ws", "mcp"]\n'
               'startup_timeout_sec = 20\n# memjobs:end\n')
    text = json.dumps({"content": content}, indent=2)
    assert redact(text) == text
    assert json.loads(redact(text))["content"] == content
    assert redact(r"path = \"C:\\Users\\ana\\tokens\\Zx9kLm2Qp7\"") == r"path = \"C:\\Users\\ana\\tokens\\Zx9kLm2Qp7\""


@pytest.mark.parametrize("text, secret", [
    ("remember the staging db login, password: correcthorsebatterystaple", "correcthorsebatterystaple"),
    ("remember: office wifi password: mangotree", "mangotree"),
    ("Password: Sunshine", "Sunshine"),
    ("wifi password - mangotree", "mangotree"),
])
def test_a_plain_word_after_a_password_label_is_the_password(text: str, secret: str) -> None:
    """A password's label and one plain word ("password: mangotree") was kept whole: the label took
    only a value with a digit, a symbol or an inner capital, where "the password is" takes a word."""
    out = redact(text)
    assert secret not in out and "[REDACTED:password]" in out


@pytest.mark.parametrize("text", [
    "password: string;", "  password: Optional[str] = None", "password: required", "password: hashed with bcrypt",
    "password: ${DB_PASSWORD}", "password: $DB_PASSWORD", "password: /run/secrets/db", "password: str",
])
def test_a_type_a_reference_or_an_ordinary_word_after_a_password_label_stays(text: str) -> None:
    assert redact(text) == text
