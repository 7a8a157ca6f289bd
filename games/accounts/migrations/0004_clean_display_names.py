"""Display names saved before the one-line rule: a control, bidirectional or invisible
format character becomes a space (a line break forged a line in chat emails), then trimmed."""

import re

from django.db import migrations

from games.core.text import LINE_FORBIDDEN

FORBIDDEN = re.compile(f"[{LINE_FORBIDDEN}]")


def clean(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.exclude(display_name="").only("pk", "display_name").iterator():
        cleaned = " ".join(FORBIDDEN.sub(" ", user.display_name).split())[:60]
        if cleaned != user.display_name:
            User.objects.filter(pk=user.pk).update(display_name=cleaned)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0003_existing_emails_verified")]

    operations = [migrations.RunPython(clean, migrations.RunPython.noop)]
