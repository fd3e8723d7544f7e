"""What the portal's users do, for locust (run by ``loadtests/run.py``; ``make load``).

Four kinds of user, in the proportions of a portal's day (locust weights):

* visitors (60): anonymous; browse the league list, a league's page, its standings, fixtures
  and teams through the API, a match report, a team page, a round's results;
* punters (25): with a token; find the leagues that bet from the league list (each league's
  betting settings), read a fixture's odds and bet at the quoted price, check their bets and
  wallet;
* coaches (12): with a token; find their teams from ``/api/v1/me/``, read the line-up and the
  team sheet, and change the line-up (players swap places) or the match plan;
* commissioners (3): with a token; find their leagues from ``/api/v1/me/``, simulate the next
  round of the season and follow the batch until its fixtures are played.

Nobody is given an id: every league, season, team, fixture and player is found through the
API's lists and details, so the scenario runs on any data (``generate_load``'s, the demo's).

Every user is locust's ``FastHttpUser`` (geventhttpclient): the load generator shares the
servers' two cores, and it spends a fraction of the CPU per request of the ``requests``-based
``HttpUser``, so more of the machine answers requests instead of asking them.

Think time: ``between(LOAD_WAIT_MIN, LOAD_WAIT_MAX)`` seconds after each request (default 1
to 5 s: a reader opening the next page, a punter filling a slip); commissioners wait 40 to
80 s between two simulations. Every request is named ``<group>: <what>`` with one of the
groups ``page``, ``api``, ``bet``, ``lineup``, ``simulation``; ``report.py`` adds them up.
Answers the rules give to a legitimate request (odds changed since they were read, betting
closed by a kick-off, a line-up frozen while its team plays) are counted as ``refusals``,
not errors; anything else that is not the expected status is a failure.

Each response's ``X-Query-Count`` header (``QUERY_COUNT_HEADER`` on the servers), its CPU
headers (``X-Web-CPU-Us``, ``X-DB-CPU-Us``) and what the page cache did (``X-Page-Cache``: a
hit or a miss; ``loadtests/request_cost.py``) are added up per group and per endpoint, with each group's response times, and written to ``LOAD_SAMPLES`` as
JSON when the run stops.

The floor: a few users (``LOAD_FLOOR_USERS``, default 2) ask ``/`` (a redirect) and
``/healthz`` (group ``floor``), the cheapest answers through the same middleware, so the report
can give each group's cost as a multiple of the cheaper, measured in the same run.

No stale answer: after each change it causes, the user reads it back and counts a read that does
not show it as ``stale`` (the change's group): a bet placed is in the punter's bets, a line-up
edited reads back as sent, a round simulated reads back played, anonymously, in the fixtures
list. Tokens are handed out in turn, so that no two users share one while there are enough;
a user who shares a token with another does not check its line-ups (the other may have
changed them meanwhile).
"""

from __future__ import annotations

import json
import os
import random
from collections import defaultdict
from pathlib import Path

from locust import FastHttpUser, between, events, task

WAIT = (float(os.environ.get("LOAD_WAIT_MIN", "1")), float(os.environ.get("LOAD_WAIT_MAX", "5")))
ACCOUNTS = json.loads(Path(os.environ["LOAD_ACCOUNTS"]).read_text())
HOSTS = os.environ.get("LOAD_HOSTS", "http://127.0.0.1:8400").split(",")
REFUSED_CODES = {"price_changed", "betting_closed", "no_odds", "insufficient_funds"}
"""Rules answers, not failures: odds moved or closed, and a wallet emptied by earlier bets
(each run with ``LOAD_FRESH=false`` bets on from the wallets the last one left)."""
# What the rules answer a legitimate request while others play: a line-up edit while the
# team's match is played; a round another commissioner has just simulated.
RACED = ("frozen until the result is in", "Nothing left to simulate")

samples: dict[str, dict] = defaultdict(
    lambda: {
        "times": [],
        "queries": 0,
        "counted": 0,
        "failures": 0,
        "refusals": 0,
        "web_us": 0,
        "db_us": 0,
        "costed": 0,
        "checked": 0,
        "stale": 0,
        "hits": 0,
        "misses": 0,
        "hit_us": 0,
        "miss_us": 0,
    }
)
# Per endpoint (locust's name): [requests with CPU headers, web microseconds, database microseconds]
endpoint_costs: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
_next_host = [0]
_handed: dict[str, int] = defaultdict(int)  # how many users hold each token


def _host() -> str:
    """The servers in turn: every user talks to one of the two web processes."""
    host = HOSTS[_next_host[0] % len(HOSTS)]
    _next_host[0] += 1
    return host


def _group(name: str) -> str:
    return name.split(":", 1)[0] if ":" in name else "other"


@events.request.add_listener
def _record(
    request_type, name, response_time, response_length, response=None, exception=None, **kwargs
):
    group = samples[_group(name)]
    group["times"].append(response_time)
    if exception is not None:
        group["failures"] += 1
    headers = getattr(response, "headers", None)  # none on a connection error
    if headers is not None:
        count = headers.get("X-Query-Count")
        if count is not None and count.isdigit():
            group["queries"] += int(count)
            group["counted"] += 1
        web, database = headers.get("X-Web-CPU-Us"), headers.get("X-DB-CPU-Us")
        if web is not None and web.isdigit() and database is not None and database.isdigit():
            group["web_us"] += int(web)
            group["db_us"] += int(database)
            group["costed"] += 1
            cost = endpoint_costs[name]
            cost[0] += 1
            cost[1] += int(web)
            cost[2] += int(database)
        outcome = headers.get("X-Page-Cache")
        if outcome in ("hit", "miss") and web is not None and web.isdigit():
            group["hits" if outcome == "hit" else "misses"] += 1
            spent = int(web) + (int(database) if database and database.isdigit() else 0)
            group[f"{outcome}_us"] += spent


@events.quitting.add_listener
def _write_samples(environment, **kwargs):
    target = os.environ.get("LOAD_SAMPLES")
    if target:
        Path(target).write_text(json.dumps({"groups": samples, "endpoints": endpoint_costs}))


def _hand_out(tokens: list[str]) -> str:
    """The token the fewest users hold (the first of them): shared only when there are more
    users than tokens."""
    token = min(tokens, key=lambda candidate: _handed[candidate])
    _handed[token] += 1
    return token


def _checked(group: str, shown: bool) -> None:
    """One read after a change: ``shown`` false is a stale answer."""
    samples[group]["checked"] += 1
    if not shown:
        samples[group]["stale"] += 1


def _refusal(response) -> bool:
    """A 400 the rules give to a legitimate request while others play: the odds moved, the
    fixture kicked off, the team is playing, the round was simulated."""
    if response.status_code != 400:
        return False
    try:
        error = response.json().get("error", {})
    except ValueError:
        return False
    text = json.dumps(error, ensure_ascii=False)
    return error.get("code") in REFUSED_CODES or any(words in text for words in RACED)


class Portal(FastHttpUser):
    abstract = True
    wait_time = between(*WAIT)

    def on_start(self) -> None:
        self.client.base_url = _host()
        self.headers: dict[str, str] = {}  # sent with each request (a token once signed in)

    def call(
        self,
        method: str,
        path: str,
        name: str,
        expected: int = 200,
        headers: dict | None = None,
        **options,
    ):
        """The answer's JSON when its status is ``expected``; else ``None``, counted as a
        refusal of the rules (see ``_refusal``) or as a failure. ``headers`` add to the user's
        own, and a header given as ``None`` is not sent (a read made without the token)."""
        sent = {key: value for key, value in {**self.headers, **(headers or {})}.items() if value}
        with self.client.request(
            method, path, name=name, catch_response=True, headers=sent, **options
        ) as answer:
            if answer.status_code == expected:
                is_json = answer.headers.get("Content-Type", "").startswith("application/json")
                return answer.json() if is_json else {}
            if _refusal(answer):
                answer.success()
                samples[_group(name)]["refusals"] += 1
            else:
                # no answer at all (status 0): the connection's error says why
                why = (
                    answer.text[:200]
                    if answer.status_code
                    else repr(getattr(answer, "error", None))[:200]
                )
                answer.failure(f"{answer.status_code} {why}")
            return None

    def get_json(self, path: str, name: str, headers: dict | None = None, **params):
        return self.call("GET", path, name, params=params or None, headers=headers)

    def page(self, path: str, name: str) -> None:
        self.call("GET", path, name)


class Signed(Portal):
    abstract = True
    tokens: list[str] = []

    def on_start(self) -> None:
        super().on_start()
        self.token = _hand_out(self.tokens)
        self.headers["Authorization"] = f"Token {self.token}"
        self.me = self.get_json("/api/v1/me/", "api: me") or {}


class Floor(Portal):
    """The cheapest answers through the same middleware, asked as often as a reader reads:
    the site's root (a redirect to the league list: every middleware, no query) and the health
    check (one ``SELECT 1`` and a connection to the broker)."""

    fixed_count = int(os.environ.get("LOAD_FLOOR_USERS", "2"))

    @task
    def root(self) -> None:
        self.call("GET", "/", "floor: redirect /", 302, allow_redirects=False)

    @task
    def health(self) -> None:
        self.call("GET", "/healthz", "floor: healthz")


class Visitor(Portal):
    weight = 60

    def on_start(self) -> None:
        super().on_start()
        self.league = self.season = None
        self.fixture_pages = 1
        self.fixtures: list[dict] = []
        self.teams: list[dict] = []
        self.pages = 1

    def _choose_league(self) -> None:
        listing = self.get_json(
            "/api/v1/leagues/", "api: leagues list", page=random.randint(1, self.pages)
        )
        if not listing or not listing["results"]:
            return
        self.pages = max(1, -(-listing["count"] // len(listing["results"])))
        self.league = random.choice(listing["results"])
        seasons = self.get_json("/api/v1/seasons/", "api: seasons list", league=self.league["id"])
        self.season = seasons["results"][0] if seasons and seasons["results"] else None
        self.fixtures, self.teams = [], []
        self.fixture_pages = 1

    def _ready(self) -> bool:
        if self.league is None or random.random() < 0.2:
            self._choose_league()
        return self.league is not None and self.season is not None

    @task(3)
    def league_page(self) -> None:
        if self._ready():
            self.page(f"/leagues/{self.league['id']}/", "page: league")

    @task(1)
    def league_list_page(self) -> None:
        self.page("/leagues/", "page: league list")

    @task(3)
    def standings(self) -> None:
        if self._ready():
            self.get_json(f"/api/v1/seasons/{self.season['id']}/standings/", "api: standings")

    @task(3)
    def fixtures_list(self) -> None:
        if self._ready():
            listing = self.get_json(
                "/api/v1/fixtures/",
                "api: fixtures list",
                season=self.season["id"],
                page=random.randint(1, self.fixture_pages),
            )
            if listing and listing["results"]:
                self.fixtures = listing["results"]
                self.fixture_pages = max(1, -(-listing["count"] // 50))

    @task(3)
    def match_page(self) -> None:
        if self._ready() and self.fixtures:
            fixture = random.choice(self.fixtures)
            self.page(f"/matches/{fixture['id']}/", "page: match")

    @task(2)
    def teams_list(self) -> None:
        if self._ready():
            listing = self.get_json("/api/v1/teams/", "api: teams list", league=self.league["id"])
            if listing and listing["results"]:
                self.teams = listing["results"]

    @task(2)
    def team_page(self) -> None:
        if self._ready() and self.teams:
            self.page(f"/leagues/teams/{random.choice(self.teams)['id']}/", "page: team")

    @task(2)
    def results_list(self) -> None:
        if self._ready():
            self.get_json("/api/v1/results/", "api: results list", league=self.league["id"])


class Punter(Signed):
    weight = 25
    tokens = ACCOUNTS["punters"]

    def on_start(self) -> None:
        super().on_start()
        self.stakes: dict[int, tuple[int, int]] = {}  # league -> (smallest, largest) stake
        # A punter knows the leagues where they hold a wallet (prepare.py opened them) and reads
        # each one's betting settings, as a betting client does before its first bet.
        self.leagues: list[int] = []
        for league in ACCOUNTS.get("betting_leagues", []):
            settings = self.get_json(f"/api/v1/leagues/{league}/betting/", "api: betting settings")
            if settings and settings.get("mode") != "off":
                self.leagues.append(league)
                self.stakes[league] = (settings["min_stake"], settings["max_stake"])
        self.open: list[dict] = []

    def _open_fixtures(self) -> list[dict]:
        if not self.open or random.random() < 0.25:
            league = self.league = random.choice(self.leagues)
            listing = self.get_json(
                "/api/v1/fixtures/",
                "api: fixtures list",
                league=league,
                status="scheduled",
                ordering="kickoff",
            )
            self.open = listing["results"][:10] if listing else []
        return self.open

    @task(6)
    def bet(self) -> None:
        if not self.leagues or not self._open_fixtures():
            return
        fixture = random.choice(self.open)
        market = self.get_json(f"/api/v1/fixtures/{fixture['id']}/odds/", "api: odds")
        if market is None:
            self.open = []  # closed or not priced yet: choose again next time
            return
        priced = [(name, o["price"]) for name, o in market["outcomes"].items() if o.get("price")]
        if not priced:
            return
        outcome, price = random.choice(priced)
        low, high = self.stakes[self.league]
        body = {
            "fixture": fixture["id"],
            "outcome": outcome,
            "stake": random.randint(low, min(high, low + 50)),
            "price": price,
        }
        placed = self.call("POST", "/api/v1/bets/", "bet: place", 201, json=body)
        if placed is None:
            self.open = []
            return
        mine = self.get_json("/api/v1/bets/", "api: my bets")
        if mine is not None:  # the newest first: the bet just placed leads the first page
            _checked("bet", placed["id"] in [bet["id"] for bet in mine["results"]])

    @task(2)
    def my_bets(self) -> None:
        self.get_json("/api/v1/bets/", "api: my bets")

    @task(1)
    def wallet(self) -> None:
        if self.leagues:
            self.get_json(f"/api/v1/leagues/{random.choice(self.leagues)}/wallet/", "api: wallet")

    @task(1)
    def betting_page(self) -> None:
        if self.leagues:
            self.page(f"/betting/leagues/{random.choice(self.leagues)}/", "page: betting")


class Coach(Signed):
    weight = 12
    tokens = ACCOUNTS["coaches"]

    def on_start(self) -> None:
        super().on_start()
        self.teams = [team["id"] for team in self.me.get("teams", []) if team.get("id")]

    @task(3)
    def read_lineup(self) -> None:
        if self.teams:
            self.get_json(f"/api/v1/teams/{random.choice(self.teams)}/lineup/", "api: lineup")

    @task(2)
    def read_sheet(self) -> None:
        if self.teams:
            self.get_json(f"/api/v1/teams/{random.choice(self.teams)}/sheet/", "api: team sheet")

    @task(1)
    def team_page(self) -> None:
        if self.teams:
            self.page(f"/leagues/teams/{random.choice(self.teams)}/", "page: team")

    @task(3)
    def edit_lineup(self) -> None:
        """Two players of the field swap places (the coach's place stays)."""
        if not self.teams:
            return
        team = random.choice(self.teams)
        lineup = self.get_json(f"/api/v1/teams/{team}/lineup/", "api: lineup")
        if not lineup:
            return
        field = [position for position, player in lineup.items() if player and position != "coach"]
        if len(field) < 2:
            return
        first, second = random.sample(field, 2)
        body = {position: player["id"] if player else None for position, player in lineup.items()}
        body[first], body[second] = body[second], body[first]
        if self._put(f"/api/v1/teams/{team}/lineup/", body, "lineup: edit") is None:
            return
        if _handed[self.token] > 1:
            return  # another user may edit the same team meanwhile
        after = self.get_json(f"/api/v1/teams/{team}/lineup/", "api: lineup")
        if after is not None:
            shown = {
                position: player["id"] if player else None for position, player in after.items()
            }
            _checked("lineup", shown == body)

    @task(1)
    def edit_plan(self) -> None:
        if self.teams:
            tactic = random.choice(["offensive", "defensive", "balanced"])
            self._put(
                f"/api/v1/teams/{random.choice(self.teams)}/match-plan/",
                {"tactic": tactic},
                "lineup: match plan",
            )

    def _put(self, path: str, body: dict, name: str):
        return self.call("PUT", path, name, json=body)  # refused while the team plays: frozen


class Commissioner(Signed):
    weight = 3
    wait_time = between(40, 80)
    tokens = ACCOUNTS["commissioners"]

    def on_start(self) -> None:
        super().on_start()
        self.leagues = []
        for league in self.me.get("leagues", [])[:20]:
            detail = self.get_json(f"/api/v1/leagues/{league['id']}/", "api: league")
            if detail and detail["rule_system"] == "rotzball":  # the game the workers simulate
                self.leagues.append(league["id"])

    @task
    def simulate_next_round(self) -> None:
        if not self.leagues:
            return
        league = random.choice(self.leagues)
        seasons = self.get_json("/api/v1/seasons/", "api: seasons list", league=league)
        if not seasons or not seasons["results"]:
            return
        season = seasons["results"][0]["id"]
        upcoming = self.get_json(
            "/api/v1/fixtures/",
            "api: fixtures list",
            season=season,
            status="scheduled",
            ordering="round",
            page_size=1,
        )
        if not upcoming or not upcoming["results"]:
            return
        number = upcoming["results"][0]["round"]
        batch = self.call(
            "POST",
            f"/api/v1/seasons/{season}/simulate/",
            "simulation: request round",
            202,
            json={"round": number},
        )
        if batch is None:
            return
        for _poll in range(15):
            self._sleep(2)
            progress = self.get_json(
                f"/api/v1/simulation-batches/{batch['id']}/", "simulation: progress"
            )
            if not progress:
                return
            if progress.get("done"):
                self._check_played(season, number)
                return

    def _check_played(self, season: int, number: int) -> None:
        """The round just simulated, read as anyone reads it (no token): every fixture of
        it played, with its result."""
        listing = self.get_json(
            "/api/v1/fixtures/",
            "api: fixtures list",
            season=season,
            round=number,
            headers={"Authorization": None},
        )
        if listing is not None:
            fixtures = listing["results"]
            _checked(
                "simulation",
                bool(fixtures) and all(f["status"] == "played" and f["result"] for f in fixtures),
            )

    def _sleep(self, seconds: float) -> None:
        import gevent

        gevent.sleep(seconds)
