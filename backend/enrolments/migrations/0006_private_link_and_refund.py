"""The private payment link's token (one per enrolment, unique) and the refund's time.

The token is added nullable, filled for every existing row (each its own secret), then made
unique and required; a refund recorded before refunded_at existed is the rejection of a
payment whose invoice a "Refund: …" credit note reversed.
"""

import secrets

from django.db import migrations, models

import enrolments.models


def _fill(apps, schema_editor):
    Enrolment = apps.get_model("enrolments", "Enrolment")
    CreditNote = apps.get_model("invoices", "CreditNote")
    for enrolment in Enrolment.objects.filter(token__isnull=True).only("pk"):
        Enrolment.objects.filter(pk=enrolment.pk).update(token=secrets.token_urlsafe(32))
    for note in CreditNote.objects.filter(reason__startswith="Refund:").select_related(
        "invoice__enrolment"
    ):
        enrolment = note.invoice.enrolment
        if enrolment.status == "rejected" and enrolment.refunded_at is None:
            enrolment.refunded_at = enrolment.rejected_at or note.issued_at
            enrolment.save(update_fields=["refunded_at"])


class Migration(migrations.Migration):
    dependencies = [
        ("enrolments", "0005_buyer_tax_details"),
        ("invoices", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="enrolment",
            name="token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.AddField(
            model_name="enrolment",
            name="refunded_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(_fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="enrolment",
            name="token",
            field=models.CharField(
                default=enrolments.models.enrolment_token_new,
                editable=False,
                help_text="The private payment link's secret: /e/<token> reopens the payment step.",
                max_length=64,
                unique=True,
            ),
        ),
    ]
