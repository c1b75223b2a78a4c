"""The room's decisions on the night: the round clock, check-in at the door, draft pairings."""
