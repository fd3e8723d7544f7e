# One date style on every page: "25 Nov 2026" and "25 Nov 2026, 21:00 CET" (24-hour clock, the
# time in the reader's zone, named: core.user_preferences activates it).
DATE_FORMAT = SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = SHORT_DATETIME_FORMAT = "j M Y, H:i T"
