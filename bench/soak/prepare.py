"""Write the soak's accounts into its database, under the simulated clock.

Run by the soak as ``python -m soak.prepare PLAN.json HOOK_URL`` (``bench/`` on the path) with
the site's environment and the accelerated clock, so that every time it stores is simulated
time. For each member of the plan (``population.plan``): an account with a verified address,
an API token, the notification settings the person chose, their browsers subscribed to Web
Push and, for some, a webhook.
The plan is written back with each token and webhook secret.
"""

from __future__ import annotations

import json
import os
import sys
from datetime import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth.hashers import make_password  # noqa: E402
from django.db import transaction  # noqa: E402

from games.accounts.models import User  # noqa: E402
from games.accounts.verification import mark_verified  # noqa: E402
from games.api.tokens import create_token  # noqa: E402
from games.api.webhooks import save_webhook  # noqa: E402
from games.notifications.models import NotificationSettings  # noqa: E402
from games.push.subscriptions import subscribe  # noqa: E402

from .population import PASSWORD, Member  # noqa: E402


def prepare(member: Member, password_hash: str, hook_base: str) -> None:
    with transaction.atomic():
        user = User.objects.create(
            username=member.username,
            email=member.email,
            display_name=member.username.replace("soak", "Soak ").title(),
            language=member.language,
            timezone=member.timezone,
            password=password_hash if member.habits and member.habits.pages else "!",
        )
        mark_verified(user)
        member.token = create_token(user, "soak")[1]
        write_settings(user, member.settings)
        for browser in member.browsers:
            subscribe(user, browser.endpoint, browser.p256dh, browser.auth, "Firefox/140 Linux")
        if member.webhook:
            webhook, _new = save_webhook(user, f"{hook_base}{member.username}")
            member.webhook_secret = webhook.secret


def write_settings(user: User, chosen: dict) -> None:
    if not chosen:
        return
    prefs = NotificationSettings(user=user, modes=chosen.get("modes", {}))
    if "digest_hour" in chosen:
        prefs.digest_hour = chosen["digest_hour"]
    if "quiet" in chosen:
        prefs.quiet_start, prefs.quiet_end = (time.fromisoformat(t) for t in chosen["quiet"])
    if "reminder_hours" in chosen:
        prefs.reminder_hours = chosen["reminder_hours"]
    prefs.save()


def main() -> None:
    path = Path(sys.argv[1])
    hook_base = sys.argv[2]
    members = [Member.from_json(entry) for entry in json.loads(path.read_text())]
    password_hash = make_password(PASSWORD)  # once: the same password for every person
    for member in members:
        prepare(member, password_hash, hook_base)
    path.write_text(json.dumps([member.as_json() for member in members]))


if __name__ == "__main__":
    main()
