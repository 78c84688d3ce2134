from __future__ import annotations

from typing import Annotated

from ninja import Schema
from pydantic import Field

from accounts.models import User
from accounts.phones import phone_display
from accounts.selectors import user_can_import_certificates
from core.schemas import OptionalOut
from core.schemas import Text as CoreText

Text = Annotated[CoreText, Field(max_length=1000)]


class SignupIn(Schema):
    name: Text
    phone: Text
    password: Text
    email: Text = ""
    whatsapp_opt_in: bool = Field(
        False, description="Consent to WhatsApp messages (docs/product.md section 19)."
    )


class CodeSentOut(Schema):
    """A one-time code was sent (or, for a password reset, would have been)."""

    message: str
    phone: str = Field(description="E.164")
    expires_in: int = Field(description="Seconds the code works.")
    resend_after: int = Field(description="Seconds before a new code may be asked for.")


class SignupVerifyIn(Schema):
    phone: Text
    code: Text


class PhoneIn(Schema):
    phone: Text


class PasswordResetConfirmIn(Schema):
    """With the SMS code (phone and code) or the emailed link (uid and token)."""

    new_password: Text
    phone: Text = ""
    code: Text = ""
    uid: Text = ""
    token: Text = ""


class AccountUpdateIn(Schema):
    name: Text
    email: Text = ""
    current_password: Text = Field(
        "", description="Needed when the email changes (or is removed); ignored otherwise."
    )


class PasswordChangeIn(Schema):
    current_password: Text
    new_password: Text


class AccountDeleteIn(Schema):
    password: Text


class LoginIn(Schema):
    phone: Text
    password: Text


# What the signed-in person's own pages show of their account, from a User.
class UserOut(Schema):
    name: str
    phone: str
    phone_display: str
    email: str
    referral_code: str
    phone_confirmed: bool = OptionalOut(
        False, "A code sent to the phone was entered (sign-up or password reset)."
    )
    is_staff: bool
    can_import_certificates: bool = Field(
        description="Staff holding the certificate add and change permissions (/test)."
    )

    @staticmethod
    def resolve_phone_display(obj: User) -> str:
        return phone_display(obj.phone)

    @staticmethod
    def resolve_phone_confirmed(obj: User) -> bool:
        return obj.phone_confirmed_at is not None

    @staticmethod
    def resolve_can_import_certificates(obj: User) -> bool:
        return user_can_import_certificates(user=obj)


class LoginOut(Schema):
    message: str
    user: UserOut


class CsrfOut(Schema):
    csrf_token: str
