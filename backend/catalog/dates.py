"""Calendar days are India days (Asia/Kolkata) whatever the server's or visitor's clock."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

INDIA = ZoneInfo("Asia/Kolkata")


def india_today(*, now: datetime | None = None) -> date:
    """Today's date in India. `now` must be timezone-aware when given."""
    moment = now if now is not None else datetime.now(tz=INDIA)
    return moment.astimezone(INDIA).date()
