"""The Reports page's tables and charts, made from one report (backoffice.reports).

A table is written once and read three ways: on the page (money in Indian digit grouping,
"₹1,23,456"), as its CSV download (whole rupees as numbers, every cell through
core.csvfile.csv_cell) and as its chart's figures (django-unfold's Chart.js component
reads them as JSON from the canvas; the same numbers as the table's). A chart tells its
series apart by fill (solid or outlined), never by colour alone, and the page gives each
one a text alternative naming the table that holds its figures.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from backoffice.reports import (
    FUNNEL_DAYS,
    MONTHS_SHOWN,
    TOP_REFERRERS,
    WEEKS_SHOWN,
    Report,
    month_label,
)
from core.csvfile import Cell, csv_text
from core.dates import date_display
from core.money import format_rupees

TEXT, NUMBER, MONEY, PERCENT = "text", "number", "money", "percent"

# Series colours (django-unfold's palette, read from its CSS variables by its chart code).
SOLID = "var(--color-primary-600)"
OUTLINE = "var(--color-primary-600)"
# The charts' words: readable on the light theme's white (4.8:1) and the dark one's grey.
AXIS_TEXT = "#6b7280"


@dataclass(frozen=True)
class Column:
    title: str
    kind: str = TEXT


@dataclass(frozen=True)
class Chart:
    kind: str  # "bar" or "line", django-unfold's components
    data: dict[str, Any]
    options: dict[str, Any]
    description: str
    # Taller for a horizontal chart with many rows.
    height: int = 280

    @property
    def data_json(self) -> str:
        return json.dumps(self.data)

    @property
    def options_json(self) -> str:
        return json.dumps(self.options)


@dataclass(frozen=True)
class Table:
    slug: str
    title: str
    columns: tuple[Column, ...]
    rows: list[tuple[Cell, ...]]
    empty: str
    note: str = ""
    chart: Chart | None = None
    # Rows as the page shows them (filled in from rows).
    shown: list[list[dict[str, Any]]] = field(default_factory=list)

    @property
    def csv_name(self) -> str:
        return f"{self.slug}.csv"

    def csv(self) -> str:
        header = [
            f"{column.title} (₹)" if column.kind == MONEY else column.title
            for column in self.columns
        ]
        return csv_text(header, self.rows)


def cell_text(value: Cell, kind: str) -> str:
    if value is None:
        return "No limit" if kind == NUMBER else "-"
    if kind == MONEY:
        return format_rupees(int(value))
    if kind == PERCENT:
        return f"{value} %"
    if kind == NUMBER:
        return grouped(int(value))
    return str(value)


def grouped(number: int) -> str:
    """A count in Indian digit grouping: 123456 -> "1,23,456" (as core.money writes rupees)."""
    digits = format_rupees(abs(number)).removeprefix("₹")
    return f"-{digits}" if number < 0 else digits


def _shown(columns: Sequence[Column], rows: list[tuple[Cell, ...]]) -> list[list[dict[str, Any]]]:
    return [
        [
            {"text": cell_text(value, column.kind), "numeric": column.kind != TEXT}
            for value, column in zip(row, columns, strict=True)
        ]
        for row in rows
    ]


def _table(**kwargs: Any) -> Table:
    table = Table(**kwargs)
    table.shown.extend(_shown(table.columns, table.rows))
    return table


def _options(*, money: bool, horizontal: bool = False, stacked: bool = False) -> dict[str, Any]:
    """Chart.js options in full (django-unfold's defaults hide the legend and the value
    axis): Indian digit grouping (the en-IN locale), rupees on a money axis."""
    value_ticks: dict[str, Any] = {"color": AXIS_TEXT, "precision": 0}
    if money:
        value_ticks["format"] = {"style": "currency", "currency": "INR", "maximumFractionDigits": 0}
    value_axis = {"beginAtZero": True, "stacked": stacked, "ticks": value_ticks, "grid": {}}
    label_axis = {"stacked": stacked, "ticks": {"color": AXIS_TEXT}, "grid": {"display": False}}
    return {
        "locale": "en-IN",
        "animation": False,
        "responsive": True,
        "maintainAspectRatio": False,
        "indexAxis": "y" if horizontal else "x",
        "plugins": {
            "legend": {
                "display": True,
                "position": "top",
                "align": "start",
                "labels": {"color": AXIS_TEXT},
            },
            "tooltip": {"enabled": True},
        },
        "scales": {"x": value_axis, "y": label_axis}
        if horizontal
        else {"x": label_axis, "y": value_axis},
    }


def _solid(label: str, values: list[int]) -> dict[str, Any]:
    return {
        "label": label,
        "data": values,
        "backgroundColor": SOLID,
        "borderColor": SOLID,
        "borderWidth": 2,
    }


def _outlined(label: str, values: list[int]) -> dict[str, Any]:
    return {
        "label": label,
        "data": values,
        "backgroundColor": "rgba(255, 255, 255, 0)",
        "borderColor": OUTLINE,
        "borderWidth": 2,
    }


def _chart_text(what: str, title: str) -> str:
    return f"{what}. The same figures are in the table “{title}” beside it."


def money_table(report: Report) -> Table:
    title = "Money confirmed per month"
    months = report.months
    return _table(
        slug="money-per-month",
        title=title,
        columns=(Column("Month"), Column("Courses", MONEY), Column("Events", MONEY)),
        rows=[(m.label, m.courses, m.events) for m in months],
        empty="",
        note=(
            f"The last {MONTHS_SHOWN} months, this one so far included, India time. Money counts "
            "in the month it was confirmed; a refund is subtracted in the month it is made "
            "(so a month can be below zero). A confirmation undone by staff (a mistake, not "
            "a refund) counts nowhere."
        ),
        chart=Chart(
            kind="bar",
            data={
                "labels": [m.label for m in months],
                "datasets": [
                    _solid("Courses", [m.courses for m in months]),
                    _outlined("Events", [m.events for m in months]),
                ],
            },
            options=_options(money=True),
            description=_chart_text(
                f"Bar chart of the money confirmed in each of the last {MONTHS_SHOWN} months: "
                "courses as solid bars, events as outlined bars",
                title,
            ),
        ),
    )


def _this_month_table(
    report: Report, *, slug: str, title: str, first: str, items: Callable[[Report], list[Any]]
) -> Table:
    rows = [(item.name, item.confirmed, item.refunded, item.money) for item in items(report)]
    return _table(
        slug=slug,
        title=title,
        columns=(
            Column(first),
            Column("Confirmed", MONEY),
            Column("Refunded", MONEY),
            Column("Money", MONEY),
        ),
        rows=rows,
        empty=f"No money confirmed or refunded for any {first.lower()} in {month_label(report.this_month)} yet.",
    )


def this_month_tables(report: Report) -> list[Table]:
    month = month_label(report.this_month)
    return [
        _this_month_table(
            report,
            slug="this-month-by-course",
            title=f"{month} so far, by course",
            first="Course",
            items=lambda r: r.by_course,
        ),
        _this_month_table(
            report,
            slug="this-month-by-event",
            title=f"{month} so far, by event",
            first="Event",
            items=lambda r: r.by_event,
        ),
    ]


def funnel_table(report: Report) -> Table:
    title = f"Enrolments of the last {FUNNEL_DAYS} days"
    steps = report.funnel
    return _table(
        slug="enrolment-funnel",
        title=title,
        columns=(
            Column("Step"),
            Column("Enrolments", NUMBER),
            Column("Of those enrolled", PERCENT),
        ),
        rows=[(step.label, step.count, step.share) for step in steps],
        empty="",
        note=(
            f"Course enrolments made since {date_display(report.funnel_since)} (India time; "
            "events' registrations are not among them), and how far each has got: its payment submitted (a UTR sent, or confirmed without one), "
            "confirmed (refunded since or not), present at a class at least once, certified "
            "when its batch finished."
        ),
        chart=Chart(
            kind="bar",
            data={
                "labels": [step.label for step in steps],
                "datasets": [_solid("Enrolments", [step.count for step in steps])],
            },
            options=_options(money=False, horizontal=True),
            description=_chart_text(
                f"Bar chart of the last {FUNNEL_DAYS} days' enrolments at each step, from "
                "enrolled to certified",
                title,
            ),
        ),
    )


def batches_table(report: Report) -> Table:
    title = "Batches taking students"
    batches = report.batches
    limited = [b for b in batches if b.seats is not None]
    return _table(
        slug="batch-seats",
        title=title,
        columns=(
            Column("Batch"),
            Column("Seats taken", NUMBER),
            Column("Seats", NUMBER),
            Column("Seats left", NUMBER),
        ),
        rows=[(b.name, b.taken, b.seats, b.left) for b in batches],
        empty="No batch is taking students: every batch's enrolment has closed.",
        note=(
            "Each batch whose enrolment has not closed, full ones included. A seat is taken "
            "by an enrolment waiting for payment (until it expires), submitted or confirmed."
        ),
        chart=Chart(
            kind="bar",
            data={
                "labels": [b.short_name for b in limited],
                "datasets": [
                    _solid("Seats taken", [b.taken for b in limited]),
                    _outlined("Seats left", [b.left or 0 for b in limited]),
                ],
            },
            options=_options(money=False, horizontal=True, stacked=True),
            description=_chart_text(
                "Bar chart of each batch's seats: taken as the solid part of its bar, left as "
                "the outlined part (batches without a seat limit are only in the table)",
                title,
            ),
            height=max(160, 48 * len(limited) + 80),
        )
        if limited
        else None,
    )


def referrers_table(report: Report) -> Table:
    return _table(
        slug="top-referrers",
        title="Top referrers",
        columns=(
            Column("Referrer"),
            Column("Referral code"),
            Column("Confirmed enrolments", NUMBER),
            Column("Money", MONEY),
        ),
        rows=[(r.name, r.code, r.enrolments, r.money) for r in report.referrers],
        empty=f"No referred enrolment was confirmed in the last {MONTHS_SHOWN} months.",
        note=(
            f"The {TOP_REFERRERS} accounts whose referrals were confirmed most in the last "
            f"{MONTHS_SHOWN} months (refunded ones left out), with the money those enrolments "
            "paid."
        ),
    )


def verifications_table(report: Report) -> Table:
    title = "Certificate verifications per week"
    weeks = report.weeks
    return _table(
        slug="verifications-per-week",
        title=title,
        columns=(Column("Week"), Column("Verifications", NUMBER)),
        rows=[(w.label, w.count) for w in weeks],
        empty="",
        note=(
            f"The last {WEEKS_SHOWN} weeks, Monday to Sunday in India, this one so far "
            "included: lookups of a certificate by its ID (the verify page's included) and "
            "checks of its credential, counted by the queue worker within a few minutes."
        ),
        chart=Chart(
            kind="bar",
            data={
                "labels": [w.short_label for w in weeks],
                "datasets": [_solid("Verifications", [w.count for w in weeks])],
            },
            options=_options(money=False),
            description=_chart_text(
                f"Bar chart of the certificate verifications in each of the last {WEEKS_SHOWN} "
                "weeks, each named by its Monday",
                title,
            ),
        ),
    )


@dataclass(frozen=True)
class Section:
    heading: str
    tables: list[Table]


def report_sections(report: Report) -> list[Section]:
    return [
        Section("Money confirmed per month", [money_table(report)]),
        Section(f"{month_label(report.this_month)} so far", this_month_tables(report)),
        Section(f"Enrolments of the last {FUNNEL_DAYS} days", [funnel_table(report)]),
        Section("Batches taking students", [batches_table(report)]),
        Section("Top referrers", [referrers_table(report)]),
        Section("Certificate verifications per week", [verifications_table(report)]),
    ]


def report_table(report: Report, slug: str) -> Table | None:
    for section in report_sections(report):
        for table in section.tables:
            if table.slug == slug:
                return table
    return None


TABLE_SLUGS = (
    "money-per-month",
    "this-month-by-course",
    "this-month-by-event",
    "enrolment-funnel",
    "batch-seats",
    "top-referrers",
    "verifications-per-week",
)
