"""Whatever bytes arrive, the import either succeeds (and then again, identically, on a
dry run) or refuses with CertificateImportError and leaves the database as it was."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certificates.imports import CertificateImportError, certificate_import
from certificates.models import Certificate

pytestmark = pytest.mark.django_db

HEADERS = st.sampled_from(
    [
        "CertificateID,Course,Duration,Name",
        "certificate_id,course,duration,name",
        "Certificate ID;Course;Duration;Name",
        "CertificateID,Course,Name",
        "",
    ]
)
CELL = st.one_of(
    st.text(alphabet="AZaz09-_/ .,\"'\t\r\né\x00", max_size=12),
    st.sampled_from(["WD-1", "wd-1", "Eliminated", "30 Days", ""]),
)
ROW = st.lists(CELL, min_size=0, max_size=6).map(lambda cells: ",".join(cells))


@st.composite
def csv_files(draw: st.DrawFn) -> bytes:
    text = draw(HEADERS) + "\n" + "\n".join(draw(st.lists(ROW, max_size=8)))
    data = text.encode(
        draw(st.sampled_from(["utf-8", "utf-8-sig", "latin-1", "utf-16"])), "replace"
    )
    if draw(st.booleans()):
        # Cut or corrupt the bytes somewhere.
        position = draw(st.integers(0, len(data)))
        data = data[:position] + draw(st.binary(max_size=6)) + data[position + 1 :]
    return data


def _snapshot() -> list[tuple[str, str, str, str]]:
    return list(
        Certificate.objects.order_by("certificate_id").values_list(
            "certificate_id", "name", "course", "duration"
        )
    )


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=csv_files())
def test_it_imports_consistently_or_refuses_without_writing(data: bytes) -> None:
    Certificate.objects.all().delete()
    Certificate.objects.create(certificate_id="WD-1", name="Kept", course="Java", duration="")
    before = _snapshot()

    try:
        dry = certificate_import(source=io.BytesIO(data), dry_run=True)
    except CertificateImportError as exc:
        assert _snapshot() == before
        with pytest.raises(CertificateImportError) as real:
            certificate_import(source=io.BytesIO(data), dry_run=False)
        assert real.value.reason == exc.reason
        assert _snapshot() == before
        return

    assert _snapshot() == before
    report = certificate_import(source=io.BytesIO(data), dry_run=False)
    assert (report.created, report.updated, report.unchanged) == (
        dry.created,
        dry.updated,
        dry.unchanged,
    )
    assert Certificate.objects.count() == 1 + report.created
    assert report.rows == report.created + report.updated + report.unchanged
