"""The games the league core plays, as each game app registers them.

The core apps (``league``, ``matches``) never import a game: they ask this registry. Each game
app under ``systems/`` builds one :class:`Game` and calls :func:`register` from its
``AppConfig.ready()``, the way pretix plug-ins answer the core's signals and Saleor's plugin
manager calls every plug-in's hook. A game's name is its rules engine system's name
(``rules_engine.get_system(name)``), so the two registries line up one to one.

What a game hands the core (every hook takes keyword arguments; ``None`` where the game has
nothing to say):

* ``kick_off(fixture)``: freeze what the match needs (line-ups, settings, draws) on the
  fixture and mark it kicked off. The caller holds both teams' row locks and the fixture's
  (``matches.locking``); a line-up that cannot play raises ``ValidationError``.
* ``kick_off_many(fixtures)``: the same for many fixtures at once (a chunk of a simulation
  request), reading what they need in a few queries and writing them in bulk, with their
  history; returns ``{fixture id: [messages]}`` for those that cannot kick off (left as they
  were). Without it the core calls ``kick_off`` for each fixture;
* ``team_page(request, team)`` and ``fixture_page(request, fixture)``: the pages at
  ``/leagues/teams/<id>/`` and ``/matches/<id>/``;
* ``league_page_context(request, league, season)``: what the league page adds for this game;
* ``team_sheet(team)``: a team's sheet as the API's ``/teams/<id>/sheet/`` answers it;
* ``team_register(league, name, coach, ...)``: registers a team in one of its leagues, when the
  game needs more than a name (Killpower Ball's seven gladiators);
* ``team_power(team)``: power and division where the game has them;
* ``teams_not_ready(teams)``: ``{team id: why}`` for the teams that could not kick off now
  (the league page flags them);
* ``league_settings_check(league, has_fixtures)``: refuses settings the game cannot play;
* ``league_rules_form``: a form mixin holding the game's league settings (see
  ``league.forms``);
* ``team_prefetches``: ``Prefetch`` factories (or relation names) a team list needs for
  ``team_power``;
* ``team_related`` and ``league_related``: the game's one-to-one rows a team or a league
  carries (``select_related`` names: joined, no extra query);
* ``team_api_fields`` and ``league_api_fields``: read-only serializer fields (name -> factory)
  the game adds to a team's and a league's API representation (null for other games' rows);
* ``league_settings_fields`` and ``league_settings_save(league, values)``: the league settings
  the game keeps in its own tables (name -> writable serializer field factory), and how it
  validates and stores them (``ValidationError`` naming the field);
* ``documents``: the ``core.documents.DocumentKind`` of each JSON document the core stores
  for the game (``"record"``: ``Result.record``; ``"sheet"``: the sheets frozen at kick-off;
  ``"options"``: the rule options frozen with them): stamped when written, upgraded on read;
* ``decided_by``: ``(code, label)`` of the ways the game's matches are decided
  (``Result.decided_by``);
* ``demo(commissioner)``: builds the game's demo leagues through the services and returns the
  lines ``manage.py demo_data`` prints (logins, what was built);
* ``page_urls``: URL patterns added to a core namespace (``{"league": [...], "matches": [...]}``)
  so every page keeps its address; ``api_urls`` and ``api_routes`` (``(prefix, viewset,
  basename)``) join the REST API;
* ``bet_outcomes(fixture)``: the outcomes a fixture can end in, among ``"home"``,
  ``"away"`` and ``"draw"`` (all three when the game does not say);
* ``bets_void(result)``: whether a result voids the bets on its fixture (every stake refunded,
  as for a cancelled fixture), e.g. a Mythril forfeit before any turn was played;
* ``odds(fixture)``: ``{"method": str, "probabilities": {outcome: float}}``, the engine's
  chances of each outcome as the line-ups stand, or ``None`` when they cannot play yet; a game
  that has it can bet at fixed odds (``betting``);
* ``standings_rows(season)``: the game's own table as a ``core.exports.Table`` (Killpower's
  ranking points, Mythril's touchdowns) for the standings download; the generic table without;
* ``standings_counts(season_id, team_ids)``: ``{team id: {key: int}}``, what the game's own
  table counts of those teams' results in the season besides the generic record (Killpower's
  abandons, Mythril's table without trophy matches), kept on their standings rows
  (``matches.models.Standing.extra``) each time one of their results is written;
* ``roster_rows(team)``: a team's roster as a ``core.exports.Table`` (the roster download);
* ``result_book_lines(result)``: the key events of a played match, short lines for people, in
  the season's result book (nothing printed without);
* ``season_champion(season)``: the team that won a finished season where the game does not
  crown the top of the generic table (Killpower's ranking or bracket, Mythril's own table);
  ``None`` from the hook means no champion;
* ``season_archive(season)``: JSON-safe team state the game's table reads that the next season
  will change (Killpower's ranking points and power), frozen on the season when it finishes
  (``Season.archive``);
* ``post_match_pending(season)``: the season's played fixtures whose post-match sequence has
  not run yet (a season waits for them before it finishes: the next one would heal injuries
  the sequence then writes);
* ``season_rollover(team, old_season, new_season)``: carries a team's roster into the next
  season by the game's between-season rules (injuries healed, experience kept); the caller
  holds the team's row lock, in the transaction that opens the season;
* ``progression_series(team)``: how the team's players grew over the season as a
  ``core.progression.Progression`` (Killpower experience, Mythril star player points), or
  ``None``: the team's charts page draws it;
* ``result_check(fixture, home_score, away_score, winner, decided_by)``: ``{field: message}``
  for a score and winner the game cannot end in (a commissioner's correction); without it the
  side with more points must win, and level scores may go either way;
* ``result_corrected(result, before)`` and ``result_voided(fixture, before)``: undo what the
  game's post-match sequence did on the old result where it can, and return the English
  messages (marked for translation) of what the commissioner must review where it cannot;
  called under the fixture's and teams' locks, in the correction's transaction;
* ``fixture_awarded(fixture, result)``: what the game does once a fixture is awarded by
  forfeit (no post-match sequence runs; a Killpower tournament moves its bracket on);
* ``load_teams(league, teams, dice)``: registers many teams at once with full rosters that
  pass the game's checks (``teams``: ``{"name", "coach", "primary_colour",
  "secondary_colour"}`` each), every draw on ``dice``; returns the teams in order. Used by
  ``manage.py generate_load``; without it the teams are plain rows (``league.bulk``);
* ``load_kick_off(fixtures, dice)``: freezes many unsaved fixtures of one league at once, as
  ``kick_off`` would (sheets and options set on the objects, each team's sheet built once),
  without saving them (``manage.py generate_load`` writes them in bulk);
* ``load_results(fixtures, dice, by)``: for a game played at the table, plausible results
  entered and confirmed by ``by`` for many saved, kicked-off fixtures: the game writes its
  own rows (reports, post-match witnesses) and returns the unsaved ``Result`` of each fixture
  (``matches.bulk.results_write`` writes them);
* ``sweeps``: periodic catch-up jobs (``() -> dict[str, int]``) run by ``manage.py sweep`` and
  the beat task.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy

from rules_engine import Resolution, get_system

Hook = Callable[..., Any]


@dataclass(frozen=True)
class Game:
    name: str
    kick_off: Hook
    team_page: Hook
    fixture_page: Hook
    team_sheet: Hook
    kick_off_many: Hook | None = None
    league_page_context: Hook | None = None
    team_register: Hook | None = None
    team_power: Hook | None = None
    teams_not_ready: Hook | None = None
    league_settings_check: Hook | None = None
    league_rules_form: type | None = None
    team_prefetches: Sequence[Callable[[], Any]] = ()
    team_related: Sequence[str] = ()
    league_related: Sequence[str] = ()
    team_api_fields: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    league_api_fields: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    league_settings_fields: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    league_settings_save: Hook | None = None
    demo: Hook | None = None
    documents: Mapping[str, Any] = field(default_factory=dict)
    decided_by: Sequence[tuple[str, Any]] = ()
    page_urls: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    api_urls: Sequence[Any] = ()
    api_routes: Sequence[tuple[str, Any, str]] = ()
    sweeps: Sequence[Callable[[], Mapping[str, int]]] = ()
    bet_outcomes: Hook | None = None
    bets_void: Hook | None = None
    odds: Hook | None = None
    result_check: Hook | None = None
    result_corrected: Hook | None = None
    result_voided: Hook | None = None
    fixture_awarded: Hook | None = None
    progression_series: Hook | None = None
    season_champion: Hook | None = None
    season_rollover: Hook | None = None
    season_archive: Hook | None = None
    post_match_pending: Hook | None = None
    standings_rows: Hook | None = None
    standings_counts: Hook | None = None
    roster_rows: Hook | None = None
    result_book_lines: Hook | None = None
    load_teams: Hook | None = None
    load_kick_off: Hook | None = None
    load_results: Hook | None = None

    @property
    def label(self) -> str:
        return get_system(self.name).label

    @property
    def resolution(self) -> Resolution:
        return get_system(self.name).resolution

    @property
    def simulated(self) -> bool:
        return self.resolution == Resolution.SIMULATED

    def outcomes_of(self, fixture: Any) -> tuple[str, ...]:
        """What ``fixture`` can end in: ``bet_outcomes``, else home, away or a draw."""
        if self.bet_outcomes is None:
            return ("home", "away", "draw")
        return tuple(self.bet_outcomes(fixture))


_GAMES: dict[str, Game] = {}
_SWEEPS: list[tuple[str, Callable[[], Mapping[str, int]]]] = []


def register(game: Game) -> None:
    """Called once from a game app's ``AppConfig.ready()``."""
    get_system(game.name)  # the rules engine must know it: InvalidInput otherwise
    if game.name in _GAMES:
        raise RuntimeError(f"the game {game.name!r} is registered twice")
    _GAMES[game.name] = game
    for sweep in game.sweeps:
        register_sweep(f"{game.name}.{sweep.__name__}", sweep)


def register_sweep(name: str, sweep: Callable[[], Mapping[str, int]]) -> None:
    """A periodic catch-up job of any app (the games', the matches', the campaigns')."""
    if any(known == name for known, _sweep in _SWEEPS):
        return
    _SWEEPS.append((name, sweep))


def game(name: str) -> Game:
    """The game called ``name``; ``LookupError`` when no app registered it."""
    try:
        return _GAMES[name]
    except KeyError:
        raise LookupError(f"no game app registered the rule system {name!r}") from None


def games() -> list[Game]:
    """Every registered game, in the order of ``INSTALLED_APPS``."""
    return list(_GAMES.values())


def choices() -> list[tuple[str, str]]:
    """``(name, label)`` of every game, for a league's ``rule_system`` field."""
    return [(item.name, item.label) for item in _GAMES.values()]


def simulated_names() -> list[str]:
    """Rule systems whose matches the workers simulate; the others are played at the table."""
    return [item.name for item in _GAMES.values() if item.simulated]


def page_urls(namespace: str) -> list[Any]:
    return [pattern for item in _GAMES.values() for pattern in item.page_urls.get(namespace, ())]


def api_urls() -> list[Any]:
    return [pattern for item in _GAMES.values() for pattern in item.api_urls]


def api_routes() -> list[tuple[str, Any, str]]:
    return [route for item in _GAMES.values() for route in item.api_routes]


def sweeps() -> list[tuple[str, Callable[[], Mapping[str, int]]]]:
    return list(_SWEEPS)


def default_name() -> str:
    """The first registered game: a new league's rule system when none is given."""
    return next(iter(_GAMES), "")


def team_prefetches() -> list[Callable[[], Any]]:
    """Every game's ``Prefetch`` factories for a list of teams of any league."""
    return [prefetch for item in _GAMES.values() for prefetch in item.team_prefetches]


def team_api_fields() -> dict[str, Any]:
    """Every game's read-only team fields, built fresh (name -> serializer field)."""
    return {name: make() for item in _GAMES.values() for name, make in item.team_api_fields.items()}


def league_api_fields() -> dict[str, Any]:
    """Every game's read-only league fields, built fresh (name -> serializer field)."""
    return {
        name: make() for item in _GAMES.values() for name, make in item.league_api_fields.items()
    }


def league_settings_fields() -> dict[str, Any]:
    """Every game's writable league settings, built fresh (name -> serializer field)."""
    return {
        name: make()
        for item in _GAMES.values()
        for name, make in item.league_settings_fields.items()
    }


def team_related() -> list[str]:
    """Every game's one-to-one rows of a team, for ``select_related``."""
    return [name for item in _GAMES.values() for name in item.team_related]


def league_related() -> list[str]:
    """Every game's one-to-one rows of a league, for ``select_related``."""
    return [name for item in _GAMES.values() for name in item.league_related]


FORFEIT = "forfeit"
"""``Result.decided_by`` of a fixture a commissioner awarded without playing, in every game."""


def decided_by_choices() -> list[tuple[str, Any]]:
    """Every game's ways a match is decided, each code once (``Result.decided_by``), and the
    forfeit a commissioner awards in any game (a game's own label for it kept)."""
    seen: dict[str, Any] = {}
    for item in _GAMES.values():
        for code, label in item.decided_by:
            seen.setdefault(code, label)
    seen.setdefault(FORFEIT, gettext_lazy("Forfeit"))
    return list(seen.items())
