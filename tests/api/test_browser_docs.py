"""The API documentation page works in a browser with the site's CSP and nothing from outside."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_documentation_page_renders_every_operation_from_the_site_alone(
    live_server, browser, artifacts
):
    page = browser.new_page()
    requested, problems = [], []
    page.on("request", lambda request: requested.append(request.url))
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector('[data-path="/api/v1/matches/{id}/moves/"]', timeout=20000)
    page.screenshot(path=artifacts / "api-docs.png")
    assert requested and all(url.startswith(live_server.url) for url in requested), requested
    assert not problems, problems
    assert page.locator(".opblock").count() >= 30


def test_a_player_makes_a_token_on_the_profile_and_a_bot_uses_it(
    live_server, browser, player, password, artifacts
):
    import requests

    page = browser.new_page()
    page.goto(f"{live_server.url}/en/accounts/login/")
    page.fill("#id_login", player.username)
    page.fill("#id_password", password)
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/en/accounts/profile/")
    page.get_by_role("link", name="Manage API tokens and webhooks").click()
    page.fill("#id_name", "my bot")
    page.get_by_role("button", name="Make a token").click()
    token = page.locator("#new-token").inner_text()
    page.screenshot(path=artifacts / "api-token-made.png", full_page=True)
    answer = requests.get(f"{live_server.url}/api/v1/ping/",
                          headers={"Authorization": f"Bearer {token}"}, timeout=30)  # fmt: skip
    assert answer.json()["username"] == player.username
    page.get_by_role("button", name="Revoke").click()
    page.wait_for_load_state()
    page.screenshot(path=artifacts / "api-token-revoked.png", full_page=True)
    assert (
        requests.get(
            f"{live_server.url}/api/v1/ping/",
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        ).status_code
        == 401
    )
