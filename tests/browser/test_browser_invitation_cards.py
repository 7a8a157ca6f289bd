"""The dashboard's invitation cards: each player's vacation days said once, in whole days, and
Accept / Decline that work, on a phone and a laptop, light and dark."""

import pytest

from games.actions import lifecycle, vacation
from games.play.models import Match, Seat
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWS = [
    ("phone", 390, 844, "light"),
    ("phone", 390, 844, "dark"),
    ("laptop", 1280, 800, "light"),
    ("laptop", 1280, 800, "dark"),
]


def inside(inner, outer):
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


@pytest.mark.parametrize(("label", "width", "height", "scheme"), VIEWS)
def test_an_invitation_is_answered_from_the_dashboard(
    live_server, browser_instance, player, opponent, make_user, password, artifacts,
    label, width, height, scheme,
):  # fmt: skip
    tomas = make_user("tomas")
    vacation.do_start_vacation(tomas)
    risk = lifecycle.do_create_match(player, "risk", {}, 3, invite=[opponent.username, "tomas"])
    collar = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
    context = browser_instance.new_context(
        viewport={"width": width, "height": height}, color_scheme=scheme
    )
    page = log_in(context, live_server, opponent, password)
    page.goto(f"{live_server.url}/es/play/")
    cards = page.locator("section[aria-labelledby=inv-title] .match-row")
    assert cards.count() == 2
    for n in range(2):
        card = cards.nth(n)
        assert card.locator(".absences-title").count() == 1  # said once per card
        assert "." not in card.locator(".absences li").first.inner_text().replace("…", "")
        box = card.bounding_box()
        for button in (
            card.get_by_role("button", name="Aceptar"),
            card.get_by_role("button", name="Rechazar"),
        ):
            assert inside(button.bounding_box(), box), "a button sticks out of its card"
        assert box["x"] + box["width"] <= width
    away = cards.filter(has_text=f"#{risk.pk}").locator(".absences").inner_text()
    assert "Tomas (14 días) de vacaciones ahora" in away, away
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=artifacts / f"dashboard-{label}-{scheme}.png", full_page=True)

    collar_card = cards.filter(has_text=f"#{collar.pk}")
    collar_card.get_by_role("button", name="Rechazar").click()
    page.wait_for_load_state()
    assert collar.seats.get(user=opponent).status == Seat.Status.DECLINED
    risk_card = page.locator("section[aria-labelledby=inv-title] .match-row")
    assert risk_card.count() == 1
    risk_card.get_by_role("button", name="Aceptar").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/play/{risk.pk}/")
    assert risk.seats.get(user=opponent).status == Seat.Status.JOINED
    assert Match.objects.get(pk=risk.pk).status == Match.Status.WAITING  # Tomas has not answered
    page.screenshot(path=artifacts / f"waiting-match-{label}-{scheme}.png", full_page=True)
    context.close()
