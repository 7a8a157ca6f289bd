"""Chromium reads the web app manifest without an error and finds nothing that stops the site
from being installed (DevTools' own checks), and fetches the favicon."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_chromium_finds_the_site_installable(live_server, browser):
    page = browser.new_page()
    page.goto(f"{live_server.url}/en/")
    page.wait_for_load_state("networkidle")
    devtools = page.context.new_cdp_session(page)
    manifest = devtools.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == [], manifest["errors"]
    errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A test browser's context is a private window, where nothing can be installed.
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    icon = page.evaluate(
        "fetch('/favicon.ico').then(r => [r.status, r.headers.get('content-type')])"
    )
    assert icon == [200, "image/x-icon"]
