"""The internship programme's API (docs/product.md sections 6 and 14): task boards, the
application, task submissions and the private download of their files. (The application
form's domain and the dashboard's "My internship" are the pages' reads, web/.)"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import FileResponse, HttpRequest, HttpResponse
from ninja import File, Form, Router, Status
from ninja.files import UploadedFile

from accounts.models import User
from core.api import LoggedIn, logged_in
from core.dates import india_today
from core.errors import FieldErrors
from core.ratelimit import rate_limited
from core.schemas import ErrorOut, Text
from internships import selectors, services
from internships.schemas import (
    ApplicationCreateIn,
    ApplicationOut,
    PlacementTaskOut,
    TaskBoardOut,
    TaskSubmissionIn,
)

router = Router(tags=["internships"])

# Room for the submission form's other fields and the multipart framing around the file.
FORM_OVERHEAD_BYTES = 64 * 1024


def _user(request: HttpRequest) -> User | None:
    user = request.user
    return user if user.is_authenticated else None  # type: ignore[return-value]


def _content_length(request: HttpRequest) -> int:
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


class InternUpload(LoggedIn):
    """A logged-in visitor's multipart upload. The body's declared size is checked
    before any of it is read (the CSRF check may read the form, and Django would receive
    the whole file into a temporary file first), so an oversized file is refused at once,
    whoever sends it. A body sent without a length is received, then the file's size is
    checked (services)."""

    def __call__(self, request: HttpRequest) -> Any:
        # ninja calls the auth object with the request (its public protocol); the CSRF
        # check and the login check come after the size check.
        if _content_length(request) > settings.TASK_SUBMISSION_MAX_BYTES + FORM_OVERHEAD_BYTES:
            raise FieldErrors({"file": services.submission_file_too_large_message()})
        return super().__call__(request)


intern_upload = InternUpload()


@router.get(
    "/boards/{slug}",
    response={200: TaskBoardOut, 404: ErrorOut, 422: ErrorOut},
    summary="An internship task board: every task's state; links only for unlocked tasks",
    description=(
        "For a logged-in intern placed on the board, `placement` carries their submissions "
        "and tasks unlocked early for them; `certificate` is enabled once theirs is issued."
    ),
)
def task_board_get(
    request: HttpRequest, response: HttpResponse, slug: Text
) -> selectors.TaskBoardForVisitor:
    board = selectors.task_board_for_visitor(slug=slug, today=india_today(), user=_user(request))
    # The answer changes at next_change_at at the latest, and with the visitor; no cache
    # may keep it (and a kept copy must never show a task as locked after it opened).
    response["Cache-Control"] = "no-store"
    return board


@router.post(
    "/applications",
    response={
        201: ApplicationOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
    },
    auth=logged_in,
    summary="Apply for an internship domain",
    description=(
        "404 unknown domain; 409 closed domain (extra.reason closed) or an application "
        "already waiting or accepted for it (extra.reason already_applied); 422 field "
        "errors: college, year, profile_url, statement, batch. Rate-limited per client."
    ),
)
@rate_limited(
    scope="internship-application",
    rate="RATE_LIMIT_APPLICATION",
    message="You have sent several applications in a short time.",
)
def application_create(
    request: HttpRequest, payload: ApplicationCreateIn
) -> Status[ApplicationOut]:
    user: User = request.user  # type: ignore[assignment]
    application = services.application_create(
        user=user,
        domain_slug=payload.domain,
        college=payload.college,
        year=payload.year,
        profile_url=payload.profile_url,
        statement=payload.statement,
        batch=payload.batch,
    )
    application = selectors.application_get_for(user=user, application_id=application.pk)
    return Status(201, ApplicationOut.from_orm(application))


@router.post(
    "/boards/{slug}/tasks/{number}/submission",
    response={
        201: PlacementTaskOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
    },
    auth=intern_upload,
    summary="Submit (or resubmit) the work on one task (multipart form)",
    description=(
        "link (https, required), note (optional, at most 2,000 characters), file (optional: "
        "PDF or ZIP by content, at most 10 MB). 403 not an intern on this board; 409 task "
        "locked for this intern or already approved; 422 field errors (link, note, file). "
        "Rate-limited per account. Answers the task's placement entry."
    ),
)
@rate_limited(
    scope="task-submission",
    rate="RATE_LIMIT_TASK_SUBMISSION",
    message="You have submitted many times in a short time.",
    per="account",
)
def task_submission_submit(
    request: HttpRequest,
    slug: Text,
    number: int,
    form: Form[TaskSubmissionIn],
    file: File[UploadedFile | None] = None,
) -> Status[PlacementTaskOut]:
    user: User = request.user  # type: ignore[assignment]
    try:
        submission = services.submission_submit(
            user=user,
            board_slug=slug,
            task_number=number,
            link=form.link,
            note=form.note,
            upload=file,
        )
    finally:
        if file is not None:
            file.close()
    entry = selectors.PlacementTask(task=submission.task, unlocked=True, submission=submission)
    return Status(201, PlacementTaskOut.from_orm(entry))


@router.get(
    "/submissions/{submission_id}/file",
    response={401: ErrorOut, 404: ErrorOut, 422: ErrorOut},
    auth=logged_in,
    summary="Download a submission's file (its intern, or staff who review submissions)",
    description="404 for anyone else, as for a missing file.",
    openapi_extra={
        "responses": {
            200: {
                "description": "The file, as an attachment",
                "content": {"application/pdf": {}, "application/zip": {}},
            }
        }
    },
)
def submission_file_download(request: HttpRequest, submission_id: int) -> FileResponse:
    user: User = request.user  # type: ignore[assignment]
    submission = selectors.submission_for_download(submission_id=submission_id, user=user)
    handle, name, content_type = selectors.submission_file_open(submission=submission)
    response = FileResponse(handle, as_attachment=True, filename=name, content_type=content_type)
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response
