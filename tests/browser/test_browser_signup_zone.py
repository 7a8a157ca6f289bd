"""Sign-up starts with the browser's own time zone (a small script of ours), and without the
script the field is still a plain select that starts at UTC."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from games.accounts.models import User

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def same_clock(one, other):
    moments = [datetime(2026, month, 1, 12, tzinfo=UTC) for month in (1, 7)]
    return all(
        m.astimezone(ZoneInfo(one)).utcoffset() == m.astimezone(ZoneInfo(other)).utcoffset()
        for m in moments
    )


@pytest.mark.parametrize(
    ("zone", "width", "height", "scheme"),
    [
        ("America/Argentina/Buenos_Aires", 390, 844, "dark"),
        ("Asia/Kolkata", 1280, 800, "light"),
    ],
)
def test_the_sign_up_form_starts_at_the_browsers_time_zone(
    live_server, browser_instance, artifacts, zone, width, height, scheme
):
    context = browser_instance.new_context(
        viewport={"width": width, "height": height}, color_scheme=scheme, timezone_id=zone
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/es/accounts/signup/")
    chosen = page.input_value("#id_timezone")
    # Chromium may name the zone by an older alias (Asia/Calcutta), which the list also has.
    assert chosen == page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
    assert same_clock(chosen, zone)
    page.screenshot(path=artifacts / f"signup-{width}-{scheme}.png", full_page=True)
    page.fill("#id_username", "nuria")
    page.fill("#id_email", "nuria@example.com")
    page.fill("#id_password1", "a-long-Password-2026")
    page.fill("#id_password2", "a-long-Password-2026")
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_load_state()
    assert User.objects.get(username="nuria").timezone == chosen
    context.close()


def test_without_javascript_the_time_zone_is_a_plain_select_at_utc(live_server, browser_instance):
    context = browser_instance.new_context(java_script_enabled=False, timezone_id="Europe/Rome")
    page = context.new_page()
    page.goto(f"{live_server.url}/it/accounts/signup/")
    assert page.input_value("#id_timezone") == "UTC"
    assert page.locator("#id_timezone option").count() > 400
    context.close()
