"""The contract every game engine follows.

An engine is pure Python: no Django, no I/O, no global state. The play layer stores a match as
(players, options, seed, log of actions) and asks the engine to rebuild or advance the state.
Everything a person or a program may see of a state goes through ``view`` (and, for the move
log, ``events`` passed through ``redact_event``): nothing else of a state ever leaves the server.

Engine versions. ``version`` is the version of an engine's rules; it goes up whenever the same
(setup, log) could play out differently, or a log the engine accepted would be refused. A match
stores the version it started with and passes it to ``setup`` (and ``replay``). An engine
lists in ``versions`` every version it can still play: when a change only adds choices at
points where an old log shows what was chosen, the old logs replay unchanged and the old
version needs no code of its own; when it removes a choice an old log may have made, the old
rules stay selectable (the state remembers its version). Each engine's docstring says which.

User-facing text is never built here. Errors, options, events and score lines carry an English
message id wrapped in ``gettext_noop`` (so ``makemessages`` extracts it) plus parameters; the
Django layer translates the message id in the reader's language and formats the parameters.
A message that counts something ("{player} placed {troops} troops") has two forms: it is a
``Plural`` made by ``ngettext_noop(singular, plural, count="troops")``, and the Django layer
picks the form the number in that parameter needs in the reader's language (``ngettext``). A
message counts one thing in words; any other number in it stands after a label ("troops: 20"),
which reads right whatever the number.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypeVar

Action: TypeAlias = dict[str, Any]
View: TypeAlias = dict[str, Any]
Event: TypeAlias = dict[str, Any]
LogEntry: TypeAlias = dict[str, Any]

S = TypeVar("S")
T = TypeVar("T")

#: Action types the play layer (never a player) records when a seat leaves or times out, or
#: when every seat still in agrees a draw (``{"type": "agreed_draw", "seats": [...]}``, the
#: last entry of a drawn match's log).
LEAVE = "leave"
SKIP = "timeout_skip"
DRAW = "agreed_draw"
SYSTEM_ACTIONS = frozenset({LEAVE, SKIP, DRAW})

#: The ranges a legal action listed as a template may leave open (Risk's, as the API
#: documents them): the key of the value a concrete action sends, and the keys of its bounds.
TEMPLATE_RANGES = (
    ("troops", "min", "max"),
    ("dice", "min_dice", "max_dice"),
    ("stop_at", "min_stop", "max_stop"),
)


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it (the Django layer does that)."""
    return message


#: The event the play layer logs with a draw (games have no message of their own for it).
DRAW_EVENT = "site.draw_agreed"
SITE_EVENT_MESSAGES: Mapping[str, str] = {
    DRAW_EVENT: gettext_noop("The players still in the game agreed a draw."),
}


@dataclass(frozen=True)
class Plural:
    """A message id with a singular and a plural form; the number in the parameter named
    ``count`` chooses between them (``ngettext``'s msgid, msgid_plural and n).

    Where a message id must be one string (the ``label`` a stored score line keeps, the
    ``message_key`` of an error's JSON), it is the plural form: that is how the message read
    before it had two, so results stored then still match. Readers look the ``Plural`` up by
    its code to render it.
    """

    singular: str
    plural: str
    count: str

    def __str__(self) -> str:
        return self.plural

    def form(self, params: Mapping[str, Any]) -> str:
        """The English form for these parameters (singular for exactly one)."""
        return self.singular if params.get(self.count) == 1 else self.plural

    def format(self, **params: Any) -> str:
        """The English text with ``params`` filled in, as ``str.format`` on a message id."""
        return self.form(params).format(**params)


#: A message id: one string, or two forms chosen by a count.
Message: TypeAlias = str | Plural


def message_forms(message: Message) -> tuple[str, ...]:
    """Every English form of a message id (one, or the singular and the plural)."""
    return (message.singular, message.plural) if isinstance(message, Plural) else (message,)


def ngettext_noop(singular: str, plural: str, count: str) -> Plural:
    """Mark a message with two forms for translation without translating it: ``makemessages``
    extracts both as msgid and msgid_plural (see the project's ``makemessages`` command).
    ``count`` names the parameter whose number chooses the form."""
    return Plural(singular, plural, count)


@dataclass(frozen=True)
class ErrorSpec:
    """One kind of illegal action: its English message id and the rulebook section it breaks."""

    message: Message
    section: str


class EngineError(Exception):
    """An illegal action or bad input. It never carries hidden information in its params."""

    def __init__(
        self, code: str, message: Message, section: str, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(code)
        self.code = code
        self.message_key = message
        self.section = section
        self.params: dict[str, Any] = dict(params or {})

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message_key": str(self.message_key),
            "section": self.section,
            "params": dict(self.params),
        }

    def __str__(self) -> str:
        return f"{self.code}: {self.message_key.format(**self.params)}"


def error_in(errors: Mapping[str, ErrorSpec], code: str, **params: Any) -> EngineError:
    """The error ``code`` of the catalogue ``errors`` (each game's ``catalogue.fail``)."""
    spec = errors[code]
    return EngineError(code, spec.message, spec.section, params)


def bad_option(name: str) -> EngineError:
    """The error for an option that is unknown or has a value the game does not offer."""
    return EngineError(
        "engine.bad_option",
        gettext_noop("This game does not offer the option “{option}” with that value."),
        "options",
        {"option": name},
    )


@dataclass(frozen=True)
class OptionSpec:
    """One option a match creator picks; the form and the API both render it from this."""

    name: str
    kind: str  # "choice" or "bool"
    default: Any
    label: str
    help: str
    section: str
    choices: tuple[tuple[Any, str], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "label": self.label,
            "help": self.help,
            "section": self.section,
            "choices": [{"value": value, "label": label} for value, label in self.choices],
        }

    def allowed(self) -> tuple[Any, ...]:
        if self.kind == "bool":
            return (False, True)
        return tuple(value for value, _ in self.choices)


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score breakdown: ``label`` is a message id formatted with ``params``."""

    code: str
    label: Message
    points: int
    params: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "label": str(self.label),
            "points": self.points,
            "params": dict(self.params),
        }


@dataclass(frozen=True)
class Result:
    """The end of a game: totals with their breakdown, the winners and the full ranking.

    ``ranking`` lists groups of seats from first to last; seats in one group are tied.
    ``totals[seat]`` always equals the sum of the points in ``breakdown[seat]``.
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    totals: Mapping[int, int]
    breakdown: Mapping[int, tuple[ScoreLine, ...]]
    extra: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranking": [list(group) for group in self.ranking],
            "totals": {str(seat): total for seat, total in self.totals.items()},
            "breakdown": {
                str(seat): [line.as_dict() for line in lines]
                for seat, lines in self.breakdown.items()
            },
            "extra": dict(self.extra),
        }


class Rng:
    """A small seeded generator (splitmix64) whose whole state is one integer.

    Engines keep ``rng.state`` inside their game state, so that the seed plus the action log
    replays a game exactly, and a JSON round trip keeps the generator's position.
    """

    MASK = (1 << 64) - 1

    def __init__(self, state: int) -> None:
        self.state = state & self.MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def die(self) -> int:
        return self.below(6) + 1

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def redeal(rng: Rng, groups: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """The items of ``groups`` shuffled together and dealt back in groups of the same sizes."""
    pool = [item for group in groups for item in group]
    return deal_out(rng, pool, [len(group) for group in groups])


def deal_out(rng: Rng, pool: Sequence[T], sizes: Sequence[int]) -> list[list[T]]:
    """``pool`` shuffled and dealt in groups of ``sizes``; ``ValueError`` unless they add up.

    The samplers (``determinize``) deal what a seat cannot see with it: the sizes are the
    counts the seat's view shows, so a view whose counts do not add up is refused.
    """
    if any(size < 0 for size in sizes) or sum(sizes) != len(pool):
        raise ValueError(f"{len(pool)} unseen items cannot be dealt as {list(sizes)}")
    items = list(pool)
    rng.shuffle(items)
    dealt, start = [], 0
    for size in sizes:
        dealt.append(items[start : start + size])
        start += size
    return dealt


def redact_event(event: Event, viewer: int | None, reveal_all: bool = False) -> Event:
    """The event as ``viewer`` may see it.

    An event is ``{"code", "params", "secret"?}``. ``secret`` is ``{"seats": [...], "params":
    {...}}``: those params are merged in only for the listed seats (or for everyone once the
    game is over and ``reveal_all`` is set). Everyone else gets the public params only.
    """
    public: Event = {"code": event["code"], "params": dict(event.get("params", {}))}
    secret = event.get("secret")
    if secret and (reveal_all or (viewer is not None and viewer in secret.get("seats", ()))):
        public["params"].update(secret.get("params", {}))
        public["secret_shown"] = True
    return public


class BaseEngine(ABC, Generic[S]):
    """What every engine provides. Subclasses fill in the rules; the helpers here are shared.

    States are engine-defined objects (``S``); ``to_json``/``from_json`` turn them into plain
    JSON data and back without loss. ``apply`` never mutates its input.
    """

    slug: str = ""
    name: str = ""
    #: The version of the rules new matches get (see the module docstring).
    version: int = 1
    #: Every version ``setup`` can still start or replay; always includes ``version``.
    versions: tuple[int, ...] = (1,)
    options_schema: tuple[OptionSpec, ...] = ()
    errors: Mapping[str, ErrorSpec] = {}
    event_messages: Mapping[str, Message] = {}
    #: The message id of each kind of score line, by its code (a stored result keeps the id as
    #: it was then; readers render the current one).
    score_labels: Mapping[str, Message] = {}
    #: The name of each phase of the game (``view()["phase"]``), by its code.
    phases: Mapping[str, str] = {}
    #: The rulebook section anchors this engine links to (errors, options, score lines).
    #: The wiki must have a section with each anchor in every language.
    sections: tuple[str, ...] = ()
    #: The section that explains each phase and each action type (``action["type"]``): the
    #: game page links its phase and the move chosen in its tray there.
    phase_sections: Mapping[str, str] = {}
    action_sections: Mapping[str, str] = {}

    # Players and options -------------------------------------------------------------

    @abstractmethod
    def player_counts(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The numbers of players these (normalised) options allow."""
        ...

    def normalise_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Options with defaults filled in; an unknown name or value raises ``EngineError``."""
        known = {spec.name: spec for spec in self.options_schema}
        for name in options:
            if name not in known:
                raise self.bad_option(name)
        normalised: dict[str, Any] = {}
        for spec in self.options_schema:
            value = options.get(spec.name, spec.default)
            if spec.kind == "bool" and not isinstance(value, bool):
                raise self.bad_option(spec.name)
            if value not in spec.allowed() or isinstance(value, bool) != (spec.kind == "bool"):
                raise self.bad_option(spec.name)
            normalised[spec.name] = value
        return normalised

    def bad_option(self, name: str) -> EngineError:
        return bad_option(name)

    def check_players(self, players: int, options: Mapping[str, Any]) -> None:
        if players not in self.player_counts(options):
            raise EngineError(
                "engine.bad_player_count",
                ngettext_noop(
                    "This game cannot be played by {players} player with these options.",
                    "This game cannot be played by {players} players with these options.",
                    "players",
                ),
                "options",
                {"players": players},
            )

    def rules_version(self, version: int | None) -> int:
        """``version`` (``None``: this engine's current one) if this engine can play it."""
        chosen = self.version if version is None else version
        if isinstance(chosen, bool) or chosen not in self.versions:
            raise EngineError(
                "engine.bad_version",
                gettext_noop("This game cannot be played with the rules of version {version}."),
                "options",
                {"version": str(chosen)[:20]},
            )
        return chosen

    def checked_setup(
        self, players: int, options: Mapping[str, Any], version: int | None
    ) -> tuple[int, dict[str, Any]]:
        """The rules version and the normalised options of a new game, checked in that order
        (with the number of players); ``setup`` passes them on to the game's rules."""
        chosen_version = self.rules_version(version)
        chosen = self.normalise_options(options)
        self.check_players(players, chosen)
        return chosen_version, chosen

    # The rules (each engine overrides these) ---------------------------------------

    @abstractmethod
    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, version: int | None = None
    ) -> S:
        """The first state; ``version`` picks the rules (``None``: the current ones)."""
        ...

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """The seats expected to act now (empty once the game is over)."""
        ...

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``apply`` accepts from ``seat`` now, and nothing it would reject."""
        ...

    @abstractmethod
    def apply(self, state: S, seat: int, action: Action) -> S:
        """The state after ``action``; raises ``EngineError`` and leaves ``state`` unchanged."""
        ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` (``None``: a spectator) may see, as JSON data."""
        ...

    def public_action(self, action: Action) -> Action | None:
        """What every player may see of ``action`` once it is played (another seat's move in the
        API's log). ``None`` hides it whole: the safe answer for a game that says nothing, and
        what the events are for (``redact_event``)."""
        return None

    @abstractmethod
    def events(self, state: S) -> list[Event]:
        """The raw events of the last ``apply`` (pass them through ``redact_event``)."""
        ...

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result once the game is over, else ``None``."""
        ...

    @abstractmethod
    def leave(self, state: S, seat: int) -> S:
        """``seat`` resigned or timed out under the "lose" policy: it is out, ranked last."""
        ...

    @abstractmethod
    def skip(self, state: S, seat: int) -> S:
        """``seat`` timed out under the "skip" policy: its turn passes with the least effect."""
        ...

    def seats_out(self, state: S) -> list[int]:
        """The seats out of the game (left, timed out or eliminated by the rules), in the
        order they went out. A game where nobody goes out before the end keeps this default."""
        return []

    def agreed_draw(self, state: S, players: int) -> Result:
        """The result when every seat still in agrees a draw: they share first place and
        score nothing; the seats out rank below them, the latest to go out first."""
        out = [seat for seat in self.seats_out(state) if 0 <= seat < players]
        still_in = tuple(seat for seat in range(players) if seat not in out)
        return Result(
            winners=still_in,
            ranking=(still_in, *((seat,) for seat in reversed(out))),
            totals={seat: 0 for seat in range(players)},
            breakdown={seat: () for seat in range(players)},
            extra={"agreed_draw": True},
        )

    def hidden_variant(self, state: S, seat: int | None, seed: int) -> S:
        """A state that ``seat`` (``None``: a spectator) cannot tell from ``state``.

        Whatever ``seat`` may not see (other hands, face-down cards, the order of the deck, the
        random generator's position) is dealt again from ``seed``, like OpenSpiel's
        ``resample_from_infostate``. The conformance test checks that ``view`` and
        ``legal_actions`` for ``seat`` are the same in both. A game without hidden information
        keeps this default: the state itself.
        """
        return state

    @abstractmethod
    def determinize(
        self,
        view: View,
        seat: int,
        seed: int,
        *,
        version: int | None = None,
        events: Sequence[Event] = (),
    ) -> S:
        """A full, legal state whose ``view(state, seat)`` equals ``view``.

        The sampler of the house players' search: it starts from what the seat sees (its view,
        the match's rules ``version``, ``None`` for the current one, and optionally the log's
        events as the seat saw them, oldest first) and deals at random from ``seed`` whatever
        the seat cannot see (other hands, face-down discs, the order of the deck, the random
        generator's position), consistently with it: the counts the view shows add up, cards
        the seat has seen are not dealt again, and what the events told the seat (a card it saw
        an opponent take) narrows the sample. The conformance test checks, over random states
        and seats, that the view and the seat's legal actions are the same in the sample, and
        that the sample plays on to the end. ``ValueError`` when the view is not one this
        engine could have shown.
        """
        ...

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S: ...

    # Shared helpers -----------------------------------------------------------------

    def fail(self, code: str, **params: Any) -> EngineError:
        """The error for ``code`` from this engine's catalogue (``raise self.fail(...)``)."""
        return error_in(self.errors, code, **params)

    def apply_entry(self, state: S, entry: LogEntry) -> S:
        """Apply one log entry: a player's action, or a leave/skip recorded by the play layer."""
        seat = int(entry["seat"])
        action = entry["action"]
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == LEAVE:
            return self.leave(state, seat)
        if kind == SKIP:
            return self.skip(state, seat)
        if kind == DRAW:
            # A draw ends the match at the table, not the game on the board: the position
            # stays as it was, and the result is ``agreed_draw``'s.
            return state
        return self.apply(state, seat, action)

    def replay(
        self,
        players: int,
        options: Mapping[str, Any],
        seed: int,
        log: Sequence[LogEntry],
        version: int | None = None,
    ) -> S:
        """Rebuild the state from the setup arguments and the action log."""
        state = self.setup(players, options, seed, version)
        for entry in log:
            state = self.apply_entry(state, entry)
        return state

    def copy_json(self, data: Any) -> Any:
        return copy.deepcopy(data)
