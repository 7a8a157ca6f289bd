"""Every email, push and webhook notice delivered exactly once: the site's records against
what the soak's receivers accepted (``receivers.py``'s journals).

- An email row marked sent (and not covered by a digest, whose items are not emailed one by
  one) is accepted by the SMTP sink once, under the row's Message-ID; the sink accepted no
  other message.
- A push row marked sent is accepted once by its browser's endpoint: per endpoint, the
  messages read with the browser's keys carry the rows' tags, as many times as there are rows.
- A webhook notice marked delivered is accepted once under its ``X-Partida-Delivery`` id,
  signed with its owner's secret; nothing else was accepted.
- Nothing due is left unsent (beyond the grace), and nothing failed for good.
"""

from __future__ import annotations

import base64
import json
from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec

from .population import Member
from .receivers import HOOKS, MAIL, PUSH
from .report import Finding


def journal(folder: Path, name: str) -> list[dict[str, Any]]:
    path = folder / name
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def accepted(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [entry for entry in entries if not entry.get("refused")]


#: How long before a worker's kill the SMTP server's first acceptance of an email may come for
#: its repeat to be put down to the kill (real seconds): the worker died after the server took
#: the email and before the outbox recorded it. No outbox closes that window (SMTP has no way
#: to ask whether a message arrived); the repeat keeps its Message-ID, by which a receiver can
#: tell it is one. Each such repeat is still listed; any other fails the check.
KILL_WINDOW = 3.0


def emails(
    folder: Path, now: datetime, grace: timedelta, killed_at: Sequence[float] = ()
) -> Finding:
    from games.notifications.models import Channel, Notification

    rows = Notification.objects.filter(channel=Channel.EMAIL)
    sent = set(rows.filter(status="sent", digest__isnull=True).values_list("message_id", flat=True))
    first: dict[str, float] = {}
    received: Counter[str] = Counter()
    for entry in accepted(journal(folder, MAIL)):
        received[entry["message_id"]] += 1
        first.setdefault(entry["message_id"], entry["at"])
    at_kill = {mid for mid, n in received.items() if n > 1
               and any(0 <= kill - first[mid] <= KILL_WINDOW for kill in killed_at)}  # fmt: skip
    twice = {mid: n for mid, n in received.items() if n > 1 and mid not in at_kill}
    missing = sent - set(received)
    unknown = set(received) - sent
    finding = Finding("every email delivered exactly once")
    finding.figure("emails accepted by the SMTP sink", sum(received.values()))
    finding.figure("refused by the sink (451) and sent again", _refused(folder, MAIL))
    finding.figure("emails by kind", _by_kind(rows.filter(status="sent", digest__isnull=True)))
    finding.figure(
        f"accepted again after a worker was killed within {KILL_WINDOW:g} s of the first "
        "acceptance (same Message-ID)", sorted(at_kill) or "none",
    )  # fmt: skip
    finding.fail_if(twice, f"{len(twice)} emails accepted more than once", list(twice)[:5])
    finding.fail_if(missing, f"{len(missing)} emails marked sent never reached the sink",
                    sorted(missing)[:5])  # fmt: skip
    finding.fail_if(unknown, f"{len(unknown)} emails in the sink match no sent row",
                    sorted(unknown)[:5])  # fmt: skip
    _left_over(finding, rows, now, grace)
    return finding


def pushes(folder: Path, members: list[Member], now: datetime, grace: timedelta) -> Finding:
    from games.notifications.models import Channel, Notification

    keys = {browser.endpoint.split("://", 1)[1].split("/", 1)[1]: browser
            for member in members for browser in member.browsers}  # fmt: skip
    rows = Notification.objects.filter(channel=Channel.PUSH)
    expected: Counter[tuple[str, str]] = Counter()
    for endpoint, match_id, kind in rows.filter(status="sent").values_list(
        "subscription__endpoint", "match_id", "kind"
    ):
        if endpoint is None:
            continue  # a browser forgotten since (the soak's push service never says so)
        path = endpoint.split("://", 1)[1].split("/", 1)[1]
        expected[(path, f"match-{match_id}" if match_id else kind)] += 1
    received: Counter[tuple[str, str]] = Counter()
    unreadable = 0
    for entry in accepted(journal(folder, PUSH)):
        path = entry["path"].lstrip("/")
        message = read_push(entry["body"], keys.get(path))
        if message is None:
            unreadable += 1
            continue
        received[(path, message.get("tag", ""))] += 1
    extra, missing = received - expected, expected - received
    finding = Finding("every push delivered exactly once")
    finding.figure("pushes accepted by the push service", sum(received.values()))
    finding.figure("refused (500) and sent again", _refused(folder, PUSH))
    finding.fail_if(unreadable, f"{unreadable} pushes could not be read with the browser's keys")
    finding.fail_if(extra, f"{sum(extra.values())} pushes accepted beyond their rows",
                    list(extra.items())[:5])  # fmt: skip
    finding.fail_if(missing, f"{sum(missing.values())} pushes marked sent never arrived",
                    list(missing.items())[:5])  # fmt: skip
    _left_over(finding, rows, now, grace)
    return finding


def read_push(body: str, browser: Any) -> dict[str, Any] | None:
    if browser is None:
        return None
    key = ec.derive_private_key(browser.private_key, ec.SECP256R1())
    auth = base64.urlsafe_b64decode(browser.auth + "=" * (-len(browser.auth) % 4))
    try:
        plain = http_ece.decrypt(base64.b64decode(body), private_key=key, auth_secret=auth,
                                 version="aes128gcm")  # fmt: skip
        return dict(json.loads(plain))
    except (ValueError, TypeError, KeyError):
        return None


def webhooks(folder: Path, members: list[Member], now: datetime, grace: timedelta) -> Finding:
    from games.api.webhook_sending import sign
    from games.notifications.models import Notification

    notices = Notification.objects.filter(channel="webhook")

    secrets = {m.username: m.webhook_secret for m in members if m.webhook_secret}
    delivered = set(notices.filter(status="sent").values_list("id", flat=True))
    entries = accepted(journal(folder, HOOKS))
    received = Counter(int(entry["delivery"]) for entry in entries)
    forged = [e["delivery"] for e in entries if not _signed(e, secrets, sign)]
    twice = {pk: n for pk, n in received.items() if n > 1}
    finding = Finding("every webhook notice delivered exactly once")
    finding.figure("notices accepted by the receiver", sum(received.values()))
    finding.figure("refused (503) and sent again", _refused(folder, HOOKS))
    finding.fail_if(twice, f"{len(twice)} notices accepted more than once", list(twice)[:5])
    finding.fail_if(delivered - set(received), "notices marked delivered never arrived",
                    sorted(delivered - set(received))[:5])  # fmt: skip
    finding.fail_if(set(received) - delivered, "notices accepted but not marked delivered",
                    sorted(set(received) - delivered)[:5])  # fmt: skip
    finding.fail_if(forged, f"{len(forged)} notices with a bad signature", forged[:5])
    stuck = notices.filter(status="pending", due_at__lt=now - grace)
    finding.fail_if(stuck.exists(), f"{stuck.count()} notices still due after the grace")
    failed = notices.filter(status="failed")
    finding.fail_if(failed.exists(), f"{failed.count()} notices failed for good",
                    list(failed.values_list("id", "last_error")[:5]))  # fmt: skip
    return finding


def _signed(entry: dict[str, Any], secrets: dict[str, str], sign: Any) -> bool:
    owner = entry["path"].rstrip("/").rsplit("/", 1)[-1]
    header = entry["signature"]
    try:
        timestamp = int(dict(part.split("=", 1) for part in header.split(","))["t"])
    except (ValueError, KeyError):
        return False
    secret = secrets.get(owner)
    return secret is not None and sign(secret, entry["body"].encode(), timestamp) == header


def _refused(folder: Path, name: str) -> int:
    return sum(1 for entry in journal(folder, name) if entry.get("refused"))


def _by_kind(rows: Any) -> str:
    counts = Counter(rows.values_list("kind", flat=True))
    return ", ".join(f"{kind} {n}" for kind, n in counts.most_common())


def _left_over(finding: Finding, rows: Any, now: datetime, grace: timedelta) -> None:
    due = rows.filter(status="pending", delivery="now", due_at__lt=now - grace)
    finding.fail_if(due.exists(), f"{due.count()} rows still due after the grace",
                    list(due.values_list("key", "attempts", "last_error")[:5]))  # fmt: skip
    failed = rows.filter(status="failed")
    finding.fail_if(failed.exists(), f"{failed.count()} rows failed for good",
                    list(failed.values_list("key", "last_error")[:5]))  # fmt: skip
