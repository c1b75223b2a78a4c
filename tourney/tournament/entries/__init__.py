"""Entries: registering players, withdrawals, partnerships, player lists as CSV."""
