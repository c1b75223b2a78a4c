"""The event store: append-only streams in SQLite or PostgreSQL, and the projections built
from them. Generic: it stores `(stream_id, type, payload, metadata)` and never imports the
rules engine (the match projection reaches it only when that projection is loaded)."""
