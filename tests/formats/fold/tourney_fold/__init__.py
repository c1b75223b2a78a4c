"""Fold, a club's tournament format for tourney, with its own catalog (`locale/`)."""
