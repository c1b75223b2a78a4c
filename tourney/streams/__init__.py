"""Streams by name, between the store and what reads it: match streams (their names, which of
their events are in force, the games' upcasters: `matches`), tournaments by slug
(`tournaments`) and table codes like ``T3`` (`tables`)."""
