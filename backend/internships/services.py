"""The internship programme's writes (docs/product.md section 14): applications and staff's
decisions on them, placements on a board, task submissions and their review, early
unlocks, and the completion certificate issued by itself.

Every decision locks the row it changes, so two staff deciding at the same moment are
serialised; the second finds the decision made. Emails are queued in the same
transaction (core.email), so they exist exactly when the decision does.

Longer than the house's ~600 lines on purpose: applications, submissions and the
completion certificate are one programme's steps sharing the locking, the refusal of a
staff member's own records and the messages below (_locked_*, _refuse_own, _tell).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.core.validators import URLValidator
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from catalog.models import InternshipDomain
from catalog.selectors import site_settings_cached
from certificates.models import Certificate
from certificates.services import certificate_issue
from core.dates import india_today
from core.email import email_queue
from core.errors import ApplicationError, FieldErrors, NotFound
from core.messages import render_message
from internships import selectors
from internships.models import (
    BATCH_BOARD_SLUGS,
    COLLEGE_MAX_LENGTH,
    FEEDBACK_MAX_LENGTH,
    LINK_MAX_LENGTH,
    NOTE_MAX_LENGTH,
    REASON_MAX_LENGTH,
    STATEMENT_MAX_LENGTH,
    STATEMENT_MIN_LENGTH,
    TASKS_PER_BOARD,
    YEAR_MAX_LENGTH,
    Batch,
    BoardTask,
    EarlyUnlock,
    InternshipApplication,
    Placement,
    TaskBoard,
    TaskSubmission,
)
from notifications import messages
from notifications.messages import Notice
from notifications.services import Email, notify

logger = logging.getLogger(__name__)

# What an empty required field is told; the site's forms say the same before sending
# (frontend/src/lib/field-messages.json, held equal by config/tests).
REQUIRED = {
    "college": "Enter your college or organisation.",
    "year": "Enter your year of study or graduation.",
    "statement": (
        "Tell us why you want this internship, in "
        f"{STATEMENT_MIN_LENGTH} to {STATEMENT_MAX_LENGTH:,} characters."
    ),
    "link": "Enter the link to your work.",
}
HTTPS_LINK = "Enter a link that starts with https://"
CHOOSE_BATCH = "Choose a batch."
NOT_INTERN = "You are not an intern on this board."
TASK_LOCKED = "This task is not unlocked yet."
TASK_APPROVED = "This task is already approved."
TASK_NOT_FOUND = "This task does not exist."
FILE_TYPE = "Upload a PDF or ZIP file."
FILE_EMPTY = "This file is empty. Upload a PDF or ZIP file."
FILE_NOT_WHAT_ITS_NAME_SAYS = (
    "This file's name ends in {ext} but it is not a {kind} inside. Save or export your work "
    "as a PDF (or put it in a ZIP) and upload that."
)
OWN_DECISION = "You cannot decide on your own {what}: another staff member must."

# What a file must start with, whatever its name says (PDF, and ZIP local file header).
FILE_SIGNATURES = ((b"%PDF-", ".pdf"), (b"PK\x03\x04", ".zip"))

TOPIC_RECEIVED = "internship.application_received"
TOPIC_ACCEPTED = "internship.application_accepted"
TOPIC_REJECTED = "internship.application_rejected"
TOPIC_APPROVED = "internship.submission_approved"
TOPIC_CHANGES = "internship.changes_requested"


def _max_length(limit: int) -> str:
    return f"Ensure this value has at most {limit:,} characters."


def _text(value: str | None) -> str:
    return (value or "").strip()


def _https_link(value: str, *, required: str | None) -> tuple[str, str | None]:
    """The link as kept, and why it is refused or None; `required` is what an empty one is
    told (None: optional). Typed without a scheme (`github.com/asha`) or with http://, it is
    taken as https:// (issue 41.7), as the back office's links are; any other scheme is
    refused."""
    if not value:
        return value, required
    if value.lower().startswith("http://"):
        value = "https://" + value[len("http://") :]
    elif "://" not in value and ":" not in value.split("/", 1)[0]:
        value = "https://" + value
    if len(value) > LINK_MAX_LENGTH:
        return value, _max_length(LINK_MAX_LENGTH)
    if not value.lower().startswith("https://"):
        return value, HTTPS_LINK
    try:
        URLValidator(schemes=["https"])(value)
    except ValidationError:
        return value, HTTPS_LINK
    return value, None


def _staff_or_none(user: Any) -> User | None:
    """Who decided, as recorded on the row: None for a caller without a saved account (a
    management command, a test)."""
    return user if getattr(user, "pk", None) else None


def _brand() -> str:
    return site_settings_cached().brand_name.strip() or settings.SITE_URL


def _reply_to() -> str:
    return site_settings_cached().email


def _tell(
    user: User,
    *,
    message: str,
    context: dict[str, Any],
    topic: str,
    notice: Notice | None = None,
) -> None:
    """Queue the email `message` (internships/messages/<message>) to `user`; an account
    without an email address is not written to (the dashboard shows the same news). With a
    `notice` the student's channel decides: WhatsApp, this email, or neither
    (notifications.notify)."""
    subject, body = render_message(
        f"internships/messages/{message}", {"name": user.name, "brand": _brand(), **context}
    )
    email = Email(to=user.email, subject=subject, body=body, reply_to=_reply_to(), topic=topic)
    if notice is not None:
        notify(user=user, notice=notice, email=email)
    elif user.email:
        email_queue(to=user.email, subject=subject, body=body, reply_to=_reply_to(), topic=topic)


# --- Applications -----------------------------------------------------------------------


def _closed(domain: InternshipDomain) -> ApplicationError:
    return ApplicationError(
        f"Applications for {domain.title} are closed.",
        status_code=409,
        extra={"reason": "closed"},
    )


def _already_applied(domain: InternshipDomain) -> ApplicationError:
    return ApplicationError(
        f"You have already applied for {domain.title}.",
        status_code=409,
        extra={"reason": "already_applied"},
    )


@transaction.atomic
def application_create(
    *,
    user: User,
    domain_slug: str,
    college: str,
    year: str,
    profile_url: str,
    statement: str,
    batch: int,
) -> InternshipApplication:
    """Apply for an internship domain.

    Refused: an unknown domain (404), a closed one (409), a second application while one
    for the same domain waits or was accepted (409; the partial unique constraint holds
    the rule against two at the same moment too). Field errors are gathered and reported
    together: college and year required, an optional https profile link, a statement of
    50 to 2,000 characters and one of the three batches.
    """
    domain = InternshipDomain.objects.filter(slug=_text(domain_slug)).first()
    if domain is None:
        raise NotFound(selectors.DOMAIN_NOT_FOUND)
    if not domain.is_open:
        raise _closed(domain)
    if selectors.application_open_for(user=user, domain=domain) is not None:
        raise _already_applied(domain)

    college, year, profile_url = _text(college), _text(year), _text(profile_url)
    statement = _text(statement)
    errors: dict[str, str] = {}
    for field, value, limit in (
        ("college", college, COLLEGE_MAX_LENGTH),
        ("year", year, YEAR_MAX_LENGTH),
    ):
        if not value:
            errors[field] = REQUIRED[field]
        elif len(value) > limit:
            errors[field] = _max_length(limit)
    profile_url, problem = _https_link(profile_url, required=None)
    if problem:
        errors["profile_url"] = problem
    if not statement:
        errors["statement"] = REQUIRED["statement"]
    elif not STATEMENT_MIN_LENGTH <= len(statement) <= STATEMENT_MAX_LENGTH:
        errors["statement"] = (
            f"Write between {STATEMENT_MIN_LENGTH} and {STATEMENT_MAX_LENGTH:,} characters "
            f"(you wrote {len(statement):,})."
        )
    if batch not in Batch.values:
        errors["batch"] = CHOOSE_BATCH
    if errors:
        raise FieldErrors(errors)

    try:
        with transaction.atomic():
            application = InternshipApplication.objects.create(
                user=user,
                domain=domain,
                college=college,
                year=year,
                profile_url=profile_url,
                statement=statement,
                batch=batch,
            )
    except IntegrityError:
        # The same person applied from another tab at the same moment.
        raise _already_applied(domain) from None
    _tell(
        user,
        message="application_received",
        context={
            "reference": application.reference,
            "internship": domain.title,
            "batch": application.get_batch_display(),
            "dashboard_link": f"{settings.SITE_URL}/dashboard",
        },
        topic=TOPIC_RECEIVED,
    )
    return application


def _locked_application(application_id: int) -> InternshipApplication:
    application = (
        InternshipApplication.objects.select_for_update(of=("self",))
        .select_related("user", "domain")
        .filter(pk=application_id)
        .first()
    )
    if application is None:
        raise NotFound("This application does not exist.")
    return application


def _refuse_own(application_user_id: int, by: User | None, what: str) -> None:
    if by is not None and by.pk is not None and by.pk == application_user_id:
        raise ApplicationError(OWN_DECISION.format(what=what), status_code=403)


def application_default_board(*, application: InternshipApplication) -> TaskBoard | None:
    """The board of the applicant's batch (1st: /tasks-1, 10th: /tasks-10, 20th: /tasks-20)."""
    slug = BATCH_BOARD_SLUGS.get(application.batch)
    return TaskBoard.objects.filter(slug=slug).first() if slug else None


@transaction.atomic
def application_accept(
    *, application_id: int, by: User | None, board: TaskBoard | None = None
) -> Placement:
    """Accept a waiting application: the applicant becomes an intern on `board` (by
    default the board of their batch) and is emailed the board's link.

    Refused: a decided application (409), a person who already has a place on that
    board (409: choose another board), deciding on one's own application (403).
    """
    application = _locked_application(application_id)
    _refuse_own(application.user_id, by, "application")
    if application.status != InternshipApplication.Status.SUBMITTED:
        raise ApplicationError(
            f"{application.reference} is already {application.get_status_display().lower()}.",
            status_code=409,
        )
    board = board or application_default_board(application=application)
    if board is None:
        raise FieldErrors({"board": "Choose a task board."})
    if Placement.objects.filter(user_id=application.user_id, board=board).exists():
        raise ApplicationError(
            f"{application.user.name} already has a place on /{board.slug}: choose another board.",
            status_code=409,
            extra={"fields": {"board": "This intern already has a place on this board."}},
        )
    placement = Placement.objects.create(
        user_id=application.user_id, board=board, application=application
    )
    application.status = InternshipApplication.Status.ACCEPTED
    application.decided_by = _staff_or_none(by)
    application.decided_at = timezone.now()
    application.save(update_fields=["status", "decided_by", "decided_at"])
    _tell(
        application.user,
        message="application_accepted",
        context={
            "reference": application.reference,
            "internship": application.domain.title,
            "board_link": _board_url(board),
            "duration": application.domain.duration,
        },
        topic=TOPIC_ACCEPTED,
        notice=messages.application_accepted(
            name=application.user.name,
            reference=application.reference,
            internship=application.domain.title,
            board_link=_board_url(board),
        ),
    )
    return placement


def _reason(reason: str, *, field: str = "reason", limit: int = REASON_MAX_LENGTH) -> str:
    text = _text(reason)
    if not text:
        raise FieldErrors({field: "Give a reason." if field == "reason" else "Write the feedback."})
    if len(text) > limit:
        raise FieldErrors({field: _max_length(limit)})
    return text


@transaction.atomic
def application_reject(
    *, application_id: int, by: User | None, reason: str
) -> InternshipApplication:
    """Turn a waiting application down with a reason, which the applicant is emailed.
    They may apply for the domain again afterwards."""
    text = _reason(reason)
    application = _locked_application(application_id)
    _refuse_own(application.user_id, by, "application")
    if application.status != InternshipApplication.Status.SUBMITTED:
        raise ApplicationError(
            f"{application.reference} is already {application.get_status_display().lower()}.",
            status_code=409,
        )
    application.status = InternshipApplication.Status.REJECTED
    application.rejection_reason = text
    application.decided_by = _staff_or_none(by)
    application.decided_at = timezone.now()
    application.save(update_fields=["status", "rejection_reason", "decided_by", "decided_at"])
    _tell(
        application.user,
        message="application_rejected",
        context={
            "reference": application.reference,
            "internship": application.domain.title,
            "reason": application.rejection_reason,
        },
        topic=TOPIC_REJECTED,
    )
    return application


# --- Submissions ------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckedFile:
    upload: UploadedFile
    name: str
    suffix: str


def submission_file_problem(*, upload: UploadedFile) -> str | None:
    """Why an uploaded file cannot be attached, or None: at most TASK_SUBMISSION_MAX_BYTES
    (its size as received, before anything is read), a PDF or a ZIP by its first bytes
    whatever its name says."""
    limit = settings.TASK_SUBMISSION_MAX_BYTES
    if upload.size is not None and upload.size > limit:
        return submission_file_too_large_message()
    if submission_file_suffix(upload=upload):
        return None
    # Named .pdf or .zip but something else inside (a renamed page, a photo): say so, or
    # the student keeps sending the same file (issue 41.7).
    named = PurePath(upload.name or "").suffix.lower()
    if upload.size == 0:
        return FILE_EMPTY
    if named in {".pdf", ".zip"}:
        return FILE_NOT_WHAT_ITS_NAME_SAYS.format(ext=named, kind=named[1:].upper())
    return FILE_TYPE


def submission_file_too_large_message() -> str:
    megabytes = settings.TASK_SUBMISSION_MAX_BYTES / (1024 * 1024)
    shown = f"{megabytes:g}" if megabytes >= 1 else f"{megabytes:.2f}"
    return f"The file is larger than {shown} MB."


def submission_file_suffix(*, upload: UploadedFile) -> str | None:
    """ ".pdf" or ".zip" when the content starts like one, else None."""
    upload.seek(0)
    head = upload.read(8)
    upload.seek(0)
    for signature, suffix in FILE_SIGNATURES:
        if head.startswith(signature):
            return suffix
    return None


def _download_name(original: str, suffix: str) -> str:
    """The intern's file name, kept for the download, with the extension its content
    has (a ZIP named report.pdf downloads as report.pdf.zip)."""
    name = "".join(ch for ch in PurePath(original or "").name if ch.isprintable()).strip()
    name = name or "submission"
    if PurePath(name).suffix.lower() != suffix:
        name = f"{name}{suffix}"
    if len(name) > 255:
        name = f"{PurePath(name).stem[: 255 - len(suffix)]}{suffix}"
    return name


def _board_task(board: TaskBoard, number: int) -> BoardTask:
    task = BoardTask.objects.filter(board=board, number=number).first()
    if task is None or not 1 <= number <= TASKS_PER_BOARD:
        raise NotFound(TASK_NOT_FOUND)
    return task


@transaction.atomic
def submission_submit(
    *,
    user: User,
    board_slug: str,
    task_number: int,
    link: str,
    note: str,
    upload: UploadedFile | None,
) -> TaskSubmission:
    """An intern hands in (or again) their work on one task of their board.

    Refused whatever the client shows: someone who is not an intern on the board (403),
    a task still locked for this intern on the server's India date (409), an approved
    task (409). Field errors: the link (https, required), the note (at most 2,000
    characters), the file (PDF or ZIP by content, at most 10 MB). A resubmission replaces
    the link and the note, and the file when a new one is sent (the earlier file is
    kept otherwise), and goes back to waiting for review.
    """
    board = selectors.task_board_get(slug=board_slug)
    placement = (
        Placement.objects.select_for_update().filter(user=user, board=board).first()
        if user.is_authenticated
        else None
    )
    if placement is None:
        raise ApplicationError(NOT_INTERN, status_code=403)
    task = _board_task(board, task_number)
    state = selectors.task_board_state(
        board=board, tasks=list(board.tasks.all()), today=india_today()
    )
    current = TaskSubmission.objects.filter(placement=placement, task=task).first()
    opened = selectors.placement_unlocked_task_ids(placement=placement, state=state)
    if task.pk not in opened:
        raise ApplicationError(TASK_LOCKED, status_code=409)
    if current is not None and current.state == TaskSubmission.State.APPROVED:
        raise ApplicationError(TASK_APPROVED, status_code=409)

    link, note = _text(link), _text(note)
    errors: dict[str, str] = {}
    link, problem = _https_link(link, required=REQUIRED["link"])
    if problem:
        errors["link"] = problem
    if len(note) > NOTE_MAX_LENGTH:
        errors["note"] = _max_length(NOTE_MAX_LENGTH)
    checked: CheckedFile | None = None
    if upload is not None:
        file_problem = submission_file_problem(upload=upload)
        if file_problem:
            errors["file"] = file_problem
        else:
            suffix = submission_file_suffix(upload=upload) or ""
            checked = CheckedFile(upload, _download_name(upload.name or "", suffix), suffix)
    if errors:
        raise FieldErrors(errors)

    submission = current or TaskSubmission(placement=placement, task=task)
    old_file = submission.file.name if current is not None and checked is not None else ""
    submission.link = link
    submission.note = note
    submission.state = TaskSubmission.State.SUBMITTED
    submission.feedback = ""
    submission.reviewed_by = None
    submission.reviewed_at = None
    submission.submitted_at = timezone.now()
    if checked is not None:
        submission.file_name = checked.name
        # Stored under a random name (models.submission_upload_to) with the content's
        # extension; written now, so a failing save below removes it again.
        submission.file.save(f"upload{checked.suffix}", checked.upload, save=False)
    try:
        with transaction.atomic():
            submission.save()
    except Exception:
        if checked is not None and submission.file.name:
            submission.file.storage.delete(submission.file.name)
        raise
    if old_file:
        storage = submission.file.storage
        transaction.on_commit(lambda: storage.delete(old_file))
    return submission


def _locked_submission(submission_id: int) -> tuple[Placement, TaskSubmission]:
    """The submission and its placement, both locked, placement first (the order every
    service here takes, so two of them never wait on each other)."""
    placement_id = (
        TaskSubmission.objects.filter(pk=submission_id)
        .values_list("placement_id", flat=True)
        .first()
    )
    if placement_id is None:
        raise NotFound("This submission does not exist.")
    placement = (
        Placement.objects.select_for_update(of=("self",))
        .select_related("user", "board", "application__domain")
        .get(pk=placement_id)
    )
    submission = (
        TaskSubmission.objects.select_for_update(of=("self",))
        .select_related("task")
        .filter(pk=submission_id, placement=placement)
        .first()
    )
    if submission is None:
        raise NotFound("This submission does not exist.")
    return placement, submission


@transaction.atomic
def submission_approve(*, submission_id: int, by: User | None) -> TaskSubmission:
    """Approve a task's submission and email the intern. Approving an approved one does
    nothing. When this makes all four tasks approved, the certificate is issued in the
    same transaction (placement_certificate_issue): the placement row is locked first, so
    two staff approving an intern's last two tasks at once are serialised and the second
    sees the first's approval."""
    placement, submission = _locked_submission(submission_id)
    if submission.state == TaskSubmission.State.APPROVED:
        return submission
    _refuse_own(placement.user_id, by, "submission")
    submission.state = TaskSubmission.State.APPROVED
    submission.feedback = ""
    submission.reviewed_by = _staff_or_none(by)
    submission.reviewed_at = timezone.now()
    submission.save(update_fields=["state", "feedback", "reviewed_by", "reviewed_at"])
    _tell(
        placement.user,
        message="task_approved",
        context={
            "number": submission.task.number,
            "title": submission.task.title,
            "internship": placement.application.domain.title,
            "remaining": TASKS_PER_BOARD
            - TaskSubmission.objects.filter(
                placement=placement, state=TaskSubmission.State.APPROVED
            ).count(),
            "board_link": _board_url(placement.board),
        },
        topic=TOPIC_APPROVED,
    )
    placement_certificate_issue(placement=placement)
    return submission


def placement_certificate_issue(*, placement: Placement) -> Certificate | None:
    """Issue the Internship Completion Certificate once every task of the placement's
    board is approved, and link it to the placement (one-to-one: never a second).
    The caller holds the placement's row lock. Name: the intern's; Course: the domain's
    title; Duration: the domain's duration; the holder email goes to the account's
    address (certificates.services.certificate_issue)."""
    if placement.certificate_id is not None:
        return None
    approved = TaskSubmission.objects.filter(
        placement=placement,
        state=TaskSubmission.State.APPROVED,
        task__board_id=placement.board_id,
    ).count()
    if approved < TASKS_PER_BOARD:
        return None
    domain = placement.application.domain
    certificate = certificate_issue(
        name=placement.user.name,
        course=domain.title,
        duration=domain.duration,
        email=placement.user.email,
        issued_on=india_today(),
    )
    placement.certificate = certificate
    placement.save(update_fields=["certificate"])
    notify(
        user=placement.user,
        notice=messages.certificate_issued(
            name=placement.user.name,
            internship=domain.title,
            certificate_id=certificate.certificate_id,
            verify_link=f"{settings.SITE_URL}"
            f"{selectors.certificate_verify_path(certificate_id=certificate.certificate_id)}",
        ),
    )
    logger.info("Certificate %s issued to placement %s", certificate.certificate_id, placement.pk)
    return certificate


@transaction.atomic
def submission_request_changes(
    *, submission_id: int, by: User | None, feedback: str
) -> TaskSubmission:
    """Send a waiting submission back with feedback (required), which the intern is
    emailed and sees on the board; they may then resubmit. An approved task stays
    approved (409)."""
    text = _reason(feedback, field="feedback", limit=FEEDBACK_MAX_LENGTH)
    placement, submission = _locked_submission(submission_id)
    _refuse_own(placement.user_id, by, "submission")
    if submission.state == TaskSubmission.State.APPROVED:
        raise ApplicationError(
            f"Task {submission.task.number} of {placement.user.name} is already approved.",
            status_code=409,
        )
    submission.state = TaskSubmission.State.CHANGES_REQUESTED
    submission.feedback = text
    submission.reviewed_by = _staff_or_none(by)
    submission.reviewed_at = timezone.now()
    submission.save(update_fields=["state", "feedback", "reviewed_by", "reviewed_at"])
    _tell(
        placement.user,
        message="changes_requested",
        context={
            "number": submission.task.number,
            "title": submission.task.title,
            "internship": placement.application.domain.title,
            "feedback": submission.feedback,
            "board_link": _board_url(placement.board),
        },
        topic=TOPIC_CHANGES,
        notice=messages.changes_requested(
            name=placement.user.name,
            number=submission.task.number,
            feedback=submission.feedback,
            board_link=_board_url(placement.board),
        ),
    )
    return submission


# --- Early unlocks ----------------------------------------------------------------------


@transaction.atomic
def placement_unlock_next_task(*, placement_id: int, by: User | None) -> BoardTask:
    """Unlock this intern's next locked task (the lowest-numbered task not open to them
    on today's India date) for them alone, ahead of the board's schedule. It stays open
    to them from then on. 409 when every task is already open to them."""
    placement = (
        Placement.objects.select_for_update(of=("self",))
        .select_related("user", "board")
        .filter(pk=placement_id)
        .first()
    )
    if placement is None:
        raise NotFound("This placement does not exist.")
    board = placement.board
    state = selectors.task_board_state(
        board=board, tasks=list(board.tasks.all()), today=india_today()
    )
    opened = selectors.placement_unlocked_task_ids(placement=placement, state=state)
    locked = [s.task for s in state.tasks if s.task.pk not in opened]
    if not locked:
        raise ApplicationError(
            f"Every task of /{board.slug} is already unlocked for {placement.user.name}.",
            status_code=409,
        )
    task = locked[0]
    EarlyUnlock.objects.create(placement=placement, task=task, unlocked_by=_staff_or_none(by))
    return task


# --- Emails -----------------------------------------------------------------------------


def _board_url(board: TaskBoard) -> str:
    return f"{settings.SITE_URL}/{board.slug}"


def internships_erase_personal_data(*, user: User) -> int:
    """The account is being deleted: its applications (college, year, profile link,
    statement), placements and submitted work (links, notes, files) go; none is an
    accounting record. A certificate issued for a placement stays, so it can still be
    verified. The files are deleted once the deletion has committed. Returns how many
    applications went."""
    files = [
        (submission.file.storage, submission.file.name)
        for submission in TaskSubmission.objects.filter(placement__user=user).exclude(file="")
        if submission.file.name
    ]
    applications = InternshipApplication.objects.filter(user=user)
    count = applications.count()
    applications.delete()  # placements, unlocks and submissions with them
    Placement.objects.filter(user=user).delete()  # none without an application; to be sure

    def delete_files() -> None:
        for storage, name in files:
            try:
                storage.delete(name)
            except OSError:
                logger.warning("Could not delete the submitted file %s", name, exc_info=True)

    transaction.on_commit(delete_files)
    return count
