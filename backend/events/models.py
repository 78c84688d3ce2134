"""An event's registrations (docs/product.md section 21): the team and its members beside
the registration's payment, which is an enrolments.Enrolment (with `event` set) on the
same road as a course's: reference, UPI, UTR, staff decision, statement, invoice."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Registration(models.Model):
    """The registration's team, check-in and result; its payment is `enrolment`."""

    class Rank(models.IntegerChoices):
        FIRST = 1, "1st"
        SECOND = 2, "2nd"
        THIRD = 3, "3rd"

    enrolment = models.OneToOneField(
        "enrolments.Enrolment",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="registration",
    )
    team_name = models.CharField(max_length=80, blank=True)
    checked_in_at = models.DateTimeField("checked in at", null=True, blank=True)
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rank = models.PositiveSmallIntegerField(
        choices=Rank.choices, null=True, blank=True, help_text="Empty: no place."
    )

    class Meta:
        verbose_name = "event registration"
        permissions = [("check_in_registration", "Can check in an event registration")]

    def __str__(self) -> str:
        return self.team_name or self.enrolment.name


class Member(models.Model):
    """One person of a registration: the captain (position 1, the enrolment's name) and
    the others, each with an in-game ID for a gaming tournament. Each member's
    certificate is issued once (the one-to-one)."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="members")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120)
    game_id = models.CharField("in-game ID", max_length=40, blank=True)
    certificate = models.OneToOneField(
        "certificates.Certificate",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="event_member",
    )

    class Meta:
        ordering = ("registration", "position")
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "position"], name="member_position_once"
            )
        ]

    def __str__(self) -> str:
        return self.name
