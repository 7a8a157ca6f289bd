"""Emails and Web Push: what a match change, an invitation, a chat message or a vacation means
for each reader, told once and never lost.

A recorder (``events.record_match_change`` and its siblings, called by the actions) writes an
outbox row per reader and event (a unique key), and one per browser the reader subscribed
(``games.push``: a ``channel`` and a ``subscription`` on the same row), in one INSERT in the
transaction of the change itself. Once it commits, a Celery task claims the rows, checks the
event and the reader's terms again (mode per category, digest, quiet hours, mute, reminder
ladder) and sends them, retrying with back-off (``delivery``, ``outbox``); beat sweeps due
reminders and lost rows every minute and starts the daily digests (``digest``). Emails are
built in one place (``emails``, templates in ``templates/emails/``), pushes too (``pushes``: the
email's subject as the title, a fixed line, the match's link; sent with pywebpush by
``games.push.sending``, where a 404 or 410 forgets the browser). ``/notifications/`` holds the
settings page, the signed unsubscribe and mute links and a private iCal feed of deadlines.
"""
