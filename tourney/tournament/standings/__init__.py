"""Standings: match points, tie-breaks (unplayed rounds), prizes, match points round by round."""
