"""Tournaments: the pure core of formats, pairing, seating and standings.

Nothing here touches a database, a terminal or a file: events come in, state is folded,
`decide_*` functions return new events or raise `TournamentError`.
"""
