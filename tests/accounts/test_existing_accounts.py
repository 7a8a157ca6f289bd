"""Accounts made before email verification keep logging in and getting email: the migration
records their address as verified."""

import importlib

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps

from games.accounts.models import User
from games.accounts.verification import has_verified_email

pytestmark = pytest.mark.django_db
migration = importlib.import_module("games.accounts.migrations.0003_existing_emails_verified")


def test_existing_accounts_are_migrated_as_verified_and_can_log_in(client, password):
    old = User(username="veteran", email="Veteran@Example.com", language="it")
    old.set_password(password)
    old.save()
    assert not has_verified_email(old)
    migration.mark_existing_verified(apps, None)
    address = EmailAddress.objects.get(user=old)
    assert (address.email, address.verified, address.primary) == ("veteran@example.com", True, True)
    response = client.post("/en/accounts/login/", {"login": "veteran", "password": password})
    assert response.status_code == 302 and response["Location"] == "/it/play/"


def test_running_it_again_adds_nothing(make_user):
    make_user("vera")
    migration.mark_existing_verified(apps, None)
    count = EmailAddress.objects.count()
    migration.mark_existing_verified(apps, None)
    # Every account has one address (today's databases also hold the house players).
    assert EmailAddress.objects.count() == count
    assert EmailAddress.objects.filter(user__username="vera").count() == 1


def test_display_names_saved_before_the_one_line_rule_are_cleaned(make_user):
    cleaning = importlib.import_module("games.accounts.migrations.0004_clean_display_names")
    forged = make_user("mallory")
    User.objects.filter(pk=forged.pk).update(display_name="Mal\r\nBcc: all\u202e ")
    kept = make_user("zoe")
    User.objects.filter(pk=kept.pk).update(display_name="Zoë 👩\u200d🚀")
    cleaning.clean(apps, None)
    forged.refresh_from_db()
    kept.refresh_from_db()
    assert forged.display_name == "Mal Bcc: all"
    assert kept.display_name == "Zoë 👩\u200d🚀"
