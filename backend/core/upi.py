"""UPI payment links and their QR codes: the one builder for enrolments, /payment and
referral payouts (staff pay them from their phone).

A UPI deep link (NPCI's "UPI linking specification") is `upi://pay?` followed by
parameters: pa (payee VPA), pn (payee name), am (amount, two decimals), cu (INR),
tr (transaction reference) and tn (note). Values are percent-encoded with spaces as %20
(UPI apps do not all read "+" as a space) and "@" left alone so the VPA stays readable.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from urllib.parse import quote

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from qrcode.image.svg import SvgPathFillImage

SAFE = "@"
NOTE_MAX = 50  # some UPI apps cut longer notes


@dataclass(frozen=True)
class UpiPayment:
    payee_id: str
    payee_name: str
    amount: int
    note: str
    reference: str = ""

    @property
    def link(self) -> str:
        return upi_link(
            payee_id=self.payee_id,
            payee_name=self.payee_name,
            amount=self.amount,
            note=self.note,
            reference=self.reference,
        )


def _encode(value: str) -> str:
    return quote(value, safe=SAFE)


def upi_link(*, payee_id: str, payee_name: str, amount: int, note: str, reference: str = "") -> str:
    """`upi://pay?pa=…&pn=…&am=N.00&cu=INR[&tr=…]&tn=…` for a whole-rupee amount."""
    params = [
        ("pa", payee_id.strip()),
        ("pn", payee_name.strip()),
        ("am", f"{int(amount)}.00"),
        ("cu", "INR"),
    ]
    if reference:
        params.append(("tr", reference))
    params.append(("tn", note[:NOTE_MAX]))
    return "upi://pay?" + "&".join(f"{key}={_encode(value)}" for key, value in params)


def upi_qr(data: str) -> qrcode.QRCode:
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=4)
    qr.add_data(data)
    qr.make(fit=True)
    return qr


def upi_qr_svg(data: str) -> bytes:
    """An SVG of the QR code of `data`: one path on a white square (dark pages too)."""
    image = upi_qr(data).make_image(image_factory=SvgPathFillImage)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()
