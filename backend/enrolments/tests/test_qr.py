"""The QR codes are decoded back: the SVG we serve is rasterised (its path is a list of
unit squares) and read by zxing-cpp, which must find exactly the UPI link."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import zxingcpp
from django.test import Client
from PIL import Image, ImageDraw

from catalog.models import Course
from core.upi import upi_qr, upi_qr_svg
from enrolments import selectors, services
from enrolments.tests.conftest import API, enrol_payload, post

pytestmark = pytest.mark.django_db

SVG_NS = "{http://www.w3.org/2000/svg}"
SQUARE = re.compile(r"M([\d.]+),([\d.]+)H([\d.]+)V([\d.]+)H[\d.]+z")
SCALE = 8


def rasterise(svg: bytes) -> Image.Image:
    root = ET.fromstring(svg)  # well-formed XML or this raises
    assert root.tag == f"{SVG_NS}svg"
    size = float(root.attrib["viewBox"].split()[2])
    path = root.find(f"{SVG_NS}path")
    assert path is not None and path.attrib["id"] == "qr-path"
    image = Image.new("L", (int(size * SCALE), int(size * SCALE)), 255)
    draw = ImageDraw.Draw(image)
    squares = SQUARE.findall(path.attrib["d"])
    assert squares
    for x1, y1, x2, y2 in squares:
        box = [float(x1) * SCALE, float(y1) * SCALE, float(x2) * SCALE - 1, float(y2) * SCALE - 1]
        draw.rectangle(box, fill=0)
    return image


def decode(image: Image.Image) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(image)]


def test_it_draws_an_svg_whose_qr_code_reads_back_as_the_link() -> None:
    link = "upi://pay?pa=payee.test@okbank&pn=Test%20Brand&am=999.00&cu=INR&tr=ENR-ABC234&tn=x"

    assert decode(rasterise(upi_qr_svg(link))) == [link]


def test_it_draws_the_same_code_as_a_bitmap() -> None:
    link = "upi://pay?pa=a@b&am=1.00&cu=INR&tn=t"

    image = upi_qr(link).make_image().get_image()

    assert decode(image.convert("L")) == [link]


def test_it_serves_the_enrolments_qr_code_to_its_browser(client: Client, course: Course) -> None:
    reference = post(client, API, enrol_payload(course)).json()["reference"]

    response = client.get(f"{API}/{reference}/qr.svg")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert "no-store" in response["Cache-Control"]
    enrolment = services.Enrolment.objects.get(reference=reference)
    link = selectors.enrolment_payment_instructions(enrolment=enrolment).link
    assert decode(rasterise(response.content)) == [link]


def test_it_hides_the_qr_code_from_other_browsers(client: Client, course: Course) -> None:
    reference = post(client, API, enrol_payload(course)).json()["reference"]

    response = Client().get(f"{API}/{reference}/qr.svg")

    assert response.status_code == 404


def test_each_payment_answer_links_its_own_qr_code(client: Client, course: Course) -> None:
    """The qr_url fields are reversed from the QR endpoints' names (issue 30.1): following
    them serves the code of the same UPI link the answer gives."""
    payment = post(client, API, enrol_payload(course)).json()["payment"]

    response = client.get(payment["qr_url"])
    assert response.status_code == 200
    assert decode(rasterise(response.content)) == [payment["upi_link"]]
    assert payment["qr_url"] == f"{API}/{payment['reference']}/qr.svg"
