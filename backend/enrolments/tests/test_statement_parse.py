"""Reading each bank's statement CSV: the layout is recognised from the header row, the
credits and their UTRs come out, and a bad file is refused with a clear message."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from core.errors import ApplicationError
from enrolments.statements import statement_parse, utrs_in

SAMPLES = Path(__file__).parent / "statements"


def parse(name: str):
    return statement_parse((SAMPLES / name).read_bytes())


@pytest.mark.parametrize(
    ("name", "layout", "day", "amount", "utr"),
    [
        (
            "hdfc-delimited.csv",
            "HDFC Bank (delimited download)",
            date(2026, 11, 1),
            "999.00",
            "412345678901",
        ),
        (
            "hdfc-statement-columns.csv",
            "HDFC Bank (statement columns)",
            date(2026, 11, 4),
            "1499.00",
            "412345678902",
        ),
        ("icici.csv", "ICICI Bank", date(2026, 11, 6), "999.00", "412345678903"),
        ("sbi.csv", "State Bank of India", date(2026, 11, 9), "999.00", "412345678904"),
        ("axis.csv", "Axis Bank", date(2026, 11, 11), "999.00", "412345678905"),
        ("kotak.csv", "Kotak Mahindra Bank", date(2026, 11, 13), "999.00", "412345678906"),
        (
            "generic.csv",
            "generic (columns found by their names)",
            date(2026, 11, 15),
            "999.00",
            "412345678907",
        ),
    ],
)
def test_it_reads_each_banks_layout(
    name: str, layout: str, day: date, amount: str, utr: str
) -> None:
    statement = parse(name)

    assert statement.layout == layout
    first = statement.credits[0]
    assert (first.date, first.amount) == (day, Decimal(amount))
    assert first.utrs[0] == utr
    # Debits are not credits: each sample holds at least one, skipped.
    assert statement.debits >= 1


def test_it_skips_debits_and_keeps_credits_without_a_utr() -> None:
    hdfc = parse("hdfc-delimited.csv")
    icici = parse("icici.csv")

    assert [c.amount for c in hdfc.credits] == [Decimal("999.00"), Decimal("5000.00")]
    assert hdfc.credits[1].utrs == ()
    assert [c.amount for c in icici.credits] == [Decimal("999.00"), Decimal("10000.00")]
    assert icici.debits == 1


def test_it_reads_kotaks_single_amount_column_by_its_dr_cr_column() -> None:
    kotak = parse("kotak.csv")

    assert len(kotak.credits) == 1 and kotak.debits == 1


def test_it_skips_the_lines_above_the_header_and_the_footer() -> None:
    statement = parse("hdfc-statement-columns.csv")

    assert len(statement.credits) == 1
    assert statement.credits[0].line == 6


def test_it_reads_a_semicolon_separated_file_with_a_bom() -> None:
    data = (
        "\ufeffPosting Date;Details;Transaction Reference;Withdrawals;Deposits\n"
        "2026-11-15;IMPS from Kiran;412345678907;;999.00\n"
    ).encode()

    statement = statement_parse(data)

    assert statement.credits[0].utrs == ("412345678907",)


def test_it_reads_a_utf16_export() -> None:
    data = "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n04/11/26,UPI-412345678902-X,,04/11/26,,999.00,1.00\n".encode(
        "utf-16"
    )

    assert statement_parse(data).credits[0].utrs == ("412345678902",)


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (("UPI/P2M/412345678901/Shop/ok",), ("412345678901",)),
        (("UPI-NAME-VPA@OKAXIS-UTIB0000123-412345678901-NOTE",), ("412345678901",)),
        (("NEFT", "0000412345678901"), ("412345678901",)),
        (("A 1234567890123 is thirteen digits",), ()),
        (("UPI/412345678901/x", "UPI-412345678901"), ("412345678901",)),
    ],
)
def test_it_finds_utrs_in_narrations_and_references(
    texts: tuple[str, ...], expected: tuple[str, ...]
) -> None:
    assert utrs_in(*texts) == expected


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "The file is empty"),
        (b"   \n\n", "The file is empty"),
        (b"PK\x03\x04\x14\x00\x06\x00rest-of-an-xlsx", "not a CSV file"),
        (b"%PDF-1.7\n%binary", "not a CSV file"),
        (
            "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/11/26,Caf\xe9,1,01/11/26,,5.00,1\n".encode(
                "latin-1"
            ),
            "not readable text",
        ),
        (
            b"Dear customer,\nyour statement is attached.\nRegards\n",
            "does not look like a bank statement",
        ),
        (b"name,phone\nAsha,98765\n", "does not look like a bank statement"),
        (
            b"Txn Date,Remarks of some kind,Money,Balance\n01/11/2026,UPI/412345678901,999,1000\n",
            "columns were not recognised",
        ),
        (
            b"Date,Narration,Chq/Ref Number,Value Dat,Debit Amount,Credit Amount,Closing Balance\n01/11/26,UPI,1,01/11/26,0,abc,1\n",
            "Line 2: the amount",
        ),
    ],
)
def test_it_refuses_a_file_that_is_not_a_statement(data: bytes, message: str) -> None:
    with pytest.raises(ApplicationError) as refused:
        statement_parse(data)

    assert message in refused.value.message
    assert refused.value.status_code == 400
