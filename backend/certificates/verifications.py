"""How often each certificate was verified, and the per-client limit on lookups."""

from __future__ import annotations

import atexit
import logging
import threading
from datetime import datetime
from time import monotonic

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from certificates.models import Certificate
from core.ratelimit import rate_limit_hit

logger = logging.getLogger(__name__)

# --- Verification counts ----------------------------------------------------------------

_counts_lock = threading.Lock()
# certificate pk -> (verifications not written yet, the last one's time)
_counts_pending: dict[int, tuple[int, datetime]] = {}
_counts_state = {"written_at": monotonic(), "writing": False}
VERIFICATION_BATCH = 500


def certificate_verification_count(*, certificate_pk: int) -> threading.Thread | None:
    """Count one verification of a certificate (a lookup by ID, which the verify page makes,
    or a check of its credential) without writing anything on the request path: counts
    add up in this process's memory, and once CERTIFICATE_VERIFICATION_FLUSH_SECONDS have
    passed since the last write (or VERIFICATION_BATCH records wait) a background thread
    writes them in one batch. Returns that thread when one was started."""
    now = timezone.now()
    with _counts_lock:
        count, _last = _counts_pending.get(certificate_pk, (0, now))
        _counts_pending[certificate_pk] = (count + 1, now)
        due = not _counts_state["writing"] and (
            len(_counts_pending) >= VERIFICATION_BATCH
            or monotonic() - float(_counts_state["written_at"])
            >= settings.CERTIFICATE_VERIFICATION_FLUSH_SECONDS
        )
        if due:
            _counts_state["writing"] = True
    if not due:
        return None
    thread = threading.Thread(
        target=_verifications_write_in_background, name="verification-counts", daemon=True
    )
    thread.start()
    return thread


def _verifications_write_in_background() -> None:
    try:
        certificate_verifications_flush()
    except Exception:
        logger.exception("Could not write the verification counts; they are kept for later")
    finally:
        connections.close_all()  # this thread's own connection
        with _counts_lock:
            _counts_state["writing"] = False


def certificate_verifications_flush() -> int:
    """Write the counts waiting in this process (one UPDATE per certificate, adding to
    what other processes wrote); returns how many certificates were updated. On a
    database error the counts go back to wait for the next write."""
    with _counts_lock:
        pending = dict(_counts_pending)
        _counts_pending.clear()
        _counts_state["written_at"] = monotonic()
    written = 0
    try:
        with transaction.atomic():
            for pk, (count, last) in sorted(pending.items()):
                written += Certificate.objects.filter(pk=pk).update(
                    verification_count=F("verification_count") + count,
                    last_verified_at=Greatest(
                        Coalesce("last_verified_at", Value(last)), Value(last)
                    ),
                )
    except DatabaseError:
        with _counts_lock:
            for pk, (count, last) in pending.items():
                waiting, newest = _counts_pending.get(pk, (0, last))
                _counts_pending[pk] = (waiting + count, max(newest, last))
        raise
    return written


def _verifications_write_at_exit() -> None:
    # A worker that stops (a deploy, max-requests) writes what it counted.
    if not _counts_pending:
        return
    try:
        certificate_verifications_flush()
    except Exception:
        logger.warning("Verification counts lost at exit", exc_info=True)


atexit.register(_verifications_write_at_exit)


def certificate_lookup_count(*, client: str) -> None:
    """Count one lookup of a certificate by this client (the verify API and every
    download alike): RateLimited past RATE_LIMIT_VERIFY."""
    rate_limit_hit(
        scope="certificate-verify",
        ident=client,
        rate=settings.RATE_LIMIT_VERIFY,
        message="You have checked many certificates in a short time.",
    )
