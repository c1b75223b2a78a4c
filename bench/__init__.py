"""Benchmarks: `python -m bench` runs them all, `python -m bench.NAME` one of them."""
