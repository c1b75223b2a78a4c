"""What the room, the door, conduct and groups add to the stream, and what it folds to."""
