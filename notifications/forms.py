"""The notifications pages' forms: the email choice per kind, and a league's webhook."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from notifications.kinds import KINDS, WEBHOOK_KINDS
from notifications.models import WebhookEndpoint


class EmailChoicesForm(PageForm):
    """One checkbox per kind: also send it by email."""

    def __init__(self, *args, choices: dict[str, bool], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name, kind in KINDS.items():
            self.fields[self.field_name(name)] = forms.BooleanField(
                label=kind.label, required=False, initial=choices.get(name, kind.email)
            )

    @staticmethod
    def field_name(kind: str) -> str:
        return "email_" + kind.replace(".", "_")

    def values(self) -> dict[str, bool]:
        return {name: self.cleaned_data[self.field_name(name)] for name in KINDS}


class WebhookForm(PageForm):
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=WebhookEndpoint.Kind.choices,
        initial=WebhookEndpoint.Kind.JSON,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "A Discord channel: paste the webhook URL from the channel's settings "
            "(Integrations, Webhooks); each event comes as a message."
        ),
    )
    language = forms.ChoiceField(
        label=_("Language of the messages"),
        choices=settings.LANGUAGES,
        initial=settings.LANGUAGE_CODE,
        required=False,
        help_text=_("For a Discord channel: the language its readers read."),
    )
    url = forms.URLField(
        label=_("URL"),
        max_length=500,
        assume_scheme="https",
        help_text=_(
            "We POST each event to it: as JSON signed with the webhook's secret, or as a "
            "Discord message."
        ),
    )
    events = forms.MultipleChoiceField(
        label=_("Events"),
        choices=[(kind, kind) for kind in WEBHOOK_KINDS],
        widget=forms.CheckboxSelectMultiple,
    )

    def clean_kind(self) -> str:
        return self.cleaned_data["kind"] or WebhookEndpoint.Kind.JSON  # as before kinds existed
