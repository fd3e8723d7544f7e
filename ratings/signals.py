"""What the ratings app tells the apps above it."""

from django.dispatch import Signal

team_ratings_changed = Signal()
"""``league_id``: the stored ratings of the league's teams changed (a result rated, corrected or
voided, or the league rebuilt). Sent once the new rows are written, inside their transaction;
receivers act once it commits (prices from ratings computed again)."""
