"""Ask Razorpay about the open orders and confirm the captured payments its webhook did not
bring (docs/product.md section 22). The queue worker runs it every
RAZORPAY_RECONCILE_SECONDS (enrolments.online.online_payments_work); by hand or from cron
it does the same once."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from enrolments.online import gateway_on, razorpay_reconcile


class Command(BaseCommand):
    help = "Confirm the Razorpay payments the webhook missed; refund second captures."

    def handle(self, *args: Any, **options: Any) -> None:
        if not gateway_on():
            self.stdout.write(
                "PAYMENT_GATEWAY is not razorpay (or its keys are missing): nothing to do."
            )
            return
        done = razorpay_reconcile()
        self.stdout.write(
            f"{done.asked} orders asked about: {done.confirmed} confirmed, {done.refunded} "
            f"second captures refunded, {done.mismatched} amounts not matching, "
            f"{done.failed} not answered."
        )
