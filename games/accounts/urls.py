"""``/accounts/``: the profile, and the names the site's templates use for allauth's pages.

Allauth's own URLs (``account_login``, ``account_signup``…) are included after these in
``config/urls.py``; the aliases below serve the same views at the same addresses.
"""

from allauth.account import views as allauth_views
from django.urls import path

from games.accounts import views

app_name = "accounts"
urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("signup/", allauth_views.signup, name="signup"),
    path("login/", allauth_views.login, name="login"),
    path("logout/", allauth_views.logout, name="logout"),
    path("password/reset/", allauth_views.password_reset, name="password_reset"),
    path("email/", allauth_views.email, name="email"),
    path("password/change/", allauth_views.password_change, name="password_change"),
]
