"""The home-made outbox gives way to django-post-office: emails not yet sent move into its
queue (the worker sends them), then the old table goes."""

from django.conf import settings
from django.db import migrations

QUEUED, FAILED, MEDIUM = 2, 1, 1  # post_office.models.STATUS and PRIORITY values


def move_unsent(apps, schema_editor):
    outbound = apps.get_model("enquiries", "OutboundEmail")
    email = apps.get_model("post_office", "Email")
    for row in outbound.objects.exclude(status="sent").iterator():
        headers = {"X-Site-Topic": row.topic} if row.topic else {}
        if row.reply_to:
            headers["Reply-To"] = row.reply_to
        email.objects.create(
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[a.strip() for a in row.to.split(",") if a.strip()],
            subject=row.subject,
            message=row.body,
            headers=headers,
            status=FAILED if row.status == "failed" else QUEUED,
            priority=MEDIUM,
            created=row.created_at,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("enquiries", "0001_initial"),
        ("post_office", "0014_alter_email_recipient_delivery_status_and_more"),
    ]

    operations = [
        migrations.RunPython(move_unsent, migrations.RunPython.noop),
        migrations.DeleteModel(name="OutboundEmail"),
    ]
