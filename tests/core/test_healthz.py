"""/healthz tells a load balancer whether the database and the broker answer."""

import pytest

from config.celery import app as celery_app

pytestmark = pytest.mark.django_db


def test_it_is_healthy_when_the_database_and_the_broker_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}


def test_it_is_healthy_on_redis_when_redis_is_the_broker(client, require):
    require("redis")
    assert celery_app.conf.broker_url.startswith("redis://")
    assert client.get("/healthz").json()["broker"] == "ok"


def test_it_answers_503_when_the_broker_is_down(client, settings):
    # Port 9 on loopback: nothing listens there, so the connection is refused at once.
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:9/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "fail", "database": "ok", "broker": "fail"}
