"""What `make test`'s pytest part costs: wall time and CPU (user + sys of pytest, its workers
and every process they start), with the load before and after (issue 33: <= 150 s CPU,
<= 4 min wall on a quiet machine).

Not a `*_bench` module: `python -m bench` does not run it (it runs the suite). Run it alone:

    .venv/bin/python -m bench.suite_cost                 # as `make test` runs pytest
    .venv/bin/python -m bench.suite_cost --as-before     # full examples, no rewrite cache
    .venv/bin/python -m bench.suite_cost --collect-only  # collecting alone, both ways

`--as-before` runs the suite as `make test` did before the profile `quick` and the kept
rewritten modules (Makefile): Hypothesis' default profile, PYTHONDONTWRITEBYTECODE as the
caller's environment has it, and none of pytest's rewritten modules kept from an earlier
run (pytest reads them even where it may not write them): they are removed first
(`*-pytest-*.pyc` below tests/ and the venv; the next `make test` writes them again).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(args: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + sys of every child reaped), exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *args], env=env, stdout=subprocess.DEVNULL, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def forget_rewritten() -> None:
    """Remove pytest's rewritten modules, as where none was ever written."""
    for root in (Path(__file__).resolve().parent.parent / "tests", Path(sys.prefix)):
        for cached in root.rglob("*-pytest-*.pyc"):
            cached.unlink()


def environment(as_before: bool) -> dict[str, str]:
    if as_before:
        forget_rewritten()
    env = dict(os.environ)
    if not as_before:  # what the Makefile's `pytest` target exports
        env["PYTHONDONTWRITEBYTECODE"] = ""
        env.setdefault("HYPOTHESIS_PROFILE", "quick")
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--as-before", action="store_true")
    parser.add_argument("--collect-only", action="store_true")
    parser.add_argument("--workers", default="auto", help="pytest -n (make test: auto)")
    parser.add_argument("--runs", type=int, default=1)
    options = parser.parse_args()
    base = ["-q", "-p", "no:cacheprovider", "-m", "not slow"]
    if options.collect_only:
        for label, as_before in (("as before", True), ("as make test", False)):
            for _ in range(options.runs):
                load = _load()
                wall, cpu, _code = run([*base, "--collect-only"], environment(as_before))
                print(f"collect {label}: {wall:.1f} s wall, {cpu:.1f} s CPU (load {load})")
        return
    args = [*base, "-n", options.workers, "--dist", "worksteal"]
    label = "as before" if options.as_before else "as make test"
    for _ in range(options.runs):
        load = _load()
        wall, cpu, code = run(args, environment(options.as_before))
        print(
            f"pytest {label}: {wall:.1f} s wall, {cpu:.1f} s CPU, exit {code} "
            f"(load {load} before, {_load()} after)"
        )


if __name__ == "__main__":
    main()
