"""House players on the site: the accounts the site plays, and how they take their turns.

The bots' decisions are pure Python in ``games.bots`` (no Django). This app holds their
accounts (``accounts``), their seeds (``seeds``) and the one place their situation is built
(``situation``); seating them and playing their turns through the move service are actions
(``games.actions.house_seating``, ``games.actions.house_turns``), run from Celery tasks on the
``bots`` queue (``tasks``) that ``recorder`` queues when a house player is to act.
"""
