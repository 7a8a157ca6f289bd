"""The leaderboards, the finished match page and the finished email show the ratings."""

import pytest
from django.utils import timezone

from games.actions import moves
from games.play.models import Match
from games.ratings.models import Rating, SoloScore, display

from .conftest import finish

pytestmark = pytest.mark.django_db


def rated_players(make_user, count, game="risk", mode="classic"):
    """``count`` players with ratings, the first the best, the last two provisional."""
    users = [make_user(f"rated{n:02}") for n in range(count)]
    Rating.objects.bulk_create(
        Rating(user=user, game=game, mode=mode, mu=40 - n * 0.5, sigma=2,
               value=display(40 - n * 0.5, 2), games=2 if n >= count - 2 else 10)
        for n, user in enumerate(users)
    )  # fmt: skip
    return users


def test_the_index_lists_every_game_and_mode(client):
    html = client.get("/en/leaderboards/").content.decode()
    for label in ("Multiplayer rules, 3–4 players", "Classic game", "Two-player game",
                  "Solo: best scores"):  # fmt: skip
        assert label in html
    assert 'href="/en/leaderboards/collar/solo/"' in html


def test_a_leaderboard_lists_players_best_first_in_few_queries(
    client, make_user, django_assert_max_num_queries
):
    users = rated_players(make_user, 60)
    with django_assert_max_num_queries(4):
        response = client.get("/en/leaderboards/risk/classic/")
    html = response.content.decode()
    assert html.index("Rated00") < html.index("Rated01") < html.index("Rated49")
    assert "Rated50" not in html  # on the next page
    page_two = client.get("/en/leaderboards/risk/classic/?page=2").content.decode()
    assert "Rated59" in page_two
    assert f"{display(40 - 59 * 0.5, 2)}<abbr" in page_two  # provisional: marked "?"
    assert f"{display(40, 2)}<abbr" not in html
    assert users


def test_an_unknown_leaderboard_is_a_404(client):
    assert client.get("/en/leaderboards/risk/nope/").status_code == 404
    assert client.get("/en/leaderboards/chess/classic/").status_code == 404


def test_solo_matches_keep_each_players_best_score(client, start_match, player, opponent):
    for user, score in ((player, 12), (player, 30), (opponent, 21)):
        match = Match.objects.create(game="collar", options={"mode": "solo"}, players=1,
                                     created_by=user, status=Match.Status.FINISHED)  # fmt: skip
        SoloScore.objects.create(match=match, user=user, game="collar", mode="solo",
                                 score=score, achieved_at=timezone.now())  # fmt: skip
    html = client.get("/en/leaderboards/collar/solo/").content.decode()
    assert html.index("Paula") < html.index("Oscar")
    assert ">30<" in html and ">12<" not in html


def test_a_finished_solo_match_records_its_score(start_match, player):
    from games.actions import lifecycle

    match = lifecycle.do_create_match(player, "collar", {"mode": "solo"}, 1)
    finish(match, [[0]], totals={0: 17})
    assert SoloScore.objects.get(match=match).score == 17


def test_the_finished_match_page_shows_each_rating_change(client, start_match, player):
    match = start_match("collar", rated=True)
    moves.do_resign(match.pk, match.seats.get(number=0).user)
    client.force_login(player)
    html = client.get(f"/en/play/{match.pk}/").content.decode()
    changes = {c.user.public_name: c for c in match.rating_changes.select_related("user")}
    for name, change in changes.items():
        sign = "+" if change.delta > 0 else ""
        assert f"{change.before} → {change.after}" in html
        assert f"({sign}{change.delta})" in html, name


def test_the_finished_email_tells_the_reader_their_change(
    start_match, django_capture_on_commit_callbacks, mailoutbox, opponent
):
    match = start_match("collar", rated=True)
    leaver = match.seats.exclude(user=opponent).get().user
    opponent.language = "en"
    opponent.save()
    with django_capture_on_commit_callbacks(execute=True):
        moves.do_resign(match.pk, leaver)
    change = match.rating_changes.get(user=opponent)
    sent = [m for m in mailoutbox if m.to == [opponent.email] and "ended" in m.body]
    assert sent, [m.subject for m in mailoutbox]
    assert f"Your rating: {change.before} → {change.after} (+{change.delta})." in sent[-1].body


def test_a_profile_shows_the_players_current_rating_per_game_and_mode(client, make_user):
    best, *_ = rated_players(make_user, 3)
    page = client.get(f"/en/play/players/{best.username}/").content.decode()
    rating = Rating.objects.get(user=best)
    assert "Ratings" in page and "Classic game" in page
    assert 'href="/en/leaderboards/risk/classic/"' in page and f">{rating.value}<" in page
    newcomer = make_user("unrated")
    assert (
        "No rated match finished yet."
        in client.get(f"/en/play/players/{newcomer.username}/").content.decode()
    )
