"""Anyone may read the rules; only editors (a permission staff grant) may change them."""

import pytest
from django.contrib.auth.models import Permission

from games.rulebooks.models import Revision, Rulebook

pytestmark = pytest.mark.django_db

WRITE_URLS = ["/en/rules/risk/edit/", "/en/rules/risk/revisions/1/revert/"]
READ_URLS = [
    "/en/rules/",
    "/en/rules/risk/",
    "/en/rules/risk/history/",
    "/en/rules/risk/diff/?from=1&to=1",
    "/en/rules/risk/revisions/1/",
    "/en/rules/status/",
    "/en/rules/search/?q=dice",
]


def current_revision():
    return Rulebook.objects.get(game="risk", language="en").revision_number


def attempt_writes(client, current_text):
    text = current_text("risk", "en") + "\nVandalism.\n"
    responses = [
        client.get(WRITE_URLS[0]),
        client.post(WRITE_URLS[0], {"markdown": text, "summary": "x", "base_revision": 1}),
        client.get(WRITE_URLS[1]),
        client.post(WRITE_URLS[1], {"base_revision": current_revision()}),
    ]
    return [response.status_code for response in responses], responses


@pytest.mark.parametrize("url", READ_URLS)
def test_anyone_may_read(client, rulebooks, url):
    assert client.get(url).status_code == 200


def test_anonymous_visitors_are_sent_to_the_login_page_and_change_nothing(
    client, rulebooks, current_text
):
    codes, responses = attempt_writes(client, current_text)
    assert codes == [302, 302, 302, 302]
    assert all(r["Location"].startswith("/en/accounts/login/?next=") for r in responses)
    assert Revision.objects.count() == 9


def test_plain_users_are_refused_and_change_nothing(client, outsider, rulebooks, current_text):
    client.force_login(outsider)
    codes, _responses = attempt_writes(client, current_text)
    assert codes == [403, 403, 403, 403]
    assert Revision.objects.count() == 9


def test_staff_without_the_editor_permission_are_refused(
    client, make_user, rulebooks, current_text
):
    client.force_login(make_user("stan", is_staff=True))
    codes, _responses = attempt_writes(client, current_text)
    assert codes == [403, 403, 403, 403]


def test_an_editor_may_edit_and_revert(client, editor, rulebooks, current_text):
    client.force_login(editor)
    codes, _responses = attempt_writes(client, current_text)
    assert codes == [200, 302, 200, 302]
    assert Rulebook.objects.get(game="risk", language="en").revision_number == 3


def test_the_editor_permission_is_the_change_permission_staff_grant_in_the_admin(make_user):
    user = make_user("gina")
    assert not user.has_perm("rulebooks.change_rulebook")
    user.user_permissions.add(Permission.objects.get(codename="change_rulebook"))
    user = type(user).objects.get(pk=user.pk)
    assert user.has_perm("rulebooks.change_rulebook")


def test_the_edit_link_shows_only_to_editors(client, outsider, editor, rulebooks):
    assert "/en/rules/risk/edit/" not in client.get("/en/rules/risk/").content.decode()
    client.force_login(outsider)
    assert "/en/rules/risk/edit/" not in client.get("/en/rules/risk/").content.decode()
    client.force_login(editor)
    assert "/en/rules/risk/edit/" in client.get("/en/rules/risk/").content.decode()


def test_staff_see_the_rulebooks_read_only_in_the_admin(client, make_user, rulebooks):
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    book = Rulebook.objects.get(game="risk", language="it")
    section = book.sections.first()
    revision = book.revisions.get()
    for url in (
        "/en/admin/rulebooks/rulebook/",
        f"/en/admin/rulebooks/rulebook/{book.pk}/change/",
        "/en/admin/rulebooks/section/",
        f"/en/admin/rulebooks/section/{section.pk}/change/",
        "/en/admin/rulebooks/revision/",
        f"/en/admin/rulebooks/revision/{revision.pk}/change/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert 'name="_save"' not in response.content.decode(), url
    assert client.get("/en/admin/rulebooks/rulebook/add/").status_code == 403
