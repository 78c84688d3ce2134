"""At most one live (unused, not voided) code per phone and purpose, as a constraint.

Codes were already voided when a newer one was made; two requests at the same instant could
still leave two live ones. Any such pair is settled first: the older is voided."""

from django.db import migrations, models


def void_all_but_the_newest(apps, schema_editor):
    OneTimeCode = apps.get_model("accounts", "OneTimeCode")
    seen = set()
    live = OneTimeCode.objects.filter(used_at=None, voided_at=None).order_by(
        "phone", "purpose", "-created_at", "-pk"
    )
    for row in live.iterator():
        key = (row.phone, row.purpose)
        if key in seen:
            OneTimeCode.objects.filter(pk=row.pk).update(voided_at=row.created_at)
        seen.add(key)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0003_phone_codes_and_sessions")]

    operations = [
        migrations.RunPython(void_all_but_the_newest, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="onetimecode",
            constraint=models.UniqueConstraint(
                condition=models.Q(("used_at", None), ("voided_at", None)),
                fields=("phone", "purpose"),
                name="one_time_code_one_live",
            ),
        ),
    ]
