"""The site's URLs plus a view that fails, under /api/ and elsewhere (for the 500 tests)."""

from django.urls import path

from config.urls import *  # noqa: F403 - the handlers (handler500…) come with the patterns
from config.urls import urlpatterns as site_patterns


def fails(request):
    raise RuntimeError("a bug")


urlpatterns = [path("api/v1/fails/", fails), path("en/fails/", fails), *site_patterns]
