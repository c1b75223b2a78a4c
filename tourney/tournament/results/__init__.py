"""Results: rulings, the story of a result, correcting a round, conduct's decisions."""
