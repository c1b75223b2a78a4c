"""Test factories: whole tournaments and matches built by bots, for the tests and benchmarks
(not shipped in the package)."""
