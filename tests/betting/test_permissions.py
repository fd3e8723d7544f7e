"""Who may do what in a league's betting: anonymous, a punter, another punter, a coach of
the league and its commissioner, on every betting endpoint."""

import pytest

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "punter", "other_punter", "coach", "commissioner"]


@pytest.fixture
def as_role(api_as, request):
    def client(role):
        return api_as(None if role == "anonymous" else request.getfixturevalue(role))

    return client


@pytest.fixture
def punters_bet(api_as, punter, wallet, open_fixture, place):
    return place(punter, open_fixture, "home", 20)


# role -> expected status
EXPECTED = {
    "read settings": dict.fromkeys(ROLES, 200),
    "change settings": {
        "anonymous": 401,
        "punter": 403,
        "other_punter": 403,
        "coach": 403,
        "commissioner": 200,
    },
    "open a wallet": {
        "anonymous": 401,
        "punter": 200,
        "other_punter": 201,
        "coach": 201,
        "commissioner": 400,
    },
    "read the book": {
        "anonymous": 401,
        "punter": 403,
        "other_punter": 403,
        "coach": 403,
        "commissioner": 200,
    },
    "read the leaderboard": dict.fromkeys(ROLES, 200),
    "read the punter's bet": {
        "anonymous": 401,
        "punter": 200,
        "other_punter": 404,
        "coach": 404,
        "commissioner": 404,
    },
    "cancel the punter's bet": {
        "anonymous": 401,
        "punter": 200,
        "other_punter": 404,
        "coach": 404,
        "commissioner": 404,
    },
    "read odds": dict.fromkeys(ROLES, 200),
}


def _call(client, action, league, fixture, bet):
    base = f"/api/v1/leagues/{league.pk}"
    return {
        "read settings": lambda: client.get(f"{base}/betting/"),
        "change settings": lambda: client.patch(f"{base}/betting/", {"max_stake": 400}),
        "open a wallet": lambda: client.post(f"{base}/wallet/"),
        "read the book": lambda: client.get(f"{base}/book/"),
        "read the leaderboard": lambda: client.get(f"{base}/bettors/"),
        "read the punter's bet": lambda: client.get(f"/api/v1/bets/{bet.pk}/"),
        "cancel the punter's bet": lambda: client.post(f"/api/v1/bets/{bet.pk}/cancel/"),
        "read odds": lambda: client.get(f"/api/v1/fixtures/{fixture.pk}/odds/"),
    }[action]()


@pytest.mark.parametrize("action", list(EXPECTED))
@pytest.mark.parametrize("role", ROLES)
def test_permission_matrix(as_role, role, action, fixed_league, open_fixture, punters_bet):
    answer = _call(as_role(role), action, fixed_league, open_fixture, punters_bet)
    expected = EXPECTED[action][role]
    assert answer.status_code == expected, answer.json()
    if answer.status_code >= 400:
        assert "code" in answer.json()["error"]
