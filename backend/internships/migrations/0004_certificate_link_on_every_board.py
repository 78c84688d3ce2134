"""Every board shows "Generate Certificate" (docs/product.md section 14): enabled for an intern
whose certificate was issued on that board, disabled with the reason for everyone else.
The shipped note ("Certificates are not generated here yet...") is no longer true; a note
staff wrote themselves is kept."""

from django.db import migrations

OLD_NOTE = (
    "Certificates are not generated here yet. Once our team has reviewed all four of your "
    "submissions, we send your certificate, and you can check it on the Verify page."
)
NEW_NOTE = (
    "Your Internship Completion Certificate is issued as soon as all four of your tasks "
    "are approved, and emailed to you; this button then opens it."
)


def forwards(apps, schema_editor):
    TaskBoard = apps.get_model("internships", "TaskBoard")
    TaskBoard.objects.filter(certificate_note__in=["", OLD_NOTE]).update(certificate_note=NEW_NOTE)
    TaskBoard.objects.update(shows_certificate_link=True)


class Migration(migrations.Migration):
    dependencies = [("internships", "0003_internship_programme")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
