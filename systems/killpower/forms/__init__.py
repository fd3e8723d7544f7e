"""Forms of the Killpower Ball pages: a team of seven gladiators, raises, tournaments, and a
match result entered per gladiator, confirmed, disputed or decided. They parse and display;
the services decide."""
