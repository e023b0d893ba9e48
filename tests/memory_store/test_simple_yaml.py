"""memory_store.simple_yaml against PyYAML (differential): whenever the subset reader answers, its
answer is what `yaml.safe_load` gives for the same text — for any structure PyYAML itself dumps
(block and flow styles, two indents) and for random config-like text, including text PyYAML
rejects (then the subset must not answer). The configurations memjobs writes and documents are in
the subset, so `memjobs context` starts without importing PyYAML."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_store.simple_yaml import load
from tests.conftest import REPO, cli

KEYS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_.-0123456789", min_size=1, max_size=8)
STRINGS = st.text(alphabet="aAzZ09 _-./:~#*,[]{}'\"!&|>%@`$?=<\\\tóก中", max_size=12)
SCALARS = (st.none() | st.booleans() | st.integers(-10**6, 10**6) | STRINGS
           | st.floats(allow_nan=False, allow_infinity=False, width=32)
           | st.sampled_from(["yes", "no", "on", "off", "~", "null", "2026-11-20", "0o17", "0x1F", "1_000", "1e3",
                              ".inf", "~/.claude/projects", "cron:*", "Asia/Bangkok", "a: b", "- x", "#x"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
                      max_leaves=12)
DOCS = st.dictionaries(KEYS, VALUES, max_size=6)


def agree(text: str) -> bool:
    """The subset's answer (if any) is PyYAML's; returns whether the subset answered."""
    got = load(text)
    if got is None:
        return False
    try:
        want = yaml.safe_load(text)
    except yaml.YAMLError as exc:                      # pragma: no cover - the failure being looked for
        raise AssertionError(f"subset read {got!r} where PyYAML fails: {exc}\n{text}") from None
    assert got == ({} if want is None else want), text
    return True


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCS, st.sampled_from([False, None]), st.sampled_from([2, 4]), st.booleans())
def test_whatever_pyyaml_dumps_reads_the_same_or_not_at_all(doc: dict[str, Any], flow: bool | None, indent: int,
                                                             sort: bool) -> None:
    agree(yaml.safe_dump(doc, default_flow_style=flow, indent=indent, sort_keys=sort, allow_unicode=True))


LINE = st.tuples(st.sampled_from(["", "  ", "    ", " ", "      "]),
                 st.sampled_from(["", "- ", "-  ", "-"]),
                 KEYS | st.sampled_from(["on", "1", "null", "a b", "key"]),
                 st.sampled_from([": ", ":", " : ", ":  ", ""]),
                 SCALARS.map(str) | st.sampled_from(["[a, b]", "{a: 1}", "[]", "{}", "'x'", '"y # z"', "[a, [b]]",
                                                     "{a: {b: 1}}", "|", ">-", "&x a", "*x", "!!str 1"]),
                 st.sampled_from(["", "  # note", " #x", "#x"]))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINE, min_size=1, max_size=8))
def test_random_config_like_text_reads_the_same_or_not_at_all(lines: list[tuple[str, ...]]) -> None:
    agree("\n".join("".join(parts) for parts in lines) + "\n")


@pytest.mark.parametrize("text", ["- _: None\n- _: \t\n", "key: \t\n", "key: x # a\tb\n", "a:\n  b: 1\t\n"])
def test_a_tab_cut_off_by_the_strip_or_a_comment_is_left_to_pyyaml(text: str) -> None:
    """Found by the property test above (CI, 600 examples): a trailing tab was stripped before the
    tab check, so the subset read `key: <tab>` as null where PyYAML refuses the document."""
    assert load(text) is None


EXAMPLES = [
    "timezone: Asia/Bangkok\ntranscripts: []\n",
    "transcripts: []\ncontext: {max_items: 2}\n",
    "transcripts:\n  - format: claude-code\n    path: ~/.claude/projects\n    subagents: false\n"
    "  - format: openclaw\n    path: ~/.openclaw/agents\n    chat_types: [direct]\n",
    "transcripts:\n- format: codex\n  path: ~/.codex/sessions\nexclude_sessions: [\"cron:*\", \"hook:*\"]\n",
    "llm:\n  base_url: http://localhost:11434/v1   # ollama\n  model: qwen2.5:7b-instruct\n  timeout_s: 60.5\n",
    "context:\n  profiles:\n    vote:\n      budget: 300\n      layers: [profile, hints]\n"
    "    recap: {max_items: 5, episodes: 5}\n",
    "# only comments\n\n# here\n",
    "core:\n  session_idle: 2h\n  multi_valued:\n    - user.languages\n",
]


def test_the_configurations_memjobs_documents_are_in_the_subset() -> None:
    for text in EXAMPLES:
        assert agree(text), text
    for text in ("a: yes\n", "a: 2026-11-20\n", "a: |\n  x\n", "a: &x 1\nb: *x\n", "a: 1\na: 2\n", "a: 0x1F\n",
                 "a: 'it''s'\n", 'a: "tab\\t"\n', "a:\n  b\n  c\n"):
        assert load(text) is None, text                   # PyYAML reads these


def test_memjobs_context_starts_without_pyyaml_nor_dataclass_signatures(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0        # set-up in process: the start-up measured is the next one
    (ws / "memjobs.yaml").write_text(EXAMPLES[2] + "context:\n  budget: 1500\n", encoding="utf-8")
    code = ("import sys, runpy; sys.argv = ['memjobs', '--workspace', sys.argv[1], 'context', '--json']\n"
            "try:\n    runpy.run_module('jobs', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "import dataclasses\n"
            "bare = [f'{m.__name__}.{k}' for m in list(sys.modules.values()) if m.__name__.split('.')[0] in "
            "('memory_store', 'jobs') for k, v in vars(m).items() if dataclasses.is_dataclass(v) and "
            "isinstance(v, type) and v.__module__ == m.__name__ and (v.__doc__ or '').startswith(k + '(')]\n"
            "sys.stderr.write('BARE=%s YAML_LOADED=%s' % (sorted(bare), 'yaml' in sys.modules))\n")
    p = subprocess.run([sys.executable, "-c", code, str(ws)], cwd=REPO, capture_output=True, text=True, timeout=60)
    # a dataclass without a docstring costs an inspect.signature call at import (dataclasses makes one)
    assert '"budget": 1500' in p.stdout and p.stderr.endswith("BARE=[] YAML_LOADED=False"), p.stderr


SPECIAL = {"yes", "no", "on", "off", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF", "true", "false", "True",
           "False", "TRUE", "FALSE", "null", "Null", "NULL", "~"}
WORDS = st.from_regex(r"[a-zA-Z/~][a-zA-Z0-9_./~-]{0,10}", fullmatch=True).filter(lambda w: w not in SPECIAL)
NAMES = KEYS.filter(lambda k: k[0].isalpha() and k not in SPECIAL)
PLAIN = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | WORDS,
                     lambda inner: st.lists(inner, min_size=1, max_size=3)
                     | st.dictionaries(NAMES, inner, min_size=1, max_size=3),
                     max_leaves=10)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(NAMES, PLAIN, min_size=1, max_size=6), st.sampled_from([2, 4]))
def test_plain_configurations_in_block_style_are_always_read(doc: dict[str, Any], indent: int) -> None:
    """Not only agreement: on plain words, numbers and booleans the subset always answers."""
    assert agree(yaml.safe_dump(doc, default_flow_style=False, indent=indent)), doc
