from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.db import models

SITE_SETTINGS_CACHE_KEY = "catalog:site-settings:v1"


class SiteSettings(models.Model):
    """The one settings record staff edit in the admin (brand, contacts, payee, phrases).

    The shipped values are obviously placeholders: the real company name is not known.
    """

    brand_name = models.CharField(max_length=80, default="YourBrand (placeholder)")
    tagline = models.CharField(max_length=160, blank=True)
    email = models.EmailField(default="hello@example.com")
    phone = models.CharField(max_length=20, default="+91 90000 00000")
    address = models.CharField(max_length=240, blank=True)
    facebook_url = models.URLField(blank=True)
    instagram_url = models.URLField(blank=True)
    linkedin_url = models.URLField(blank=True)
    youtube_url = models.URLField(blank=True)
    x_url = models.URLField("X (Twitter) URL", blank=True)
    github_url = models.URLField(blank=True)
    whatsapp_number = models.CharField(
        max_length=20, blank=True, help_text="Digits with country code, e.g. 919000000000."
    )
    upi_payee_id = models.CharField("UPI payee ID (VPA)", max_length=100, default="placeholder@upi")
    upi_payee_name = models.CharField("UPI payee name", max_length=100, default="YourBrand")
    typed_phrases = models.TextField(
        default="", help_text="The phrases the home page types, one per line."
    )

    class Meta:
        verbose_name = "site settings"
        verbose_name_plural = "site settings"

    def __str__(self) -> str:
        return "Site settings"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.pk = 1  # a singleton
        super().save(*args, **kwargs)
        cache.delete(SITE_SETTINGS_CACHE_KEY)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ValueError("Site settings cannot be deleted; edit them instead.")


class TeamMember(models.Model):
    name = models.CharField(max_length=120)
    role = models.CharField(max_length=120)
    bio = models.TextField(blank=True)
    photo = models.ImageField(upload_to="team/", blank=True)
    order = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField("shown on the site", default=True)

    class Meta:
        ordering = ("order", "name")

    def __str__(self) -> str:
        return self.name


class ProjectPackage(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=120)
    price_usd = models.PositiveIntegerField("starting price (US dollars)")
    summary = models.CharField(max_length=240, blank=True)
    features = models.TextField(help_text="One feature per line.")
    order = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField("shown on the site", default=True)

    class Meta:
        ordering = ("order", "name")

    def __str__(self) -> str:
        return f"{self.name} (${self.price_usd})"

    @property
    def feature_list(self) -> list[str]:
        return [line.strip() for line in self.features.splitlines() if line.strip()]
