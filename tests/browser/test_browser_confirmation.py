"""A confirmation link opened in another browser than the sign-up's: the log-in page says the
address is confirmed and what to do next (a phone, dark; a laptop, light)."""

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("width", "height", "scheme"), [(390, 844, "dark"), (1280, 800, "light")])
def test_the_other_browser_lands_on_the_log_in_page_told_the_address_is_confirmed(
    live_server, browser_instance, mailoutbox, artifacts, width, height, scheme
):
    from django.core.cache import cache

    cache.clear()  # sign-ups are counted per client address, and every browser here is one
    signing_up = browser_instance.new_context()
    page = signing_up.new_page()
    page.goto(f"{live_server.url}/it/accounts/signup/")
    page.fill("#id_username", "nuria")
    page.fill("#id_email", "nuria@example.com")
    page.fill("#id_password1", "a-long-Password-2026")
    page.fill("#id_password2", "a-long-Password-2026")
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_load_state()
    path = re.search(r"https?://[\w.:]+(/it/accounts/confirm-email/\S+/)", mailoutbox[0].body)[1]

    other = browser_instance.new_context(
        viewport={"width": width, "height": height}, color_scheme=scheme
    )
    page = other.new_page()
    page.goto(live_server.url + path)
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state()
    assert page.url.endswith("/it/accounts/login/")
    said = page.locator(".messages").inner_text()
    assert "Il tuo indirizzo email nuria@example.com è confermato." in said
    assert "Accedi con il tuo nome utente o con questo indirizzo" in said
    box = page.locator(".messages").bounding_box()
    assert box["y"] + box["height"] <= height and box["x"] + box["width"] <= width
    page.screenshot(path=artifacts / f"login-after-confirming-{width}-{scheme}.png", full_page=True)
    signing_up.close()
    other.close()
