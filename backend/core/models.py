from __future__ import annotations

from django.db import models


class RateLimitCounter(models.Model):
    """One fixed-window rate-limit counter, kept here when the cache is the database cache.

    Django's database cache stores pickled values, so its incr() is a read and a write in
    a transaction (five statements with add()); a row of plain integers is counted by one
    atomic INSERT ... ON CONFLICT DO UPDATE ... RETURNING instead (core.ratelimit).
    """

    key = models.CharField(max_length=200, primary_key=True)
    hits = models.PositiveIntegerField()
    # Unix time after which the window is over and the row may be deleted.
    expires = models.BigIntegerField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: {self.hits}"
