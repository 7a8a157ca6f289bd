"""The outbox: emails, Web Push and bots' webhook notices; what a match change, an invitation, a
chat message or a vacation means for each reader, told once and never lost.

One row model, ``Notification``: one row per reader, channel and event (a unique ``key``).
A recorder (``events.record_match_change`` and its siblings, called by the actions) writes an
email row per reader and event and a push row per browser the reader subscribed
(``games.push``: a ``subscription`` on the row); ``games.api.webhooks`` writes a webhook row
per bot's notice (per user and match version, or per user and feed event; its body in
``data``); each in one INSERT in the transaction of the change itself (``outbox``).

One policy sends them all (``delivery``): once the change commits, one Celery task
(``tasks.deliver_batch``) claims the rows with a conditional update that takes a lease, sends
them, and records the outcome; a failed send is tried again with an exponential back-off until
it is given up; one beat sweep (``tasks.sweep``) queues every minute the rows that fell due
(reminders, quiet hours, long back-offs) and those whose lease ran out (a worker killed
mid-send). A transport per channel (``delivery.TRANSPORTS``) knows how to send one row and
what counts as delivered, and holds the channel's numbers (lease, back-off, attempts):

- email: re-checks the event and the reader's terms first (``checks``: mode per category,
  digest, quiet hours, mute, reminder ladder), builds the message in one place (``emails``,
  templates in ``templates/emails/``) and sends it over a kept SMTP connection, in batches;
- push: the same checks, the email's subject as the title, a fixed line and the match's link
  (``pushes``), sent with pywebpush by ``games.push.sending``, where a 404 or 410 forgets the
  browser;
- webhook: a signed POST to the bot's webhook, on the address its check approved
  (``games.api.webhook_sending.post``, ``games.core.outbound``); a 2xx answer is a delivery.

Beat also starts the daily digests (``digest``). ``/notifications/`` holds the settings page,
the signed unsubscribe and mute links and a private iCal feed of deadlines.
"""
