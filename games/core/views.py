from __future__ import annotations

from celery import current_app as celery_app
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import check_for_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games.core import outages
from games.core.i18n import set_language_cookie, url_in_language
from games.house.views import play_now_context
from games.registry import installed_games


def home(request: HttpRequest) -> HttpResponse:
    context = {"games": installed_games().values(), **play_now_context(request.user)}
    return render(request, "core/home.html", context)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Switch the language (cookie and, when logged in, the profile) and stay on the page."""
    language = request.POST.get("language", "")
    next_url = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = "/"
    if not check_for_language(language) or language not in dict(settings.LANGUAGES):
        return HttpResponseRedirect(next_url)
    response = HttpResponseRedirect(url_in_language(next_url, language))
    set_language_cookie(response, language)
    if request.user.is_authenticated and request.user.language != language:
        request.user.language = language
        request.user.save(update_fields=["language"])
    return response


def _database_ok() -> bool:
    return outages.database_answers()


#: How long /healthz waits for the broker: a monitor's probe wants an answer, not a retry.
BROKER_PROBE_SECONDS = 0.15


def _broker_ok() -> bool:
    """Whether the broker takes a connection now: one attempt, no retry, a short time-out."""
    options = {**settings.CELERY_BROKER_TRANSPORT_OPTIONS}
    if settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
        options["socket_connect_timeout"] = options["socket_timeout"] = BROKER_PROBE_SECONDS
    try:
        with celery_app.connection_for_write(
            settings.CELERY_BROKER_URL, transport_options=options
        ) as conn:
            # kombu takes seconds as a float; its stubs say int.
            conn.ensure_connection(max_retries=0, timeout=BROKER_PROBE_SECONDS)  # type: ignore[arg-type]
        return True
    except outages.BROKER_ERRORS:
        return False


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Whether the database and the Celery broker answer: 200 when both do, else 503."""
    checks = {"database": _database_ok(), "broker": _broker_ok()}
    healthy = all(checks.values())
    body = {"status": "ok" if healthy else "fail"}
    body.update({name: "ok" if ok else "fail" for name, ok in checks.items()})
    return JsonResponse(body, status=200 if healthy else 503)
