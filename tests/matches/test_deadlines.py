"""Deadlines of results played at the table: round deadlines and extensions, the late list,
reminders once per deadline, automatic forfeits once and only to the one side that showed up,
and kick-off times proposed and accepted; pages in both languages and the API."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from core.models import UserProfile
from matches import deadlines
from matches.models import Fixture, KickoffProposal, Result, ResultReport, RoundDeadline
from notifications.models import Notification
from tests.factories import FixtureFactory, LeagueFactory, SeasonFactory, TeamFactory
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
PARIS = ZoneInfo("Europe/Paris")  # the site's zone (TIME_ZONE)


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``with committed():`` runs what waits for the commit (events, then their tasks)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def table_league(commissioner):
    return LeagueFactory(name="Tutatis Cup", commissioner=commissioner, rule_system="tutatis")


@pytest.fixture
def sides(table_league, coach, other_coach):
    home = TeamFactory(league=table_league, name="Gaulois", coach=coach)
    away = TeamFactory(league=table_league, name="Romains", coach=other_coach)
    return home, away


@pytest.fixture
def fixture(table_league, sides):
    season = SeasonFactory(league=table_league, name="2027")
    home, away = sides
    return FixtureFactory(
        season=season, round=1, home=home, away=away, kickoff=NOW + timedelta(days=10)
    )


def _due(fixture, at):
    RoundDeadline.objects.create(season=fixture.season, round=fixture.round, due_at=at)


def test_the_commissioner_sets_round_deadlines_and_others_cannot(fixture, commissioner, coach):
    due = NOW + timedelta(days=14)

    deadlines.round_deadlines_set(season=fixture.season, deadlines={1: due}, by=commissioner)

    assert RoundDeadline.objects.get().due_at == due
    with pytest.raises(PermissionDenied):
        deadlines.round_deadlines_set(season=fixture.season, deadlines={1: None}, by=coach)
    with pytest.raises(ValidationError) as refused:
        deadlines.round_deadlines_set(season=fixture.season, deadlines={9: due}, by=commissioner)
    assert refused.value.error_dict["round"][0].code == "unknown_round"
    deadlines.round_deadlines_set(season=fixture.season, deadlines={1: None}, by=commissioner)
    assert not RoundDeadline.objects.exists()


def test_a_round_deadline_set_again_unchanged_does_not_remind_again(fixture, commissioner):
    due = NOW + timedelta(days=14)
    _due(fixture, due)
    Fixture.objects.filter(pk=fixture.pk).update(reminded_at=NOW)

    deadlines.round_deadlines_set(season=fixture.season, deadlines={1: due}, by=commissioner)

    assert Fixture.objects.get().reminded_at == NOW
    deadlines.round_deadlines_set(
        season=fixture.season, deadlines={1: due + timedelta(hours=1)}, by=commissioner
    )
    assert Fixture.objects.get().reminded_at is None  # a new deadline reminds again


def test_a_simulated_game_has_no_deadline(season, team, other_team, commissioner):
    FixtureFactory(season=season, home=team, away=other_team)
    with pytest.raises(ValidationError) as refused:
        deadlines.round_deadlines_set(season=season, deadlines={1: NOW}, by=commissioner)
    assert refused.value.error_dict["deadline"][0].code == "simulated_game"


def test_a_fixture_is_late_only_after_its_deadline_and_the_grace_period(fixture):
    league = fixture.season.league
    _due(fixture, NOW)
    grace = timedelta(hours=league.deadline_grace_hours)

    assert list(deadlines.late_fixtures(league=league, now=NOW + grace)) == []
    assert list(deadlines.late_fixtures(league=league, now=NOW + grace + timedelta(minutes=1))) == [
        fixture
    ]
    Fixture.objects.filter(pk=fixture.pk).update(deadline=NOW + timedelta(days=5))  # its own
    assert list(deadlines.late_fixtures(league=league, now=NOW + grace * 2)) == []


def test_an_extension_counts_from_now_when_the_deadline_is_past_and_tells_both_coaches(
    fixture, commissioner, committed
):
    _due(fixture, timezone.now() - timedelta(days=3))
    before = timezone.now()

    with committed():
        extended = deadlines.fixture_extend(fixture=fixture, days=4, by=commissioner)

    days = timedelta(days=4)  # on the site's wall clock
    after = timezone.localtime(timezone.now(), PARIS) + days
    assert timezone.localtime(before, PARIS) + days <= extended.deadline <= after
    assert list(deadlines.late_fixtures(league=fixture.season.league)) == []
    told = Notification.objects.filter(kind="deadline.extended")
    assert told.count() == 2
    with pytest.raises(ValidationError) as refused:
        deadlines.fixture_extend(fixture=fixture, days=61, by=commissioner)
    assert refused.value.error_dict["days"][0].code == "extension_range"


@pytest.mark.parametrize(
    ("due", "extended"),
    [
        # Sunday 20:00 a week before the clocks go back (last Sunday of October), then forward
        (datetime(2036, 10, 19, 20, 0, tzinfo=PARIS), datetime(2036, 10, 26, 20, 0, tzinfo=PARIS)),
        (datetime(2037, 3, 22, 20, 0, tzinfo=PARIS), datetime(2037, 3, 29, 20, 0, tzinfo=PARIS)),
    ],
)
def test_an_extension_keeps_the_local_hour_across_a_change_of_daylight_saving_time(
    fixture, commissioner, due, extended
):
    _due(fixture, due)

    moved = deadlines.fixture_extend(fixture=fixture, days=7, by=commissioner)

    assert moved.deadline == extended  # next Sunday 20:00 in Paris, not 19:00 or 21:00
    fixture.refresh_from_db()
    assert fixture.deadline == extended


def test_coaches_are_reminded_once_per_deadline_in_their_time_zone(fixture, coach, committed):
    UserProfile.objects.create(user=coach, time_zone="Asia/Tokyo")
    now = timezone.now()
    _due(fixture, now + timedelta(hours=30))  # within the league's 48 hours

    with committed():
        first = deadlines.deadlines_remind(now=now)
    with committed():
        second = deadlines.deadlines_remind(now=now)

    assert (first, second) == ({"deadline_reminders": 1}, {"deadline_reminders": 0})
    notes = Notification.objects.filter(kind="deadline.reminder")
    assert sorted(notes.values_list("user__username", flat=True)) == ["coach", "other_coach"]


def test_a_deadline_set_back_to_an_earlier_value_is_reminded_again(
    fixture, coach, commissioner, committed
):
    now = timezone.now()
    first, second = now + timedelta(hours=30), now + timedelta(hours=40)
    for minutes, due in enumerate((first, second, first)):  # a sweep a minute
        with committed():
            deadlines.round_deadlines_set(
                season=fixture.season, deadlines={fixture.round: due}, by=commissioner
            )
        with committed():
            swept = deadlines.deadlines_remind(now=now + timedelta(minutes=minutes))
        assert swept == {"deadline_reminders": 1}

    told = Notification.objects.filter(user=coach, kind="deadline.reminder").order_by("pk")
    assert [note.data["deadline"] for note in told] == [
        due.isoformat() for due in (first, second, first)
    ]


def test_no_reminder_outside_the_league_s_reminder_time(fixture):
    _due(fixture, timezone.now() + timedelta(hours=60))
    assert deadlines.deadlines_remind() == {"deadline_reminders": 0}
    fixture.season.league.deadline_reminder_hours = 0
    fixture.season.league.save()
    _late = timezone.now() + timedelta(hours=1)
    RoundDeadline.objects.update(due_at=_late)
    assert deadlines.deadlines_remind() == {"deadline_reminders": 0}


def _late(fixture):
    _due(fixture, timezone.now() - timedelta(hours=fixture.season.league.deadline_grace_hours + 1))


def test_an_automatic_forfeit_goes_once_to_the_one_side_that_showed_up(fixture, coach, committed):
    league = fixture.season.league
    league.automatic_forfeits = True
    league.save()
    _late(fixture)
    KickoffProposal.objects.create(
        fixture=fixture, side="home", proposed_by=coach, at=NOW + timedelta(days=1)
    )

    with committed():
        first = deadlines.forfeits_apply()
    second = deadlines.forfeits_apply()

    assert (first, second) == ({"forfeits_awarded": 1}, {"forfeits_awarded": 0})
    result = Result.objects.get(fixture=fixture)
    assert (result.winner, result.decided_by) == ("home", "forfeit")
    assert (result.home_score, result.away_score) == (
        league.forfeit_score_for,
        league.forfeit_score_against,
    )


@pytest.mark.parametrize("showed", [(), ("home", "away")])
def test_no_automatic_forfeit_when_neither_or_both_sides_showed_up(
    fixture, coach, other_coach, showed
):
    league = fixture.season.league
    league.automatic_forfeits = True
    league.save()
    _late(fixture)
    for side in showed:
        KickoffProposal.objects.create(fixture=fixture, side=side, at=NOW)

    assert deadlines.forfeits_apply() == {"forfeits_awarded": 0}
    assert not Result.objects.exists()


def test_a_result_the_other_coach_disputed_waits_for_the_commissioner(fixture, coach, other_coach):
    """The home coach entered a result, the away coach disputed it: both sides showed up, and
    the dispute is the commissioner's to decide, not a forfeit's."""
    league = fixture.season.league
    league.automatic_forfeits = True
    league.save()
    _late(fixture)
    ResultReport.objects.create(
        fixture=fixture,
        submitted_by=coach,
        disputed_by=other_coach,
        payload={},
        status=ResultReport.Status.DISPUTED,
    )

    assert deadlines.forfeits_apply() == {"forfeits_awarded": 0}
    assert not Result.objects.exists()
    assert ResultReport.objects.get(fixture=fixture).status == ResultReport.Status.DISPUTED


def test_a_side_with_no_coach_never_shows_up(fixture, coach):
    """The home coach entered a result nobody disputed; the away team has no coach: the home
    side alone showed up."""
    league = fixture.season.league
    league.automatic_forfeits = True
    league.save()
    fixture.away.coach = None
    fixture.away.save()
    _late(fixture)
    ResultReport.objects.create(fixture=fixture, submitted_by=coach, payload={})

    assert deadlines.forfeits_apply() == {"forfeits_awarded": 1}
    assert Result.objects.get(fixture=fixture).winner == "home"


def test_without_the_setting_a_late_fixture_waits_for_the_commissioner(fixture, coach):
    _late(fixture)
    KickoffProposal.objects.create(fixture=fixture, side="home", proposed_by=coach, at=NOW)
    assert deadlines.forfeits_apply() == {"forfeits_awarded": 0}
    assert list(deadlines.late_fixtures(league=fixture.season.league)) == [fixture]


def test_a_time_proposed_by_one_coach_and_accepted_by_the_other_becomes_the_kick_off(
    fixture, coach, other_coach, stranger, committed
):
    first_time = timezone.now().replace(microsecond=0) + timedelta(days=3)
    with committed():
        mine = deadlines.kickoff_propose(fixture=fixture, user=coach, at=first_time)
    other = deadlines.kickoff_propose(
        fixture=fixture, user=coach, at=first_time + timedelta(hours=2)
    )
    assert Notification.objects.get(kind="kickoff.proposed").user == other_coach

    with pytest.raises(ValidationError) as refused:
        deadlines.kickoff_accept(proposal=mine, user=coach)
    assert refused.value.error_dict["proposal"][0].code == "own_proposal"
    with pytest.raises(PermissionDenied):
        deadlines.kickoff_accept(proposal=mine, user=stranger)

    deadlines.kickoff_accept(proposal=mine, user=other_coach)

    fixture.refresh_from_db()
    assert fixture.kickoff == first_time
    statuses = dict(KickoffProposal.objects.values_list("pk", "status"))
    assert statuses == {mine.pk: "accepted", other.pk: "superseded"}
    with pytest.raises(ValidationError) as again:
        deadlines.kickoff_accept(proposal=mine, user=other_coach)
    assert again.value.error_dict["proposal"][0].code == "not_open"


def test_a_past_time_or_a_stranger_s_proposal_is_refused(fixture, coach, stranger):
    with pytest.raises(ValidationError) as refused:
        deadlines.kickoff_propose(fixture=fixture, user=coach, at=timezone.now())
    assert refused.value.error_dict["at"][0].code == "past"
    with pytest.raises(PermissionDenied):
        deadlines.kickoff_propose(
            fixture=fixture, user=stranger, at=timezone.now() + timedelta(days=1)
        )
    assert not KickoffProposal.objects.exists()


# --- pages -------------------------------------------------------------------------------


def test_the_deadlines_page_reads_times_in_the_commissioner_s_zone(client, fixture, commissioner):
    UserProfile.objects.create(user=commissioner, time_zone="Asia/Tokyo")
    client.force_login(commissioner)
    url = f"/leagues/{fixture.season.league_id}/seasons/{fixture.season_id}/deadlines/"
    assert "Asia/Tokyo" in client.get(url).content.decode()

    answer = client.post(url, {"round_1": "2026-12-10T20:00"})

    assert answer.status_code == 302
    assert RoundDeadline.objects.get().due_at == datetime(2026, 12, 10, 11, 0, tzinfo=UTC)


def test_the_deadlines_page_saved_as_shown_changes_only_the_rounds_edited(
    client, fixture, commissioner
):
    """Shown in the reader's zone to the minute and saved back: a round left as it was keeps
    its deadline (seconds included, as the API may set them) and its reminders already sent;
    the round edited is read in the reader's zone."""
    UserProfile.objects.create(user=commissioner, time_zone="America/New_York")
    second = FixtureFactory(
        season=fixture.season, round=2, home=fixture.away, away=fixture.home, kickoff=NOW
    )
    due = datetime(2027, 7, 10, 18, 0, 30, tzinfo=UTC)
    _due(fixture, due)
    Fixture.objects.filter(pk__in=[fixture.pk, second.pk]).update(reminded_at=NOW)
    client.force_login(commissioner)
    url = f"/leagues/{fixture.season.league_id}/seasons/{fixture.season_id}/deadlines/"
    form = soup(client.get(url)).find("form", class_="deadlines-form")
    shown = form_data(form, round_2="2027-07-17T14:00")
    assert shown["round_1"] == "2027-07-10T14:00"  # 18:00 UTC in New York (summer time)

    assert client.post(url, shown).status_code == 302

    saved = dict(RoundDeadline.objects.values_list("round", "due_at"))
    assert saved == {1: due, 2: datetime(2027, 7, 17, 18, 0, tzinfo=UTC)}
    reminded = dict(Fixture.objects.values_list("round", "reminded_at"))
    assert reminded == {1: NOW, 2: None}  # only the new deadline reminds again


def test_the_late_page_awards_and_extends_in_one_click_in_both_languages(
    client, fixture, commissioner
):
    _late(fixture)
    client.force_login(commissioner)
    league = fixture.season.league_id
    english = client.get(f"/leagues/{league}/late/").content.decode()
    assert "Late fixtures" in english and "To Gaulois" in english
    french = client.get(f"/leagues/{league}/late/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Rencontres en retard" in french and "À Gaulois" in french

    client.post(f"/matches/{fixture.pk}/late/extend/", {"days": "2"})
    fixture.refresh_from_db()
    assert fixture.deadline > timezone.now() + timedelta(days=1)
    Fixture.objects.filter(pk=fixture.pk).update(deadline=None)

    client.post(f"/matches/{fixture.pk}/late/award/", {"winner": "away"})

    assert Result.objects.get(fixture=fixture).winner == "away"
    assert "No fixture is late." in client.get(f"/leagues/{league}/late/").content.decode()


def test_the_late_page_is_the_commissioner_s(client, fixture, coach):
    client.force_login(coach)
    assert client.get(f"/leagues/{fixture.season.league_id}/late/").status_code == 403


def test_the_fixture_panel_lets_coaches_propose_and_accept(client, fixture, coach, other_coach):
    _due(fixture, timezone.now() + timedelta(days=7))
    client.force_login(coach)
    panel = client.get(f"/matches/{fixture.pk}/kickoff-times/").content.decode()
    assert "Result due by" in panel and "Propose this time" in panel
    at = (timezone.now() + timedelta(days=2)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M")

    client.post(f"/matches/{fixture.pk}/kickoff-times/propose/", {"at": at})
    proposal = KickoffProposal.objects.get()

    client.force_login(other_coach)
    panel = client.get(f"/matches/{fixture.pk}/kickoff-times/").content.decode()
    assert "Accept this time" in panel
    client.post(f"/matches/kickoff-times/{proposal.pk}/accept/")
    fixture.refresh_from_db()
    assert fixture.kickoff == proposal.at


def test_a_simulated_fixture_has_no_kick_off_panel(client, season, team, other_team):
    simulated = FixtureFactory(season=season, home=team, away=other_team)
    assert client.get(f"/matches/{simulated.pk}/kickoff-times/").status_code == 404


# --- API ---------------------------------------------------------------------------------


def test_the_api_sets_deadlines_lists_late_fixtures_and_extends(
    api_client, fixture, commissioner, coach
):
    api_client.force_authenticate(commissioner)
    season_url = f"/api/v1/seasons/{fixture.season_id}/deadlines/"
    past = (timezone.now() - timedelta(days=3)).isoformat()

    put = api_client.put(season_url, {"deadlines": [{"round": 1, "due_at": past}]}, format="json")
    late = api_client.get(f"/api/v1/leagues/{fixture.season.league_id}/late-fixtures/")
    extended = api_client.post(f"/api/v1/fixtures/{fixture.pk}/extend/", {"days": 5}, format="json")

    assert put.status_code == 200 and put.json()["deadlines"][0]["round"] == 1
    assert [row["id"] for row in late.json()] == [fixture.pk]
    assert extended.status_code == 200
    bad = api_client.put(season_url, {"deadlines": [{"round": 7, "due_at": past}]}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "unknown_round"
    api_client.force_authenticate(coach)
    assert api_client.get(season_url).status_code == 403


def test_the_api_proposal_flow(api_client, fixture, coach, other_coach):
    at = (timezone.now() + timedelta(days=2)).replace(microsecond=0)
    api_client.force_authenticate(coach)
    made = api_client.post(
        f"/api/v1/fixtures/{fixture.pk}/kickoff-proposals/", {"at": at.isoformat()}, format="json"
    )
    assert made.status_code == 201 and made.json()["side"] == "home"

    api_client.force_authenticate(other_coach)
    listed = api_client.get(f"/api/v1/fixtures/{fixture.pk}/kickoff-proposals/").json()
    accepted = api_client.post(f"/api/v1/kickoff-proposals/{listed[0]['id']}/accept/")

    assert accepted.status_code == 200
    assert datetime.fromisoformat(accepted.json()["kickoff"]) == at


def test_a_table_played_fixture_s_page_loads_the_kick_off_panel(client, fixture):
    page = client.get(f"/matches/{fixture.pk}/")
    assert f'hx-get="/matches/{fixture.pk}/kickoff-times/"' in page.content.decode()
