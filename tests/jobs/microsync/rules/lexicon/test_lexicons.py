"""A language of the rule extractor is one lexicon file (jobs/microsync/rules/lexicon/).

Pins: what a language must provide (every field of `lexicon.model`, each a tuple of regex
alternatives that compile; the core roles non-empty in every language), and that the rule modules
hold no phrase of their own: no Thai or Han character and no English word pattern (`\\bword`) in a
string of a rules module outside the lexicon files.
"""
from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from jobs.microsync.rules import lexicon
from jobs.microsync.rules.lexicon import en, model, th, zh
from tests.conftest import REPO

RULES = REPO / "jobs" / "microsync" / "rules"
LANGUAGE_FILES = {RULES / "lexicon" / f"{code}.py" for code in ("en", "th", "zh")}

# The roles every language must fill: without them a language's users get no entries at all.
REQUIRED_EVERYWHERE = (
    "kinds.remember", "kinds.preference", "kinds.procedure", "kinds.step", "kinds.constraint", "kinds.rule",
    "kinds.decision", "kinds.decided", "kinds.arch_explicit", "kinds.arch_change", "kinds.arch_component",
)


# Patterns of machine text, the same in every language (log levels, stack-trace frames): not phrases.
MACHINE_FORMATS = {("text.py", "_LOG_LINE"), ("text.py", "_TRACE_LINE")}

_SCRIPT = re.compile(r"[\u0E01-\u0E3A\u0E40-\u0E5B\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]")
# an English cue written in a rules module: "\bevery", "\b(?:and", "(?:it|this|that)"
_ENGLISH_WORD = re.compile(r"\\b(?:\(\?:)?[A-Za-z]{2,}|(?:\(\?:|\|)[A-Za-z' ]{2,}[|)]")


def _fields(cls: type, prefix: str = "") -> list[str]:
    out = []
    for f in dataclasses.fields(cls):
        family = getattr(model, str(f.type), None)   # annotations are strings (postponed evaluation)
        if isinstance(family, type) and dataclasses.is_dataclass(family):
            out += _fields(family, f"{prefix}{f.name}.")
        elif f.name != "code":
            out.append(prefix + f.name)
    return out


def _get(lx: model.Lexicon, path: str) -> object:
    value: object = lx
    for part in path.split("."):
        value = getattr(value, part)
    return value


FIELDS = _fields(model.Lexicon)


def test_the_field_list_is_what_the_model_declares() -> None:
    assert "kinds.remember" in FIELDS and len(FIELDS) == len(set(FIELDS))
    assert set(REQUIRED_EVERYWHERE) <= set(FIELDS)


@pytest.mark.parametrize("lx", lexicon.LEXICONS, ids=lambda lx: lx.code)
def test_a_language_provides_every_field_as_compiling_alternatives(lx: model.Lexicon) -> None:
    for path in FIELDS:
        value = _get(lx, path)
        assert isinstance(value, tuple), f"{lx.code}: {path} is not a tuple of phrases"
        for alt in value:
            assert isinstance(alt, str), f"{lx.code}: {path} holds {alt!r}"
            re.compile(alt, re.I)
    missing = [p for p in REQUIRED_EVERYWHERE if not _get(lx, p)]
    assert missing == [], f"{lx.code} has no phrases for {missing}"


def test_the_languages_are_the_files_and_in_a_fixed_order() -> None:
    assert [lx.code for lx in lexicon.LEXICONS] == ["en", "th", "zh"]
    assert lexicon.LEXICONS == (en.LEXICON, th.LEXICON, zh.LEXICON)
    assert {p.stem for p in (RULES / "lexicon").glob("*.py")} == {"__init__", "model", "en", "th", "zh"}


def test_a_lexicon_missing_a_field_cannot_be_built() -> None:
    kinds = {f.name: () for f in dataclasses.fields(model.Kinds)}
    kinds.pop("remember")
    with pytest.raises(TypeError, match="remember"):
        model.Kinds(**kinds)  # type: ignore[call-arg]


def test_a_cue_joins_every_language_in_order() -> None:
    joined = lexicon.phrases(lambda lx: lx.kinds.remember)
    assert joined == en.LEXICON.kinds.remember + th.LEXICON.kinds.remember + zh.LEXICON.kinds.remember
    assert lexicon.REMEMBER.search("จำไว้ว่า deploy วันศุกร์") is not None
    assert lexicon.REMEMBER.search("记住：周五不发版") is not None
    assert lexicon.REMEMBER.search("keep in mind the build is slow") is not None


def _strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of a module except docstrings and the patterns of `MACHINE_FORMATS`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and (path.name, t.id) in MACHINE_FORMATS
                                                for t in node.targets):
            skip |= {id(n) for n in ast.walk(node.value)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip]


def _phrases_in(path: Path) -> list[str]:
    return [f"{path.name}:{line}: {s[:60]!r}" for line, s in _strings(path)
            if _SCRIPT.search(s) or _ENGLISH_WORD.search(s)]


def test_the_phrase_finder_finds_phrases() -> None:
    assert _SCRIPT.search("ทุกครั้ง") and _SCRIPT.search("每次") and _ENGLISH_WORD.search(r"\bevery\b")
    assert _ENGLISH_WORD.search(r"^(?:it|this|that)$") and _ENGLISH_WORD.search(r"(?:ok|yes)")
    assert not _SCRIPT.search("฿ → ？") and not _ENGLISH_WORD.search(r"(?<![\w.-])\d\b")
    assert not _ENGLISH_WORD.search(r"[A-Za-z][\w.+#/-]+") and not _ENGLISH_WORD.search("Decision")


def test_no_rules_module_holds_a_phrase_of_its_own() -> None:
    assert all((RULES / name).is_file() for name, _ in MACHINE_FORMATS)
    modules = [p for p in sorted(RULES.rglob("*.py")) if p not in LANGUAGE_FILES]
    assert len(modules) > 20
    found = [hit for p in modules for hit in _phrases_in(p)]
    assert found == [], "phrases belong in jobs/microsync/rules/lexicon/{en,th,zh}.py:\n" + "\n".join(found)


def test_a_phrase_written_in_a_rules_module_is_found(tmp_path: Path) -> None:
    module = tmp_path / "stray.py"
    module.write_text('"""ไม่ใช่ docstring ที่นับ"""\nimport re\n\nA = re.compile(r"ทุกครั้ง")\n'
                      'B = re.compile(r"\\bevery\\b")\nC = re.compile(r"[a-z]+\\d")\n', encoding="utf-8")
    assert [hit.split(":")[1] for hit in _phrases_in(module)] == ["4", "5"]


# The extractor's layers, lowest first (jobs/microsync/rules/__init__.py): a module imports only
# from its own layer or the layers below it.
LAYERS = {
    "text": {"cues", "memo", "text"},
    "lexicon": {"lexicon", "lexicon.model", "lexicon.en", "lexicon.th", "lexicon.zh"},
    "sentence": {"advice", "item", "classify", "clauses", "complaints", "conventions", "facts", "fields", "lists",
                 "oneoff", "scope", "settled", "stance", "structure", "thchoice", "topology"},
    "dialogue": {"acts", "answers", "choices", "corrections", "earlier", "labelpick", "proposals", "replies", "rules"},
}
_ORDER = {"text": 0, "lexicon": 0, "sentence": 1, "dialogue": 2}   # text and lexicons read each other's words


def _imports_of(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("jobs.microsync.rules"):
            base = (node.module or "").removeprefix("jobs.microsync.rules").lstrip(".")
            out |= {base} if base else {a.name for a in node.names}
    return out


def test_every_rules_module_has_a_layer_and_imports_no_higher_one() -> None:
    layer_of = {m: layer for layer, ms in LAYERS.items() for m in ms}
    modules = {p.relative_to(RULES).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__"): p
               for p in RULES.rglob("*.py") if p.name != "__init__.py" or p.parent != RULES}
    assert set(modules) == set(layer_of), "give every module of jobs/microsync/rules/ a layer in LAYERS"
    upward = [f"{m} ({layer_of[m]}) imports {t} ({layer_of[t]})" for m, p in modules.items()
              for t in _imports_of(p) if t in layer_of and _ORDER[layer_of[t]] > _ORDER[layer_of[m]]]
    assert upward == []
