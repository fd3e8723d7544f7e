"""What the forecasts announce to the apps above them, which they never import.

``forecast_stored(season_id, generation, teams)``: a season's new forecast was stored (the
``teams`` entries as in ``SeasonForecast.teams``). Sent inside the storing transaction, after
the conditional UPDATE that stored it: a receiver's writes commit or roll back with it (the
champion market's prices, ``betting.futures``)."""

from django.dispatch import Signal

forecast_stored = Signal()
