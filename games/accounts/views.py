from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.accounts.forms import LocalisedPasswordResetForm, LoginForm, ProfileForm, SignupForm
from games.core.i18n import url_in_language


def redirect_in_language(url: str, language: str) -> HttpResponseRedirect:
    """Redirect to ``url`` in ``language`` and remember that language in the cookie."""
    response = HttpResponseRedirect(url_in_language(url, language))
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("core:home")
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="games.accounts.backends.UsernameOrEmailBackend")
            with translation.override(user.language):
                messages.success(
                    request, _("Welcome to Partida, %(name)s!") % {"name": user.public_name}
                )
                return redirect_in_language(reverse("core:home"), user.language)
    else:
        form = SignupForm(initial={"language": translation.get_language(), "timezone": "UTC"})
    return render(request, "accounts/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form: LoginForm) -> HttpResponse:  # type: ignore[override]
        super().form_valid(form)
        user = form.get_user()
        return redirect_in_language(self.get_success_url(), user.language)


class LogoutView(auth_views.LogoutView):
    """Log out on POST only, then go to the home page."""


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    user = request.user
    if request.method == "POST":
        form = ProfileForm(request.POST, instance=user)
        if form.is_valid():
            form.save()
            with translation.override(user.language):
                messages.success(request, _("Your profile was saved."))
            return redirect_in_language(reverse("accounts:profile"), user.language)
    else:
        form = ProfileForm(instance=user)
    return render(request, "accounts/profile.html", {"form": form})


password_reset = auth_views.PasswordResetView.as_view(
    template_name="accounts/password_reset.html",
    form_class=LocalisedPasswordResetForm,
    email_template_name="accounts/email/password_reset.txt",
    subject_template_name="accounts/email/password_reset_subject.txt",
    success_url=reverse_lazy("accounts:password_reset_done"),
)
password_reset_done = auth_views.PasswordResetDoneView.as_view(
    template_name="accounts/password_reset_done.html"
)
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    template_name="accounts/password_reset_confirm.html",
    success_url=reverse_lazy("accounts:password_reset_complete"),
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="accounts/password_reset_complete.html"
)
