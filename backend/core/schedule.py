"""A course's or batch's weekly schedule as staff type it: class days ("Mon/Wed/Fri") and a
class time ("9:00 PM - 11:00 PM"), read into weekdays and clock times (India time).

One reader for everything that needs them: the classes a batch makes, the course page's
JSON-LD and the batch form's checks. Bounded: the texts are at most a form field long.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import time

# Monday is 0, as date.weekday() counts.
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_CLOCK = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?$")
_LONGEST = 120

DAYS_PROBLEM = (
    "Write the days as Mon/Wed/Fri (three letters or full names, separated by “/” or “,”)."
)
DAY_PROBLEM = "Write one day, e.g. Sunday."
TIME_PROBLEM = "Write the time as 9:00 PM - 11:00 PM (a start and an end, with AM or PM)."


class ScheduleError(ValueError):
    """The text does not read as days or a time; the message says how to write it."""


def weekday(text: str) -> int:
    """ "Sun" or "Sunday" -> 6."""
    word = text.strip().lower()
    for number, (short, full) in enumerate(zip(DAYS, DAY_NAMES, strict=True)):
        if word in (short, full.lower()) or (len(word) >= 3 and full.lower().startswith(word)):
            return number
    raise ScheduleError(DAY_PROBLEM)


def weekdays(text: str) -> list[int]:
    """ "Mon/Wed/Fri" -> [0, 2, 4], in week order, each once."""
    if len(text) > _LONGEST:
        raise ScheduleError(DAYS_PROBLEM)
    parts = [part for part in re.split(r"\s*[/,]\s*|\s+and\s+", text.strip()) if part]
    if not parts:
        raise ScheduleError(DAYS_PROBLEM)
    try:
        return sorted({weekday(part) for part in parts})
    except ScheduleError:
        raise ScheduleError(DAYS_PROBLEM) from None


def _clock(text: str) -> time:
    match = _CLOCK.match(text.strip())
    if not match:
        raise ScheduleError(TIME_PROBLEM)
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    if not 1 <= hour <= 12 or minute > 59:
        raise ScheduleError(TIME_PROBLEM)
    return time(hour % 12 + (12 if match.group(3).lower() == "p" else 0), minute)


@dataclass(frozen=True)
class ClassTime:
    starts: time
    ends: time

    @property
    def minutes(self) -> int:
        """How long a class lasts (one that ends after midnight ends the next day)."""
        start = self.starts.hour * 60 + self.starts.minute
        end = self.ends.hour * 60 + self.ends.minute
        return (end - start) % (24 * 60) or 24 * 60


def class_time(text: str) -> ClassTime:
    """ "9:00 PM - 11:00 PM" -> 21:00 to 23:00."""
    if len(text) > _LONGEST:
        raise ScheduleError(TIME_PROBLEM)
    parts = [part for part in re.split(r"\s*(?:-|\u2013|\u2014|\bto\b)\s*", text.strip()) if part]
    if len(parts) != 2:
        raise ScheduleError(TIME_PROBLEM)
    return ClassTime(_clock(parts[0]), _clock(parts[1]))
