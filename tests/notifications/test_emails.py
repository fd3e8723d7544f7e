"""Emails: sent by the task only for the kinds the user chose, in their language, once even
when the task runs twice."""

import pytest
from django.core import mail

from core.events import publish
from core.models import UserProfile
from notifications import services
from notifications.models import Notification
from notifications.tasks import notification_emails_task

pytestmark = pytest.mark.django_db


def _publish(kind, users, committed, key="k:1"):
    with committed():
        publish(
            kind,
            key=key,
            league_id=None,
            recipients=[user.pk for user in users],
            url="/matches/1/",
            data={"home": "Wolves", "away": "Ravens"},
        )


def test_a_result_to_confirm_is_emailed_by_default(coach, committed, settings):
    settings.SITE_URL = "https://league.example.org"
    _publish("result.to_confirm", [coach], committed)
    assert len(mail.outbox) == 1
    assert "https://league.example.org/matches/1/" in mail.outbox[0].body
    assert mail.outbox[0].to == [coach.email]
    assert "Wolves v Ravens waits for your confirmation" in mail.outbox[0].body
    assert Notification.objects.get().emailed_at is not None


def test_a_cancelled_fixture_is_not_emailed_unless_chosen(coach, other_coach, committed):
    services.preferences_save(user=other_coach, email={"fixture.cancelled": True})
    _publish("fixture.cancelled", [coach, other_coach], committed)
    assert [message.to for message in mail.outbox] == [[other_coach.email]]
    assert Notification.objects.filter(emailed_at__isnull=False).get().user == other_coach


def test_a_user_who_turned_a_default_off_gets_no_email(coach, committed):
    services.preferences_save(user=coach, email={"result.to_confirm": False})
    _publish("result.to_confirm", [coach], committed)
    assert mail.outbox == []
    assert Notification.objects.filter(user=coach).exists()


def test_the_task_run_twice_sends_once(coach, committed):
    _publish("result.disputed", [coach], committed)
    note = Notification.objects.get()
    notification_emails_task.apply(args=[[note.pk]])
    notification_emails_task.apply(args=[[note.pk]])
    assert len(mail.outbox) == 1


def test_the_event_published_twice_sends_once(coach, committed):
    _publish("result.disputed", [coach], committed)
    _publish("result.disputed", [coach], committed)
    assert len(mail.outbox) == 1


def test_the_email_is_in_the_users_language(coach, committed):
    UserProfile.objects.update_or_create(user=coach, defaults={"language": "fr"})
    _publish("result.to_confirm", [coach], committed)
    assert mail.outbox[0].to == [coach.email]
    # the French catalogue may not hold the sentence yet: the email is still written
    assert "Wolves" in mail.outbox[0].body


def test_a_failed_send_gives_the_claim_back(coach, committed, monkeypatch):
    from notifications import emails

    def broken(*args, **kwargs):
        raise OSError("mail server down")

    monkeypatch.setattr(emails, "send_mail", broken)
    services.preferences_save(user=coach, email={"result.disputed": False})
    _publish("result.disputed", [coach], committed)
    note = Notification.objects.get()
    with pytest.raises(OSError):
        emails.notification_emails_send(notification_ids=[note.pk])
    note.refresh_from_db()
    assert note.emailed_at is None


def test_an_unknown_kind_is_refused_naming_the_field(coach):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as refused:
        services.preferences_save(user=coach, email={"fixture.cancelled": True, "nope": True})
    assert "email" in refused.value.message_dict
    assert services.email_choices(user=coach)["fixture.cancelled"] is False


def test_the_sweep_sends_a_lost_email_once(coach, other_coach, committed, settings):
    settings.SWEEPER_GRACE_SECONDS = 0
    services.preferences_save(user=other_coach, email={"result.to_confirm": False})
    with committed():  # the email task's message is lost: nothing queued
        Notification.objects.bulk_create(
            [
                Notification(user=user, kind="result.to_confirm", event_key="lost", data={})
                for user in (coach, other_coach)
            ]
        )
    assert mail.outbox == []
    from notifications.services import emails_sweep

    with committed():
        assert emails_sweep() == {"notification_emails_resent": 1}
    with committed():
        assert emails_sweep() == {"notification_emails_resent": 0}
    assert [message.to for message in mail.outbox] == [[coach.email]]
