"""A correction or void that pays a fixture's bets again tells each bettor once what changed
(the result before and after, what their bets paid and pay now), and the wallet statement
words the reversal and the new payment, in English and French."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import translation

from betting.models import Bet
from betting.settlement import correction_resettle
from matches.corrections import result_correct, result_void
from notifications import kinds
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _correct(played, commissioner):
    return result_correct(
        result=played,
        home_score=0,
        away_score=1,
        winner="away",
        reason="Goal disallowed",
        by=commissioner,
    )


def _payouts(fixture) -> dict[str, int | None]:
    return dict(Bet.objects.filter(fixture=fixture).values_list("outcome", "payout"))


def test_a_correction_tells_the_bettor_once(played, fixture, punter, commissioner, run_on_commit):
    paid_before = _payouts(fixture)["home"]
    correction = run_on_commit(_correct, played, commissioner)
    assert run_on_commit(correction_resettle, correction_id=correction.pk) is None  # run twice
    paid_now = _payouts(fixture)["away"]

    [note] = Notification.objects.filter(user=punter, kind__startswith="bet.")
    assert (note.kind, note.event_key) == ("bet.resettled", f"bet.resettled:{correction.pk}")
    assert (note.data["old_payout"], note.data["new_payout"]) == (paid_before, paid_now)
    with translation.override("en"):
        assert kinds.text(note.kind, note.data) == (
            "The result of Wolves v Ravens was corrected from 2–1 to 0–1: your bets are settled "
            f"again. They paid {paid_before}, they now pay {paid_now}."
        )
    with translation.override("fr"):
        assert kinds.text(note.kind, note.data) == (
            "Le résultat de Wolves – Ravens a été corrigé de 2–1 en 0–1 : vos paris sont "
            f"réglés à nouveau. Ils rapportaient {paid_before}, ils rapportent maintenant "
            f"{paid_now}."
        )


def test_a_void_tells_the_bettor_once_that_the_bets_are_open_again(
    played, fixture, punter, commissioner, run_on_commit
):
    paid_before = _payouts(fixture)["home"]
    void = run_on_commit(result_void, result=played, reason="Replay", by=commissioner)
    assert run_on_commit(correction_resettle, correction_id=void.pk) is None  # run twice

    [note] = Notification.objects.filter(user=punter, kind__startswith="bet.")
    assert (note.kind, note.event_key) == ("bet.reopened", f"bet.reopened:{void.pk}")
    assert set(Bet.objects.filter(fixture=fixture).values_list("status", flat=True)) == {"open"}
    with translation.override("en"):
        assert kinds.text(note.kind, note.data) == (
            f"The result of Wolves v Ravens (2–1) was voided: the {paid_before} your bets paid "
            "out is taken back and they are open again until the replay."
        )
    with translation.override("fr"):
        assert kinds.text(note.kind, note.data) == (
            f"Le résultat de Wolves – Ravens (2–1) a été annulé : les {paid_before} versés "
            "par vos paris sont repris et ils sont à nouveau ouverts jusqu'au match rejoué."
        )


def _statement(client, league, language: str) -> dict[str, list[str]]:
    client.cookies["django_language"] = language
    page = BeautifulSoup(
        client.get(
            reverse("betting:wallet", args=[league.pk]), headers={"Accept-Language": language}
        ).content,
        "html.parser",
    )
    lines: dict[str, list[str]] = {}
    for row in page.select("table.statement tbody tr"):
        reason = next(c for c in row["class"] if c.startswith("reason-"))
        lines.setdefault(reason, []).append(row.find_all("td")[1].get_text(strip=True))
    return lines


@pytest.mark.parametrize(
    ("language", "reversed_line", "settled_again"),
    [
        (
            "en",
            "Payout reversed: the result of Wolves v Ravens was corrected from 2–1 to 0–1",
            "Bets settled again: the result of Wolves v Ravens was corrected from 2–1 to 0–1",
        ),
        (
            "fr",
            "Gain repris : le résultat de Wolves – Ravens a été corrigé de 2–1 en 0–1",
            "Paris réglés à nouveau : le résultat de Wolves – Ravens a été corrigé de 2–1 en 0–1",
        ),
    ],
)
def test_the_statement_says_why_a_payout_was_reversed(
    played, betting_league, punter, commissioner, run_on_commit, client, language,
    reversed_line, settled_again,
):  # fmt: skip
    run_on_commit(_correct, played, commissioner)
    client.force_login(punter)
    lines = _statement(client, betting_league, language)
    assert lines["reason-reversal"] == [reversed_line]
    assert lines["reason-settlement"][0] == settled_again  # the newest first
    assert lines["reason-settlement"][1] != settled_again  # the first payment stays as it was


@pytest.mark.parametrize(
    ("language", "reversed_line"),
    [
        ("en", "Payout reversed: the result of Wolves v Ravens (2–1) was voided"),
        ("fr", "Gain repris : le résultat de Wolves – Ravens (2–1) a été annulé"),
    ],
)
def test_the_statement_says_a_payout_was_reversed_by_a_void(
    played, betting_league, punter, commissioner, run_on_commit, client, language, reversed_line
):
    run_on_commit(result_void, result=played, reason="Replay", by=commissioner)
    client.force_login(punter)
    assert _statement(client, betting_league, language)["reason-reversal"] == [reversed_line]
