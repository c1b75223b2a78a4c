"""Benchmarks: `python -m bench.store_bench` for the event store."""
