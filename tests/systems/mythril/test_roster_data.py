"""Roster data: the engine's sample copied into each new Mythril league (marked as sample),
the commissioner's import of a JSON or YAML file, errors naming the line and the field."""

import json

import pytest

from core.refusals import Refused
from systems.mythril.models import Champion, ExperienceTable, PitchType, Skill, TeamList
from systems.mythril.services.roster import roster_data_export, roster_data_import

YAML = """\
skills:
  - {name: Block, category: general}
pitches:
  - {name: lawn, cost: 0, effect: normal}
experience: {standard: [6, 16, 31]}
team_lists:
  - race: Elf
    allies: []
    positions:
      - name: Lineman
        cost: 60000
        max: 16
        profile: {ma: 6, st: 3, ag: 4, av: 7}
champions: []
"""

BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def test_a_new_league_gets_the_engines_sample_data_marked_as_sample(league):
    lists = TeamList.objects.filter(league=league)
    assert sorted(lists.values_list("race", flat=True)) == ["Dwarf", "Human", "Orc"]
    assert all(t.sample for t in lists)
    assert Champion.objects.filter(league=league, sample=True).count() >= 3
    assert PitchType.objects.get(league=league, name="lawn").cost == 0
    assert PitchType.objects.get(league=league, name="ice").cost == 10_000
    assert ExperienceTable.objects.get(league=league).table["big_guy"] == [11, 21, 51, 101]
    assert Skill.objects.get(league=league, name="Dodge").category == "agility"


def test_the_commissioner_imports_yaml_and_it_replaces_the_sample(league, commissioner):
    roster_data_import(league=league, user=commissioner, text=YAML, filename="elves.yaml")
    lists = TeamList.objects.filter(league=league)
    assert list(lists.values_list("race", flat=True)) == ["Elf"]
    assert not lists.get().sample
    position = lists.get().positions.get()
    assert (position.cost, position.max_count, position.ag) == (60_000, 16, 4)
    assert roster_data_export(league=league)["experience"]["standard"] == [6, 16, 31]


def test_an_export_imports_back_unchanged(league, commissioner):
    exported = roster_data_export(league=league)
    roster_data_import(
        league=league,
        user=commissioner,
        text=json.dumps(exported, indent=2),
        filename="roster.json",
    )
    assert roster_data_export(league=league) == exported
    assert not TeamList.objects.filter(league=league, sample=True).exists()


@pytest.mark.parametrize(
    ("text", "filename", "field", "line"),
    [
        (
            YAML.replace("cost: 60000", "cost: lots"),
            "elves.yaml",
            "team_lists.0.positions.0.cost",
            11,
        ),
        (
            YAML.replace("max: 16", "max: 16\n        speed: 9"),
            "elves.yaml",
            "team_lists.0.positions.0.speed",
            13,
        ),
        (YAML.replace("- race: Elf", "- race: ''"), "elves.yaml", "team_lists.0.race", 7),
        ('{\n  "skills": [\n    {"name": "Block"}\n  ]\n}', "r.json", "skills.0.category", 3),
        ('{\n  "skills": [\n    {"name": "Block",\n  ]\n}', "r.json", "file", 4),
        ("team_lists: []\n", "r.yaml", "team_lists", 1),
        (
            YAML.replace("name: Lineman", 'name: "Line\\u202eman"'),
            "elves.yaml",
            "team_lists.0.positions.0.name",
            10,
        ),
        (YAML.replace("race: Elf", 'race: "E\\u200blf"'), "elves.yaml", "team_lists.0.race", 7),
    ],
)
def test_an_import_error_names_the_line_and_the_field_and_changes_nothing(
    league, commissioner, text, filename, field, line
):
    before = roster_data_export(league=league)
    with pytest.raises(Refused) as refused:
        roster_data_import(league=league, user=commissioner, text=text, filename=filename)
    assert refused.value.field == field
    assert refused.value.extra["line"] == line
    assert refused.value.message.startswith(f"line {line}: {field}")
    assert roster_data_export(league=league) == before


def test_only_the_commissioner_imports(league, coach):
    with pytest.raises(Refused) as refused:
        roster_data_import(league=league, user=coach, text=YAML, filename="elves.yaml")
    assert refused.value.code == "forbidden"
    assert TeamList.objects.filter(league=league, sample=True).count() == 3


def test_a_list_a_team_uses_cannot_be_dropped(league, commissioner, home_team):
    with pytest.raises(Refused) as refused:
        roster_data_import(league=league, user=commissioner, text=YAML, filename="elves.yaml")
    assert refused.value.code == "roster_data_in_use"
    assert TeamList.objects.filter(league=league, race="Human").exists()


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"x" * 1_000_001, "larger than 1 MB"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "not a text file"),
        (b"team_lists: [unclosed", "line"),
        (BILLION_LAUGHS.encode(), "anchors and aliases"),
    ],
)
def test_an_oversized_or_malformed_upload_is_refused_on_the_page_and_the_api(
    client, league, commissioner, content, says
):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse
    from rest_framework.test import APIClient

    before = roster_data_export(league=league)
    client.force_login(commissioner)
    page = client.post(
        reverse("league:my_roster_data", args=[league.pk]),
        {"file": SimpleUploadedFile("roster.yaml", content)},
    )
    api = APIClient()
    api.force_authenticate(commissioner)
    answer = api.post(
        f"/api/v1/mythril/leagues/{league.pk}/roster-data/",
        {"file": SimpleUploadedFile("roster.yaml", content)},
        format="multipart",
    )

    assert says in page.content.decode()
    assert answer.status_code == 400 and says in answer.json()["error"]["message"]
    assert roster_data_export(league=league) == before


@pytest.mark.parametrize(
    ("text", "filename", "problem"),
    [
        (BILLION_LAUGHS, "laughs.yaml", "anchors and aliases"),
        (YAML.replace("- {name: Block", "- &b {name: Block"), "r.yaml", "anchors and aliases"),
        ("[" * 5000 + "]" * 5000, "r.yaml", "nested more than 20 levels"),
        ("[" * 100_000 + "]" * 100_000, "r.json", "nested more than 20 levels"),
    ],
)
def test_aliases_anchors_and_deep_nesting_are_refused_before_the_data_is_walked(
    league, commissioner, text, filename, problem
):
    before = roster_data_export(league=league)
    with pytest.raises(Refused) as refused:
        roster_data_import(league=league, user=commissioner, text=text, filename=filename)
    assert refused.value.field == "file"
    assert problem in refused.value.message
    assert roster_data_export(league=league) == before
