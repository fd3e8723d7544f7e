from tests.systems.tutatis.conftest import (  # noqa: F401  (fixtures, shared)
    dwarfs,
    orcs,
    tt_fixture,
    tt_league,
)
