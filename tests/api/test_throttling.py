"""Rates count the last full period: this window's requests plus the share of the previous
window's that still falls inside it; a refusal says how long to wait."""

from types import SimpleNamespace

import pytest
from django.core.exceptions import ImproperlyConfigured

from games.api import throttling
from games.api.throttling import RateThrottle


class Clock:
    def __init__(self, start: float) -> None:
        self.now = start

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    made = Clock(6000.0)  # the start of a one-minute window
    monkeypatch.setattr(RateThrottle, "timer", made.time)
    return made


def request(method="POST", pk=7):
    user = SimpleNamespace(pk=pk, is_authenticated=True)
    return SimpleNamespace(user=user, method=method, META={"REMOTE_ADDR": "127.0.0.1"})


def moves_view():
    return SimpleNamespace(write_scope="moves")


def allowed(throttle_request, view=None):
    throttle = RateThrottle()
    return throttle.allow_request(throttle_request, view or moves_view()), throttle.wait()


def test_a_caller_gets_exactly_the_rate_then_a_wait_until_the_window_ends(clock, settings):
    settings.API_THROTTLE_RATES = {"moves": "5/min"}
    clock.now += 20
    assert [allowed(request())[0] for _ in range(5)] == [True] * 5
    ok, wait = allowed(request())
    assert not ok and wait == pytest.approx(40, abs=0.01)


def test_the_previous_window_counts_for_the_part_still_inside_the_period(clock, settings):
    settings.API_THROTTLE_RATES = {"moves": "10/min"}
    clock.now += 50
    assert all(allowed(request())[0] for _ in range(10))
    clock.now += 40  # 30 s into the next window: half of the previous one still counts (5)
    answers = [allowed(request()) for _ in range(6)]
    assert [ok for ok, _wait in answers] == [True] * 5 + [False]
    clock.now += 30  # the previous window has gone by: 5 of this one's requests remain
    assert [allowed(request())[0] for _ in range(6)] == [True] * 5 + [False]


def test_a_burst_at_the_end_of_a_window_leaves_no_room_at_the_start_of_the_next(clock, settings):
    """The previous window's share is rounded up: two requests of a 2/min rate a tenth of a
    second before the minute turns, and the third, a fifth of a second later, must wait until
    half the previous window has gone by (one request of it still counts)."""
    settings.API_THROTTLE_RATES = {"moves": "2/min"}
    clock.now += 59.9
    assert allowed(request())[0] and allowed(request())[0]
    clock.now += 0.2
    ok, wait = allowed(request())
    assert not ok and wait == pytest.approx(29.9, abs=0.01)
    clock.now += wait
    assert allowed(request())[0]
    assert not allowed(request())[0]


def test_reads_do_not_count_against_the_write_scope(clock, settings):
    settings.API_THROTTLE_RATES = {"moves": "1/min"}
    assert allowed(request("GET"))[0] and allowed(request("GET"))[0]
    assert allowed(request("POST"))[0]
    assert not allowed(request("POST"))[0]


def test_each_user_has_their_own_count_and_refused_requests_are_not_counted(clock, settings):
    settings.API_THROTTLE_RATES = {"moves": "2/min"}
    assert allowed(request(pk=1))[0] and allowed(request(pk=1))[0]
    for _ in range(5):
        assert not allowed(request(pk=1))[0]
    assert allowed(request(pk=2))[0]
    clock.now += 120  # two windows later nothing is left of the refused attempts
    assert allowed(request(pk=1))[0] and allowed(request(pk=1))[0]


def test_every_request_counts_against_the_user_rate(clock, settings):
    settings.API_THROTTLE_RATES = {"user": "3/min"}
    assert [allowed(request("GET"))[0] for _ in range(4)] == [True, True, True, False]


@pytest.mark.parametrize("rate", ["600", "many/min", "-5/min", "10/fortnight", ""])
def test_a_rate_that_cannot_be_read_stops_the_start_naming_the_variable(settings, rate):
    settings.API_THROTTLE_RATES = {"moves": rate}
    with pytest.raises(ImproperlyConfigured, match="API_THROTTLE_RATES: moves="):
        throttling.check_rates()
