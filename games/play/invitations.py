"""The invitation email: a link that seats the invitee, signing them up first if needed."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.play.models import Seat


def send_invitation(seat_id: int) -> None:
    seat = Seat.objects.select_related("match__created_by", "user").filter(pk=seat_id).first()
    if seat is None or seat.status != Seat.Status.INVITED:
        return
    from games.play.lifecycle import invitation_token

    match = seat.match
    recipient = seat.user.email if seat.user else seat.invited_email
    language = seat.user.language if seat.user else match.created_by.language
    with translation.override(language):
        link = settings.SITE_URL + reverse("play:invitation", args=[invitation_token(seat)])
        context = {"match": match, "host": match.created_by, "link": link, "seat": seat}
        subject = render_to_string("play/email/invitation_subject.txt", context).strip()
        body = render_to_string("play/email/invitation.txt", context)
    send_mail(subject, body, None, [recipient])
