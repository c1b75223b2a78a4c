"""The club's season, across tournaments: the roster of people (`roster`), the league tables
of series of nights (`series`) and the OpenSkill ratings (`ratings`).

Pure, like the tournament core: what is folded is given (stored events, tournament
states), never read. The director's side (`tourney.director.season`) reads the streams.
"""
