"""One-click decisions on an enrolment's page: a button per possible decision, a
confirmation step that changes nothing, then the same service as the list action."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from catalog.models import Course
from enrolments import services
from enrolments.models import Enrolment
from enrolments.tests.conftest import back_office, enrol, referred
from referrals.models import RewardEntry

pytestmark = pytest.mark.django_db


def page(enrolment: Enrolment, step: str = "") -> str:
    base = f"/admin/enrolments/enrolment/{enrolment.pk}/change/"
    return base if not step else f"/admin/enrolments/enrolment/{enrolment.pk}/{step}/"


@pytest.fixture
def claimed(course: Course, learner: User) -> Enrolment:
    return services.enrolment_submit_utr(enrolment=referred(course, learner), utr="412345678901")


def test_the_page_offers_the_decisions_the_state_allows(
    back_office_client: Client, claimed: Enrolment, staff: User
) -> None:
    waiting = back_office_client.get(page(claimed)).content.decode()
    assert page(claimed, "confirm-payment") in waiting and page(claimed, "reject") in waiting
    assert page(claimed, "undo-confirmation") not in waiting
    # No Save button: every field is read-only.
    assert 'name="_save"' not in waiting and 'name="_continue"' not in waiting

    services.enrolment_confirm_payment(enrolment_id=claimed.pk, by=staff)
    confirmed = back_office_client.get(page(claimed)).content.decode()
    assert page(claimed, "undo-confirmation") in confirmed
    assert page(claimed, "confirm-payment") not in confirmed


def test_confirm_payment_asks_first_then_confirms_once(
    back_office_client: Client, claimed: Enrolment, learner: User
) -> None:
    step = back_office_client.get(page(claimed, "confirm-payment"))
    assert step.status_code == 200 and claimed.reference in step.content.decode()
    assert Enrolment.objects.get(pk=claimed.pk).status == "paid_claimed"

    done = back_office_client.post(page(claimed, "confirm-payment"), follow=True)

    assert f"Payment of {claimed.reference} confirmed." in done.content.decode()
    assert Enrolment.objects.get(pk=claimed.pk).status == "confirmed"
    assert RewardEntry.objects.filter(kind="credit", user=learner).count() == 1
    # The button is gone; the address refuses a second confirmation.
    assert back_office_client.post(page(claimed, "confirm-payment")).status_code == 403
    assert RewardEntry.objects.filter(kind="credit", user=learner).count() == 1


def test_reject_needs_a_reason(back_office_client: Client, claimed: Enrolment) -> None:
    empty = back_office_client.post(page(claimed, "reject"), {"reason": ""})
    assert empty.status_code == 200 and "This field is required." in empty.content.decode()
    assert Enrolment.objects.get(pk=claimed.pk).status == "paid_claimed"

    back_office_client.post(page(claimed, "reject"), {"reason": "No such credit."})

    claimed.refresh_from_db()
    assert (claimed.status, claimed.rejected_reason) == ("rejected", "No such credit.")


def test_undo_and_correct_the_utr(
    back_office_client: Client, claimed: Enrolment, staff: User
) -> None:
    services.enrolment_confirm_payment(enrolment_id=claimed.pk, by=staff)

    back_office_client.post(page(claimed, "undo-confirmation"), {"reason": "Wrong account."})
    back_office_client.post(
        page(claimed, "correct-utr"), {"utr": "4123 4567 8999", "reason": "Typo."}
    )

    claimed.refresh_from_db()
    assert (claimed.status, claimed.utr) == ("paid_claimed", "412345678999")


def test_a_refusal_of_the_service_is_shown_and_changes_nothing(course: Course, staff: User) -> None:
    own = services.enrolment_submit_utr(enrolment=referred(course, staff), utr="412345678901")
    client = Client()
    client.force_login(back_office(staff))

    done = client.post(page(own, "confirm-payment"), follow=True)

    assert "another staff member must confirm it" in done.content.decode()
    assert Enrolment.objects.get(pk=own.pk).status == "paid_claimed"


def test_staff_who_may_only_look_get_no_buttons_and_no_decision(
    staff: User, claimed: Enrolment
) -> None:
    staff.user_permissions.add(Permission.objects.get(codename="view_enrolment"))
    client = Client()
    client.force_login(User.objects.get(pk=staff.pk))

    view = client.get(page(claimed)).content.decode()

    assert page(claimed, "confirm-payment") not in view
    assert client.post(page(claimed, "confirm-payment")).status_code == 403
    assert Enrolment.objects.get(pk=claimed.pk).status == "paid_claimed"


def test_decisions_check_csrf(staff: User, claimed: Enrolment) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(back_office(staff))

    assert client.post(page(claimed, "confirm-payment")).status_code == 403
    assert Enrolment.objects.get(pk=claimed.pk).status == "paid_claimed"


def test_the_list_opens_on_payments_submitted_and_a_search_covers_every_status(
    back_office_client: Client, claimed: Enrolment, course: Course
) -> None:
    pending = enrol(course, name="Pending Person", phone="98111 00009")
    changelist = "/admin/enrolments/enrolment/"

    default = back_office_client.get(changelist).content.decode()
    every = back_office_client.get(changelist, {"status__exact": "all"}).content.decode()
    searched = back_office_client.get(changelist, {"q": "98111 00009"}).content.decode()

    assert claimed.reference in default and pending.reference not in default
    assert claimed.reference in every and pending.reference in every
    assert pending.reference in searched


def _page_buttons(html: str) -> list[tuple[str, bool]]:
    """The page's action buttons in order: (address, drawn as the solid main button)."""
    actions = html[html.index('aria-label="Actions"') :]
    actions = actions[: actions.index("</ul>")]
    buttons = []
    for item in actions.split("<li")[1:]:
        href = item[item.index('href="') + 6 :]
        buttons.append((href[: href.index('"')], "bg-primary-600" in item))
    return buttons


def test_the_expected_next_step_is_the_first_and_only_solid_button(
    back_office_client: Client, claimed: Enrolment, staff: User
) -> None:
    waiting = _page_buttons(back_office_client.get(page(claimed)).content.decode())
    assert waiting[0] == (page(claimed, "confirm-payment"), True)
    assert [solid for _, solid in waiting[1:]] == [False] * (len(waiting) - 1)
    assert (page(claimed, "reject"), False) in waiting

    services.enrolment_confirm_payment(enrolment_id=claimed.pk, by=staff)
    confirmed = _page_buttons(back_office_client.get(page(claimed)).content.decode())
    # A refund and an undo are no one's expected next step: neither is drawn as the main one.
    assert (page(claimed, "undo-confirmation"), False) in confirmed
    assert not any(solid for _, solid in confirmed)


def test_refund_and_undo_say_when_to_use_which(
    back_office_client: Client, claimed: Enrolment, staff: User
) -> None:
    services.enrolment_confirm_payment(enrolment_id=claimed.pk, by=staff)
    refund = back_office_client.get(page(claimed, "refund")).content.decode()
    undo = back_office_client.get(page(claimed, "undo-confirmation")).content.decode()
    assert "getting their money back" in refund and "use Undo confirmation instead" in refund
    assert "confirmed by mistake" in undo and "use Record a refund instead" in undo
