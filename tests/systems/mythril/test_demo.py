"""The Mythril demo is built through the services, once."""

from league.models import League
from systems.mythril import demo
from systems.mythril.models import PostMatchRun, TeamBet, Trophy


def test_the_demo_builds_once(commissioner):
    lines = demo.build(commissioner)
    assert lines[0].startswith("Mythril: Ligue Mythril")
    assert "mythril1" in lines[1]
    league = League.objects.get(name=demo.LEAGUE)
    assert league.teams.count() == 4
    assert PostMatchRun.objects.filter(status="done").count() == 2
    assert TeamBet.objects.filter(status__in=["won", "lost"]).count() == 0
    assert TeamBet.objects.filter(status="open").count() == 6
    assert Trophy.objects.get().matches.count() == 2
    demo.build(commissioner)
    assert League.objects.filter(name=demo.LEAGUE).count() == 1
    from ledger.audit import ledger_audit

    audit = ledger_audit()
    assert audit.get("problems", []) == [] and audit.get("ok", True)
