"""What a simulated person or bot does each time it comes by the site, over HTTP.

A person answers their invitations (most accept), plays their turn in each match waiting for
them (random legal moves, as ``examples/random_bot.py`` picks them), now and then answers a
draw offer, offers one, resigns, chats or mutes a chatty opponent, looks after the matches they
started that still wait for players, starts a new one or joins a seek from the lobby, and, if
they use the pages, logs in, opens the dashboard and a game and takes the vacation they
planned. A bot only answers invitations and plays. An answer 503 (an outage) ends the visit;
they come back a little later.
"""

from __future__ import annotations

import random
import sys
import threading
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from .client import NO_ANSWER, Answer, Api, Browser, Http
from .director import Director
from .population import PASSWORD, Member
from .servers import ROOT

sys.path.insert(0, str(ROOT / "examples"))
from random_bot import fill, pick  # noqa: E402  (examples/ is no package)

#: The most moves one turn may take (a Risk turn played at random is long).
MOVES_PER_TURN = 300
CHAT_LINES = ("Good luck!", "¡Buena partida!", "Bella mossa.", "Hmm…", "Well played.",
              "Ci vediamo al prossimo turno.", "Tu turno 🙂")  # fmt: skip


class Outage(Exception):
    """The site answered 503 or not at all: the visit ends here."""


@dataclass
class World:
    """What every visit shares: the site's address, the matches' budget, the counters."""

    http: Http
    director: Director
    start: datetime
    days: float
    members: dict[str, Member]
    seed: int
    counts: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)
    browsers: dict[str, Browser] = field(default_factory=dict)
    on_vacation: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)

    def count(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.counts[what] += n

    def driver_error(self, text: str) -> None:
        with self.lock:
            self.counts["driver errors"] += 1
            if len(self.errors) < 10:
                self.errors.append(text)

    def people(self) -> list[Member]:
        return [m for m in self.members.values() if not m.bot]

    def bots(self, game: str) -> list[Member]:
        return [m for m in self.members.values() if m.bot == game]


class Visit:
    """One visit of one member at simulated time ``now``."""

    def __init__(self, member: Member, world: World, now: datetime, rng: random.Random) -> None:
        self.member = member
        self.world = world
        self.now = now
        self.rng = rng
        self.api = Api(world.http, member.token)

    def check(self, answer: Answer) -> Answer:
        if answer.status in (503, NO_ANSWER):
            self.world.count("visits cut short by an outage")
            raise Outage
        if answer.status >= 500:
            self.world.count(f"server errors {answer.status}")
            raise Outage
        return answer

    def get(self, path: str) -> Answer:
        return self.check(self.api.get(path))

    def post(self, path: str, payload: Any = None) -> Answer:
        return self.check(self.api.post(path, payload))

    def listing(self, query: str) -> list[dict[str, Any]]:
        found = self.api.listing(query)
        if found is None:
            raise Outage
        return found

    # Playing ----------------------------------------------------------------------------

    def answer_invitations(self, accept: float) -> None:
        for match in self.listing("invited=true"):
            verb = "accept" if self.rng.random() < accept else "decline"
            answer = self.post(f"/matches/{match['id']}/{verb}/")
            self.world.count(f"invitations: {verb}" if answer.status == 200 else "409 answers")

    def play_turns(self, person: bool) -> None:
        for match in self.listing("my_turn=true"):
            if person and self.rng.random() < 0.05:
                continue  # not today
            self.play_turn(match["id"], person)

    def play_turn(self, match_id: int, person: bool) -> None:
        if person:
            detail = self.get(f"/matches/{match_id}/").json()
            if self.answer_draw_offer(detail) or self.maybe_resign(detail):
                return
        moved = self.move_until_done(match_id)
        if person and moved:
            self.after_turn(match_id)

    def move_until_done(self, match_id: int) -> bool:
        legal: dict[str, Any] | None = None
        refused: list[dict[str, Any]] = []
        moved = 0
        for _ in range(MOVES_PER_TURN):
            if legal is None:
                answer = self.get(f"/matches/{match_id}/actions/")
                if answer.status != 200:
                    return moved > 0
                legal = answer.json()
            templates = [a["action"] for a in legal["actions"] if a["action"] not in refused]
            if not templates:
                return moved > 0
            template = pick(templates, self.rng)
            body = {"action": fill(template, self.rng), "expected_version": legal["version"],
                    "include_actions": True}  # fmt: skip
            answer = self.post(f"/matches/{match_id}/moves/", body)
            if answer.status == 201:
                moved += 1
                self.world.count("moves")
                result = answer.json()
                if not result["my_turn"] or result["status"] != "active":
                    return True
                legal, refused = {"version": result["version"], "actions": result["actions"]}, []
            elif answer.status == 422:
                refused.append(template)
                self.world.count("422 answers")
            else:
                self.world.count(f"{answer.status} answers")
                legal = None
                if answer.status != 409:
                    return moved > 0
        return moved > 0

    def answer_draw_offer(self, detail: dict[str, Any]) -> bool:
        """Agree to a draw others offered, or decline it; True if the match ended."""
        votes = detail.get("draw_votes") or []
        if not votes or detail.get("my_seat") in votes:
            return False
        path = f"/matches/{detail['id']}/draw/"
        if self.rng.random() < 0.5:
            answer = self.post(path, {"expected_version": detail["version"]})
            self.world.count("draws agreed" if answer.status == 200 else "409 answers")
            return answer.status == 200 and answer.json()["status"] == "finished"
        answer = self.check(self.api.delete(path))
        self.world.count("draws declined" if answer.status == 200 else "409 answers")
        return False

    def maybe_resign(self, detail: dict[str, Any]) -> bool:
        chance = 0.004 if detail["version"] < 100 else 0.02
        if self.rng.random() >= chance:
            return False
        answer = self.post(f"/matches/{detail['id']}/resign/")
        self.world.count("resignations" if answer.status == 200 else "409 answers")
        return answer.status == 200

    def after_turn(self, match_id: int) -> None:
        """A word in the chat, a draw offer, a mute: now and then, after one's move."""
        habits = self.member.habits
        assert habits is not None
        if self.rng.random() < habits.chatty:
            answer = self.post(f"/matches/{match_id}/chat/", {"text": self.rng.choice(CHAT_LINES)})
            self.world.count("chat messages" if answer.status == 201 else "chat refused")
        if self.rng.random() < 0.01:
            detail = self.get(f"/matches/{match_id}/").json()
            if detail["status"] == "active" and detail["players"] > 1:
                answer = self.post(f"/matches/{match_id}/draw/")
                self.world.count("draws offered" if answer.status == 200 else "409 answers")
        if self.rng.random() < 0.02:
            self.mute_someone(match_id)

    def mute_someone(self, match_id: int) -> None:
        lines = self.get(f"/matches/{match_id}/chat/").json() or {}
        authors = {line["username"] for line in lines.get("results", [])}
        authors.discard(self.member.username)
        if authors:
            who = self.rng.choice(sorted(authors))
            answer = self.post("/mutes/", {"username": who})
            self.world.count("mutes" if answer.status in (200, 201) else "mute refused")

    # Starting matches ---------------------------------------------------------------------

    def start_matches(self, most: int = 2) -> None:
        """Start a match or two, when the director's count allows (no request otherwise)."""
        for _ in range(most):
            proposal = self.world.director.propose(self.now, self.rng)
            if proposal is None:
                return
            invite = self.opponents(proposal.game, proposal.others, proposal.bots)
            if proposal.open_seek:
                invite = invite[: proposal.bots]  # bots invited; people come from the lobby
            try:
                answer = self.post("/matches/", proposal.request(invite))
            except Outage:
                self.world.director.gave_up()
                raise
            if answer.status == 201:
                self.world.count(f"matches started: {proposal.game}")
                if proposal.house:
                    self.world.count("matches with house players")
            else:
                self.world.director.gave_up()
                self.world.count(f"match creation refused {answer.status}")

    def opponents(self, game: str, seats: int, bots: int) -> list[str]:
        people = [m.username for m in self.world.people() if m.username != self.member.username]
        chosen = self.rng.sample(people, min(len(people), seats - min(bots, seats)))
        robots = [m.username for m in self.world.bots(game)]
        chosen += robots[: seats - len(chosen)]
        return chosen[:seats]

    def join_from_lobby(self) -> None:
        seeks = self.get("/lobby/").json() or {}
        mine = self.member.username
        open_ = [m for m in seeks.get("results", []) if m["created_by"] != mine]
        if open_:
            answer = self.post(f"/matches/{self.rng.choice(open_)['id']}/join/")
            self.world.count("seeks joined" if answer.status == 200 else "409 answers")

    def tend_waiting(self) -> None:
        """The creator of a match still waiting after two days invites someone to a free seat
        (one declined) or calls it off."""
        for match in self.listing("status=waiting"):
            if match["created_by"] != self.member.username:
                continue
            age = self.now - datetime.fromisoformat(match["created_at"])
            if age < timedelta(days=2):
                continue
            if self.rng.random() < 0.3 or match["visibility"] == "open":
                answer = self.post(f"/matches/{match['id']}/cancel/")
                self.world.count("matches cancelled" if answer.status == 200 else "409 answers")
                continue
            seated = {seat["username"] for seat in match["seats"]}
            if len(seated) < match["players"]:
                others = [m.username for m in self.world.people() if m.username not in seated]
                answer = self.post(f"/matches/{match['id']}/invitations/",
                                   {"target": self.rng.choice(others)})  # fmt: skip
                self.world.count("invitations sent again" if answer.status < 300 else "409 answers")

    def maybe_rematch(self) -> None:
        if self.rng.random() >= 0.3:
            return
        finished = self.listing("status=finished")
        if finished and self.world.director.rematch_allowed(self.now):
            answer = self.post(f"/matches/{self.rng.choice(finished)['id']}/rematch/")
            if answer.status == 201:
                self.world.count("rematches offered")
            else:
                self.world.director.gave_up()

    # Pages ------------------------------------------------------------------------------

    def browser(self) -> Browser:
        browsers = self.world.browsers
        if self.member.username not in browsers:
            browsers[self.member.username] = Browser(self.world.http, self.member.language)
        found = browsers[self.member.username]
        if not found.logged_in:
            ok = found.log_in(self.member.username, PASSWORD)
            self.world.count("logins" if ok else "logins refused")
            if not ok:
                raise Outage
        return found

    def look_at_pages(self) -> None:
        browser = self.browser()
        self.check(browser.get("/play/"))
        mine = self.listing("status=active")
        if mine:
            self.check(browser.get(f"/play/{self.rng.choice(mine)['id']}/"))
        self.world.count("page visits")

    def take_vacation(self) -> None:
        """Go on the planned vacation, or come back from it, with the dashboard's button."""
        habits = self.member.habits
        assert habits is not None and habits.vacation is not None
        day = (self.now - self.world.start) / timedelta(days=1)
        wanted = habits.vacation[0] <= day < habits.vacation[0] + habits.vacation[1]
        away = bool(self.get("/me/").json()["on_vacation"])
        if wanted != away and (wanted or away):
            answer = self.check(self.browser().post_form("/play/vacation/", {}, "/play/"))
            self.world.count(("vacations started" if wanted else "vacations ended")
                             if answer.status == 302 else "vacation refused")  # fmt: skip
            away = wanted if answer.status == 302 else away
        with self.world.lock:
            (self.world.on_vacation.add if away else self.world.on_vacation.discard)(
                self.member.username
            )


def person_visit(visit: Visit) -> None:
    habits = visit.member.habits
    assert habits is not None
    if habits.vacation is not None:
        visit.take_vacation()
        if visit.member.username in visit.world.on_vacation:
            return
    visit.answer_invitations(accept=0.92)
    visit.play_turns(person=True)
    visit.start_matches()
    if visit.rng.random() < 0.25:  # now and then, more than what waits for them
        visit.tend_waiting()
        visit.join_from_lobby()
        visit.maybe_rematch()
    if habits.pages and visit.rng.random() < 0.3:
        visit.look_at_pages()


def bot_visit(visit: Visit) -> None:
    visit.answer_invitations(accept=1.0)
    visit.play_turns(person=False)
