"""Accounts made before email verification existed keep working: their address is recorded
as verified and primary (allauth's ``EmailAddress``), so they still log in and get email."""

from django.db import migrations


def mark_existing_verified(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    EmailAddress = apps.get_model("account", "EmailAddress")
    known = set(EmailAddress.objects.values_list("user_id", flat=True))
    rows = [
        EmailAddress(user_id=pk, email=email.strip().lower(), verified=True, primary=True)
        for pk, email in User.objects.exclude(email="").values_list("pk", "email").iterator()
        if pk not in known
    ]
    EmailAddress.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_display_name_one_line"),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]

    operations = [migrations.RunPython(mark_existing_verified, migrations.RunPython.noop)]
