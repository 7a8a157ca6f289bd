"""The demo users that ``make run`` creates, so a newcomer can try the site at once."""

from __future__ import annotations

from dataclasses import dataclass

from games.accounts.models import User
from games.accounts.verification import mark_verified


@dataclass(frozen=True)
class DemoUser:
    username: str
    email: str
    display_name: str
    language: str
    timezone: str
    password: str
    staff: bool = False


# Demo accounts exist only on a developer's machine (``make run``); these are not secrets.
DEMO_USERS = (
    DemoUser("ana", "ana@example.com", "Ana", "es", "Europe/Madrid", "demo-ana-partida", True),
    DemoUser("bruno", "bruno@example.com", "Bruno", "it", "Europe/Rome", "demo-bruno-partida"),
    DemoUser(
        "claire", "claire@example.com", "Claire", "en", "Europe/London", "demo-claire-partida"
    ),
)


def ensure_demo_users() -> list[tuple[DemoUser, bool]]:
    """Create the demo users that are missing (their addresses verified); never touch an
    existing account."""
    outcome = []
    for demo in DEMO_USERS:
        user, created = User.objects.get_or_create(
            username=demo.username,
            defaults={
                "email": demo.email,
                "display_name": demo.display_name,
                "language": demo.language,
                "timezone": demo.timezone,
                "is_staff": demo.staff,
                "is_superuser": demo.staff,
            },
        )
        if created:
            user.set_password(demo.password)
            user.save(update_fields=["password"])
            mark_verified(user)  # a demo address receives nothing, but the account is complete
        outcome.append((demo, created))
    return outcome


def demo_logins() -> list[str]:
    """One line per demo user still on this site: username, password, language."""
    present = set(
        User.objects.filter(username__in=[d.username for d in DEMO_USERS]).values_list(
            "username", flat=True
        )
    )
    return [
        f"{demo.username:<7} password {demo.password:<20} "
        f"({demo.language}{', staff' if demo.staff else ''})"
        for demo in DEMO_USERS
        if demo.username in present
    ]
