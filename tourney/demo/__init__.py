"""The demo: a club night played by bots through the same desks a director and the scorers
use (`tourney demo`)."""
