"""The account pages in Chromium, on a phone and on a laptop: sign-up, the email sent to
confirm, log-in, password reset and email change, in the site's look (screenshots of each)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


def shoot(page, artifacts, name):
    """A screenshot of the page at both sizes; the page never scrolls sideways."""
    for label, size in SIZES.items():
        page.set_viewport_size(size)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} scrolls sideways at {size['width']} px"
        page.screenshot(path=artifacts / f"{name}-{label}.png", full_page=True)


def test_the_account_pages_look_like_the_site(live_server, browser, player, password, artifacts):
    page = browser.new_page()
    site = live_server.url

    page.goto(f"{site}/es/accounts/signup/")
    assert page.locator("link[href$='site.css']").count() == 1
    assert page.locator("form.stacked-form .field").count() == 7
    shoot(page, artifacts, "signup")

    page.fill("#id_username", "nuria")
    page.fill("#id_email", "nuria@example.com")
    page.fill("#id_password1", "a-long-Password-2026")
    page.fill("#id_password2", "a-long-Password-2026")
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{site}/es/accounts/confirm-email/")
    assert "Revisa tu correo" in page.locator("h1").inner_text()
    shoot(page, artifacts, "verification-sent")

    page.goto(f"{site}/it/accounts/login/")
    page.fill("#id_login", "nobody")
    page.fill("#id_password", "wrong-password")
    page.locator("form.stacked-form button[type=submit]").click()
    assert page.locator(".form-errors").count() == 1
    shoot(page, artifacts, "login-error")

    page.goto(f"{site}/en/accounts/password/reset/")
    shoot(page, artifacts, "password-reset")
    page.fill("#id_email", player.email)
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{site}/en/accounts/password/reset/done/")
    shoot(page, artifacts, "password-reset-sent")

    page.goto(f"{site}/en/accounts/login/")
    page.fill("#id_login", player.username)
    page.fill("#id_password", password)
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{site}/es/play/")
    page.goto(f"{site}/es/accounts/email/")
    page.fill("#id_email", "paula.nueva@example.com")
    page.locator("form.stacked-form button[name=action_add]").click()
    page.wait_for_load_state()
    assert "paula.nueva@example.com" in page.content()
    shoot(page, artifacts, "email-change")

    page.goto(f"{site}/es/accounts/profile/")
    shoot(page, artifacts, "profile")
