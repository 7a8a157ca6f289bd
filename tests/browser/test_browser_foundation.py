"""A person in Chromium: the home page in each language, the switcher, sign-up and log-in."""

import re

import pytest
from django.core import mail

from games.accounts.models import User

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TITLES = {
    "es": "Juegos de mesa por correspondencia",
    "it": "Giochi da tavolo per corrispondenza",
    "en": "Board games by correspondence",
}


def test_a_visitor_reads_switches_language_signs_up_and_logs_in(live_server, browser, artifacts):
    page = browser.new_page()
    for language, title in TITLES.items():
        page.goto(f"{live_server.url}/{language}/")
        assert page.locator("h1").inner_text() == title
        page.screenshot(path=artifacts / f"home-{language}.png", full_page=True)

    page.goto(f"{live_server.url}/en/")
    page.get_by_role("button", name="Italiano").click()
    page.wait_for_url(f"{live_server.url}/it/")
    assert page.locator("h1").inner_text() == TITLES["it"]

    page.goto(f"{live_server.url}/it/accounts/signup/")
    page.fill("#id_username", "giulia")
    page.fill("#id_email", "giulia@example.com")
    page.fill("#id_password1", "a-long-Password-2026")
    page.fill("#id_password2", "wrong-Password-2026")
    page.locator("form.stacked-form button[type=submit]").click()
    assert page.locator(".field-errors").count() >= 1
    page.screenshot(path=artifacts / "signup-error-it.png", full_page=True)

    page.fill("#id_password1", "a-long-Password-2026")
    page.fill("#id_password2", "a-long-Password-2026")
    page.select_option("#id_timezone", "Europe/Rome")
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/it/accounts/confirm-email/")
    assert User.objects.get(username="giulia").language == "it"

    # The link of the email confirms the address and logs in, on the dashboard.
    link = re.search(r"https?://[^/\s]+(/it/accounts/confirm-email/\S+/)", mail.outbox[-1].body)[1]
    page.goto(live_server.url + link)
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/it/play/")
    assert "giulia" in page.locator("header").inner_text().lower()

    page.locator(".main-nav form button").click()
    page.goto(f"{live_server.url}/it/accounts/login/")
    page.fill("#id_login", "Giulia@Example.com")
    page.fill("#id_password", "a-long-Password-2026")
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/it/play/")  # the dashboard, in the user's language
    page.screenshot(path=artifacts / "logged-in-it.png", full_page=True)

    phone = browser.new_page()
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"{live_server.url}/es/")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, "the home page scrolls sideways on a 360 px phone"
    phone.screenshot(path=artifacts / "home-es-phone.png", full_page=True)
