"""Raub im Kunstmuseum (`museum`): the rules.

Seed: `shared/seeds/001_51f4bcbf663988c3.txt`; rulings: `shared/rules/museum.md`; the rules page
is `docs/games/museum.md`. A game is 32 rounds, one per card. Each round: the start player turns
a card (a chance node over the card kinds still in the deck, so no state holds a deck order);
every thief moves, from the start player clockwise; then each thief that can rob decides
whether to rob the picture it stands on; then the guard checks the card's picture and catches
the thieves found there. The elevator card catches every thief in the elevator as it is turned
(option `elevator_check=after_move`: after robbing, where a picture card's check comes).

Actions depend on the phase, as in ludo: a move is the id of the field the thief ends on (0 the
roof, 1-28 the pictures, 29-32 the elevator stops E1-E4, 33-41 the shaft fields s1-s9); robbing
is `ROB` or `PASS`; chance actions are the starting seat and then card kind ids (`deck.json`).
"""

from __future__ import annotations

from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.errors import NotationError, StateFormatError
from ludoteca.core.options import Option
from ludoteca.games.museum.board import ROOF, CardKind, Deck, Museum, load_deck, load_museum
from ludoteca.i18n import N_, NP_

START, DRAW, MOVE, ROB, OVER = range(5)
PHASES = ("start", "draw", "move", "rob", "over")
PASS, ROB_ACTION = 42, 43
"""The two robbing decisions; their ids follow the field ids so that no id means two things."""
COLOURS = ("red", "blue", "green", "yellow")
"""The thieves' colours in seat order, as the seed lists them (Rot, Blau, Grün, Gelb)."""
NOBODY = -1

OPTIONS = (
    Option(
        "roof_banks",
        True,
        N_(
            "false: reaching the roof does not bank pictures; every marker of a thief is at risk"
            " whenever the thief is off the roof"
        ),
        title=N_("The roof keeps pictures safe"),
        explain=N_("Reaching the roof banks your marked pictures; off the roof they are at risk."),
    ),
    Option(
        "elevator_check",
        "on_turn",
        N_(
            "on_turn: the elevator card catches every thief on an elevator field when it is turned,"
            " before anyone moves; after_move: it checks the elevator after movement and robbing"
        ),
        ("on_turn", "after_move"),
        str,
        legacy="after_move",
        title=N_("When the elevator checks"),
        explain=N_(
            "The elevator card catches the thieves on the elevator when it is turned, or after"
            " the moves."
        ),
        labels=(
            ("on_turn", NP_("option value", "when the card is turned")),
            ("after_move", NP_("option value", "after the moves")),
        ),
    ),
)


class MuseumGame(Game):
    """Raub im Kunstmuseum for 2-4 thieves."""

    id = "museum"
    title = NP_("game title", "Raub im Kunstmuseum")
    summary = N_(
        "Thieves mark the museum's paintings; get back to the roof before the guard "
        "checks the ones you marked."
    )
    min_players = 2
    max_players = 4
    default_players = 4
    option_specs = OPTIONS

    def _configure(self) -> None:
        self.museum: Museum = load_museum()
        self.deck: Deck = load_deck()
        self.roof_banks = bool(self.options["roof_banks"])
        self.check_on_turn = self.options["elevator_check"] == "on_turn"

    def seat_name(self, seat: int) -> str:
        return COLOURS[seat]

    def new_initial_state(self, seed: int | None = None) -> MuseumState:
        return MuseumState(self, seed)

    def _state_from_json(self, obj: JSON) -> MuseumState:
        return MuseumState.from_json(self, obj)


class MuseumState(State):
    """A position: where the thieves stand, the markers on the pictures, the cards turned."""

    game: MuseumGame

    def __init__(self, game: MuseumGame, seed: int | None) -> None:
        super().__init__(game, seed)
        museum = game.museum
        self.place = [ROOF] * game.num_players
        self.marker = [NOBODY] * (len(museum.pictures) + 1)  # index: picture number
        self.banked = [False] * len(self.marker)
        self.discard: list[int] = []  # card kinds turned, in order; the last is the current card
        self.left = [kind.count for kind in game.deck.kinds]
        self.phase = START
        self.start_player = 0
        self.turn = 0
        self.caught: list[int] = []  # the thieves caught in the last check, shown until the next

    # -- the API ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase in (MOVE, ROB):
            return self.turn
        return TERMINAL if self.phase == OVER else CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == START:
            n = self.game.num_players
            return [(seat, 1 / n) for seat in range(n)]
        if self.phase == DRAW:
            total = sum(self.left)
            return [(kind, count / total) for kind, count in enumerate(self.left) if count]
        return []

    def _legal_actions(self) -> list[int]:
        if self.phase == ROB:
            return [PASS, ROB_ACTION]
        return self.destinations(self.turn)

    def _apply(self, action: int) -> None:
        if self.phase == START:
            self.start_player = self.turn = action
            self.phase = DRAW
        elif self.phase == DRAW:
            self._turn_card(action)
        elif self.phase == MOVE:
            self._move(action)
        else:
            self._rob(action == ROB_ACTION)

    def returns(self) -> list[float]:
        """Each seat: (seats it outscores - seats that outscore it) / (players - 1).

        The sole winner gets +1 and a sole loser -1; tied scores share their ranks, so the
        values always sum to zero.
        """
        n = self.game.num_players
        if self.phase != OVER:
            return [0.0] * n
        scores = self.scores()
        return [
            sum((mine > other) - (mine < other) for other in scores) / (n - 1) for mine in scores
        ]

    def scores(self) -> list[int]:
        """Euros per seat: the pictures carrying its markers, plus the roof bonus if it is there.

        At the end this is the final score; during the game, the score if it ended now.
        """
        museum = self.game.museum
        totals = [museum.roof_bonus if place == ROOF else 0 for place in self.place]
        for picture in museum.pictures:
            owner = self.marker[picture]
            if owner != NOBODY:
                totals[owner] += museum.fields[picture].value
        return totals

    def clone(self) -> MuseumState:
        other = MuseumState.__new__(MuseumState)
        other.game = self.game
        other.seed = self.seed
        other._history = self._history[:]
        other._legal = self._legal
        other.place = self.place[:]
        other.marker = self.marker[:]
        other.banked = self.banked[:]
        other.discard = self.discard[:]
        other.left = self.left[:]
        other.phase = self.phase
        other.start_player = self.start_player
        other.turn = self.turn
        other.caught = self.caught[:]
        return other

    # -- what the rules ask -------------------------------------------------------------------
    def card(self) -> CardKind | None:
        """The current card: the top of the discard pile (None before the first card)."""
        return self.game.deck.kinds[self.discard[-1]] if self.discard else None

    def guarded(self) -> set[int]:
        """Pictures with a guard chip: every turned card's picture once its guard check is done."""
        kinds = self.game.deck.kinds
        done = self.discard if self.phase in (DRAW, OVER) else self.discard[:-1]
        return {p for p in (kinds[k].picture for k in done) if p is not None}

    def hand(self, seat: int) -> int:
        """Markers the thief still holds: ten less those on pictures."""
        return self.game.museum.markers_per_thief - self.marker.count(seat)

    def at_risk(self, seat: int) -> list[int]:
        """The pictures whose markers the thief loses when it is caught."""
        return [p for p, owner in enumerate(self.marker) if owner == seat and not self.banked[p]]

    def destinations(self, seat: int) -> list[int]:
        """The fields the thief may end this round's move on (its own field: staying)."""
        card = self.card()
        if card is None:
            return [self.place[seat]]
        occupied = frozenset(
            place for other, place in enumerate(self.place) if other != seat and place != ROOF
        )
        return self.game.museum.destinations(self.place[seat], card.steps, occupied)

    def can_rob(self, seat: int) -> bool:
        """On a picture without a marker, with a marker left in hand."""
        place = self.place[seat]
        kind = self.game.museum.fields[place].kind
        return kind == "picture" and self.marker[place] == NOBODY and self.hand(seat) > 0

    def rounds_left(self) -> int:
        """Cards still in the deck: the rounds after the current one."""
        return sum(self.left)

    # -- a round ------------------------------------------------------------------------------
    def _turn_card(self, kind: int) -> None:
        """The start player turns a card; every thief then moves, the start player first."""
        self.discard.append(kind)
        self.left[kind] -= 1
        self.phase = MOVE
        self.turn = self.start_player
        if self.game.check_on_turn and self.game.deck.kinds[kind].picture is None:
            self._catch_in_elevator()

    def _catch_in_elevator(self) -> None:
        """The elevator check: every thief on an elevator field (stop or shaft) is caught."""
        fields = self.game.museum.fields
        self.caught = []
        for seat, place in enumerate(self.place):
            if fields[place].in_elevator:
                self._catch(seat)

    def _move(self, field: int) -> None:
        seat = self.turn
        self.place[seat] = field
        if field == ROOF and self.game.roof_banks:
            for picture, owner in enumerate(self.marker):
                if owner == seat:
                    self.banked[picture] = True
        n = self.game.num_players
        if (seat - self.start_player) % n < n - 1:
            self.turn = (seat + 1) % n
        else:
            self._next_robber(0)

    def _rob(self, robs: bool) -> None:
        seat = self.turn
        if robs:
            self.marker[self.place[seat]] = seat
        n = self.game.num_players
        self._next_robber((seat - self.start_player) % n + 1)

    def _next_robber(self, order: int) -> None:
        """Ask the next thief (from `order` places after the start player) that can rob."""
        n = self.game.num_players
        for index in range(order, n):
            seat = (self.start_player + index) % n
            if self.can_rob(seat):
                self.phase = ROB
                self.turn = seat
                return
        self._guard()

    def _guard(self) -> None:
        """The guard checks the card's picture (or the elevator, with `after_move`); the start
        token passes left."""
        card = self.card()
        assert card is not None
        picture = card.picture
        if picture is None:
            if not self.game.check_on_turn:  # on_turn: the check was made when it was turned
                self._catch_in_elevator()
        else:
            self.caught = []
            for seat, place in enumerate(self.place):
                if place == ROOF:
                    continue
                if place == picture or (self.marker[picture] == seat and not self.banked[picture]):
                    self._catch(seat)
        self.start_player = self.turn = (self.start_player + 1) % self.game.num_players
        self.phase = DRAW if self.rounds_left() else OVER

    def _catch(self, seat: int) -> None:
        """Caught: the markers at risk come back to the thief, which restarts on the roof."""
        for picture in self.at_risk(seat):
            self.marker[picture] = NOBODY
        self.place[seat] = ROOF
        self.caught.append(seat)

    # -- notation -----------------------------------------------------------------------------
    def field_name(self, field: int) -> str:
        return self.game.museum.fields[field].name

    def action_to_string(self, action: int) -> str:
        """`start:2`, `card:4/3`, `card:E/3`, a move `roof-22` (`=24`: stay), `rob:25`, `pass`."""
        phase = self.phase
        if type(action) is not int:
            raise NotationError(f"an action is an int, not {action!r}")
        if phase == START:
            if 0 <= action < self.game.num_players:
                return f"start:{action}"
            raise NotationError(f"the starting seat is 0-{self.game.num_players - 1}")
        if phase == DRAW:
            kinds = self.game.deck.kinds
            if 0 <= action < len(kinds):
                return f"card:{kinds[action].name}"
            raise NotationError(f"card kinds are 0-{len(kinds) - 1}, not {action}")
        if phase == ROB:
            if action == ROB_ACTION:
                return f"rob:{self.field_name(self.place[self.turn])}"
            if action == PASS:
                return "pass"
            raise NotationError(
                f"{action} is not a robbing decision ({PASS} pass, {ROB_ACTION} rob)"
            )
        if phase == MOVE and 0 <= action < len(self.game.museum.fields):
            here = self.place[self.turn]
            there = self.field_name(action)
            return f"={there}" if action == here else f"{self.field_name(here)}-{there}"
        raise NotationError(f"{action!r} is not a museum action in phase {PHASES[phase]}")

    def string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError(f"a move is text, not {type(text).__name__}")
        raw = text.strip().lower()
        phase = self.phase
        if phase == START:
            seat = raw.removeprefix("start:")
            if seat.isdigit() and int(seat) < self.game.num_players:
                return int(seat)
            raise NotationError(f"{text!r}: the starting seat is written start:0 .. start:N-1")
        if phase == DRAW:
            try:
                return self.game.deck.by_name(raw.removeprefix("card:")).id
            except KeyError:
                raise NotationError(
                    f"{text!r}: a card is written card:<picture>/<steps> (card:4/3) or"
                    " card:E/<steps> for the elevator card"
                ) from None
        if phase == ROB:
            return self._read_rob(text, raw)
        if phase == MOVE:
            return self._read_move(text, raw)
        raise NotationError("the game is over")

    def _read_rob(self, text: str, raw: str) -> int:
        if raw in {"pass", "-", "no"}:
            return PASS
        word, _, picture = raw.partition(":")
        here = self.field_name(self.place[self.turn])
        if word == "rob" and picture.strip() in {"", here}:
            return ROB_ACTION
        raise NotationError(f"{text!r}: write rob (or rob:{here}) or pass")

    def _read_move(self, text: str, raw: str) -> int:
        museum = self.game.museum
        here = self.place[self.turn]
        if raw == "stay":
            return here
        source, dash, target = raw.partition("-")
        if not dash:
            source, target = "", raw.removeprefix("=")
        try:
            field = museum.by_name(target).id
            if source and museum.by_name(source).id != here:
                raise NotationError(
                    f"{text!r}: the {COLOURS[self.turn]} thief stands on {self.field_name(here)},"
                    f" not {source}"
                )
        except KeyError:
            raise NotationError(
                f"{text!r} is not a move: write the field to end on (roof, 1-28, E1-E4, s1-s9),"
                f" e.g. roof-22, 23-25 or =24 to stay"
            ) from None
        return field

    # -- JSON ---------------------------------------------------------------------------------
    def _position_json(self) -> JSON:
        acting = self.phase in (MOVE, ROB)
        markers = {
            COLOURS[seat]: {
                "banked": [p for p in self.game.museum.pictures if self._owns(seat, p, True)],
                "at_risk": [p for p in self.game.museum.pictures if self._owns(seat, p, False)],
            }
            for seat in range(self.game.num_players)
        }
        return {
            "phase": PHASES[self.phase],
            "start_player": COLOURS[self.start_player] if self.phase != START else None,
            "turn": COLOURS[self.turn] if acting else None,
            "discard": [self.game.deck.kinds[k].name for k in self.discard],
            "thieves": {COLOURS[s]: self.field_name(p) for s, p in enumerate(self.place)},
            "markers": markers,
            "caught": [COLOURS[seat] for seat in self.caught],
        }

    def _owns(self, seat: int, picture: int, banked: bool) -> bool:
        return self.marker[picture] == seat and self.banked[picture] == banked

    def observation(self, seat: int) -> JSON:
        """Everything but the seed (which fixes the cards to come): the pile, the cards left."""
        self._check_seat(seat)
        game = self.game
        card = self.card()
        return {
            "game": game.id,
            "seat": seat,
            "colour": COLOURS[seat],
            **self._position_json(),
            "card": card.name if card else None,
            "deck": {kind.name: self.left[kind.id] for kind in game.deck.kinds},
            "guarded": sorted(self.guarded()),
            "scores": dict(zip(COLOURS, self.scores(), strict=False)),
            "history": list(self._history),
        }

    @classmethod
    def from_json(cls, game: MuseumGame, obj: JSON) -> MuseumState:
        state = cls(game, obj.get("seed"))
        seats = {COLOURS[s]: s for s in range(game.num_players)}
        phase = obj.get("phase", "move")
        if phase not in PHASES:
            raise StateFormatError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
        state.phase = PHASES.index(phase)
        state._read_cards(obj.get("discard", []))
        state._read_thieves(obj.get("thieves", {}), seats)
        state._read_markers(obj.get("markers", {}), seats)
        start = obj.get("start_player") or COLOURS[0]
        turn = obj.get("turn") or start
        if start not in seats or turn not in seats:
            raise StateFormatError(f"start_player and turn must be colours in play: {list(seats)}")
        state.start_player = seats[start]
        state.turn = seats[turn] if state.phase in (MOVE, ROB) else state.start_player
        state.caught = [seats[name] for name in obj.get("caught", [])]
        state._check()
        state._history = [int(a) for a in obj.get("history", [])]
        return state

    def _read_cards(self, names: list[str]) -> None:
        deck = self.game.deck
        for name in names:
            try:
                kind = deck.by_name(str(name)).id
            except KeyError:
                raise StateFormatError(f"{name!r} is no card of the deck") from None
            if not self.left[kind]:
                raise StateFormatError(f"card {name} was turned more often than the deck has it")
            self.discard.append(kind)
            self.left[kind] -= 1

    def _read_thieves(self, thieves: dict[str, str], seats: dict[str, int]) -> None:
        museum = self.game.museum
        for name, place in thieves.items():
            if name not in seats:
                raise StateFormatError(f"thief {name!r} is not in play ({list(seats)})")
            try:
                self.place[seats[name]] = museum.by_name(str(place)).id
            except KeyError:
                raise StateFormatError(f"{name} stands on {place!r}, which is no field") from None
        standing = [p for p in self.place if p != ROOF]
        if len(standing) != len(set(standing)):
            raise StateFormatError("two thieves stand on one field (only the roof holds several)")

    def _read_markers(
        self, markers: dict[str, dict[str, list[int]]], seats: dict[str, int]
    ) -> None:
        pictures = self.game.museum.pictures
        for name, held in markers.items():
            if name not in seats:
                raise StateFormatError(f"markers of {name!r}, which is not in play")
            for banked, key in ((True, "banked"), (False, "at_risk")):
                for picture in held.get(key, []):
                    if int(picture) not in pictures or self.marker[int(picture)] != NOBODY:
                        raise StateFormatError(f"picture {picture}: no picture, or two markers")
                    self.marker[int(picture)] = seats[name]
                    self.banked[int(picture)] = banked
            if self.hand(seats[name]) < 0:
                raise StateFormatError(f"{name} has more than ten markers on pictures")
            if not self.game.roof_banks and held.get("banked"):
                raise StateFormatError("with roof_banks=false no marker is banked")

    def _check(self) -> None:
        """Reject positions the rules cannot reach: a phase without its card, a wrong robber."""
        if self.phase in (MOVE, ROB) and not self.discard:
            raise StateFormatError(f"phase {PHASES[self.phase]} needs a turned card in discard")
        if self.phase == DRAW and not self.rounds_left():
            raise StateFormatError("phase draw with no card left: the game is over")
        if self.phase == OVER and self.rounds_left():
            raise StateFormatError("phase over with cards left in the deck")
        if self.phase == START and (self.discard or any(self.place)):
            raise StateFormatError("phase start comes before any card and any move")
        if self.phase == ROB and not self.can_rob(self.turn):
            raise StateFormatError(f"{COLOURS[self.turn]} cannot rob where it stands")
