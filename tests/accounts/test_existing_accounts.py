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
    migration.mark_existing_verified(apps, None)
    assert EmailAddress.objects.count() == 1
