"""The house rules stay true (docs/style.md §3): no module loaded by string name, no import cycle
inside `memory_store` or between `jobs` packages, and mypy clean on `memory_store` and `jobs` — mypy
runs beside the suite in the README's test command, which CI (`.ci/run`) runs exactly; and the
tests mirror the packages (tests/memory_store/…, tests/jobs/<package>/…)."""
from __future__ import annotations

import ast
import functools
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from tests.conftest import REPO

TOPS = ("memory_store", "jobs")
# Calls that load code by a name computed at run time.
STRING_LOADERS = {"import_module", "__import__", "spec_from_file_location", "module_from_spec", "load_module"}


@functools.cache
def _walked(path: Path) -> tuple[list[ast.Import | ast.ImportFrom], list[tuple[int, str]]]:
    """A module parsed and walked once for the three tests below that read every module: its import
    statements, and its calls of a STRING_LOADERS name (line, name)."""
    imports: list[ast.Import | ast.ImportFrom] = []
    loaders: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.append(node)
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in STRING_LOADERS:
                loaders.append((node.lineno, name))
    return imports, loaders


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for top in TOPS:
        for p in (REPO / top).rglob("*.py"):
            parts = list(p.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = p
    return out


def _imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """Every module of the repository that `module` imports, anywhere in its body (an import inside
    a function is still a dependency), except its own ancestor packages (always loaded first)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in _walked(path)[0]:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module and not module.startswith(name + "."):
                yield name


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


@functools.cache
def _graph() -> dict[str, frozenset[str]]:
    known = _modules()
    return {m: frozenset(_imported(m, p, known)) for m, p in known.items()}


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_inside_memory_store() -> None:
    graph = {m: {t for t in ts if t.startswith("memory_store")}
             for m, ts in _graph().items() if m.startswith("memory_store")}
    assert _cycles(graph) == []


def test_no_import_cycle_between_jobs_packages_nor_inside_one() -> None:
    graph = _graph()
    modules = {m: {t for t in ts if t.startswith("jobs")} for m, ts in graph.items() if m.startswith("jobs")}
    assert _cycles(modules) == []

    def package(m: str) -> str:
        return ".".join(m.split(".")[:2])

    packages: dict[str, set[str]] = {}
    for m, ts in modules.items():
        packages.setdefault(package(m), set()).update(package(t) for t in ts if package(t) != package(m))
    assert _cycles(packages) == []


def test_no_module_is_loaded_by_string_name() -> None:
    offenders = []
    for top in (*TOPS, "scripts"):
        for p in sorted((REPO / top).rglob("*.py")):
            offenders += [f"{p.relative_to(REPO)}:{line}: {name}" for line, name in _walked(p)[1]]
    assert offenders == []


def _readme_test_command() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    commands = [c for c in re.findall(r"^python3 -m venv .*$", readme, re.M) if "[test]" in c]
    assert len(commands) == 1, commands
    return commands[0]


def test_ci_runs_the_readmes_test_command_and_it_runs_mypy() -> None:
    """mypy is not a test (a cold run costs about a minute of CPU): the README's test command runs
    it after pytest, over `[tool.mypy] files` (memory_store and jobs), and `.ci/run` runs exactly
    that command with `|| exit $?`: `set -e` does not stop at a failure inside an && list, so without
    it a failing pytest went on to newcomer.sh, which passed, and CI passed (run below in bash)."""
    command = _readme_test_command()
    assert re.search(r"&& \.venv/bin/pytest && \.venv/bin/mypy$", command), command
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "set -euo pipefail" in ci
    assert f"{command} || exit $?" in ci.splitlines()
    # what the suffix is for: the same shape with a failing middle command ends the script
    shape = "set -euo pipefail\ntrue && false && true{}\necho went-on\n"
    went_on = subprocess.run(["bash", "-c", shape.format("")], capture_output=True, text=True)
    stopped = subprocess.run(["bash", "-c", shape.format(" || exit $?")], capture_output=True, text=True)
    assert (went_on.returncode, went_on.stdout) == (0, "went-on\n")
    assert (stopped.returncode, stopped.stdout) == (1, "")
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^files = \["memory_store", "jobs"\]$', pyproject, re.M)


# Test files about the whole product rather than one package: the only ones at the top of tests/.
TOP_LEVEL_TESTS = {
    "test_house.py": "the house rules (cycles, string loaders, CI's command, where tests sit)",
    "test_style.py": "ruff over the repository",
    "test_citations.py": "citations in every folder stay inside the repository",
    "test_imports.py": "memory_store never imports jobs; pure modules do no IO",
    "test_chaos.py": "the reliability suite's faults over every job",
    "test_secrets.py": "a secret stays out of every command's output and every file",
    "test_secret_doors.py": "the secret catalogue stays out of every command and run",
    "test_property_budget.py": "the property tests' example counts under each profile (tests/conftest.py)",
}


def misplaced_tests(tests: Path, repo: Path) -> list[str]:
    """Test files not where the package they test is: tests/<path>/ must mirror a package
    <path> of `memory_store` or `jobs` (a folder with an __init__.py there and here); at the top
    of tests/ only TOP_LEVEL_TESTS."""
    wrong = []
    for p in sorted(tests.rglob("test_*.py")):
        rel = PurePosixPath(p.relative_to(tests).as_posix())
        if rel.parts[0] in ("fixtures", "golden"):
            continue
        folder = rel.parent
        if folder == PurePosixPath("."):
            if rel.name not in TOP_LEVEL_TESTS:
                wrong.append(f"tests/{rel}: move it to the folder of the package it tests, e.g. "
                             "tests/memory_store/search/ or tests/jobs/weekly/")
        elif folder.parts[0] not in TOPS or not (repo / folder / "__init__.py").is_file():
            wrong.append(f"tests/{rel}: {folder} is not a package of memory_store or jobs")
        elif not all((tests / Path(*folder.parts[:i]) / "__init__.py").is_file()
                     for i in range(1, len(folder.parts) + 1)):
            wrong.append(f"tests/{rel}: a folder on its way has no __init__.py (needed for unique module names)")
    return wrong


def test_tests_mirror_the_packages() -> None:
    assert misplaced_tests(REPO / "tests", REPO) == []


def test_a_misplaced_test_is_named(tmp_path: Path) -> None:
    repo, tests = tmp_path, tmp_path / "tests"
    for folder in ("memory_store/search", "jobs/weekly"):
        for base in (repo, tests):
            for i in range(1, 3):
                (base / Path(*folder.split("/")[:i])).mkdir(parents=True, exist_ok=True)
                (base / Path(*folder.split("/")[:i]) / "__init__.py").touch()
    for rel in ("test_house.py", "memory_store/search/test_ok.py", "jobs/weekly/test_ok.py",
                "test_loose.py", "jobs/nojob/test_x.py", "scripts/test_y.py", "fixtures/test_data.py"):
        (tests / rel).parent.mkdir(parents=True, exist_ok=True)
        (tests / rel).touch()
    (tests / "jobs" / "weekly" / "deeper").mkdir()
    (repo / "jobs" / "weekly" / "deeper").mkdir()
    (repo / "jobs" / "weekly" / "deeper" / "__init__.py").touch()
    (tests / "jobs" / "weekly" / "deeper" / "test_z.py").touch()
    assert [w.split(":")[0] for w in misplaced_tests(tests, repo)] == [
        "tests/jobs/nojob/test_x.py", "tests/jobs/weekly/deeper/test_z.py", "tests/scripts/test_y.py",
        "tests/test_loose.py"]
