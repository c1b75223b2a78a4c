"""The club roster: the people the club knows across nights, kept in the stream ``roster``.

Its events: a person was registered (`PersonRegistered`, an id ``P1``, ``P2``... and a
name), renamed (`PersonRenamed`), merged into another (`PersonsMerged`: two identities that
were one person), and a tournament's entry was linked to a person (`EntryLinked`).

Who an entry is (`club`): the person its link names (through any merges); an entry with no
link is joined by name, as names are compared everywhere (`tourney.names.fold`), to the one
person of that name; an entry whose name no person has is a person of its own, *derived*
from the entries of that name (so a database from before the roster has a roster already,
with nothing to migrate: same name, same person, reported as a join). Every write to a
derived person first registers it and links its entries (`materialize`), so that renaming
it, or registering another person of the same name, never moves an entry.

Pure: the roster's events and the tournaments' entries are given, never read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from tourney.errors import TourneyError, printable
from tourney.i18n import _, ngettext
from tourney.names import fold, near

if TYPE_CHECKING:
    from tourney.tournament.state import TournamentState

ROSTER_STREAM = "roster"


@dataclass(frozen=True)
class PersonRegistered:
    """A person joined the club roster."""

    type: ClassVar[str] = "person_registered"
    person_id: str
    name: str

    def to_payload(self) -> dict[str, Any]:
        return {"person_id": self.person_id, "name": self.name}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PersonRegistered:
        return cls(str(payload["person_id"]), str(payload["name"]))


@dataclass(frozen=True)
class PersonRenamed:
    """A person's name as the club prints it changed (their entries keep theirs)."""

    type: ClassVar[str] = "person_renamed"
    person_id: str
    name: str

    def to_payload(self) -> dict[str, Any]:
        return {"person_id": self.person_id, "name": self.name}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PersonRenamed:
        return cls(str(payload["person_id"]), str(payload["name"]))


@dataclass(frozen=True)
class PersonsMerged:
    """`merged` was `person_id` all along: everything of `merged` counts for `person_id`."""

    type: ClassVar[str] = "persons_merged"
    person_id: str
    merged: str

    def to_payload(self) -> dict[str, Any]:
        return {"person_id": self.person_id, "merged": self.merged}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PersonsMerged:
        return cls(str(payload["person_id"]), str(payload["merged"]))


@dataclass(frozen=True)
class EntryLinked:
    """A tournament's player (`tournament` slug, `player_id`) is this person."""

    type: ClassVar[str] = "entry_linked"
    tournament: str
    player_id: str
    person_id: str

    def to_payload(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament,
            "player_id": self.player_id,
            "person_id": self.person_id,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> EntryLinked:
        return cls(str(payload["tournament"]), str(payload["player_id"]), str(payload["person_id"]))


RosterEvent: TypeAlias = PersonRegistered | PersonRenamed | PersonsMerged | EntryLinked

ROSTER_EVENT_TYPES: dict[str, type[RosterEvent]] = {
    cls.type: cls for cls in (PersonRegistered, PersonRenamed, PersonsMerged, EntryLinked)
}


def roster_event(type_name: str, payload: dict[str, Any]) -> RosterEvent:
    """Rebuild a stored roster event; raise `TourneyError` for a type it does not know."""
    try:
        cls = ROSTER_EVENT_TYPES[type_name]
    except KeyError:
        raise TourneyError(
            _("unknown roster event type {type_name!r}").format(type_name=type_name)
        ) from None
    return cls.from_payload(payload)


@dataclass(frozen=True)
class RosterState:
    """The roster's events folded: names by person id (in registration order), merges, and
    links by (tournament, player id)."""

    names: Mapping[str, str] = field(default_factory=dict)
    merged: Mapping[str, str] = field(default_factory=dict)
    links: Mapping[tuple[str, str], str] = field(default_factory=dict)

    def canonical(self, person_id: str) -> str:
        """The person `person_id` counts as, through every merge."""
        seen = {person_id}
        while person_id in self.merged:
            person_id = self.merged[person_id]
            if person_id in seen:  # never appended (decide_merge refuses it); never loop
                break
            seen.add(person_id)
        return person_id


def evolve_roster(state: RosterState, event: RosterEvent) -> RosterState:
    if isinstance(event, PersonRegistered | PersonRenamed):
        return replace(state, names={**state.names, event.person_id: event.name})
    if isinstance(event, PersonsMerged):
        return replace(state, merged={**state.merged, event.merged: event.person_id})
    key = (event.tournament, event.player_id)
    return replace(state, links={**state.links, key: event.person_id})


def fold_roster(events: Iterable[RosterEvent]) -> RosterState:
    state = RosterState()
    for event in events:
        state = evolve_roster(state, event)
    return state


@dataclass(frozen=True)
class Entry:
    """A tournament's player as the roster sees it."""

    tournament: str
    player_id: str
    name: str


def entries(slug: str, state: TournamentState) -> list[Entry]:
    """Tournament `slug`'s players (removed registrations left out) in registration order:
    what the season folds (`tourney.director.season.entries_of`) and what the ratings' read
    model keeps (`tourney.projections.standings_view`), in the same order."""
    players = sorted(state.players.values(), key=lambda p: p.order)
    return [Entry(slug, p.player_id, p.name) for p in players]


@dataclass
class Person:
    """Someone the club knows: a registered person (``P3``) or one derived from the entries
    of one name (key ``~`` + the folded name)."""

    key: str
    name: str
    registered: bool
    entries: list[Entry] = field(default_factory=list)

    @property
    def nights(self) -> list[str]:
        """The tournaments this person played in, in the order given."""
        return list(dict.fromkeys(entry.tournament for entry in self.entries))

    def label(self) -> str:
        nights = len(self.nights)
        key = self.key if self.registered else "not yet registered"
        return printable(f"{self.name} ({key}, {nights} night{'s' if nights != 1 else ''})")


@dataclass(frozen=True)
class Join:
    """Entries of one name joined into one person by name (no link named them)."""

    person: str
    name: str
    tournaments: tuple[str, ...]
    ambiguous: bool = False
    """The name is several registered people's: these entries are a person of their own."""


@dataclass
class Club:
    """The roster applied to the tournaments' entries: every person and whom each entry is."""

    roster: RosterState
    people: dict[str, Person]
    of: dict[tuple[str, str], str]
    joins: list[Join]

    def person_of(self, tournament: str, player_id: str) -> str:
        return self.of[(tournament, player_id)]

    def name_of(self, key: str) -> str:
        return self.people[key].name

    def find(self, who: str, ids: bool = True) -> list[str]:
        """The people `who` can mean: a person id (``P3``, any case; unless not `ids`), else
        everyone whose name (or the name of anyone merged into them) folds as `who` does."""
        wanted = who.strip()
        for key in self.people if ids else ():
            if key.casefold() == wanted.casefold():
                return [key]
        folded = fold(wanted)
        if not folded:
            return []
        found = [
            self.roster.canonical(pid)
            for pid, name in self.roster.names.items()
            if fold(name) == folded
        ]
        derived = "~" + folded
        if derived in self.people:
            found.append(derived)
        return list(dict.fromkeys(k for k in found if k in self.people))

    def near(self, who: str, tonight: str = "") -> list[str]:
        """The people of other nights than `tonight` whose name looks like `who` without
        folding the same (`names.near`): ``Anna Rossi`` for ``Anna Rosi``. Most nights
        first. (Look-alikes of one night are warned of where they register.)"""
        folded = fold(who)
        found = [
            key
            for key, person in self.people.items()
            if fold(person.name) != folded
            and (set(person.nights) - {tonight} or (person.registered and not person.entries))
            and near(person.name, who)
        ]
        return sorted(found, key=lambda key: -len(self.people[key].nights))

    def lookup(self, who: str) -> list[str]:
        """As `find`, else everyone whose name starts with `who` (folded): ``zoe`` finds
        Zoë Park. For naming someone in a command, never for linking an entry."""
        found = self.find(who)
        if found or not fold(who):
            return found
        return [k for k, p in self.people.items() if fold(p.name).startswith(fold(who))]

    def one(self, who: str) -> str:
        """The one person `who` means; refused in one line when none or several are."""
        found = self.lookup(who)
        if not found:
            raise TourneyError(
                _("no one called {who!r} in the club roster").format(who=printable(who))
            )
        if len(found) > 1:
            raise TourneyError(ambiguous(who, [self.people[k] for k in found]))
        return found[0]


def ambiguous(who: str, people: Sequence[Person]) -> str:
    listed = "; ".join(person.label() for person in people)
    return ngettext(
        "{name} is {count} people in the club roster: {listed}; name one by its id",
        "{name} is {count} people in the club roster: {listed}; name one by its id",
        len(people),
    ).format(name=repr(printable(who)), count=len(people), listed=listed)


def club(roster: RosterState, entries: Iterable[Entry]) -> Club:
    """Who every entry is, and every person the club knows (registered ones first, in
    registration order, then those derived from names, in the order first met)."""
    people: dict[str, Person] = {
        pid: Person(pid, name, True)
        for pid, name in roster.names.items()
        if pid not in roster.merged
    }
    by_name: dict[str, list[str]] = {}
    for pid, name in roster.names.items():
        by_name.setdefault(fold(name), []).append(roster.canonical(pid))
    of: dict[tuple[str, str], str] = {}
    joined: dict[str, list[str]] = {}
    folds: dict[str, str] = {}  # each name folded once: a season's nights repeat their names
    for entry in entries:
        link = roster.links.get((entry.tournament, entry.player_id))
        if link is not None and roster.canonical(link) in people:
            key = roster.canonical(link)
        else:  # never linked (or, in a hand-edited log, linked to no one registered)
            folded = folds.get(entry.name)
            if folded is None:
                folded = folds[entry.name] = fold(entry.name)
            named = list(dict.fromkeys(by_name.get(folded, ())))
            key = named[0] if len(named) == 1 else "~" + folded
            if key not in people:
                people[key] = Person(key, entry.name, False)
            joined.setdefault(key, []).append(entry.tournament)
        of[(entry.tournament, entry.player_id)] = key
        people[key].entries.append(entry)
    joins = [
        Join(
            key,
            people[key].name,
            tuple(dict.fromkeys(tournaments)),
            ambiguous=len(set(by_name.get(key[1:], ()))) > 1 if key.startswith("~") else False,
        )
        for key, tournaments in joined.items()
    ]
    return Club(roster, people, of, joins)


def _next_id(club: Club, taken: int) -> str:
    return f"P{len(club.roster.names) + taken + 1}"


def materialize(club: Club, key: str, taken: int = 0) -> tuple[list[RosterEvent], str]:
    """The events that make `key` a registered person (none if it is one) with all of its
    entries linked, and its id. `taken`: ids already handed out by the same decision."""
    person = club.people[key]
    if person.registered:
        return [], key
    new = _next_id(club, taken)
    events: list[RosterEvent] = [PersonRegistered(new, person.name)]
    events += [EntryLinked(e.tournament, e.player_id, new) for e in person.entries]
    return events, new


def decide_link(
    club: Club,
    entry: Entry,
    new: bool = False,
    person: str | None = None,
    *,
    ask_near: bool = False,
) -> tuple[list[RosterEvent], str]:
    """Link a new entry to the club's person: the one named (`person`, an id or name), the
    only one of its name, or a new person (`new`, or no one of that name). Returns the
    events and one line saying whom the entry was linked to. Refused when the name is
    several people's and neither `person` nor `new` says which; with `ask_near`, also
    when no one has the name but someone's looks like it (`Club.near`: a typing slip, or
    someone new?), until `person` or `new` says which."""
    if person is not None and new:
        raise TourneyError(_("give --same (--person) or --new, not both"))
    # By name only otherwise: a player called "P1" is not person P1.
    found = [club.one(person)] if person is not None else club.find(entry.name, ids=False)
    if ask_near and not new and not found:
        _refuse_near(club, entry)
    if new or not found:
        events: list[RosterEvent] = []
        for key in found:  # their entries stay theirs once the name is two people's
            more, _seen = materialize(club, key, _registered(events))
            events += more
        pid = _next_id(club, _registered(events))
        events += [
            PersonRegistered(pid, entry.name),
            EntryLinked(entry.tournament, entry.player_id, pid),
        ]
        if found:
            said = _("{name} joins the club roster as {id} (another person of that name).")
        else:
            said = _("{name} joins the club roster as {id}.")
        return events, said.format(name=entry.name, id=pid)
    if len(found) > 1:
        listed = "; ".join(club.people[k].label() for k in found)
        raise TourneyError(
            ngettext(
                "{name} is {count} people in the club roster: {listed}; "
                "say which with --person ID, or --new for someone else",
                "{name} is {count} people in the club roster: {listed}; "
                "say which with --person ID, or --new for someone else",
                len(found),
            ).format(name=repr(printable(entry.name)), count=len(found), listed=listed)
        )
    events, pid = materialize(club, found[0])
    events.append(EntryLinked(entry.tournament, entry.player_id, pid))
    known = club.people[found[0]]
    return events, printable(
        ngettext(
            "{name} is the club's {known} ({id}, {n} night before).",
            "{name} is the club's {known} ({id}, {n} nights before).",
            len(known.nights),
        ).format(name=entry.name, known=known.name, id=pid, n=len(known.nights))
    )


def _refuse_near(club: Club, entry: Entry) -> None:
    """Refuse, naming the club's people of other nights whose names look like the entry's
    and the two ways on (none: nothing to ask)."""
    import shlex

    name = entry.name
    close = club.near(name, entry.tournament)
    if not close:
        return
    listed = "; ".join(
        f"{p.name} ({p.key}, {_nights(p)})" if p.registered else f"{p.name} ({_nights(p)})"
        for p in (club.people[key] for key in close)
    )
    raise TourneyError(
        printable(
            _(
                "{name!r} is no one in the club roster but looks like {listed}: add "
                "--same {same} if they are one person, or --new for someone new"
            ).format(name=name, listed=listed, same=shlex.quote(club.people[close[0]].name))
        )
    )


def _nights(person: Person) -> str:
    count = len(person.nights)
    return ngettext("{n} night", "{n} nights", count).format(n=count)


def _registered(events: Sequence[RosterEvent]) -> int:
    return sum(isinstance(e, PersonRegistered) for e in events)


def decide_rename(club: Club, who: str, name: str) -> list[RosterEvent]:
    """Rename a person; refused when another person already has that name."""
    key = club.one(who)
    others = [k for k in club.find(name) if k != key]
    if others:
        raise TourneyError(
            _(
                "{name!r} is already {label}: if they are one person, merge them "
                "with tourney roster merge"
            ).format(name=printable(name), label=club.people[others[0]].label())
        )
    events, pid = materialize(club, key)
    return [*events, PersonRenamed(pid, name)]


def decide_merge(club: Club, keep: str, merged: str) -> list[RosterEvent]:
    """`merged` was `keep` all along: one event (after registering either if derived)."""
    first, second = club.one(keep), club.one(merged)
    if first == second:
        raise TourneyError(
            _("{keep!r} and {merged!r} are one person already").format(
                keep=printable(keep), merged=printable(merged)
            )
        )
    events, kept = materialize(club, first)
    more, gone = materialize(club, second, _registered(events))
    return [*events, *more, PersonsMerged(kept, gone)]
