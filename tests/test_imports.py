"""Import boundaries (docs/style.md §3, docs/design.md §7)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

PURE_MODULES = ("entries.py", "markdown.py", "markdown_write.py", "memory_md.py", "validate.py", "archive_format.py",
                "wrapup_format.py")
IO_MODULES = {"os", "io", "pathlib", "socket", "sqlite3", "urllib.request", "http", "subprocess", "shutil", "tempfile",
              "openai", "requests", "httpx", "memory_store.fileio", "memory_store.search", "jobs"}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_memory_store_imports_nothing_from_jobs():
    offenders = [
        f"{p.relative_to(REPO)} imports {name}"
        for p in sorted((REPO / "memory_store").rglob("*.py"))
        for name in _imports(p)
        if name == "jobs" or name.startswith("jobs.")
    ]
    assert offenders == []


def test_parser_modules_import_no_file_or_network_module():
    offenders = []
    for name in PURE_MODULES:
        p = REPO / "memory_store" / name
        if not p.exists():
            continue
        for imp in _imports(p):
            if any(imp == bad or imp.startswith(bad + ".") for bad in IO_MODULES):
                offenders.append(f"{name} imports {imp}")
    assert offenders == []


def _modules_after(args: list[str]) -> set[str]:
    code = (
        "import sys\n"
        "from jobs.entry import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    return set(p.stderr.split())


def test_help_does_not_import_heavy_packages():
    mods = _modules_after(["--help"])
    assert "jobs.cli" in mods  # the check itself works
    for heavy in ("openai", "apscheduler", "mcp"):
        assert heavy not in mods, f"memjobs --help imports {heavy}"
