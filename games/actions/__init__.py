"""The actions: what a person, a bot or the clock does to the site, one module per use case.

Moves, time-outs and resignations (``moves``), creating, joining and starting matches
(``lifecycle``), draw offers (``draws``), rematches (``rematch``), chat (``chat``), vacations
(``vacation``), private notes (``notes``) and the house players' turns and seats
(``house_turns``, ``house_seating``). An action checks, writes under the match's lock and calls
the recorders of what the change means for other people by name (the write path is told in
``moves``). Actions import play's models and the recorders (notifications, ratings, webhooks,
the house players' recorder); only pages, the API and the workers' tasks import actions.

An entry point is named ``do_…`` (Zulip's) and opens its own
``transaction.atomic(durable=True)``: nobody may call it inside another transaction. The
helpers it calls keep plain names and run inside it (``lifecycle.create_match``, which
``do_create_match``, ``do_play_now`` and ``do_offer_rematch`` share, ``moves.time_out``,
``lifecycle.invite_player``); a sweep opens one such transaction per match.
"""
