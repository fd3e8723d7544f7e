# Un seul style de date sur toutes les pages : « 25 nov. 2026 » et « 25 nov. 2026, 21:00 CET »
# (l'heure dans le fuseau du lecteur, nommé).
DATE_FORMAT = SHORT_DATE_FORMAT = "j N Y"
DATETIME_FORMAT = SHORT_DATETIME_FORMAT = "j N Y, H:i T"
