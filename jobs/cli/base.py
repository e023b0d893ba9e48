"""What every command shares: the Typer app, the global options, the one configuration object,
and the turning of our exceptions into one `Error: …` line with the documented exit code.

Heavy imports (openai, apscheduler, mcp) happen only inside the commands that need them.
"""


import functools
import json
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from jobs.cli.logsetup import LogLevel, setup_logging
from memory_store.errors import MemjobsError

app = typer.Typer(
    name="memjobs",
    help="Long-term memory for AI agents as plain markdown, kept good by scheduled jobs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

F = TypeVar("F", bound=Callable[..., Any])


class Job(StrEnum):
    microsync = "microsync"
    daily = "daily"
    weekly = "weekly"


class _State:
    workspace: Path | None = None
    config_file: Path | None = None
    _cfg: Any = None

    def cfg(self) -> Any:
        """The one configuration object, read once (docs/style.md §2), of a folder that is a
        workspace (anything else is refused before a byte is read or created)."""
        if self._cfg is None:
            from memory_store.config import load_config
            from memory_store.workspace import require_workspace, workspace_root

            require_workspace(workspace_root(self.workspace), self.config_file)
            self._cfg = load_config(self.workspace, self.config_file)
        return self._cfg


STATE = _State()


def memjobs_invocation() -> str:
    """How the user can start memjobs from a shell: `memjobs` when that name on PATH is this
    program, else this program's absolute path (a venv's bin/ that is not on PATH), else `python -m jobs`."""
    import shlex
    import shutil

    argv0 = Path(sys.argv[0])
    on_path = shutil.which("memjobs")
    if argv0.name == "memjobs" and argv0.exists():
        if on_path and Path(on_path).resolve() == argv0.resolve():
            return "memjobs"
        return shlex.quote(str(argv0.resolve()))
    if on_path:
        return "memjobs"
    return f"{shlex.quote(sys.executable)} -m jobs"


def version_text() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"memjobs {version('memjobs')}"
    except PackageNotFoundError:
        return "memjobs (version unknown: not installed)"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit(0)


def expected_errors(fn: F) -> F:
    """No traceback for an expected error: one line and the documented exit code."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except MemjobsError as exc:
            typer.echo(f"Error: {_safe(str(exc))}", err=True)
            raise typer.Exit(exc.exit_code) from None

    return wrapper  # type: ignore[return-value]


def _safe(text: str) -> str:
    from memory_store.redact import redact

    return redact(text)


def echo_json(obj: Any) -> None:
    typer.echo(_safe(json.dumps(obj, ensure_ascii=False, indent=2)))


def echo_safe(text: str) -> None:
    """Print `text` redacted: for output that may carry configured values (a `base_url` with a
    password in it) or transcript text."""
    typer.echo(_safe(text))


@app.callback()
def main(
    workspace: Annotated[
        Path | None,
        typer.Option(
            "--workspace", "-w", envvar="MEMJOBS_WORKSPACE", help="The agent's workspace (default: the current folder)."
        ),
    ] = None,
    config: Annotated[
        Path | None, typer.Option("--config", help="A memjobs.yaml to use instead of <workspace>/memjobs.yaml.")
    ] = None,
    log_level: Annotated[
        LogLevel, typer.Option("--log-level", help="Log messages from this level up to stderr.")
    ] = LogLevel.warning,
    version: Annotated[
        bool, typer.Option("--version", is_eager=True, callback=_print_version, help="Print the version and exit.")
    ] = False,
) -> None:
    """memjobs keeps an agent's MEMORY.md, daily decision logs and wrap-ups good by itself.
    Global options may also follow the command (`memjobs run microsync --workspace ~/ws`)."""
    STATE.workspace = workspace
    STATE.config_file = config
    STATE._cfg = None
    setup_logging(log_level.value)
