"""Reading a bank account's statement (CSV as downloaded from net banking) into its
credits, each with the 12-digit UTRs its narration or reference holds.

The layout is recognised from the header row, never chosen by staff: header names are
compared ignoring case, spaces and punctuation, and lines above the header (account
details, the period) are skipped. Each bank's known layouts come first, so the dry run can
say which it read; any other CSV whose headers name a date, a description or narration, a
reference and a credit amount is read by the same names ("generic").

This module only reads: it knows nothing about enrolments and changes nothing.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from core.errors import ApplicationError

HEADER_SEARCH_ROWS = 40
UTR_IN_TEXT = re.compile(r"(?<![0-9])([0-9]{12})(?![0-9])")

DATE_FORMATS = (
    "%d/%m/%y",
    "%d/%m/%Y",
    "%d-%m-%Y",
    "%d-%m-%y",
    "%d.%m.%Y",
    "%d %b %Y",
    "%d-%b-%Y",
    "%d-%b-%y",
    "%d %b %y",
    "%d %B %Y",
    "%Y-%m-%d",
)

NOT_A_STATEMENT = (
    "This file does not look like a bank statement: no line names a date, a "
    "narration or description, a reference and a credit (deposit) amount. Download the "
    "statement from net banking as CSV and upload that file."
)
EMPTY_FILE = "The file is empty. Download the statement from net banking as CSV again."
BAD_ENCODING = (
    "The file is not readable text (it is not UTF-8). If you opened it in a spreadsheet, "
    "save it again as “CSV UTF-8”, or upload the CSV exactly as net banking gave it."
)
BINARY_FILE = (
    "This file is not a CSV file (it looks like a spreadsheet or a PDF). Download the "
    "statement from net banking as CSV, or save it as “CSV UTF-8” from the spreadsheet."
)


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


@dataclass(frozen=True)
class Layout:
    name: str
    # Normalised header names (see _key) of the columns this layout reads.
    date: str
    narration: str
    reference: str
    credit: str = ""
    # Kotak and others: one amount column and a "Dr / Cr" column saying which it is.
    amount: str = ""
    direction: str = ""
    # Other headers that must be present for the layout to be recognised by name.
    also: tuple[str, ...] = ()

    def columns(self) -> tuple[str, ...]:
        named = (self.date, self.narration, self.reference, self.credit, self.amount)
        return tuple(c for c in (*named, self.direction, *self.also) if c)


# From the banks' own CSV downloads (net banking → account statement → CSV).
LAYOUTS: tuple[Layout, ...] = (
    # Date,Narration,Value Dat,Debit Amount,Credit Amount,Chq/Ref Number,Closing Balance
    Layout(
        "HDFC Bank (delimited download)",
        date="date",
        narration="narration",
        reference="chqrefnumber",
        credit="creditamount",
        also=("valuedat", "debitamount", "closingbalance"),
    ),
    # Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance
    Layout(
        "HDFC Bank (statement columns)",
        date="date",
        narration="narration",
        reference="chqrefno",
        credit="depositamt",
        also=("valuedt", "withdrawalamt", "closingbalance"),
    ),
    # S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,
    # Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )
    Layout(
        "ICICI Bank",
        date="transactiondate",
        narration="transactionremarks",
        reference="chequenumber",
        credit="depositamountinr",
        also=("valuedate", "withdrawalamountinr", "balanceinr"),
    ),
    # Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance
    Layout(
        "State Bank of India",
        date="txndate",
        narration="description",
        reference="refnochequeno",
        credit="credit",
        also=("valuedate", "debit", "balance"),
    ),
    # Tran Date,CHQNO,PARTICULARS,DR,CR,BAL,SOL
    Layout(
        "Axis Bank",
        date="trandate",
        narration="particulars",
        reference="chqno",
        credit="cr",
        also=("dr", "bal"),
    ),
    # Sl. No.,Transaction Date,Value Date,Description,Chq / Ref No.,Amount,Dr / Cr,Balance,Dr / Cr
    Layout(
        "Kotak Mahindra Bank",
        date="transactiondate",
        narration="description",
        reference="chqrefno",
        amount="amount",
        direction="drcr",
        also=("valuedate", "balance"),
    ),
)

# The generic reading: the first header (left to right) matching one of these names.
GENERIC_NAMES = {
    "date": (
        "date",
        "txndate",
        "transactiondate",
        "trandate",
        "postingdate",
        "postdate",
        "valuedate",
        "valuedt",
    ),
    "narration": (
        "narration",
        "description",
        "particulars",
        "transactionremarks",
        "transactiondetails",
        "remarks",
        "details",
    ),
    "reference": (
        "reference",
        "referenceno",
        "referencenumber",
        "refno",
        "chqrefno",
        "chqrefnumber",
        "refnochequeno",
        "chequenumber",
        "chqno",
        "utr",
        "utrno",
        "utrnumber",
        "transactionid",
        "transactionreference",
    ),
    "credit": (
        "credit",
        "creditamount",
        "creditamt",
        "creditinr",
        "deposit",
        "depositamt",
        "depositamount",
        "depositamountinr",
        "deposits",
        "cr",
    ),
}


@dataclass(frozen=True)
class Credit:
    """One credit of the statement: `line` is its line number in the file."""

    line: int
    date: date
    amount: Decimal
    narration: str
    reference: str
    utrs: tuple[str, ...]


@dataclass
class Statement:
    layout: str
    credits: list[Credit] = field(default_factory=list)
    debits: int = 0


def _decode(data: bytes) -> str:
    if not data.strip():
        raise ApplicationError(EMPTY_FILE)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise ApplicationError(BAD_ENCODING) from exc
    if b"\x00" in data[:4096] or data.startswith((b"PK\x03\x04", b"%PDF", b"\xd0\xcf\x11\xe0")):
        raise ApplicationError(BINARY_FILE)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ApplicationError(BAD_ENCODING) from exc


def _rows(text: str) -> list[list[str]]:
    sample = text[:8192]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    try:
        return [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text), dialect)]
    except csv.Error as exc:
        raise ApplicationError(NOT_A_STATEMENT) from exc


@dataclass(frozen=True)
class _Columns:
    layout: str
    date: int
    narration: int
    reference: int
    credit: int | None
    amount: int | None = None
    direction: int | None = None


def _match_known(keys: Sequence[str]) -> _Columns | None:
    for layout in LAYOUTS:
        if not all(c in keys for c in layout.columns()):
            continue
        return _Columns(
            layout.name,
            date=keys.index(layout.date),
            narration=keys.index(layout.narration),
            reference=keys.index(layout.reference),
            credit=keys.index(layout.credit) if layout.credit else None,
            amount=keys.index(layout.amount) if layout.amount else None,
            # Kotak repeats "Dr / Cr" after the balance: the amount's is the first.
            direction=keys.index(layout.direction) if layout.direction else None,
        )
    return None


def _match_generic(keys: Sequence[str]) -> _Columns | None:
    found: dict[str, int] = {}
    for role, names in GENERIC_NAMES.items():
        for name in names:
            if name in keys:
                found[role] = keys.index(name)
                break
    if len(found) < len(GENERIC_NAMES):
        return None
    return _Columns(
        "generic (columns found by their names)",
        date=found["date"],
        narration=found["narration"],
        reference=found["reference"],
        credit=found["credit"],
    )


def _header(rows: list[list[str]]) -> tuple[int, _Columns]:
    near_miss: list[str] | None = None
    for index, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
        keys = [_key(cell) for cell in row]
        columns = _match_known(keys) or _match_generic(keys)
        if columns is not None:
            return index, columns
        named = [cell for cell in row if cell]
        if near_miss is None and len(named) >= 3 and any("date" in k for k in keys):
            near_miss = named
    if near_miss is not None:
        raise ApplicationError(
            "The statement's columns were not recognised (found: "
            f"{', '.join(near_miss[:12])}). It needs a date, a narration or description, a "
            "reference and a credit (deposit) amount column, named in the header row.",
            extra={"columns": near_miss[:12]},
        )
    raise ApplicationError(NOT_A_STATEMENT)


def parse_date(value: str) -> date | None:
    text = " ".join(value.split())
    if not text:
        return None
    # Some exports add the time ("01/11/2026 10:15:02"); the date is what matters.
    text = text.split(" ")[0] if re.match(r"^\d", text) and ":" in text else text
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def parse_amount(value: str, *, line: int) -> Decimal:
    text = re.sub(r"(?i)\s|,|₹|inr|rs\.?|cr$|dr$", "", value)
    if text in ("", "-", "0", "0.0", "0.00"):
        return Decimal(0)
    try:
        amount = Decimal(text)
    except InvalidOperation as exc:
        raise ApplicationError(
            f"Line {line}: the amount “{value}” is not a number. Upload the statement "
            "exactly as net banking gave it."
        ) from exc
    if not amount.is_finite():
        raise ApplicationError(f"Line {line}: the amount “{value}” is not a number.")
    return amount


def utrs_in(*texts: str) -> tuple[str, ...]:
    """12-digit numbers in a narration (`UPI/P2M/412345678901/…`, `UPI-…-412345678901-…`)
    and in a reference column, which some banks pad with zeros (`0000412345678901`)."""
    found: list[str] = []
    for text in texts:
        for value in UTR_IN_TEXT.findall(text):
            if value not in found:
                found.append(value)
        digits = text.strip()
        padded = digits.isdigit() and len(digits) > 12 and digits[:-12].strip("0") == ""
        if padded and digits[-12:] not in found:
            found.append(digits[-12:])
    return tuple(found)


def _cell(row: list[str], index: int | None) -> str:
    if index is None or index >= len(row):
        return ""
    return row[index]


def statement_parse(data: bytes) -> Statement:
    """The credits of a statement file, or an ApplicationError saying what is wrong."""
    rows = _rows(_decode(data))
    start, columns = _header(rows)
    statement = Statement(layout=columns.layout)
    for offset, row in enumerate(rows[start + 1 :], start=start + 2):
        day = parse_date(_cell(row, columns.date))
        if day is None:
            # Lines without a date: blank lines, "Opening balance", totals, footers.
            continue
        if columns.credit is not None:
            amount = parse_amount(_cell(row, columns.credit), line=offset)
        else:
            value = parse_amount(_cell(row, columns.amount), line=offset)
            amount = value if _key(_cell(row, columns.direction)) == "cr" else Decimal(0)
        if amount <= 0:
            statement.debits += 1
            continue
        narration = _cell(row, columns.narration)
        reference = _cell(row, columns.reference)
        statement.credits.append(
            Credit(
                line=offset,
                date=day,
                amount=amount,
                narration=narration,
                reference=reference,
                utrs=utrs_in(narration, reference),
            )
        )
    return statement


def known_layout_names() -> Iterable[str]:
    return (layout.name for layout in LAYOUTS)
