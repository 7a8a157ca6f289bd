"""The social loop on the game page: the draw offer, the rematch button, the notes box."""

import pytest

from games.actions import draws, moves, notes, rematch
from games.play.models import Match, MatchNote, Seat

from .conftest import play_first_legal, user_at

pytestmark = pytest.mark.django_db


def page(client, match):
    response = client.get(f"/en/play/{match.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_player_offers_a_draw_behind_a_confirm_step_and_the_others_see_it(client, start_match):
    match = start_match("richelieu", {}, 3)
    first, second = user_at(match, 0), user_at(match, 1)
    client.force_login(first)
    html = page(client, match)
    assert "Offer a draw" in html and "Yes, offer a draw" in html
    assert 'class="confirm-step"' in html  # the button is inside a <details> to open first
    answer = client.post(f"/en/play/{match.pk}/draw/", {"answer": "agree", "version": 0})
    assert answer.status_code == 302
    assert "You offered a draw." in page(client, match)
    assert "Withdraw my offer" in page(client, match)
    client.force_login(second)
    html = page(client, match)
    assert f"{first.public_name} offered a draw" in html
    assert "Yes, agree to a draw" in html and "Decline" in html
    client.post(f"/en/play/{match.pk}/draw/", {"answer": "agree", "version": 0})
    client.force_login(user_at(match, 2))
    html = page(client, match)
    assert f"{first.public_name}, {second.public_name} offered a draw" in html
    client.post(f"/en/play/{match.pk}/draw/", {"answer": "agree", "version": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    html = page(client, match)
    assert "The players agreed a draw:" in html
    assert "The players still in the game agreed a draw." in html  # the move log


def test_declining_on_the_page_withdraws_the_offer(client, start_match):
    match = start_match("collar")
    draws.do_vote_draw(match.pk, user_at(match, 0))
    client.force_login(user_at(match, 1))
    client.post(f"/en/play/{match.pk}/draw/", {"answer": "decline"})
    assert not Seat.objects.filter(match=match, wants_draw=True).exists()
    assert "You declined the draw." in page(client, match)


def test_a_stale_draw_form_is_refused_with_a_message(client, start_match):
    match = start_match("collar")
    client.force_login(user_at(match, 0))
    play_first_legal(match)
    client.post(f"/en/play/{match.pk}/draw/", {"answer": "agree", "version": 0})
    assert not Seat.objects.filter(match=match, wants_draw=True).exists()
    assert "The game moved on" in page(client, match)


def test_the_finished_page_offers_a_rematch_and_then_links_to_it(client, finished_match):
    old = finished_match("collar")
    client.force_login(user_at(old, 1))
    assert ">Rematch</button>" in page(client, old)
    answer = client.post(f"/en/play/{old.pk}/rematch/")
    new = Match.objects.get(rematch_of=old)
    assert answer.status_code == 302 and answer["Location"] == f"/en/play/{new.pk}/"
    assert f"Rematch of El collar de la duquesa #{old.pk}" in page(client, new)
    html = page(client, old)
    assert "Rematch offered — see it" in html and f'href="/en/play/{new.pk}/"' in html
    client.force_login(user_at(old, 0))
    html = page(client, new)
    assert 'name="answer" value="accept"' in html


def test_spectators_see_no_rematch_button(client, finished_match, outsider):
    old = finished_match("collar")
    Match.objects.filter(pk=old.pk).update(visibility="open")
    client.force_login(outsider)
    assert ">Rematch</button>" not in page(client, old)
    assert client.post(f"/en/play/{old.pk}/rematch/").status_code == 302
    assert not Match.objects.filter(rematch_of=old).exists()


def test_notes_save_by_form_and_by_htmx_and_stay_private(client, start_match, outsider):
    match = start_match("collar")
    writer, other = user_at(match, 0), user_at(match, 1)
    client.force_login(writer)
    assert "My notes" in page(client, match)
    answer = client.post(f"/en/play/{match.pk}/notes/", {"text": "Keep the <b>pearls</b>."})
    assert answer.status_code == 302 and answer["Location"].endswith("#notes")
    html = page(client, match)
    assert "Keep the &lt;b&gt;pearls&lt;/b&gt;." in html and "<b>pearls" not in html
    fragment = client.post(
        f"/en/play/{match.pk}/notes/", {"text": "Trade the rubies."}, HTTP_HX_REQUEST="true"
    )
    assert fragment.status_code == 200 and fragment.content.decode().strip() == "Saved."
    assert MatchNote.objects.get(user=writer).text == "Trade the rubies."
    refused = client.post(
        f"/en/play/{match.pk}/notes/", {"text": "x" * 5001}, HTTP_HX_REQUEST="true"
    )
    assert "at most 5000 characters" in refused.content.decode()
    assert MatchNote.objects.get(user=writer).text == "Trade the rubies."
    client.force_login(other)
    assert "Trade the rubies." not in page(client, match)
    moves.do_resign(match.pk, other)
    for path in ("", "log/", "replay/?step=1", "record/", "verify/"):
        assert "Trade the rubies." not in client.get(f"/en/play/{match.pk}/{path}").content.decode()
    Match.objects.filter(pk=match.pk).update(visibility="open")
    client.force_login(outsider)
    html = page(client, match)
    assert "My notes" not in html and "Trade the rubies." not in html
    assert client.post(f"/en/play/{match.pk}/notes/", {"text": "mine"}).status_code == 404


def test_notes_never_reach_an_email(start_match, mailoutbox, django_capture_on_commit_callbacks):
    match = start_match("collar")
    notes.do_save_note(match, user_at(match, 0), "My secret plan.")
    notes.do_save_note(match, user_at(match, 1), "Their secret plan.")
    with django_capture_on_commit_callbacks(execute=True):
        draws.do_vote_draw(match.pk, user_at(match, 0))
        draws.do_vote_draw(match.pk, user_at(match, 1))
        rematch.do_offer_rematch(match.pk, user_at(match, 0))
    assert len(mailoutbox) >= 3  # two "finished" emails and the rematch's invitation
    for message in mailoutbox:
        bodies = [message.body] + [content for content, _ in message.alternatives]
        assert not any("secret plan" in body for body in bodies)


@pytest.mark.parametrize("game, options, players", [("richelieu", {}, 4), ("risk", {}, 3)])
def test_the_pages_with_an_offer_notes_or_a_rematch_take_a_bounded_number_of_queries(
    client, start_match, game, options, players, django_assert_max_num_queries
):
    match = start_match(game, options, players)
    reader = user_at(match, 1)
    notes.do_save_note(match, reader, "a plan")
    draws.do_vote_draw(match.pk, user_at(match, 0))
    client.force_login(reader)
    # The game page's own queries, plus one each for the note, the chat's player mutes and
    # the match's email mute: the same for any number of seats, moves or votes.
    with django_assert_max_num_queries(16):
        html = page(client, match)
    assert "offered a draw" in html and "a plan" in html
    for number in range(1, players):
        moves.do_resign(match.pk, user_at(match, number))
    rematch.do_offer_rematch(match.pk, reader)
    with django_assert_max_num_queries(16):
        assert "Rematch offered — see it" in page(client, match)


@pytest.mark.parametrize(
    "game, options, players", [("collar", {}, 2), ("risk", {}, 3), ("richelieu", {}, 2)]
)
def test_a_drawn_match_page_shows_the_shared_result_in_each_game(
    client, start_match, game, options, players
):
    match = start_match(game, options, players)
    for number in range(players):
        draws.do_vote_draw(match.pk, user_at(match, number))
    client.force_login(user_at(match, 0))
    html = page(client, match)
    assert "The players agreed a draw:" in html and "Winners:" not in html
    assert html.count(">drawn</td>") == players
    for path in ("log/", "replay/?step=0", "verify/"):
        assert client.get(f"/en/play/{match.pk}/{path}").status_code == 200
    verified = client.get(f"/en/play/{match.pk}/verify/").content.decode()
    assert "gives exactly the final position of the match" in verified
