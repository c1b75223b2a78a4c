"""Dealing the unseen pieces so that every constraint the play showed holds: each slot
(a piece a player holds unseen) may take only some of the shuffled pieces (a player who
passed holds no tile showing an open value; one who showed out of a suit holds none of it).

`fill` gives each slot a piece: in turn, the first free one it may take (the pieces are
shuffled, so a random one); only when none is free does a slot take one from an earlier
slot that can move to another (an augmenting path, as in Kuhn's bipartite matching). So a
deal is found whenever one exists, however the slots compete, and the choice is the plain
greedy one whenever that succeeds. A greedy fill alone, retried on fresh shuffles, can miss
a deal that exists, and then takes a real record to be impossible."""

from __future__ import annotations

from collections.abc import Sequence


def fill(fits: Sequence[Sequence[int]], pieces: int) -> list[int] | None:
    """For each slot, given the pieces (indices below ``pieces``, in shuffled order) it may
    take, the index it takes; None if no choice fills every slot."""
    owner = [-1] * pieces

    def augment(slot: int, seen: set[int]) -> bool:
        for i in fits[slot]:
            if i not in seen:
                seen.add(i)
                if owner[i] < 0 or augment(owner[i], seen):
                    owner[i] = slot
                    return True
        return False

    for slot, allowed in enumerate(fits):
        free = next((i for i in allowed if owner[i] < 0), -1)
        if free >= 0:
            owner[free] = slot
        elif not augment(slot, set()):
            return None
    chosen = [0] * len(fits)
    for i, slot in enumerate(owner):
        if slot >= 0:
            chosen[slot] = i
    return chosen
