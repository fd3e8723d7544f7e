"""The sample team lists the project ships. The rule text prints no list nor any price: these
are sample data, marked as such, for a commissioner to edit (his league gets its own copy).
Characteristics follow the text's examples where it gives any (an orc of St 7 and BP 7, dwarfs
of St 7)."""

# name, role, Mo, St, Ag, Co, BP, abilities, price (Irr)
Entry = tuple[str, str, int, int, int, int, int, str, int]

SAMPLE_LISTS: list[dict] = [
    {
        "name": "Orc Bonecrushers (sample)",
        "race": "Orc",
        "description": "Sample data: strong, slow, rough.",
        "entries": [
            ("Orc Brute", "player", 4, 7, 5, 8, 6, "", 45),
            ("Orc Runner", "player", 6, 6, 7, 7, 7, "", 50),
            ("Orc Thrower", "player", 5, 6, 6, 7, 8, "Long pass", 55),
            ("Orc Goalkeeper", "goalkeeper", 4, 7, 7, 8, 8, "", 60),
            ("Grishka the Maw", "hero", 5, 8, 7, 9, 8, "Hit at St 8", 110),
            ("Troll Mercenary", "mercenary", 4, 9, 4, 10, 4, "Big", 90),
            ("Shaman Urzag", "special", 5, 5, 7, 7, 7, "Curse", 120),
        ],
    },
    {
        "name": "Dwarf Anvils (sample)",
        "race": "Dwarf",
        "description": "Sample data: hard as their rock pitches.",
        "entries": [
            ("Dwarf Blocker", "player", 4, 7, 5, 9, 6, "", 50),
            ("Dwarf Runner", "player", 5, 6, 6, 8, 7, "", 50),
            ("Dwarf Slayer", "player", 4, 8, 5, 8, 5, "Follows a push", 60),
            ("Dwarf Goalkeeper", "goalkeeper", 3, 7, 7, 9, 8, "", 60),
            ("Thorgrim Ironbeard", "hero", 4, 8, 6, 10, 7, "Unmovable", 115),
            ("Ogre Mercenary", "mercenary", 4, 9, 4, 9, 4, "Big", 85),
            ("Runesmith Brokk", "special", 4, 6, 6, 8, 7, "Rune of the anvil", 110),
        ],
    },
    {
        "name": "Human Highlanders (sample)",
        "race": "Human",
        "description": "Sample data: quick and good with the ball.",
        "entries": [
            ("Human Lineman", "player", 6, 6, 7, 7, 7, "", 40),
            ("Human Sprinter", "player", 8, 5, 8, 6, 7, "Sprint", 55),
            ("Human Striker", "player", 6, 6, 7, 7, 9, "Strong shot", 60),
            ("Human Goalkeeper", "goalkeeper", 5, 6, 8, 7, 9, "", 60),
            ("Morrigan the Swift", "hero", 8, 6, 9, 7, 9, "Dodge", 120),
            ("Elf Mercenary", "mercenary", 7, 5, 9, 6, 8, "Catch", 80),
            ("Druid Fergus", "special", 6, 5, 7, 7, 7, "Mists", 100),
        ],
    },
]
