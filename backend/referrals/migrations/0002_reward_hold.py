"""Credits gain payable_on (their hold's end). Credits made before the hold existed were
payable at once, and their referrers saw them so: they become payable from the day they
were made, not put on hold after the fact."""

from django.conf import settings
from django.db import migrations, models

from core.dates import india_today


def credits_payable_from_their_day(apps, schema_editor):
    RewardEntry = apps.get_model("referrals", "RewardEntry")
    for entry in RewardEntry.objects.filter(kind="credit", payable_on__isnull=True):
        entry.payable_on = india_today(now=entry.created_at)
        entry.save(update_fields=["payable_on"])


class Migration(migrations.Migration):
    dependencies = [
        ("enrolments", "0003_statementline_help_texts"),
        ("referrals", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="rewardentry",
            name="payable_on",
            field=models.DateField(
                blank=True,
                help_text="Credits: the first day (India) it can be paid out; before it, it is on hold.",
                null=True,
                verbose_name="payable from",
            ),
        ),
        migrations.RunPython(credits_payable_from_their_day, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="rewardentry",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("kind", "credit"), ("payable_on__isnull", False)),
                    models.Q(
                        models.Q(("kind", "credit"), _negated=True), ("payable_on__isnull", True)
                    ),
                    _connector="OR",
                ),
                name="reward_entry_credit_has_payable_on",
            ),
        ),
    ]
