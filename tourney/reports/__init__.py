"""Reports: what the director prints and pins on the wall, and what players read on phones.

Each module builds the context of one report from pure values (a `TournamentState`, replayed
engine `Match`es, their events and integrity hashes); `render` turns a context into text with
the Jinja templates; `publish` writes the whole static site. Nothing here reads a database.
"""
