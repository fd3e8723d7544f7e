"""The shipped sample team lists (``systems.tutatis.sample_lists``), marked as sample data."""

from django.db import migrations

FIELDS = ("name", "role", "mo", "st", "ag", "co", "bp", "abilities", "price")


def add_samples(apps, schema_editor):
    from systems.tutatis.sample_lists import SAMPLE_LISTS

    TeamList = apps.get_model("tutatis", "TeamList")
    ListEntry = apps.get_model("tutatis", "ListEntry")
    for data in SAMPLE_LISTS:
        team_list = TeamList.objects.create(
            name=data["name"], race=data["race"], description=data["description"], is_sample=True
        )
        ListEntry.objects.bulk_create(
            ListEntry(team_list=team_list, **dict(zip(FIELDS, entry, strict=True)))
            for entry in data["entries"]
        )


def remove_samples(apps, schema_editor):
    apps.get_model("tutatis", "TeamList").objects.filter(league=None, is_sample=True).delete()


class Migration(migrations.Migration):
    dependencies = [("tutatis", "0001_initial")]
    operations = [migrations.RunPython(add_samples, remove_samples)]
