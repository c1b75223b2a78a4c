"""`tourney serve`: the web application of a club night.

Phones at the tables record through the scorer's desk (the table page), the director runs
the night through the director's desk (the director page), a TV in the hall shows the
pairings and standings as events land (the wall display), and the public pages are the
static site's own templates. The handlers here only translate between HTTP and the desks:
no rule, no projection, no fold is written in this package.

Nothing here is imported by `tourney.cli.app`: the web libraries load only for `serve`.
"""
