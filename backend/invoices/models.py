"""Tax invoices (or payment receipts) and credit notes, one per confirmed payment and per
reversal of one (docs/product.md section 18; CGST Rules, rules 46 and 53).

Every figure and every party's details are copied into the row when it is issued, so a
later change of the site settings (the seller, the rate) or of the enrolment never changes
a document already issued. Rows are written only by invoices.services and never edited or
deleted (the admin is read-only; enrolments are PROTECTed by them).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils import timezone


class DocumentCounter(models.Model):
    """The last number used in one series (a prefix such as INV or CN) in one financial
    year ("26-27"). Locked (SELECT ... FOR UPDATE) while a number is taken, so two
    confirmations at the same moment never share or skip one."""

    series = models.CharField(max_length=3)
    financial_year = models.CharField(max_length=5)
    last_number = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["series", "financial_year"], name="document_counter_one_per_year"
            )
        ]

    def __str__(self) -> str:
        return f"{self.series}/{self.financial_year}: {self.last_number}"


class Amounts(models.Model):
    """What an invoice and its credit note both carry: the parties as they were, and the
    money in paise (total = taxable + cgst + sgst + igst, held by a constraint)."""

    number = models.CharField(max_length=16, unique=True)
    series = models.CharField(max_length=3)
    financial_year = models.CharField(max_length=5)
    sequence = models.PositiveIntegerField()
    token = models.CharField(
        max_length=32, unique=True, help_text="The public check page's address: /invoice/<token>."
    )
    issued_at = models.DateTimeField(default=timezone.now)
    date = models.DateField(help_text="The date of issue (India).")

    seller_legal_name = models.CharField(max_length=160)
    seller_address = models.TextField()
    seller_state = models.CharField(max_length=2)
    seller_gstin = models.CharField("seller GSTIN", max_length=15, blank=True)
    brand_name = models.CharField(max_length=80, blank=True)

    buyer_name = models.CharField(max_length=120)
    buyer_state = models.CharField(max_length=2, blank=True)
    buyer_gstin = models.CharField("buyer GSTIN", max_length=15, blank=True)
    buyer_business_name = models.CharField(max_length=200, blank=True)
    place_of_supply = models.CharField(max_length=2, help_text="GST state code.")

    description = models.CharField(max_length=200)
    sac = models.CharField("SAC", max_length=8)
    rate = models.DecimalField("GST rate (%)", max_digits=5, decimal_places=2)
    total_paise = models.PositiveBigIntegerField()
    taxable_paise = models.PositiveBigIntegerField()
    cgst_paise = models.PositiveBigIntegerField(default=0)
    sgst_paise = models.PositiveBigIntegerField(default=0)
    igst_paise = models.PositiveBigIntegerField(default=0)
    amount_in_words = models.CharField(max_length=300)

    class Meta:
        abstract = True
        ordering = ("-issued_at", "-pk")

    @property
    def is_tax_invoice(self) -> bool:
        """A seller with a GSTIN issues tax invoices; one without, receipts (no tax)."""
        return bool(self.seller_gstin)

    @property
    def tax_paise(self) -> int:
        return self.cgst_paise + self.sgst_paise + self.igst_paise

    @property
    def is_b2b(self) -> bool:
        return bool(self.buyer_gstin)


def _sums_up(prefix: str) -> models.CheckConstraint:
    return models.CheckConstraint(
        condition=Q(
            total_paise=F("taxable_paise") + F("cgst_paise") + F("sgst_paise") + F("igst_paise")
        ),
        name=f"{prefix}_parts_add_up",
    )


class Invoice(Amounts):
    """The tax invoice (or receipt) of one confirmed payment of an enrolment. A payment
    confirmed again after an undo gets a new one; the earlier one stays, reversed by its
    credit note."""

    enrolment = models.ForeignKey(
        "enrolments.Enrolment", on_delete=models.PROTECT, related_name="invoices"
    )

    class Meta(Amounts.Meta):
        constraints = [
            _sums_up("invoice"),
            models.UniqueConstraint(
                fields=["series", "financial_year", "sequence"], name="invoice_sequence_unique"
            ),
        ]
        indexes = [models.Index(fields=["date"], name="invoice_date")]

    def __str__(self) -> str:
        return self.number

    @property
    def title(self) -> str:
        return "Tax invoice" if self.is_tax_invoice else "Payment receipt"


class CreditNote(Amounts):
    """Reverses one invoice in full (a refund, or a confirmation undone): its own series,
    naming the invoice and the tax it reverses. The invoice itself stays."""

    invoice = models.OneToOneField(Invoice, on_delete=models.PROTECT, related_name="credit_note")
    reason = models.TextField()

    class Meta(Amounts.Meta):
        constraints = [
            _sums_up("credit_note"),
            models.UniqueConstraint(
                fields=["series", "financial_year", "sequence"],
                name="credit_note_sequence_unique",
            ),
        ]
        indexes = [models.Index(fields=["date"], name="credit_note_date")]

    def __str__(self) -> str:
        return self.number

    @property
    def title(self) -> str:
        return "Credit note"
