"""How the back office writes dates and times (LANGUAGE_CODE "en-in"): one format
everywhere, in India's time (TIME_ZONE), as the site writes them: "27 Nov 2026, 11:49",
a date alone "27 Nov 2026". Django's admin uses these for every date and time column and
read-only field; what is not set here (input formats, numbers) is Django's English.
Syntax: https://docs.djangoproject.com/en/5.2/ref/templates/builtins/#date
"""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
TIME_FORMAT = "H:i"
SHORT_DATE_FORMAT = DATE_FORMAT
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
MONTH_DAY_FORMAT = "j M"
YEAR_MONTH_FORMAT = "M Y"
