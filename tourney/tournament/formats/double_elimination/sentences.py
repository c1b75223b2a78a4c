"""The words of a double elimination's notes (`Format.sentences`): which bracket a table is
in, what it decides (`bracket.consequence`), and how a table of 3 or 4 was settled."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.tournament.notes.sentence import Sentence, nsentence_, sentence_

SENTENCES: Mapping[str, Sentence] = {
    "double_elimination.winners": sentence_("winners' bracket"),
    "double_elimination.losers": sentence_("losers' bracket"),
    "double_elimination.final": sentence_("grand final"),
    "double_elimination.reset": sentence_("grand final reset"),
    "double_elimination.winners_final": sentence_("winners' final"),
    "double_elimination.winners_round": sentence_("winners' round {number}"),
    "double_elimination.losers_final": sentence_("losers' final"),
    "double_elimination.losers_round": sentence_("losers' round {number}"),
    "double_elimination.table": sentence_(
        "{bracket}, {round}, bracket slot {slot}: {entrants}; {consequence}"
    ),
    "double_elimination.final_table": sentence_("{bracket}: {entrants}; {consequence}"),
    "double_elimination.winner_stays": sentence_("the winner stays"),
    "double_elimination.top_stay": sentence_("the top {n} stay"),
    "double_elimination.loser_drops": sentence_("the loser drops"),
    "double_elimination.others_drop": sentence_("the others drop"),
    "double_elimination.loser_out": sentence_("the loser is out"),
    "double_elimination.others_out": sentence_("the others are out"),
    "double_elimination.winners_next": sentence_(
        "{staying} in the winners' bracket, {dropping} to the losers' bracket"
    ),
    "double_elimination.losers_next": sentence_(
        "{staying} in the losers' bracket, {out} (a second loss)"
    ),
    "double_elimination.final_reset": sentence_(
        "the winners' bracket champion wins it and is the champion; if the losers' bracket "
        "champion wins, both have lost once and the reset decides"
    ),
    "double_elimination.champion": sentence_("the winner is the champion"),
    "double_elimination.bye": sentence_("{who} advances on a bye in the {bracket}"),
    "double_elimination.deciding": sentence_("deciding match ({bracket}): {note}"),
    "double_elimination.level": nsentence_(
        "{names} are level in {match} (equal final scores, {score}) across the cut: a "
        "deciding match for {n} place; {rule}",
        "{names} are level in {match} (equal final scores, {score}) across the cut: a "
        "deciding match for {n} places; {rule}",
    ),
    "double_elimination.shared_stays": sentence_(
        "{names} shared the win in {match}: {who} stays on the higher final score ({best} to "
        "{others}); {rule}"
    ),
    "double_elimination.stay_after": sentence_("{names} stay after {match}"),
    "double_elimination.rule": sentence_(
        "at a table of a double elimination the top half stays in its bracket: winners first, "
        "then the higher final score; equal places across the cut play a deciding match"
    ),
}
