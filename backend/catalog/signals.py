"""Cache invalidation only (see catalog.caching); no business rules live here."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from catalog import models
from catalog.caching import catalog_cache_bump

CONTENT_MODELS = (
    models.SiteSettings,
    models.TeamMember,
    models.ProjectPackage,
    models.Course,
    models.InternshipDomain,
    models.ProgrammeRow,
    models.Event,
    models.Tournament,
    models.PortfolioItem,
    models.PolicyPage,
    models.ContentBlock,
)


def _content_changed(sender: type, **kwargs: Any) -> None:
    catalog_cache_bump()


def connect() -> None:
    for model in CONTENT_MODELS:
        post_save.connect(
            _content_changed, sender=model, dispatch_uid=f"catalog-save-{model.__name__}"
        )
        post_delete.connect(
            _content_changed, sender=model, dispatch_uid=f"catalog-delete-{model.__name__}"
        )
