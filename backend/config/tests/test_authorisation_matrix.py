"""Every API operation, called as each persona, answers what this table says.

The operations are read from the NinjaAPI's own OpenAPI schema, so an operation added
without a row here fails `test_it_has_a_row_for_every_operation`. Each row gives the
request (path parameters, query, body) and the exact status expected for an anonymous
visitor, the learner (who owns the enrolment and the referral rewards created below),
another learner (who owns nothing) and a staff member. For what the learner owns, the
other learner's answers must not contain it. State-changing calls carry a valid CSRF
token (`enforce_csrf_checks=True`); a second test sends each of them without one and
expects the CSRF refusal.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import User
from catalog.models import Course, Event
from certificates import openbadges as certificate_openbadges
from certificates.models import Certificate
from config.api import api
from core.errors import ApplicationError
from core.tests.base import LEARNER, OTHER_LEARNER, PASSWORD
from enrolments import services as enrolment_services
from enrolments.models import Enrolment
from enrolments.tests.conftest import (  # noqa: F401  (fixtures shared with the enrolments app)
    _enrolment_settings,
    course,
    enrol,
    payee,
    referred,
    with_csrf,
)
from internships import services as internship_services
from internships.models import InternshipApplication, TaskSubmission
from invoices.models import Invoice

pytestmark = pytest.mark.django_db

PERSONAS = ("anonymous", "learner", "other_learner", "staff")
STATE_CHANGING = {"post", "put", "patch", "delete"}
CERTIFICATE_ID = "WD-MATRIX-1"
BOARD_SLUG = "tasks-10"


@dataclass(frozen=True)
class Row:
    """Expected status per persona, and how to call the operation."""

    anonymous: int
    learner: int
    other_learner: int
    staff: int
    path_params: dict[str, str] = field(default_factory=dict)
    query: dict[str, str] = field(default_factory=dict)
    body: dict[str, Any] | None = None
    # Multipart upload (certificate import) instead of a JSON body.
    upload: bool = False
    # Multipart form with a PDF file (a task submission) instead of a JSON body.
    multipart: dict[str, str] | None = None
    # Strings from the learner's own data that no other persona's answer may contain.
    private: tuple[str, ...] = ()


# "{enrolment}" in a path parameter is replaced by the learner's enrolment reference,
# "{key}" by the public key of the credential signing key, "{submission}" by the id of
# the learner's task submission (with a file) and "{application}" by the reference of
# their internship application, "{invoice}" by the token of their paid enrolment's invoice.
MATRIX: dict[str, Row] = {
    # --- Public reads --------------------------------------------------------------------
    "health": Row(200, 200, 200, 200),
    "task_board_get": Row(200, 200, 200, 200, path_params={"slug": BOARD_SLUG}),
    "certificate_get": Row(200, 200, 200, 200, path_params={"certificate_id": CERTIFICATE_ID}),
    "certificate_credential": Row(
        200, 200, 200, 200, path_params={"certificate_id": CERTIFICATE_ID}
    ),
    "credential_status_list": Row(200, 200, 200, 200, path_params={"fingerprint": "{key}"}),
    # The upload is a CSV file, not a credential: the same refusal for everybody.
    "credential_check": Row(422, 422, 422, 422, upload=True),
    # --- Accounts --------------------------------------------------------------------------
    "auth_csrf": Row(200, 200, 200, 200),
    # A code is sent (202); the account exists once it is entered.
    "auth_signup": Row(
        202,
        202,
        202,
        202,
        body={"name": "New Person", "phone": "98000 11122", "password": PASSWORD},
    ),
    # Nobody has a sign-up waiting in this browser: start again (404).
    "auth_signup_resend": Row(404, 404, 404, 404, body={"phone": "98000 11122"}),
    "auth_signup_verify": Row(404, 404, 404, 404, body={"phone": "98000 11122", "code": "123456"}),
    # The same answer whether or not the phone has an account.
    "auth_password_reset": Row(202, 202, 202, 202, body={"phone": OTHER_LEARNER.phone}),
    # No code was sent: the code is refused, for everybody alike.
    "auth_password_reset_confirm": Row(
        422,
        422,
        422,
        422,
        body={"phone": OTHER_LEARNER.phone, "code": "123456", "new_password": "a-new-pass-77"},
    ),
    "auth_login": Row(
        200, 200, 200, 200, body={"phone": OTHER_LEARNER.phone, "password": PASSWORD}
    ),
    "auth_logout": Row(200, 200, 200, 200),
    # --- One's own account: every answer is about request.user only -----------------------
    "account_update": Row(
        401,
        200,
        200,
        200,
        body={"name": "A New Name", "email": "", "current_password": PASSWORD},
        private=(LEARNER.phone,),
    ),
    "account_password_change": Row(
        401,
        200,
        200,
        200,
        body={"current_password": PASSWORD, "new_password": "another-strong-pass-7"},
    ),
    "account_logout_others": Row(401, 200, 200, 200),
    "account_data": Row(401, 200, 200, 200, private=(LEARNER.phone, "{enrolment}")),
    "account_delete": Row(401, 200, 200, 200, body={"password": PASSWORD}),
    "message_preferences_update": Row(
        401,
        200,
        200,
        200,
        body={"whatsapp_opt_in": True, "payments": "email", "tasks": "whatsapp"}
        | {"certificates": "none", "reminders": "email", "classes": "email"},
    ),
    # --- Forms anyone may send -------------------------------------------------------------
    "enquiry_create": Row(
        201,
        201,
        201,
        201,
        body={
            "kind": "contact",
            "name": "Meera",
            "email": "meera@example.org",
            "subject": "Hello",
            "message": "A question about the courses.",
        },
    ),
    "enrolment_create": Row(
        201,
        201,
        201,
        201,
        body={
            "course": "test-web",
            "name": "Nisha New",
            "phone": "98222 33344",
            "email": "nisha@example.org",
        },
    ),
    # A course without batches takes waitlist entries too (none is open).
    "waitlist_join": Row(
        201,
        201,
        201,
        201,
        path_params={"slug": "test-web"},
        body={"name": "Wanda Waiting", "phone": "98222 33366", "email": "wanda@example.org"},
    ),
    "registration_create": Row(
        201,
        201,
        201,
        201,
        path_params={"slug": "test-open-event"},
        body={"name": "Ravi Entrant", "phone": "98222 33355", "email": "ravi@example.org"},
    ),
    # --- The learner's own enrolment: nobody else sees it (same 404 as a missing one) -----
    "invoice_pdf": Row(401, 200, 404, 404, path_params={"token": "{invoice}"}),
    # Each browser sees only what it made (enrolments/tests/test_enrolment_get_api.py).
    "enrolment_get": Row(404, 200, 404, 404, path_params={"reference": "{enrolment}"}),
    "enrolment_qr": Row(404, 200, 404, 404, path_params={"reference": "{enrolment}"}),
    "enrolment_submit_utr": Row(
        404,
        200,
        404,
        404,
        path_params={"reference": "{enrolment}"},
        body={"utr": "412345678901"},
    ),
    # The private payment link (/e/<token>): whoever holds it, signed in or not
    # (enrolments/tests/test_student_road.py); the answer to "Send me my payment link" is
    # the same for everyone.
    "enrolment_private_qr": Row(200, 200, 200, 200, path_params={"token": "{enrolment_token}"}),
    "enrolment_private_submit_utr": Row(
        200,
        200,
        200,
        200,
        path_params={"token": "{enrolment_token}"},
        body={"utr": "412345678901"},
    ),
    # Online payment (Razorpay): not offered with the tests' PAYMENT_GATEWAY=upi (409), and
    # an enrolment's order only for whoever may see it (enrolments/tests/test_razorpay.py).
    "enrolment_razorpay_order": Row(404, 409, 404, 404, path_params={"reference": "{enrolment}"}),
    "enrolment_private_razorpay_order": Row(
        409, 409, 409, 409, path_params={"token": "{enrolment_token}"}
    ),
    # Checked by its signature alone, whoever posts it: a wrong one changes nothing (400).
    "razorpay_verify": Row(
        400,
        400,
        400,
        400,
        body={
            "razorpay_order_id": "order_Matrix",
            "razorpay_payment_id": "pay_Matrix",
            "razorpay_signature": "0" * 64,
        },
    ),
    "enrolment_payment_link_send": Row(
        202, 202, 202, 202, body={"course": "test-web", "phone": "98111 22233"}
    ),
    # --- The learner's referral rewards (the dashboard shows them): about request.user only
    # Only the learner has a balance; the others are refused with 409 (nothing to pay).
    "payout_request_create": Row(401, 201, 409, 409, body={"upi_id": "asha.learner@okbank"}),
    # --- The internship programme: the learner is an intern on BOARD_SLUG ------------------
    "application_create": Row(
        401,
        201,
        201,
        201,
        body={
            "domain": "android-development",
            "college": "Government Engineering College",
            "year": "3rd year",
            "profile_url": "",
            "statement": "I build Android apps in Java and want to work on real tasks.",
            "batch": 10,
        },
    ),
    # Only the intern may submit on their board (403 for everybody else).
    "task_submission_submit": Row(
        401,
        201,
        403,
        403,
        path_params={"slug": BOARD_SLUG, "number": "2"},
        multipart={"link": "https://github.com/asha/task-2", "note": ""},
    ),
    # The intern's file; staff need internships.view_tasksubmission (this one has not).
    "submission_file_download": Row(
        401, 200, 404, 404, path_params={"submission_id": "{submission}"}
    ),
    # --- Staff only ------------------------------------------------------------------------
    "certificate_import": Row(401, 403, 403, 200, upload=True),
    # --- One answer per page (web/api.py): the visitor is whoever asks ----------------------
    "page_basic_get": Row(200, 200, 200, 200, private=(LEARNER.phone, LEARNER.email)),
    "page_home_get": Row(200, 200, 200, 200),
    "page_about_get": Row(200, 200, 200, 200),
    "page_portfolio_get": Row(200, 200, 200, 200),
    "page_internship_get": Row(200, 200, 200, 200),
    "page_courses_get": Row(200, 200, 200, 200),
    # Logged in, the account's enrolments; otherwise this browser session's (none here).
    "page_path_get": Row(
        200, 200, 200, 200, query={"path": "/test-web-registration"}, private=("{enrolment}",)
    ),
    "page_sitemap_get": Row(200, 200, 200, 200),
    "page_training_get": Row(200, 200, 200, 200),
    "page_projects_get": Row(200, 200, 200, 200),
    "page_events_get": Row(200, 200, 200, 200),
    "page_policy_get": Row(
        200, 200, 200, 200, path_params={"slug": "privacy"}, query={"path": "/privacy-policy"}
    ),
    "page_referearn_get": Row(200, 200, 200, 200),
    "page_verify_get": Row(200, 200, 200, 200, path_params={"certificate_id": CERTIFICATE_ID}),
    "page_task_board_get": Row(200, 200, 200, 200, path_params={"slug": BOARD_SLUG}),
    # The learner's enrolments, reward ledger (a ₹150 referral) and internship applications.
    "page_dashboard_get": Row(
        401, 200, 200, 200, private=(LEARNER.phone, "{enrolment}", "{application}", '"amount": 150')
    ),
    "page_account_get": Row(401, 200, 200, 200, private=(LEARNER.phone,)),
    "page_internship_apply_get": Row(
        401, 200, 200, 200, path_params={"slug": "web-development"}, private=("{application}",)
    ),
    # An invoice's check page is for anyone holding its QR code; its PDF for its owner only.
    "page_invoice_check_get": Row(200, 200, 200, 200, path_params={"token": "{invoice}"}),
    "page_enrolment_private_get": Row(
        200, 200, 200, 200, path_params={"token": "{enrolment_token}"}
    ),
}


@dataclass(frozen=True)
class Operation:
    operation_id: str
    method: str
    path: str


def _operations() -> list[Operation]:
    schema = api.get_openapi_schema()
    return [
        Operation(op["operationId"], method, path)
        for path, methods in schema["paths"].items()
        for method, op in methods.items()
    ]


OPERATIONS = {op.operation_id: op for op in _operations()}


def test_it_has_a_row_for_every_operation() -> None:
    missing = sorted(set(OPERATIONS) - set(MATRIX))
    stale = sorted(set(MATRIX) - set(OPERATIONS))
    assert not missing, f"API operations without a row in MATRIX: {missing}"
    assert not stale, f"MATRIX rows for operations that no longer exist: {stale}"
    assert len(OPERATIONS) == len(_operations()), "two operations share an operationId"


@dataclass
class World:
    learner: User
    other_learner: User
    staff: User
    enrolment: Enrolment
    submission: TaskSubmission
    application: InternshipApplication
    invoice: Invoice


PDF = b"%PDF-1.7\n%%EOF\n"


@pytest.fixture
def world(db: None, course: Course, settings: Any, tmp_path: Any) -> World:  # noqa: F811
    # Fast hashing: every test creates three accounts.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.RATE_LIMIT_ENABLED = False
    # No hold: the referral below is payable at once, so the learner can ask for it.
    settings.REFERRAL_HOLD_DAYS = 0
    settings.CERTIFICATE_RENDER_DIR = tmp_path / "rendered"
    learner = LEARNER.create()
    other = OTHER_LEARNER.create()
    # An event taking registrations (a free one: confirmed at once).
    Event.objects.create(
        slug="test-open-event",
        title="Test Open Event",
        summary="Open to all.",
        starts_on=date(2099, 1, 1),
        registration_open=True,
    )
    staff = User.objects.create_user(
        phone="+919900000077", name="Sam Staff", password=PASSWORD, is_staff=True
    )
    # The certificate import needs the certificate permissions, as in the admin.
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="certificates"))
    # The learner's enrolment, made while logged in, and a confirmed referral (₹150).
    enrolment = enrol(
        course, user=learner, name=LEARNER.name, phone=LEARNER.phone, email=LEARNER.email
    )
    friend = referred(course, learner)
    enrolment_services.enrolment_confirm_payment(enrolment_id=friend.pk, by=staff)
    # Another enrolment of the learner's, paid: its invoice.
    paid = enrol(course, user=learner, name=LEARNER.name, phone="98333 44455", email=LEARNER.email)
    enrolment_services.enrolment_confirm_payment(enrolment_id=paid.pk, by=staff)
    Certificate.objects.create(
        certificate_id=CERTIFICATE_ID, name="Priya", course="Web Development", duration="30 Days"
    )
    # The learner is an intern on BOARD_SLUG with every task open to them, and has
    # submitted task 1 with a file.
    settings.STORAGES = {
        **settings.STORAGES,
        "private": {
            "BACKEND": "core.storage.PrivateFileSystemStorage",
            "OPTIONS": {"location": tmp_path / "private"},
        },
    }
    application = internship_services.application_create(
        user=learner,
        domain_slug="web-development",
        college="College",
        year="2026",
        profile_url="",
        statement="I want to learn web development on real tasks with reviews from a mentor.",
        batch=10,
    )
    placement = internship_services.application_accept(application_id=application.pk, by=staff)
    # Whatever today's date has opened already, staff open the rest early.
    with contextlib.suppress(ApplicationError):
        for _ in range(4):
            internship_services.placement_unlock_next_task(placement_id=placement.pk, by=staff)
    submission = internship_services.submission_submit(
        user=learner,
        board_slug=BOARD_SLUG,
        task_number=1,
        link="https://github.com/asha/task-1",
        note="",
        upload=SimpleUploadedFile("task-1.pdf", PDF, content_type="application/pdf"),
    )
    return World(
        learner=learner,
        other_learner=other,
        staff=staff,
        enrolment=enrolment,
        submission=submission,
        application=application,
        invoice=Invoice.objects.get(enrolment=paid),
    )


def _client(world: World, persona: str) -> tuple[Client, dict[str, str]]:
    client = Client(enforce_csrf_checks=True)
    user = getattr(world, persona, None) if persona != "anonymous" else None
    if user is not None:
        client.force_login(user)
    return client, with_csrf(client)


def _fill(value: str, world: World) -> str:
    fingerprint = certificate_openbadges.credential_signing_keys()[0].fingerprint
    return (
        value.replace("{enrolment_token}", world.enrolment.token)
        .replace("{enrolment}", world.enrolment.reference)
        .replace("{key}", fingerprint)
        .replace("{submission}", str(world.submission.pk))
        .replace("{application}", world.application.reference)
        .replace("{invoice}", world.invoice.token)
    )


def _path(operation: Operation, row: Row, world: World) -> str:
    path = operation.path
    for name, value in row.path_params.items():
        path = path.replace("{" + name + "}", _fill(value, world))
    assert "{" not in path, f"{operation.operation_id}: no value for a path parameter"
    return path


def _call(
    client: Client, operation: Operation, row: Row, world: World, headers: dict[str, str]
) -> Any:
    path = _path(operation, row, world)
    if operation.method == "get":
        return client.get(path, row.query)
    if row.multipart is not None:
        work = SimpleUploadedFile("task.pdf", PDF, content_type="application/pdf")
        return client.post(path, {**row.multipart, "file": work}, **headers)
    if row.upload:
        upload = SimpleUploadedFile(
            "certificates.csv",
            b"CertificateID,Course,Duration,Name\nWD-MATRIX-2,Web Development,30 Days,Ravi\n",
            content_type="text/csv",
        )
        return client.post(path, {"file": upload, "dry_run": "true"}, **headers)
    return client.generic(
        operation.method.upper(),
        path,
        json.dumps(row.body or {}),
        content_type="application/json",
        **headers,
    )


MATRIX_CASES = [(op_id, persona) for op_id in sorted(MATRIX) for persona in PERSONAS]


@pytest.mark.parametrize(("operation_id", "persona"), MATRIX_CASES)
def test_it_answers_each_persona_as_the_matrix_says(
    world: World, operation_id: str, persona: str
) -> None:
    operation = OPERATIONS[operation_id]
    row = MATRIX[operation_id]
    client, headers = _client(world, persona)
    response = _call(client, operation, row, world, headers)
    expected = getattr(row, persona)
    assert response.status_code == expected, (
        f"{operation.method.upper()} {operation.path} as {persona}: "
        f"{response.status_code} {response.content[:300]!r}"
    )
    content = b"".join(response.streaming_content) if response.streaming else response.content
    body = content.decode(errors="replace")
    for secret in row.private:
        value = _fill(secret, world)
        if persona == "learner":
            # The check below only means something if the learner's own answer has it.
            assert value in body, f"{operation_id}: the learner's answer lacks {value!r}"
        else:
            assert value not in body, f"{operation_id} as {persona} shows the learner's {value!r}"


STATE_CHANGING_CASES = [
    (op.operation_id, persona)
    for op in sorted(OPERATIONS.values(), key=lambda o: o.operation_id)
    if op.method in STATE_CHANGING
    for persona in PERSONAS
]


@pytest.mark.parametrize(("operation_id", "persona"), STATE_CHANGING_CASES)
def test_it_refuses_state_changing_calls_without_a_csrf_token(
    world: World, operation_id: str, persona: str
) -> None:
    operation = OPERATIONS[operation_id]
    client, _headers = _client(world, persona)
    # A CSRF cookie but no X-CSRFToken header: what a cross-site form post looks like.
    response = _call(client, operation, MATRIX[operation_id], world, headers={})
    assert response.status_code == 403, (
        f"{operation.method.upper()} {operation.path} as {persona} without CSRF: "
        f"{response.status_code} {response.content[:300]!r}"
    )
    assert response.json()["extra"] == {"reason": "csrf"}


@pytest.mark.parametrize(
    "operation_id", sorted(o for o, op in OPERATIONS.items() if op.method == "post")
)
def test_it_answers_400_to_a_multipart_body_without_a_boundary(
    world: World, operation_id: str
) -> None:
    # Found by schemathesis: the CSRF check reads request.POST, which raised a 500.
    operation = OPERATIONS[operation_id]
    client, headers = _client(world, "learner")
    row = MATRIX[operation_id]
    path = _path(operation, row, world) if row.path_params else operation.path
    path = _fill(path.replace("{reference}", "{enrolment}"), world)
    response = client.generic(
        "POST", path, b'{"a": 1}', content_type="multipart/form-data", **headers
    )
    assert response.status_code == 400, response.content
    assert response.json() == {"message": "The request body could not be read.", "extra": {}}


def _with_nul(row: Row) -> Row | None:
    """The row's request with a NUL byte in every text it sends (path, query, body)."""
    texts = {k: v for k, v in (row.body or {}).items() if isinstance(v, str)}
    if not (row.path_params or row.query or texts):
        return None
    return Row(
        row.anonymous,
        row.learner,
        row.other_learner,
        row.staff,
        path_params={k: v + "%00" for k, v in row.path_params.items()},
        query={k: v + "\x00" for k, v in row.query.items()},
        body={**(row.body or {}), **{k: v + "\x00" for k, v in texts.items()}},
        upload=row.upload,
        multipart=row.multipart,
    )


NUL_CASES = sorted(op_id for op_id, row in MATRIX.items() if _with_nul(row) is not None)


@pytest.mark.parametrize("operation_id", NUL_CASES)
def test_it_answers_422_to_a_nul_byte_in_any_text(world: World, operation_id: str) -> None:
    """Issue 15.8: NUL bytes gave 500 on PostgreSQL (it cannot store them)."""
    operation = OPERATIONS[operation_id]
    row = _with_nul(MATRIX[operation_id])
    assert row is not None
    client, headers = _client(world, "learner")
    response = _call(client, operation, row, world, headers)
    if operation_id == "submission_file_download":
        # Its one parameter is a number: refused as not being one.
        assert response.status_code == 422, response.content
        return
    assert response.status_code == 422, (operation_id, response.status_code, response.content)
    body = response.json()
    assert "NUL character" in json.dumps(body["extra"]["fields"]), body


BODY_CASES = sorted(
    op_id
    for op_id, op in OPERATIONS.items()
    # JSON bodies; the certificate upload has its own size limit (test_certificate_import_api).
    if op.method in STATE_CHANGING and MATRIX[op_id].body is not None
)


@pytest.mark.parametrize("operation_id", BODY_CASES)
def test_it_answers_413_to_a_body_over_the_limit(
    world: World, operation_id: str, settings: Any
) -> None:
    """Issue 15.9: an oversized body gave 500."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    operation = OPERATIONS[operation_id]
    row = MATRIX[operation_id]
    # As a persona the operation lets through, so the body is read (the learner when it
    # lets nobody through without earlier steps, such as a sign-up's code: the body is
    # read before those are looked at).
    persona = next((p for p in ("learner", "staff") if getattr(row, p) < 400), "learner")
    client, headers = _client(world, persona)
    path = _fill(operation.path.replace("{reference}", "{enrolment}"), world)
    body = json.dumps({"name": "x" * 4096})
    response = client.generic(
        operation.method.upper(), path, body, content_type="application/json", **headers
    )
    assert response.status_code == 413, (operation_id, response.status_code, response.content)
    assert response.json()["message"] == "The request is too large."


def test_it_answers_400_to_too_many_fields(world: World, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    client, headers = _client(world, "staff")
    response = client.post(
        OPERATIONS["certificate_import"].path,
        "&".join(f"f{i}=1" for i in range(50)),
        content_type="application/x-www-form-urlencoded",
        **headers,
    )
    assert response.status_code == 400, response.content
    assert response.json() == {"message": "The request has too many fields.", "extra": {}}
