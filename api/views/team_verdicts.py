"""A team's verdict in a team format, with each player's."""

from __future__ import annotations

from typing import Any

from api.views import catalog_ref, iso_date
from api.views.deck_lines import deck_counts, problems_view, read_deck_view
from api.views.verdicts import format_ref, verdict_view, violations_view
from catalog.index import CatalogIndex
from validators.judging import TeamJudgement
from validators.targets import Target


def team_judgement_view(index: CatalogIndex, judged: TeamJudgement,
                        notices: list[dict[str, str]], full: bool) -> dict[str, Any]:
    verdict = judged.verdict
    play = verdict.play
    target = Target(verdict.format, play.deck, play.play)
    players = []
    for (player, player_verdict), deck, pool in zip(verdict.players, judged.decks,
                                                     judged.pools, strict=True):
        view = {"seat": player.seat,
                **verdict_view(index, target, player_verdict, deck_counts(deck.lines),
                               deck if full else None),
                "input_format": deck.decklist.input_format, "input_language": deck.language,
                **problems_view(deck.decklist.problems)}
        if pool is not None:
            view["pool"] = read_deck_view(pool)
        players.append(view)
    return {
        "legal": verdict.legal,
        "format": format_ref(verdict.format, play.deck, play.play),
        "as_of": iso_date(verdict.as_of),
        "catalog": catalog_ref(verdict.catalog_version),
        "prizes": play.prizes,
        "round_minutes": play.round_minutes,
        **violations_view(verdict.violations, verdict.warnings),
        "players": players,
        "notices": notices,
    }
