"""Personas every test can use: a learner, another learner and a staff member."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import User
from accounts.services import user_create

PASSWORD = "correct-horse-battery-9"


@dataclass(frozen=True)
class Persona:
    phone: str
    name: str
    email: str
    is_staff: bool = False

    def create(self) -> User:
        return user_create(
            phone=self.phone,
            name=self.name,
            email=self.email,
            password=PASSWORD,
            is_staff=self.is_staff,
        )


LEARNER = Persona(phone="+919876543210", name="Asha Learner", email="asha@example.com")
OTHER_LEARNER = Persona(phone="+919812345678", name="Ravi Other", email="ravi@example.com")
STAFF = Persona(phone="+919900000001", name="Sam Staff", email="staff@example.com", is_staff=True)
