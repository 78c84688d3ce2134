from __future__ import annotations

from django.contrib.auth import logout
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.http import HttpRequest

from accounts import services as account_services
from accounts.models import User
from enrolments.services import enrolments_erase_personal_data, enrolments_link_to_account
from internships.services import internships_erase_personal_data
from notifications.services import notifications_erase_personal_data
from referrals.services import referrals_erase_personal_data

ACCOUNT_DELETED = "Your account has been deleted"


def signup_verify(*, session: SessionBase, client: str | None, phone: str, code: str) -> User:
    """The sign-up's code entered: the account is made and, in the same transaction, the
    enrolments made earlier with its now confirmed phone join it."""
    return account_services.signup_complete(
        session=session,
        phone=phone,
        code=code,
        client=client,
        on_created=lambda user: enrolments_link_to_account(user=user),
    )


def account_delete(*, request: HttpRequest, user: User, password: str) -> None:
    """Delete the account (the right to erasure), the password asked again: its personal
    data erased everywhere, its payment and reward records kept without it (accounting
    requires them), its referral code retired, the login impossible, this session ended
    (every other ends with the password's hash)."""
    account_services.account_password_verify(
        user=user,
        password=password,
        field="password",
        message=account_services.PASSWORD_WRONG,
    )
    with transaction.atomic():
        enrolments_erase_personal_data(user=user)
        referrals_erase_personal_data(user=user)
        internships_erase_personal_data(user=user)
        notifications_erase_personal_data(user=user)
        account_services.account_erase(user=user)
    logout(request)
