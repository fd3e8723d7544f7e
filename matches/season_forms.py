"""The commissioner's form to start a league's next season: its name, the teams that retire,
the teams that join (one a line: a name, then optionally a comma and the coach's username)."""

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from core.names import validate_name
from core.refusals import Refused
from league.models import League, Team
from matches import seasons

MAX_NEW_TEAMS = 40


def _on_this_field(check: Callable[..., None], **kwargs: Any) -> None:
    """Run a service's check; its refusal, worded, becomes the error of the field cleaned."""
    try:
        check(**kwargs)
    except Refused as refused:
        raise forms.ValidationError(refused.message, code=refused.code) from None


class NextSeasonForm(PageForm):
    name = forms.CharField(
        label=_("Name of the new season"),
        max_length=60,
        validators=[validate_name],
    )
    retire = forms.ModelMultipleChoiceField(
        label=_("Teams that retire"),
        queryset=Team.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("They keep their past seasons and play no new one."),
    )
    add = forms.CharField(
        label=_("New teams"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "One a line: the team's name, then optionally a comma and its coach's "
            "username (“Ravens, alice”)."
        ),
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, league: League, **kwargs):
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["retire"].queryset = league.teams.filter(retired_at__isnull=True).order_by(
            "name", "pk"
        )

    def clean_name(self) -> str:
        """A name the league has used is refused here, before the confirmation step."""
        name = self.cleaned_data["name"]
        _on_this_field(seasons.season_name_check, league=self.league, name=name)
        return name

    def clean_add(self) -> list[dict]:
        teams: list[dict] = []
        lines = [line.strip() for line in self.cleaned_data["add"].splitlines() if line.strip()]
        if len(lines) > MAX_NEW_TEAMS:
            raise forms.ValidationError(
                _("Add at most %(max)s teams at once.") % {"max": MAX_NEW_TEAMS}
            )
        for line in lines:
            name, _comma, username = (part.strip() for part in line.partition(","))
            if not name or len(name) > 80:
                raise forms.ValidationError(
                    _("“%(line)s”: give a team name of 1 to 80 characters.") % {"line": line}
                )
            team: dict = {"name": name}
            if username:
                coach = User.objects.filter(username=username, is_active=True).first()
                if coach is None:
                    raise forms.ValidationError(
                        _("“%(line)s”: no user has the username %(username)s.")
                        % {"line": line, "username": username}
                    )
                team["coach"] = coach
            teams.append(team)
        names = [team["name"] for team in teams]
        _on_this_field(seasons.new_teams_check, league=self.league, names=names)
        return teams

    def start(self) -> dict:
        """The keyword arguments of ``matches.seasons.season_start_next`` from this form."""
        return {
            "name": self.cleaned_data["name"],
            "retire": [team.pk for team in self.cleaned_data["retire"]],
            "add": self.cleaned_data["add"],
        }
