"""Pages that list a stored JSON document's terms, on PostgreSQL: jsonb keeps an object's keys
in its own order (shortest first), not in the order they were written, so each list follows
its game's order (home before away; the engine's order of a DC's terms)."""

from tests.battles.conftest import *  # noqa: F403  (the campaign's fixtures)
from tests.battles.test_runs import (  # noqa: F401  (collected again, on PostgreSQL)
    test_the_run_view_of_a_finished_run_has_the_report_and_casualties,
)
from tests.betting.conftest import fixed_league, open_fixture  # noqa: F401
from tests.charts.test_betting_charts import (  # noqa: F401  (collected again, on PostgreSQL)
    test_a_played_fixture_shows_its_odds_against_the_result,
)
