"""Every list page and list endpoint, as URL templates: the catalogue the volume tests count
queries on and ``manage.py explain_lists`` explains.

A template names the rows it lists through placeholders (``{league}``, ``{season}``,
``{team}``, ``{coach}`` a username, ``{played}`` a played fixture, ``{last_round}`` the
season's last round, ``{campaign}``, ``{army}``), filled from a sample of the database
(:func:`samples_find`) or from a test's world. A request is made as one of four personas:
``anonymous``, the league's ``commissioner``, the team's ``coach`` or a ``punter`` who bet in
the league.

The samples are found through ``apps.get_model``: core sits under every app and imports none
of them (docs/architecture.md).
"""

from dataclasses import dataclass
from typing import Any

from django.apps import apps


@dataclass(frozen=True)
class ListRequest:
    name: str
    template: str
    persona: str = "anonymous"
    api: bool = True

    def url(self, samples: dict[str, Any]) -> str:
        return self.template.format(**samples)


def _api(name: str, template: str, persona: str = "anonymous") -> ListRequest:
    return ListRequest(name, template, persona, api=True)


def _page(name: str, template: str, persona: str = "anonymous") -> ListRequest:
    return ListRequest(name, template, persona, api=False)


LIST_REQUESTS = [
    # --- REST API: the router's lists, with each filter and ordering they offer
    _api("api leagues", "/api/v1/leagues/"),
    _api("api leagues by newest", "/api/v1/leagues/?ordering=-created_at"),
    _api("api seasons", "/api/v1/seasons/"),
    _api("api seasons of a league", "/api/v1/seasons/?league={league}"),
    _api("api teams", "/api/v1/teams/"),
    _api("api teams of a league", "/api/v1/teams/?league={league}&retired=false"),
    _api("api teams of a coach", "/api/v1/teams/?coach={coach}"),
    _api("api players", "/api/v1/players/"),
    _api("api players of a team", "/api/v1/players/?team={team}"),
    _api("api fixtures", "/api/v1/fixtures/"),
    _api("api fixtures of a season", "/api/v1/fixtures/?season={season}"),
    _api("api fixtures of a league", "/api/v1/fixtures/?league={league}"),
    _api("api fixtures of a team", "/api/v1/fixtures/?team={team}"),
    _api("api fixtures played", "/api/v1/fixtures/?status=played&ordering=-kickoff"),
    _api("api fixtures scheduled", "/api/v1/fixtures/?status=scheduled&ordering=kickoff"),
    _api(
        "api fixtures played in a season",
        "/api/v1/fixtures/?season={season}&status=played&ordering=-kickoff",
    ),
    _api("api fixtures of a round", "/api/v1/fixtures/?season={season}&round=3"),
    _api("api fixtures as CSV", "/api/v1/fixtures/?season={season}&format=csv"),
    _api("api results", "/api/v1/results/"),
    _api("api results of a season", "/api/v1/results/?season={season}"),
    _api("api results of a league", "/api/v1/results/?league={league}"),
    _api("api results of a team", "/api/v1/results/?team={team}"),
    _api("api results of a round", "/api/v1/results/?season={season}&round=1"),
    _api("api simulation batches", "/api/v1/simulation-batches/?season={season}"),
    # --- REST API: lists under a parent
    _api("api standings", "/api/v1/seasons/{season}/standings/"),
    _api("api positions", "/api/v1/seasons/{season}/positions/"),
    _api("api team progression", "/api/v1/teams/{team}/progression/"),
    _api("api league history", "/api/v1/leagues/{league}/history/"),
    _api(
        "api league history of a team",
        "/api/v1/leagues/{league}/history/?object_type=league.team&object_id={team}",
    ),
    _api("api team history", "/api/v1/teams/{team}/history/"),
    _api("api fixture history", "/api/v1/fixtures/{played}/history/"),
    _api("api fixture corrections", "/api/v1/fixtures/{played}/corrections/"),
    _api("api all-time table", "/api/v1/leagues/{league}/all-time/"),
    _api("api champions", "/api/v1/leagues/{league}/champions/"),
    # --- REST API: betting and notifications
    _api("api bets", "/api/v1/bets/", "punter"),
    _api("api bets in a league", "/api/v1/bets/?league={league}&status=open", "punter"),
    _api("api wallet", "/api/v1/leagues/{league}/wallet/", "punter"),
    _api("api wallet entries", "/api/v1/leagues/{league}/wallet/entries/", "punter"),
    _api("api bettors", "/api/v1/leagues/{league}/bettors/"),
    _api("api book", "/api/v1/leagues/{league}/book/", "commissioner"),
    _api("api forecasts", "/api/v1/leagues/{league}/forecasts/"),
    _api("api notifications", "/api/v1/notifications/", "coach"),
    _api("api webhooks", "/api/v1/leagues/{league}/webhooks/", "commissioner"),
    _api("api webhook deliveries", "/api/v1/leagues/{league}/webhooks/deliveries/", "commissioner"),
    # --- REST API: campaigns
    _api("api campaigns", "/api/v1/campaigns/"),
    _api("api armies", "/api/v1/armies/"),
    _api("api armies of a campaign", "/api/v1/armies/?campaign={campaign}"),
    _api("api troops", "/api/v1/troops/"),
    _api("api battles", "/api/v1/battles/"),
    _api("api runs", "/api/v1/runs/"),
    # --- pages
    _page("page leagues", "/leagues/"),
    _page("page league", "/leagues/{league}/"),
    _page("page league as its commissioner", "/leagues/{league}/", "commissioner"),
    _page("page league, its last round", "/leagues/{league}/?season={season}&round={last_round}"),
    _page("page team", "/leagues/teams/{team}/"),
    _page("page roster", "/leagues/teams/{team}/roster/", "coach"),
    _page("page league history", "/leagues/{league}/history/"),
    _page("page all-time table", "/leagues/{league}/all-time/"),
    _page("page season charts", "/leagues/{league}/charts/"),
    _page("page team charts", "/leagues/teams/{team}/charts/"),
    _page("page result book", "/leagues/{league}/seasons/{season}/book/"),
    _page("page fixture", "/matches/{played}/"),
    _page("page notifications", "/notifications/", "coach"),
    _page("page betting", "/betting/leagues/{league}/", "punter"),
    _page(
        "page betting, its last round",
        "/betting/leagues/{league}/?season={season}&round={last_round}",
        "punter",
    ),
    _page("page bettors", "/betting/leagues/{league}/bettors/"),
    _page("page wallet", "/betting/leagues/{league}/wallet/", "punter"),
    _page("page book", "/betting/leagues/{league}/book/", "commissioner"),
    _page("page forecasts", "/betting/leagues/{league}/forecasts/"),
    _page("page my bets", "/betting/my-bets/", "punter"),
    _page("page campaigns", "/campaigns/"),
    _page("page campaign", "/campaigns/{campaign}/"),
    _page("page army", "/campaigns/armies/{army}/"),
    # --- exports
    _page("export standings", "/leagues/{league}/standings.csv"),
    _page("export fixtures", "/leagues/{league}/fixtures.csv"),
    _page("export calendar", "/leagues/{league}/calendar.ics"),
    _page("export team calendar", "/leagues/teams/{team}/calendar.ics"),
    _page("export roster", "/leagues/teams/{team}/roster.csv"),
    _page("export my bets", "/betting/my-bets.csv", "punter"),
    _page("export league bets", "/betting/leagues/{league}/bets.csv", "commissioner"),
]


def samples_find(*, league_id: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(samples, users)`` for the templates: ``league_id``'s league (by default the league
    of the newest bet, else of the newest result, else the first league), its newest season,
    its first team and that team's coach, a played fixture, the season's last round, a punter
    who bet in it and the first campaign with an army; ``users`` maps each persona to a user
    (None: anonymous)."""
    league_model = apps.get_model("league", "League")
    bet_model = apps.get_model("betting", "Bet")
    result_model = apps.get_model("matches", "Result")
    fixture_model = apps.get_model("matches", "Fixture")
    army_model = apps.get_model("battles", "Army")
    if league_id is None:
        newest_bet = bet_model.objects.select_related("fixture__season").order_by("-pk").first()
        newest_result = (
            result_model.objects.select_related("fixture__season").order_by("-pk").first()
        )
        source = newest_bet or newest_result
        league_id = source.fixture.season.league_id if source else None
    league = (
        league_model.objects.get(pk=league_id)
        if league_id is not None
        else league_model.objects.order_by("pk").first()
    )
    if league is None:
        raise LookupError("No league in the database: nothing to list.")
    season = league.seasons.order_by("-pk").first()
    team = league.teams.select_related("coach").order_by("pk").first()
    fixtures = fixture_model.objects.filter(season__league=league).order_by("pk")
    played = fixtures.filter(status="played").first() or fixtures.first()
    bet = bet_model.objects.filter(fixture__season__league=league).select_related("user").first()
    army = army_model.objects.order_by("pk").first()
    samples = {
        "league": league.pk,
        "season": season.pk if season else 0,
        "team": team.pk if team else 0,
        "coach": team.coach.username if team and team.coach else "",
        "played": played.pk if played else 0,
        "last_round": max(
            fixtures.filter(season=season).values_list("round", flat=True), default=1
        ),
        "campaign": army.campaign_id if army else 0,
        "army": army.pk if army else 0,
    }
    users = {
        "anonymous": None,
        "commissioner": league.commissioner,
        "coach": team.coach if team else None,
        "punter": bet.user if bet else None,
    }
    return samples, users
