"""The REST API of campaigns, armies, troops, battles and runs (mounted at ``/api/v1/``)."""
