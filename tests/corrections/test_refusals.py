"""One refusal, worded at each edge: a service's ``Refused`` (a code, the field, the params)
answers the API with its code and the field's message, shows on the page's form field, and is
worded in the reader's language; it stays a ``ValidationError`` for callers that catch one."""

import pytest
from bs4 import BeautifulSoup
from django.core.exceptions import ValidationError
from django.utils import translation

from core.refusals import Forbidden, Refused, engine_refused
from matches.corrections import REASON_MAX, result_correct
from matches.models import ResultCorrection

pytestmark = pytest.mark.django_db

SAME = {"home_score": 2, "away_score": 1, "winner": "home", "reason": "Checked twice"}
STORED = "This is the result already stored: change the score or winner."


def test_a_refusal_carries_its_code_field_and_params_and_is_a_validation_error(
    commissioner, played, fixture
):
    with pytest.raises(ValidationError) as caught:
        result_correct(result=played, by=commissioner, **SAME)
    refused = caught.value
    assert isinstance(refused, Refused)
    assert (refused.code, refused.field) == ("result_unchanged", "home_score")
    assert refused.message_dict == {"home_score": [STORED]}

    with pytest.raises(Refused) as too_long:
        result_correct(result=played, by=commissioner, **{**SAME, "reason": "x" * 501})
    assert (too_long.value.code, too_long.value.params) == ("reason_too_long", {"max": REASON_MAX})
    assert too_long.value.message == f"Keep the reason under {REASON_MAX} characters."


def test_the_message_is_worded_from_its_params_in_the_language_shown():
    refused = Refused("reason_too_long", "Keep the reason under %(max)s characters.", max=500)
    lazy = Refused("reason_too_long", translation.gettext_lazy(refused.template), "reason", max=9)
    assert refused.message == "Keep the reason under 500 characters."
    with translation.override("fr"):
        assert lazy.message == "Limitez le motif à 9 caractères."
        assert lazy.message_dict == {"reason": ["Limitez le motif à 9 caractères."]}
    assert lazy.message == "Keep the reason under 9 characters."


def test_the_api_answers_a_refusal_with_its_code_field_and_params(api_as, commissioner, played):
    fixture = played.fixture
    answer = api_as(commissioner).post(
        f"/api/v1/fixtures/{fixture.pk}/correct/", SAME, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == {
        "code": "result_unchanged",
        "message": STORED,
        "fields": {"home_score": [STORED]},
    }
    assert not ResultCorrection.objects.exists()


def test_the_api_words_a_refusal_in_the_request_language(api_as, commissioner, played):
    fixture = played.fixture
    answer = api_as(commissioner).post(
        f"/api/v1/fixtures/{fixture.pk}/correct/", SAME, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    french = "C’est déjà le résultat enregistré : modifiez le score ou le vainqueur."
    assert answer.json()["error"]["fields"] == {"home_score": [french]}
    assert answer.json()["error"]["message"] == french


def test_the_page_shows_a_refusal_on_its_form_field(client, commissioner, played, fixture):
    client.force_login(commissioner)
    answer = client.post(f"/matches/{fixture.pk}/correct/", {**SAME, "confirm": "on"})
    error = BeautifulSoup(answer.content, "html.parser").select_one("#field-home_score")
    assert answer.status_code == 200 and STORED in error.get_text()
    assert not ResultCorrection.objects.exists()


def test_forbidden_is_a_403_refusal():
    refused = Forbidden("Only the commissioner may do this.")
    assert (refused.status_code, refused.code) == (403, "forbidden")
    assert refused.as_error()["message"] == "Only the commissioner may do this."


def test_the_engines_invalid_input_becomes_a_refusal_under_the_services_field():
    from rules_engine import InvalidInput

    coded = InvalidInput("home.passer", "Too slow.", code="too_slow")
    plain = InvalidInput("score", "Not a score.")
    assert (
        engine_refused(coded, prefix="result").code,
        engine_refused(coded, prefix="result").field,
    ) == ("too_slow", "result.home.passer")
    assert engine_refused(plain).code == "invalid_input"
    assert engine_refused(plain, code="invalid_result").message_dict == {"score": ["Not a score."]}
    assert engine_refused(InvalidInput("", "Broken.")).field is None
