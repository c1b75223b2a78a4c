"""Run every benchmark in turn."""

from __future__ import annotations

from bench import pairing_bench

if __name__ == "__main__":
    pairing_bench.main()
