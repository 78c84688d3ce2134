from __future__ import annotations

from django.http import HttpRequest
from ninja import Router

from catalog import selectors
from catalog.schemas import ProjectPackageOut, SiteOut, TeamMemberOut

router = Router(tags=["catalog"])


@router.get("/site", response=SiteOut, summary="Public site settings")
def site_settings_get(request: HttpRequest) -> dict:
    return selectors.site_settings_public()


@router.get("/team", response=list[TeamMemberOut], summary="Team members shown on the home page")
def team_member_list(request: HttpRequest) -> list[dict]:
    return [
        {
            "name": m.name,
            "role": m.role,
            "bio": m.bio,
            "photo_url": m.photo.url if m.photo else None,
        }
        for m in selectors.team_member_list()
    ]


@router.get("/projects", response=list[ProjectPackageOut], summary="Project packages")
def project_package_list(request: HttpRequest) -> list[dict]:
    return [
        {
            "slug": p.slug,
            "name": p.name,
            "price_usd": p.price_usd,
            "summary": p.summary,
            "features": p.feature_list,
        }
        for p in selectors.project_package_list()
    ]
