"""The director's side: tournaments as event streams, their rounds and results."""
