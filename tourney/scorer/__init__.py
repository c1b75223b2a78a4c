"""Recording a physical table: match streams in the event store, the scorer's desk (read,
decide, append with optimistic concurrency), what it shows, and the interactive console."""
