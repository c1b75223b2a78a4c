"""Policies: reactions to events in one stream that append events to another, run by the
projector's catch-up in the same transaction as their checkpoint (see
`tourney.store.projector`)."""
