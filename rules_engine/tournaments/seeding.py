"""Where seeds stand in a knock-out bracket, and when two places can meet."""


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order for ``size`` places (a power of two): seeds 1 and 2 in opposite
    halves, 1 to 4 in different quarters, and so on (8 places: 1-8, 4-5, 2-7, 3-6)."""
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, mirror - top)]
    return order


def meeting_round(p: int, q: int) -> int:
    """The earliest round in which bracket places ``p`` and ``q`` (from 0, in bracket order)
    can meet: the round in which their halves of the bracket join."""
    return (p ^ q).bit_length()
