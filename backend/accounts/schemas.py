from __future__ import annotations

from typing import Annotated

from ninja import Schema
from pydantic import Field

from core.schemas import Text as CoreText

Text = Annotated[CoreText, Field(max_length=1000)]


class SignupIn(Schema):
    name: Text
    phone: Text
    password: Text
    email: Text = ""


class LoginIn(Schema):
    phone: Text
    password: Text


class UserOut(Schema):
    name: str
    phone: str
    phone_display: str
    email: str
    referral_code: str
    is_staff: bool
    can_import_certificates: bool = Field(
        description="Staff holding the certificate add and change permissions (/test)."
    )


class LoginOut(Schema):
    message: str
    user: UserOut


class CsrfOut(Schema):
    csrf_token: str
