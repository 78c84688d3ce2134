"""Cache invalidation only (see catalog.caching); no business rules live here."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.core.cache import cache
from django.db import DatabaseError
from django.db.models.signals import post_delete, post_migrate, post_save

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


def _migrated(sender: Any, **kwargs: Any) -> None:
    # Every deploy migrates: answers cached by the code before it (whose shape may have
    # changed) or before a data migration are not served again.
    try:
        catalog_cache_bump()
        cache.delete(models.SITE_SETTINGS_CACHE_KEY)
    except DatabaseError:
        # The database cache's table is made after the first migrate (createcachetable):
        # then nothing can have been cached yet.
        pass


def connect() -> None:
    # Once per migrate (post_migrate is sent for every app: this one's is enough).
    post_migrate.connect(
        _migrated, sender=apps.get_app_config("catalog"), dispatch_uid="catalog-migrated"
    )
    for model in CONTENT_MODELS:
        post_save.connect(
            _content_changed, sender=model, dispatch_uid=f"catalog-save-{model.__name__}"
        )
        post_delete.connect(
            _content_changed, sender=model, dispatch_uid=f"catalog-delete-{model.__name__}"
        )
