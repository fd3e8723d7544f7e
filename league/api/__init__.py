"""The REST API of leagues, seasons, teams, players and accounts (mounted at ``/api/v1/``)."""
