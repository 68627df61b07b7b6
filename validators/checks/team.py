"""team: a team is one player in each of its format's seats.

A team format (Team Multiplay, Team Battle, 2v2) names its seats; the team's verdict holds
this check's violations beside each player's own. Unlike the checks of one deck, it reads
the team (validators.team_engine runs it), and cites the format's section on seats.

Legal:   Team Multiplay with players in seats A and B
Illegal: Team Multiplay with one player (seat B empty), two in seat A, or one in seat C
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from validators.records import ERROR, Code, TeamFormat, Violation

CHECK = "team"
PLAYERS = ("the team has {players} players; a {team} team is {seats}, one in each seat "
           "({names})")
NO_SUCH_SEAT = "{seat!r} is not a seat in {team} ({names})"
SEAT_TWICE = "{count} players take seat {seat}; each seat is taken once"
SEAT_EMPTY = "no player takes seat {seat}"
TEAM = Code("team", "team seats", (ERROR,), (PLAYERS, NO_SUCH_SEAT, SEAT_TWICE, SEAT_EMPTY))
CODES = (TEAM,)


def check(team: TeamFormat, seats_taken: Sequence[str]) -> Iterator[Violation]:
    """Each seat of the team's format taken by exactly one player."""
    rule = team.rule(team.seats_section)
    names = ", ".join(team.seats)
    if len(seats_taken) != len(team.seats):
        yield Violation.of(TEAM, PLAYERS, rule, players=len(seats_taken), team=team.name,
                           seats=len(team.seats), names=names)
    taken = Counter(seats_taken)
    for seat, count in taken.items():
        if seat not in team.seats:
            yield Violation.of(TEAM, NO_SUCH_SEAT, rule, seat=seat, team=team.name, names=names)
        elif count > 1:
            yield Violation.of(TEAM, SEAT_TWICE, rule, count=count, seat=seat)
    for seat in team.seats:
        if seat not in taken:
            yield Violation.of(TEAM, SEAT_EMPTY, rule, seat=seat)
