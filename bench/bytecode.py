"""Bytecode for tourney's modules before a benchmark starts `tourney` processes.

An installed wheel carries its modules compiled; a checkout's editable install writes them
on first import -- unless ``PYTHONDONTWRITEBYTECODE`` is set (it is on the project's
machines), when every module edited since the last compile is compiled from source again
by every process: tens of milliseconds a command, measured as if they were tourney's. The
benchmarks that time processes compile first, as ``make`` does after installing.
"""

from __future__ import annotations

import compileall
from pathlib import Path

import tourney


def fresh_bytecode() -> None:
    """Compile every tourney module whose bytecode is missing or older than its source."""
    compileall.compile_dir(Path(tourney.__file__).parent, quiet=1)
