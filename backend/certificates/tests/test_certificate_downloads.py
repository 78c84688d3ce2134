from __future__ import annotations

import io

import pytest
from django.test import Client
from django.utils import timezone
from PIL import Image

from certificates.models import Certificate
from certificates.tests.conftest import make

pytestmark = pytest.mark.django_db


def body(response: object) -> bytes:
    return b"".join(response.streaming_content)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("url", "content_type", "filename"),
    [
        ("/Certificate/WD-001.png", "image/png", "certificate-WD-001.png"),
        ("/Certificate/WD-001.pdf", "application/pdf", "certificate-WD-001.pdf"),
        ("/LOR/WD-001.png", "image/png", "letter-of-recommendation-WD-001.png"),
        ("/LOR/WD-001.pdf", "application/pdf", "letter-of-recommendation-WD-001.pdf"),
    ],
)
def test_it_serves_each_download_inline(
    client: Client, url: str, content_type: str, filename: str
) -> None:
    make("WD-001", duration="30 Days")

    response = client.get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'inline; filename="{filename}"'
    assert response["X-Robots-Tag"] == "noindex"
    assert response["Cache-Control"] == "private, max-age=300"
    data = body(response)
    if content_type == "image/png":
        assert Image.open(io.BytesIO(data)).format == "PNG"
    else:
        assert data.startswith(b"%PDF-")


@pytest.mark.parametrize("url", ["/Certificate/wd-001.png", "/LOR/%20Wd-001.pdf"])
def test_it_normalises_the_id_in_the_address(client: Client, url: str) -> None:
    make("WD-001")

    assert client.get(url).status_code == 200


def test_it_serves_an_id_with_a_slash(client: Client) -> None:
    make("IRC/2026/7")

    assert client.get("/Certificate/IRC%2F2026%2F7.png").status_code == 200
    assert client.get("/Certificate/irc/2026/7.pdf").status_code == 200


def test_it_answers_404_for_an_unknown_id(client: Client) -> None:
    response = client.get("/Certificate/NOPE.png")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/plain")
    assert response["X-Robots-Tag"] == "noindex"


@pytest.mark.parametrize(
    "url", ["/Certificate/X-1.png", "/Certificate/X-1.pdf", "/LOR/X-1.png", "/LOR/X-1.pdf"]
)
def test_it_offers_nothing_for_a_revoked_certificate(client: Client, url: str) -> None:
    make(
        "X-1", status=Certificate.Status.REVOKED, revoked_reason="Fraud", revoked_at=timezone.now()
    )

    assert client.get(url).status_code == 404


@pytest.mark.parametrize("url", ["/Certificate/X-1.png", "/LOR/X-1.pdf"])
def test_it_offers_nothing_for_an_eliminated_participant(client: Client, url: str) -> None:
    make("X-1", course="Eliminated")

    assert client.get(url).status_code == 404


def test_it_offers_the_letter_only_for_thirty_days(client: Client) -> None:
    make("M-1", duration="2 Months")

    assert client.get("/Certificate/M-1.png").status_code == 200
    assert client.get("/LOR/M-1.png").status_code == 404
    assert client.get("/LOR/M-1.pdf").status_code == 404


def test_it_answers_304_when_the_browser_has_the_file(client: Client) -> None:
    make("WD-001")
    first = client.get("/Certificate/WD-001.png")

    again = client.get("/Certificate/WD-001.png", HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 304


def test_it_stops_serving_once_revoked(client: Client) -> None:
    certificate = make("WD-001")
    assert client.get("/Certificate/WD-001.png").status_code == 200

    certificate.status = Certificate.Status.REVOKED
    certificate.save()

    assert client.get("/Certificate/WD-001.png").status_code == 404


def test_it_refuses_post(client: Client) -> None:
    make("WD-001")

    assert client.post("/Certificate/WD-001.png").status_code == 405
