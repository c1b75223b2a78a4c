"""Who sits where: pairing a round, tables and seats, round 1 by lot, round-robin schedules."""
