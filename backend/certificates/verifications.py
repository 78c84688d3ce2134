"""How often each certificate was verified, and the per-client limit on lookups.

A verification (a lookup by ID, which the verify page makes, or a check of the
certificate's credential) is counted in the cache, never in the database and never by a
thread of the request: `cache.incr` on a key per certificate per minute ("bucket"), with
`cache.add` for the bucket's first count, which also lists the certificate under the
bucket and notes the time. "Last verified" is to the minute (as the back office shows it):
the time of the first verification in the latest minute with any, so a lookup costs two
cache calls (the client's limit and this count), not a third for the time. The queue
worker (`send_queued_mail_loop`, QUEUE_WORKER_TASKS) writes every closed bucket to the
certificates in one transaction that also moves a cursor
(VerificationCountsWritten), so a bucket is written exactly once: a worker killed before
its commit wrote nothing and the next pass writes it; one killed after it wrote it all.
Counts wait in the cache for VERIFICATION_KEEP_SECONDS, so a worker stopped for less than
that loses nothing either.

With Redis `incr` is atomic across processes; with the embedded database cache it is a
read and a write, so two verifications of one certificate at the same instant may count
as one (as for the rate limits, core.ratelimit): production runs Redis.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from certificates import selectors
from certificates.models import Certificate, VerificationCountsWritten, VerificationDay
from core.dates import india_today
from core.ratelimit import INCR_KEEPS_EXPIRY, rate_limit_hit

# Verify answers (docs/product.md section 17): the lookup's and the verify page's, the
# credential and the status list are shared, by any cache, for at most a minute, so a
# revocation reaches everyone within it. Errors carry no caching header.
VERIFY_CACHE_CONTROL = "public, max-age=60, s-maxage=60"

VERIFICATION_BUCKET_SECONDS = 60
# A bucket is written once the next one has ended too: a request that read the clock
# just before the minute turned may still be counting in it.
VERIFICATION_GRACE_BUCKETS = 1
VERIFICATION_KEEP_SECONDS = 2 * 24 * 3600
VERIFICATION_KEEP_BUCKETS = VERIFICATION_KEEP_SECONDS // VERIFICATION_BUCKET_SECONDS
VERIFICATION_KEY = "certificates:verifications"
CURSOR_PK = 1
# Cache keys read in one call.
READ_CHUNK = 500


def _bucket(moment: datetime) -> int:
    return int(moment.timestamp()) // VERIFICATION_BUCKET_SECONDS


def _count_key(bucket: int, certificate_pk: int) -> str:
    return f"{VERIFICATION_KEY}:{bucket}:count:{certificate_pk}"


def _first_key(bucket: int, certificate_pk: int) -> str:
    return f"{VERIFICATION_KEY}:{bucket}:first:{certificate_pk}"


def _listed_key(bucket: int) -> str:
    return f"{VERIFICATION_KEY}:{bucket}:listed"


def _slot_key(bucket: int, slot: int) -> str:
    return f"{VERIFICATION_KEY}:{bucket}:slot:{slot}"


def _increment(key: str) -> int | None:
    """Add one to a counter in the cache (made with `add` when it is not there yet): the
    new value, or None when the cache answers nothing (Redis unreachable)."""
    for _attempt in range(2):
        try:
            value = cache.incr(key)
        except ValueError:  # not there yet: this count makes it
            if cache.add(key, 1, timeout=VERIFICATION_KEEP_SECONDS):
                return 1
            continue  # made by another request in the meantime: count on it
        if value is None:
            return None
        if settings.CACHES["default"]["BACKEND"] not in INCR_KEEPS_EXPIRY:
            # The database cache writes the new value with the default timeout.
            cache.touch(key, timeout=VERIFICATION_KEEP_SECONDS)
        return int(value)
    return None


def certificate_verification_count(*, certificate_pk: int) -> None:
    """Count one verification of a certificate, in the cache (a few cache calls, no
    database write, no thread): the queue worker writes it to the record."""
    now = timezone.now()
    bucket = _bucket(now)
    if _increment(_count_key(bucket, certificate_pk)) == 1:
        # The certificate's first verification in this bucket: its time, and listed for
        # the worker.
        cache.set(_first_key(bucket, certificate_pk), now.timestamp(), VERIFICATION_KEEP_SECONDS)
        slot = _increment(_listed_key(bucket))
        if slot is not None:
            cache.set(_slot_key(bucket, slot), certificate_pk, VERIFICATION_KEEP_SECONDS)


def _cursor(current: int) -> int:
    """The last bucket written (made on the first pass, as far back as counts are kept)."""
    written = (
        VerificationCountsWritten.objects.filter(pk=CURSOR_PK)
        .values_list("bucket", flat=True)
        .first()
    )
    if written is not None:
        return int(written)
    start = current - VERIFICATION_KEEP_BUCKETS - 1
    try:
        with transaction.atomic():
            VerificationCountsWritten.objects.create(pk=CURSOR_PK, bucket=start)
    except IntegrityError:  # another worker made it first
        return int(VerificationCountsWritten.objects.get(pk=CURSOR_PK).bucket)
    return start


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _get_many(keys: list[str]) -> dict[str, object]:
    found: dict[str, object] = {}
    for start in range(0, len(keys), READ_CHUNK):
        found.update(cache.get_many(keys[start : start + READ_CHUNK]))
    return found


def _bucket_day(bucket: int) -> date:
    return india_today(now=datetime.fromtimestamp(bucket * VERIFICATION_BUCKET_SECONDS, tz=UTC))


def _waiting(
    buckets: range,
) -> tuple[dict[int, tuple[int, datetime]], Counter[date], list[str]]:
    """The counts waiting in the buckets: certificate pk -> (count, the last one's time),
    the verifications of each India day (for the Reports' weeks), and every cache key read
    (to delete once written)."""
    listed_keys = [_listed_key(bucket) for bucket in buckets]
    listed = _get_many(listed_keys)
    slot_keys = [
        _slot_key(bucket, slot)
        for bucket in buckets
        for slot in range(1, _int(listed.get(_listed_key(bucket))) + 1)
    ]
    slots = _get_many(slot_keys)
    # "<prefix>:<bucket>:slot:<n>" -> (bucket, pk); a pk listed twice is read once.
    pairs = sorted({(int(key.split(":")[2]), _int(pk)) for key, pk in slots.items() if _int(pk)})
    count_keys = [_count_key(bucket, pk) for bucket, pk in pairs]
    first_keys = [_first_key(bucket, pk) for bucket, pk in pairs]
    values = _get_many(count_keys + first_keys)
    waiting: dict[int, tuple[int, datetime]] = {}
    days: Counter[date] = Counter()
    for bucket, pk in pairs:
        count = _int(values.get(_count_key(bucket, pk)))
        if count <= 0:
            continue
        days[_bucket_day(bucket)] += count
        first_value = values.get(_first_key(bucket, pk))
        last = (
            datetime.fromtimestamp(float(first_value), tz=timezone.get_current_timezone())
            if isinstance(first_value, int | float)
            else datetime.fromtimestamp(
                (bucket + 1) * VERIFICATION_BUCKET_SECONDS - 1,
                tz=timezone.get_current_timezone(),
            )
        )
        total, newest = waiting.get(pk, (0, last))
        waiting[pk] = (total + count, max(newest, last))
    return waiting, days, [*listed_keys, *slot_keys, *count_keys, *first_keys]


def certificate_verifications_flush() -> int:
    """Write the counts of every closed bucket not written yet to the certificates (one
    UPDATE each, adding to what is there, keeping the latest time), in one transaction
    with the cursor; returns how many certificates were updated. Run by the queue worker
    every pass; two workers at once write each bucket once (the cursor is moved by a
    conditional UPDATE, which the second one finds already moved)."""
    current = _bucket(timezone.now())
    last_closed = current - 1 - VERIFICATION_GRACE_BUCKETS
    written_up_to = _cursor(current)
    first = max(written_up_to + 1, current - VERIFICATION_KEEP_BUCKETS)
    if first > last_closed:
        return 0
    waiting, days, keys = _waiting(range(first, last_closed + 1))
    updated = 0
    with transaction.atomic():
        claimed = VerificationCountsWritten.objects.filter(
            pk=CURSOR_PK, bucket=written_up_to
        ).update(bucket=last_closed)
        if not claimed:
            return 0  # another worker wrote these buckets in the meantime
        for pk, (count, last) in sorted(waiting.items()):
            updated += Certificate.objects.filter(pk=pk).update(
                verification_count=F("verification_count") + count,
                last_verified_at=Greatest(Coalesce("last_verified_at", Value(last)), Value(last)),
            )
        for day, count in sorted(days.items()):
            # One or two days a pass: the claimed cursor keeps other workers out meanwhile.
            if not VerificationDay.objects.filter(day=day).update(count=F("count") + count):
                VerificationDay.objects.create(day=day, count=count)
    # Written: the keys go (they would expire anyway, and the cursor skips them).
    cache.delete_many(keys)
    return updated


def certificate_lookup_count(*, client: str) -> None:
    """Count one lookup of a certificate by this client (the verify API and every
    download alike): RateLimited past RATE_LIMIT_VERIFY."""
    rate_limit_hit(
        scope="certificate-verify",
        ident=client,
        rate=settings.RATE_LIMIT_VERIFY,
        message="You have checked many certificates in a short time.",
    )


def certificate_verify(*, certificate_id: str, client: str) -> Certificate:
    """A certificate looked up by its ID, as the lookup (GET /api/certificates/<ID>) and
    the verify page (/verify/<ID>) both answer it: the lookup counts against the client's
    RATE_LIMIT_VERIFY first (RateLimited past it), found or not; then the certificate, or
    NotFound; a certificate found counts as verified once."""
    certificate_lookup_count(client=client)
    certificate = selectors.certificate_get(certificate_id=certificate_id)
    certificate_verification_count(certificate_pk=certificate.pk)
    return certificate
