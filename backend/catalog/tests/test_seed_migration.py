from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from catalog.models import Course, Event, PolicyPage, Tournament

pytestmark = pytest.mark.django_db

seed_module = importlib.import_module("catalog.migrations.0004_seed_catalogue")


def test_it_never_overwrites_staff_edits_when_seeding_again() -> None:
    Course.objects.filter(slug="java").update(offer_fee=299)
    PolicyPage.objects.filter(slug="terms").update(title="Our terms")
    Tournament.objects.filter(event__slug="bgmi-tournaments").delete()
    seed_module.seed(apps, None)
    assert Course.objects.get(slug="java").offer_fee == 299
    assert PolicyPage.objects.get(slug="terms").title == "Our terms"
    assert not Tournament.objects.filter(event__slug="bgmi-tournaments").exists()
    assert Course.objects.count() == 5
    assert Event.objects.count() == 3


def test_it_recreates_a_missing_row() -> None:
    Course.objects.filter(slug="python").delete()
    seed_module.seed(apps, None)
    assert Course.objects.get(slug="python").list_fee == 4499
