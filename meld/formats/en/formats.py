"""English dates as the club writes them: day first, as the series columns ("19.10.") and
the German pages ("19.10.2026") do, never the American "10/19/2026". Long dates
(``DATE_FORMAT``) stay Django's English ones."""

SHORT_DATE_FORMAT = "d.m.Y"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
