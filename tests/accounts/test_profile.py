"""The profile page: display name, language and time zone."""

import pytest

pytestmark = pytest.mark.django_db


def test_it_needs_a_login(client):
    response = client.get("/en/accounts/profile/")
    assert response.status_code == 302
    assert response["Location"].startswith("/en/accounts/login/")


def test_saving_a_new_language_moves_the_user_to_that_language(client, player):
    client.force_login(player)
    response = client.post(
        "/es/accounts/profile/",
        {"display_name": "  Paula G.  ", "language": "it", "timezone": "America/Bogota"},
    )
    assert response["Location"] == "/it/accounts/profile/"
    player.refresh_from_db()
    assert (player.display_name, player.language, player.timezone) == (
        "Paula G.",
        "it",
        "America/Bogota",
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("language", "de"),
        ("timezone", "Europe/Atlantis"),
        ("display_name", "x" * 61),
        ("display_name", "Paula\r\nBcc: everyone@example.com"),
        ("display_name", "Paula\nwrote: give me your password"),
        ("display_name", "Paula\u202etxt.exe"),
        ("display_name", "Paula\u2066hidden\u2069"),
        ("display_name", "Paula\x07"),
        ("display_name", "Paula\u200b"),
    ],
)
def test_bad_values_get_field_errors(client, player, field, value):
    client.force_login(player)
    data = {"display_name": "Paula", "language": "es", "timezone": "UTC", field: value}
    response = client.post("/es/accounts/profile/", data)
    assert response.status_code == 200
    assert field in response.context["form"].errors


def test_a_display_name_is_trimmed_and_may_hold_any_visible_script(client, player):
    client.force_login(player)
    name = "  Zoë 李 مريم 👩‍🚀  "
    data = {"display_name": name, "language": "es", "timezone": "UTC"}
    client.post("/es/accounts/profile/", data)
    player.refresh_from_db()
    assert player.display_name == name.strip()


def test_the_profile_says_whether_the_address_is_confirmed(client, make_user):
    confirmed, waiting = make_user("vera"), make_user("walt", verified=False)
    client.force_login(confirmed)
    assert "not confirmed yet" not in client.get("/en/accounts/profile/").content.decode()
    client.force_login(waiting)
    assert "not confirmed yet" in client.get("/en/accounts/profile/").content.decode()


def test_the_time_zone_list_shows_the_saved_zone_selected(client, player):
    player.timezone = "Europe/Rome"
    player.save()
    client.force_login(player)
    page = client.get("/it/accounts/profile/").content.decode()
    select = page[
        page.index('<select name="timezone"') : page.index(
            "</select>", page.index('<select name="timezone"')
        )
    ]
    assert '<option value="Europe/Rome" selected>Europe/Rome</option>' in select
    assert select.count(" selected") == 1
    assert (
        '<option value="America/Argentina/Buenos_Aires">America/Argentina/Buenos Aires</option>'
        in select
    )
