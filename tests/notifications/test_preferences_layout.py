"""The email settings page reads as groups: what to send (a choice per category), reminders,
quiet hours (both ends side by side) and the digest, each with its explanation."""

import re

import pytest

from games.notifications.models import Category

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(client, player):
    client.force_login(player)
    return client.get("/en/notifications/").content.decode()


def fieldsets(html, css_class):
    return re.findall(rf'<fieldset class="{css_class}[^"]*"[^>]*>(.*?)</fieldset>', html, re.S)


def test_the_settings_come_in_four_named_groups(page):
    legends = re.findall(r'<fieldset class="settings-group"[^>]*>\s*<legend>([^<]+)</legend>', page)
    assert legends == ["What to send, and when", "Reminders", "Quiet hours", "Daily digest"]


def test_each_category_is_a_group_of_its_own_choices(page):
    groups = fieldsets(page, "mode-choice")
    assert len(groups) == len(Category.values)
    for group, category in zip(groups, Category, strict=True):
        assert f"<legend>{category.label}</legend>" in group
        names = set(re.findall(r'type="radio" name="(\w+)"', group))
        assert names == {category.value}
    reminder = groups[Category.values.index("reminder")]
    assert 'value="digest"' not in reminder, "a reminder cannot wait for the digest"


def test_quiet_hours_sit_side_by_side_under_their_explanation(page):
    quiet = page[page.index("<legend>Quiet hours</legend>") :]
    quiet = quiet[: quiet.index("</fieldset>")]
    assert "Emails are held until the quiet hours end." in quiet
    pair = quiet[quiet.index('class="side-by-side"') :]
    assert pair.index('name="quiet_start"') < pair.index('name="quiet_end"')
    assert 'aria-describedby="id_quiet_start_helptext"' in quiet


def test_the_meaning_of_the_three_modes_is_explained(page):
    assert "Immediately: an email as soon as it happens." in page
