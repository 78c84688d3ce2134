"""What an error report may carry (core.observability.before_send): personal data in
any spelling, wherever in the event it is, the same spellings as the Node server's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from core.observability import FILTERED, before_breadcrumb, before_send, scrub_text

# Each spelling, and a piece of it that must not be sent.
SPELLINGS = [
    ("+91 9876 543 210", "543 210"),
    ("987-654-3210", "654-3210"),
    ("(987) 654-3210", "654-3210"),
    ("UTR 1234 5678 9012", "5678 9012"),
    ('"john doe"@example.com', "john doe"),
    ("98765 43210", "43210"),
    ("+919876543210", "43210"),
    ("asha.learner@example.com", "asha.learner"),
]


# Dates, times, addresses and amounts around them stay readable.
AROUND = "At 2026-12-03 11:41 from 203.0.113.7, order 42 of ₹1,999.00: {}, task 3 of 12"


@pytest.mark.parametrize(("text", "piece"), SPELLINGS[:5])  # the spellings it used to miss
def test_it_filters_every_spelling_of_a_phone_utr_or_email(text: str, piece: str) -> None:
    scrubbed = scrub_text(AROUND.format(text))
    assert scrubbed == AROUND.format(FILTERED) or scrubbed == AROUND.format(f"UTR {FILTERED}")
    assert piece not in scrubbed


def event_with_everywhere(secret: str) -> dict[str, Any]:
    return {
        "event_id": "0123456789abcdef0123456789abcdef",
        "message": f"failed for {secret}",
        "exception": {"values": [{"type": "RuntimeError", "value": f"no {secret}"}]},
        "request": {"data": {"note": secret}, "url": "https://site.example/x"},
        "extra": {"detail": secret},
        "breadcrumbs": {"values": [{"message": f"saw {secret}"}]},
        "contexts": {
            "trace": {
                "trace_id": "4bf92f3577b34da6a3ce929d0e0e4736",
                "span_id": "00f067aa0ba902b7",
            },
            "enquiry": {"from": secret, "words": [f"call {secret}"]},
            "response": {"body": json.dumps({"phone": secret})},
        },
    }


@pytest.mark.parametrize(("secret", "piece"), SPELLINGS)
def test_before_send_scrubs_every_part_of_the_event_contexts_included(
    secret: str, piece: str
) -> None:
    event = before_send(event_with_everywhere(secret), {})
    assert event is not None
    sent = json.dumps(event, ensure_ascii=False)
    assert piece not in sent and piece.replace('"', '\\"') not in sent
    # The SDK's own ids are left whole.
    assert event["event_id"] == "0123456789abcdef0123456789abcdef"
    assert event["contexts"]["trace"]["trace_id"] == "4bf92f3577b34da6a3ce929d0e0e4736"


def test_before_breadcrumb_scrubs_the_new_spellings() -> None:
    crumb = before_breadcrumb({"message": "SMS to +91 9876 543 210", "data": {}}, {})
    assert crumb == {"message": f"SMS to {FILTERED}", "data": {}}
