"""Run every benchmark module of this folder (``*_bench.py``), one after the other."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import bench


def main() -> int:
    names = sorted(
        m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.endswith("_bench")
    )
    wanted = set(sys.argv[1:])
    argv = sys.argv
    for name in names:
        if wanted and name not in wanted:
            continue
        print(f"== bench.{name}", flush=True)
        module = importlib.import_module(f"bench.{name}")
        sys.argv = [f"bench.{name}"]  # each benchmark runs with its own defaults
        module.main()
        print(flush=True)
    sys.argv = argv
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
