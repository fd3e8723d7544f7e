"""The REST API of fixtures, results, simulations and standings (mounted at ``/api/v1/``)."""
