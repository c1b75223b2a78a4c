"""Pairing notes: as data, their sentences and words, and the upcaster of old English notes."""
