"""The champion market's tests run on the forecasts' Killpower season: four teams meeting
twice, few simulations (``tests.forecasts.conftest``)."""

from tests.forecasts.conftest import (  # noqa: F401 (pytest fixtures)
    few_simulations,
    fixtures,
    played,
    teams,
)
