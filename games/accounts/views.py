from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.accounts.forms import ProfileForm
from games.accounts.signed_in import SignedInRequest
from games.accounts.verification import has_verified_email
from games.core.i18n import set_language_cookie, url_in_language


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: SignedInRequest) -> HttpResponse:
    user = request.user
    if request.method == "POST":
        form = ProfileForm(request.POST, instance=user)
        if form.is_valid():
            form.save()
            with translation.override(user.language):
                messages.success(request, _("Your profile was saved."))
            response = HttpResponse(status=302)
            response["Location"] = url_in_language(reverse("accounts:profile"), user.language)
            set_language_cookie(response, user.language)
            return response
    else:
        form = ProfileForm(instance=user)
    context = {"form": form, "email_verified": has_verified_email(user)}
    return render(request, "accounts/profile.html", context)
