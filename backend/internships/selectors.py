from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import PurePath
from typing import Any

from django.db.models import Prefetch, QuerySet

from accounts.models import User
from catalog.models import InternshipDomain
from certificates.models import Certificate
from certificates.selectors import certificate_path_segment
from core.dates import india_today
from core.errors import NotFound
from internships.models import (
    Batch,
    BoardTask,
    EarlyUnlock,
    InternshipApplication,
    Placement,
    TaskBoard,
    TaskSubmission,
)
from internships.schedule import (
    board_cycle_start,
    board_next_cycle_start,
    india_midnight,
    task_unlock_date,
)

NOT_FOUND_MESSAGE = "This task board does not exist."


@dataclass(frozen=True)
class TaskState:
    task: BoardTask
    unlock_date: date
    unlocked: bool


@dataclass(frozen=True)
class TaskBoardState:
    board: TaskBoard
    today: date
    cycle_start: date
    next_cycle_start: date
    next_change_at: datetime
    tasks: list[TaskState]


def task_board_get(*, slug: str) -> TaskBoard:
    """The board at route `/<slug>`, with its tasks loaded (`board.tasks.all()`)."""
    board = TaskBoard.objects.prefetch_related("tasks").filter(slug=slug).first()
    if board is None:
        raise NotFound(NOT_FOUND_MESSAGE, headers={"Cache-Control": "no-store"})
    return board


def task_board_state(
    *, board: TaskBoard, tasks: Sequence[BoardTask], today: date
) -> TaskBoardState:
    """Every task of `board` on `today` (a date in India time), and when that changes.

    No database access: the rule is `schedule.task_unlock_date`. `next_change_at` is
    midnight India time of the earliest unlock still to come in this cycle, or of the
    next cycle start when every task is already unlocked (everything relocks then, except
    tasks that unlock on the start day itself). Nothing changes between now and then, so
    a page can set one timer for it and refetch.
    """
    start_day = board.cycle_start_day
    states = []
    for task in sorted(tasks, key=lambda t: t.number):
        unlock = task_unlock_date(
            cycle_start_day=start_day, unlock_day=task.unlock_day, today=today
        )
        states.append(TaskState(task=task, unlock_date=unlock, unlocked=unlock <= today))
    next_start = board_next_cycle_start(cycle_start_day=start_day, today=today)
    upcoming = [s.unlock_date for s in states if not s.unlocked]
    return TaskBoardState(
        board=board,
        today=today,
        cycle_start=board_cycle_start(cycle_start_day=start_day, today=today),
        next_cycle_start=next_start,
        next_change_at=india_midnight(day=min(upcoming, default=next_start)),
        tasks=states,
    )


@dataclass(frozen=True)
class VisibleTask:
    """One task of a board as a visitor sees it today (BoardTaskOut): a task not open to
    them shows when it unlocks, and never its link."""

    task: BoardTask
    unlock_date: date
    unlocked: bool


@dataclass(frozen=True)
class PlacementWork:
    """An intern's work on their board (PlacementOut): every task with their submission."""

    placement: Placement
    tasks: list[PlacementTask]
    catch_up: CatchUp | None


@dataclass(frozen=True)
class CatchUp:
    """Why several tasks opened at once for an intern who joined mid-cycle (CatchUpOut).

    The board's cycle is the programme's rule (docs/product.md §6): tasks unlock on fixed
    days of the month for everyone, so an intern accepted in week 3 finds tasks 1 to 3
    already open on their first day. Shown only during the cycle they joined in, and only
    when more than one task was open on the day they joined."""

    joined_on: date
    week: int
    task_numbers: list[int]
    # The cycle's last day: tasks not handed in by then lock again until their day next
    # cycle (work handed in stays open, see placement_unlocked_task_ids).
    catch_up_by: date


@dataclass(frozen=True)
class BoardCertificate:
    """The board's "Generate Certificate" (BoardCertificateOut): the certificate issued to
    this visitor's placement on the board, if any."""

    certificate: Certificate | None


@dataclass(frozen=True)
class TaskBoardForVisitor:
    """A board as one visitor may see it on one day (TaskBoardOut)."""

    state: TaskBoardState
    tasks: list[VisibleTask]
    placement: PlacementWork | None
    certificate: BoardCertificate


def task_board_for_visitor(
    *, slug: str, today: date, user: User | None = None
) -> TaskBoardForVisitor:
    """The board as this visitor may see it on `today` (India time): every task's state,
    and the task links of unlocked tasks only. Locked links never leave the server,
    whatever the client asks for.

    For an intern placed on the board (`user`'s placement) a task is also unlocked when
    staff unlocked it early for them or when they already submitted it (work once handed
    in stays open to resubmission after the cycle relocks the board); `placement` then
    carries their submissions, and `certificate` is enabled once theirs is issued.
    """
    board = task_board_get(slug=slug)
    state = task_board_state(board=board, tasks=list(board.tasks.all()), today=today)
    placement = placement_for(user=user, board=board)
    opened = placement_unlocked_task_ids(placement=placement, state=state)
    return TaskBoardForVisitor(
        state=state,
        tasks=[
            VisibleTask(task=s.task, unlock_date=s.unlock_date, unlocked=s.task.pk in opened)
            for s in state.tasks
        ],
        placement=(
            None
            if placement is None
            else placement_work(placement=placement, state=state, opened=opened)
        ),
        certificate=BoardCertificate(
            certificate=None if placement is None else placement.certificate
        ),
    )


# --- Placements and submissions ---------------------------------------------------------

NOT_SUBMITTED = "not_submitted"
NOT_SUBMITTED_LABEL = "Not submitted"
CERTIFICATE_REASON = "Complete all four tasks first"
# Who besides the intern may download a submitted file (the admin's review permission).
SUBMISSION_VIEW_PERMISSION = "internships.view_tasksubmission"
FILE_NOT_FOUND = "This file does not exist."
FILE_CONTENT_TYPES = {".pdf": "application/pdf", ".zip": "application/zip"}
# Primary keys are 64-bit: a larger number in a URL matches nothing (and must not reach
# the database, which would refuse it).
ID_MAX = 2**63 - 1


def placement_for(*, user: User | None, board: TaskBoard) -> Placement | None:
    """`user`'s placement on `board` with its submissions and early unlocks, or None."""
    if user is None or not user.is_authenticated:
        return None
    return (
        Placement.objects.filter(user=user, board=board)
        .select_related("certificate")
        .prefetch_related(
            Prefetch("submissions", queryset=TaskSubmission.objects.select_related("task")),
            Prefetch("early_unlocks", queryset=EarlyUnlock.objects.select_related("task")),
        )
        .first()
    )


def placement_unlocked_task_ids(*, placement: Placement | None, state: TaskBoardState) -> set[int]:
    """The tasks open to this visitor today: those the schedule opened, and for an intern
    also those unlocked early for them and those they already submitted."""
    opened = {s.task.pk for s in state.tasks if s.unlocked}
    if placement is not None:
        opened |= {u.task_id for u in placement.early_unlocks.all()}
        opened |= {s.task_id for s in placement.submissions.all()}
    return opened


@dataclass(frozen=True)
class PlacementTask:
    """One task as its intern sees it (PlacementTaskOut): `submission` is None until
    they hand it in."""

    task: BoardTask
    unlocked: bool
    submission: TaskSubmission | None


def placement_work(
    *, placement: Placement, state: TaskBoardState, opened: set[int]
) -> PlacementWork:
    submissions = {s.task_id: s for s in placement.submissions.all()}
    return PlacementWork(
        placement=placement,
        tasks=[
            PlacementTask(
                task=s.task, unlocked=s.task.pk in opened, submission=submissions.get(s.task.pk)
            )
            for s in state.tasks
        ],
        catch_up=placement_catch_up(placement=placement, state=state),
    )


def placement_catch_up(*, placement: Placement, state: TaskBoardState) -> CatchUp | None:
    """The catch-up note for an intern placed after their cycle began (see CatchUp), or
    None: joined in an earlier cycle, on the cycle's first day, or with at most one task
    open on the day they joined."""
    joined_on = india_today(now=placement.created_at)
    if not state.cycle_start < joined_on < state.next_cycle_start:
        return None
    open_on_joining = [s.task.number for s in state.tasks if s.unlock_date <= joined_on]
    if len(open_on_joining) < 2:
        return None
    return CatchUp(
        joined_on=joined_on,
        week=(joined_on - state.cycle_start).days // 7 + 1,
        task_numbers=open_on_joining,
        catch_up_by=state.next_cycle_start - timedelta(days=1),
    )


def certificate_verify_path(*, certificate_id: str) -> str:
    return f"/verify/{certificate_path_segment(certificate_id=certificate_id)}"


def submission_for_download(*, submission_id: int, user: User) -> TaskSubmission:
    """A submission's file for its intern, or for staff who may review submissions.
    Anyone else, like a missing file, gets NotFound: nobody learns that it exists."""
    submission = (
        TaskSubmission.objects.select_related("placement").filter(pk=submission_id).first()
        if 1 <= submission_id <= ID_MAX
        else None
    )
    allowed = submission is not None and (
        submission.placement.user_id == user.pk
        or (user.is_active and user.is_staff and user.has_perm(SUBMISSION_VIEW_PERMISSION))
    )
    if submission is None or not allowed or not submission.file:
        raise NotFound(FILE_NOT_FOUND, headers={"Cache-Control": "private, no-store"})
    return submission


def submission_file_open(*, submission: TaskSubmission) -> tuple[Any, str, str]:
    """An open handle on a submission's stored file, the name to download it as and its
    content type (from the extension its content was given when it was stored)."""
    stored = submission.file.name or ""
    suffix = PurePath(stored).suffix.lower()
    handle = submission.file.storage.open(stored, "rb")
    name = submission.file_name or f"submission{suffix}"
    return handle, name, FILE_CONTENT_TYPES.get(suffix, "application/octet-stream")


# --- Applications -----------------------------------------------------------------------

DOMAIN_NOT_FOUND = "This internship domain does not exist."


def batch_choices() -> list[Batch]:
    return list(Batch)


def internship_domain_get(*, slug: str) -> InternshipDomain:
    domain = InternshipDomain.objects.filter(slug=slug).first()
    if domain is None:
        raise NotFound(DOMAIN_NOT_FOUND)
    return domain


def application_open_for(
    *, user: User | None, domain: InternshipDomain
) -> InternshipApplication | None:
    """`user`'s application for `domain` that is waiting or accepted (at most one)."""
    if user is None or not user.is_authenticated:
        return None
    return (
        _applications()
        .filter(user=user, domain=domain, status__in=InternshipApplication.OPEN_STATUSES)
        .first()
    )


def _applications() -> QuerySet[InternshipApplication]:
    return InternshipApplication.objects.select_related(
        "domain", "placement__board", "placement__certificate"
    )


def application_get_for(*, user: User, application_id: int) -> InternshipApplication:
    application = _applications().filter(user=user, pk=application_id).first()
    if application is None:
        raise NotFound("This application does not exist.")
    return application


@dataclass(frozen=True)
class DomainForApplication:
    """The application page's domain and the caller's waiting or accepted application."""

    domain: InternshipDomain
    my_application: InternshipApplication | None


def internship_domain_for_application(*, slug: str, user: User | None) -> DomainForApplication:
    """The application page's domain (DomainForApplicationOut): 404 for an unknown slug;
    a closed domain answers too, with is_open false and the reason."""
    domain = internship_domain_get(slug=slug)
    return DomainForApplication(
        domain=domain, my_application=application_open_for(user=user, domain=domain)
    )


@dataclass(frozen=True)
class InternshipsMine:
    applications: list[InternshipApplication]
    # Placements whose certificate was issued, the newest first.
    certified_placements: list[Placement]


def internships_mine(*, user: User) -> InternshipsMine:
    """The dashboard's "My internship": every application, newest first, and the
    certificates issued to this account's placements."""
    placements = (
        Placement.objects.filter(user=user, certificate__isnull=False)
        .select_related("certificate", "board", "application__domain")
        .order_by("-certificate__issue_date", "-pk")
    )
    return InternshipsMine(
        applications=list(_applications().filter(user=user)),
        certified_placements=[p for p in placements if p.certificate is not None],
    )
