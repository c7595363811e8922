"""A crowd of simulated children playing whole games headless, through the real path:
touch events -> the production input filters -> the controller -> the game -> physics.

The children are not the table's model of them (issue 16): each sits with their shoulders
behind their zone and reaches with a left and a right hand as far as their age allows
(`tools/ages.py`); they do not know a face-down card until they have turned it, misjudge a
face-up one now and then, try cards that do not fit and put them back, go for the card a
neighbour reaches for within 0.3 s, drop a card on a neighbour's zone to help, lean a palm or
a sleeve on the glass. An adult reaches in behind one child now and then, and the panel makes
ghost contacts of its own. Their touch source may carry an orientation (with noise) and user
ids from an arm tracker that errs. The simulation knows whose hand every finger is and what
it meant, and scores what the children feel (`Score`).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from seigneurs.game import DuoGame, GameConfig, Phase, RaceGame, Reason
from seigneurs.game.bots import bot_level
from seigneurs.game.duo import ROWS
from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.input.filters import Pipeline, Transform
from seigneurs.input.setup import InputSettings, production_filters
from seigneurs.input.sources import ScriptedSource
from seigneurs.rules import Start
from seigneurs.table import events
from seigneurs.table.controller import DuoController, RaceController
from seigneurs.table.geometry import Point, RaceGeometry
from seigneurs.table.kinds import open_session, table_kind
from seigneurs.table.layout import Place, TableLayout
from seigneurs.table.session import DuoSession, Seating, Session
from seigneurs.tools.ages import AGES, AgeProfile, age_profile
from seigneurs.tools.figures import p99

FRAME = 1 / 60
SIZE = (1920, 1080)
RUSH = 5.0
"""The first seconds after the start, when everybody grabs (often with both hands)."""
RUSH_BOTH_HANDS = 0.6
OTHER_HAND = 0.08
"""Chance a child reaches with the other hand while one is busy."""
CONTEST_WINDOW = 0.3
"""Seconds within which a child may go for the card a neighbour just reached for..."""
CONTEST = 0.3
"""...and how often they do, when that card is in reach."""
HELP = 0.10
"""Chance a card that fits a neighbour (and not oneself) is dropped on that neighbour's zone."""
LOOK_S = (0.3, 0.8)
"""Seconds a child holds a card just turned to look at it before deciding."""
PALM = 0.04
"""Chance a reach also lays a palm or a sleeve on the glass, following the hand."""
FLING_HOME = 0.05
"""Chance a child flicks a card the last stretch into their zone instead of placing it."""
FLING_FROM_CM = (8.0, 15.0)
"""...from this far short of the spot they aim at."""
PANEL_LOST_LIFT = 0.01
"""Chance the panel never reports a lift."""
GHOST_EVERY_S = 20.0
"""Mean seconds between ghost contacts the panel makes up (a few frames; 1 in 5 never lifts)."""
ADULT_EVERY_S = (15.0, 40.0)
"""Seconds between an adult's reaches, behind one child, for a card that fits that child."""
ADULT_BEHIND_CM = 25.0
FINGER_GAP_CM = (1.2, 2.5)
"""How far a child's other fingertips land from the first."""
FINGERTIP_CM = (0.9, 1.5)
PALM_CM = (5.0, 8.0)
SLEEVE_CM = (9.0, 15.0)
ORIENTATION_SIGMA = (10.0, 20.0)
"""Degrees of noise on a contact's orientation (one sigma for the whole game)..."""
UNREADABLE = 0.3
"""...and the share of contacts whose orientation the panel cannot read."""
PANELS = ("none", "axis", "signed")
"""What the simulated panel says of a contact: nothing, its size and axis, or also which way
the finger points."""
ID_RIGHT = 0.95
"""The arm tracker names the right child this often..."""
ID_LOST = 0.10
"""...gives no id for this share of touches..."""
ID_SWAP_EVERY_S = 60.0
ID_SWAP_FOR_S = (3.0, 10.0)
"""...and now and then swaps two neighbours for a few seconds."""
STALL_SECONDS = 120.0
"""No stack (or lay) for this long on the game clock: the game is stalled."""
MAX_SECONDS = 1800.0
AGE_CHOICES = (*AGES, "mixed")
DEFAULT_AGE = "5"


def _around(mean_spread: tuple[float, float], rng: random.Random, least: float) -> float:
    mean, spread = mean_spread
    return max(least, rng.gauss(mean, spread))


@dataclass(slots=True)
class Hand:
    """One hand: its finger down (if any), its path, and what else of it touches the glass."""

    base: Point = (0.0, 0.0)
    finger: int | None = None
    path: list[Point] = field(default_factory=list)
    lose_lift: bool = False
    slip_at: int = -1  # the path step at which the finger slips off (-1: never)
    extra: list[tuple[int, Point]] = field(default_factory=list)  # more fingertips, offsets
    palm: tuple[int, Point] | None = None  # a palm or sleeve following the hand, offset
    look_until: float = math.inf  # holding a face-down card still to look at it


@dataclass(slots=True)
class Child:
    """Somebody at the table: a child at `seat`, or an adult standing behind that child."""

    seat: int
    age: AgeProfile
    shoulder: Point
    forward: Point  # unit vector into the table
    reach: float
    next_at: float
    adult: bool = False
    progress_at: float = 0.0  # when their train last grew: long ago, they lean, then walk
    hands: tuple[Hand, Hand] = field(default_factory=lambda: (Hand(), Hand()))
    neighbours: tuple[int, ...] = ()
    contest: int | None = None  # the card they will go for (a neighbour just reached for it)


@dataclass(slots=True)
class SeatScore:
    """What one seat's child felt, over all games."""

    picks: int = 0
    refused_empty_handed: int = 0
    refused_at_drop: int = 0
    taken_from_hand: int = 0
    second_cards_stacked: int = 0
    wrong_train: int = 0

    def to_json(self, first_wagon_s: float | None) -> dict[str, Any]:
        """With the seat's mean seconds to its first wagon (kept per game in `Score`)."""
        return {"picks": self.picks, "refused_empty_handed": self.refused_empty_handed,
                "refused_at_drop": self.refused_at_drop,
                "taken_from_hand": self.taken_from_hand,
                "second_cards_stacked": self.second_cards_stacked,
                "wrong_train": self.wrong_train,
                "first_wagon_s": None if first_wagon_s is None else round(first_wagon_s, 2)}


def worst_over_best(values: list[float]) -> float | None:
    """The worst seat's figure over the best's: how far from fair (1.0 is even)."""
    return round(max(values) / min(values), 2) if values and min(values) > 0 else None


CHANCE_DRAWS = 1000
"""Draws of a table that treats every seat alike, to say what worst/best luck alone gives."""


def _or_inf(ratio: float | None) -> float:
    return math.inf if ratio is None else ratio


def first_wagon_chance(games: list[dict[int, float]], rng: random.Random) -> float | None:
    """The fairness ratio of first wagons that luck alone reaches 19 times in 20: each game's
    first-wagon times shuffled among the seats that had one (a table fair to every seat),
    the per-seat means compared as the measured figure compares them."""
    seats = sorted({s for game in games for s in game})
    if len(seats) < 2:
        return None
    ratios = []
    for _ in range(CHANCE_DRAWS):
        sums, counts = dict.fromkeys(seats, 0.0), dict.fromkeys(seats, 0)
        for game in games:
            times = list(game.values())
            rng.shuffle(times)
            for seat, t in zip(game, times, strict=True):
                sums[seat] += t
                counts[seat] += 1
        ratios.append(_or_inf(worst_over_best([sums[s] / counts[s] for s in seats if counts[s]])))
    return round(sorted(ratios)[int(CHANCE_DRAWS * 0.95) - 1], 2)


def refusals_chance(picks: dict[int, int], refused: int, rng: random.Random) -> float | None:
    """The fairness ratio of refusals that luck alone reaches 19 times in 20: the same number
    of refusals falling on the seats in proportion to their picks."""
    seats = [s for s in sorted(picks) if picks[s]]
    if len(seats) < 2:
        return None
    weights = [picks[s] for s in seats]
    ratios = []
    for _ in range(CHANCE_DRAWS):
        fell = Counter(rng.choices(seats, weights, k=refused))
        ratios.append(_or_inf(worst_over_best([(fell[s] + 1) / (picks[s] + 1) for s in seats])))
    return round(sorted(ratios)[int(CHANCE_DRAWS * 0.95) - 1], 2)


@dataclass(slots=True)
class Score:
    """What the crowd measured, over all games: what the children felt first, then how."""

    games: int = 0
    finished: int = 0
    stalled: int = 0
    stuck_hands: int = 0
    seats: dict[int, SeatScore] = field(default_factory=dict)
    refused_empty_handed: int = 0
    refused_empty_handed_after_rush: int = 0
    longest_refused_run: int = 0
    refused_twice_in_a_row: int = 0
    refused_at_drop: int = 0
    taken_from_hand: int = 0
    contests_lost: int = 0
    picks: int = 0
    second_cards_stacked: int = 0
    second_cards_stacked_after_rush: int = 0
    wrong_train: int = 0
    stacks_against_guess: int = 0
    flings_home: int = 0
    gifts: int = 0
    gifts_given: int = 0
    unmeant_stacks: int = 0
    stacks_by_others: int = 0
    palm_cards: int = 0
    extra_cards: int = 0
    touch_downs_guessed: int = 0
    touch_downs_right: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    cpu_ms: list[float] = field(default_factory=list)
    busy_cpu_ms: list[float] = field(default_factory=list)
    fingers_down_max: int = 0
    game_seconds: float = 0.0
    first_wagons: list[dict[int, float]] = field(default_factory=list)
    """Each game's seconds to each seat's first wagon: what luck alone would give is drawn
    from these."""

    def seat(self, seat: int) -> SeatScore:
        return self.seats.setdefault(seat, SeatScore())

    def first_wagon_means(self) -> dict[int, float]:
        """Each seat's mean seconds to its first wagon, over the games it had one."""
        times: dict[int, list[float]] = {}
        for game in self.first_wagons:
            for seat, seconds in game.items():
                times.setdefault(seat, []).append(seconds)
        return {seat: statistics.mean(t) for seat, t in times.items()}

    def to_json(self) -> dict[str, Any]:
        busy = self.busy_cpu_ms
        seats = [self.seats[s] for s in sorted(self.seats)]
        refusals = [(s.refused_empty_handed + 1) / (s.picks + 1) for s in seats]
        means = self.first_wagon_means()
        firsts = [means[s] for s in sorted(self.seats) if s in means]
        return {
            "games": self.games, "finished": self.finished, "stalled": self.stalled,
            "stuck_hands": self.stuck_hands, "picks": self.picks,
            "refused_empty_handed": self.refused_empty_handed,
            "refused_empty_handed_rate": round(self.refused_empty_handed / self.picks, 4)
            if self.picks else 0.0,
            "refused_empty_handed_after_rush": self.refused_empty_handed_after_rush,
            "longest_refused_run": self.longest_refused_run,
            "refused_twice_in_a_row": self.refused_twice_in_a_row,
            "refused_at_drop": self.refused_at_drop,
            "taken_from_hand": self.taken_from_hand,
            "contests_lost": self.contests_lost,
            "second_cards_stacked": self.second_cards_stacked,
            "second_cards_stacked_after_rush": self.second_cards_stacked_after_rush,
            "wrong_train": self.wrong_train, "stacks_against_guess": self.stacks_against_guess,
            "flings_home": self.flings_home,
            "gifts": self.gifts, "gifts_given": self.gifts_given,
            "unmeant_stacks": self.unmeant_stacks, "stacks_by_others": self.stacks_by_others,
            "palm_cards": self.palm_cards,
            "first_wagon_s": round(statistics.mean(firsts), 2) if firsts else None,
            "fairness_refusals": worst_over_best(refusals),
            "fairness_refusals_by_chance": refusals_chance(
                {s: self.seats[s].picks for s in self.seats},
                sum(s.refused_empty_handed for s in seats), random.Random(0)),
            "fairness_first_wagon": worst_over_best(firsts),
            "fairness_first_wagon_by_chance": first_wagon_chance(self.first_wagons,
                                                                 random.Random(0)),
            "touch_down_accuracy": round(self.touch_downs_right / self.touch_downs_guessed, 4)
            if self.touch_downs_guessed else None,
            "extra_cards": self.extra_cards,
            "refusals": dict(sorted(self.refusals.items())),
            "frame_cpu_ms_p50": round(statistics.median(self.cpu_ms or [0.0]), 3),
            "frame_cpu_ms_p99": p99(self.cpu_ms),
            "frames_12_fingers": len(busy),
            "frame_cpu_ms_p50_12_fingers": round(statistics.median(busy), 3) if busy else None,
            "frame_cpu_ms_p99_12_fingers": p99(busy) if busy else None,
            "fingers_down_max": self.fingers_down_max,
            "game_seconds": round(self.game_seconds, 1),
            "per_seat": {str(s): self.seats[s].to_json(means.get(s))
                         for s in sorted(self.seats)},
        }


@dataclass(frozen=True, slots=True)
class CrowdSettings:
    """Who plays and what the touch source tells of them."""

    bots: int = 0
    age: str = DEFAULT_AGE
    user_ids: bool = False
    panel: str = "none"
    adult: bool = True
    ghosts: bool = True

    def __post_init__(self) -> None:
        if self.age != "mixed":
            age_profile(self.age)
        if self.panel not in PANELS:
            raise ValueError(f"unknown panel {self.panel!r}; expected {', '.join(PANELS)}")


class CrowdTable(Protocol):
    """Where the crowd's fingers go and where the table's word comes from: straight into the
    controller (`DirectTable`), or over TUIO into the real window (`tools/crowd_tuio.py`)."""

    layout: TableLayout
    over: str
    """How the fingers reach the table (`--over`)."""

    def open(self, seating: Seating, config: GameConfig) -> Session:
        """Deal a game of `config` at this seating; the session the table plays."""
        ...

    def frame(self, touches: list[TouchEvent], now: float) -> tuple[list[events.Event], float]:
        """One frame at the game's `now`: the fingers' events (display fractions, y up)
        delivered and the table advanced by FRAME; what it reported, its `touch` ids the
        crowd's fingers, and the CPU milliseconds the table spent."""
        ...

    def finger(self, touch: int) -> int:
        """The crowd's finger of one of the table's touch ids."""
        ...

    def lost(self, finger: int) -> None:
        """`finger` left the glass, and the panel did not say so."""
        ...

    def stats(self) -> dict[str, Any]:
        """What the transport measured, for the report."""
        ...


class DirectTable:
    """The fingers' events straight into the production filters and the session, headless,
    on a 1920x1080 55" table; no drawing."""

    over = "direct"

    def __init__(self) -> None:
        self.layout = TableLayout.build(*SIZE)
        self.now = 0.0
        self.source = ScriptedSource()
        self.input = Pipeline(self.source, production_filters(InputSettings(), Transform()),
                              clock=lambda: self.now)

    def open(self, seating: Seating, config: GameConfig) -> Session:
        self.session = open_session(self.layout, seating, config)
        return self.session

    def frame(self, touches: list[TouchEvent], now: float) -> tuple[list[events.Event], float]:
        self.now = now
        for touch in touches:
            self.source.push(touch)
        session = self.session
        started = time.thread_time()  # CPU time: other processes on the machine don't count
        session.touches(self.input.poll())
        session.tick(FRAME)
        spent = (time.thread_time() - started) * 1000
        return session.drain(), spent

    def finger(self, touch: int) -> int:
        return touch

    def lost(self, finger: int) -> None:
        pass

    def stats(self) -> dict[str, Any]:
        return {}


class Crowd:
    """One game played by simulated children (and bots)."""

    def __init__(self, config: GameConfig, settings: CrowdSettings, rng: random.Random,
                 score: Score, table: CrowdTable | None = None) -> None:
        self.rng = rng
        self.score = score
        self.settings = settings
        players = len(config.seats)
        bot_seats = {s: bot_level("child") for s in range(players - settings.bots, players)}
        self.table = table = table or DirectTable()
        layout = table.layout
        self.width, self.height = layout.width, layout.height
        self.px_per_cm = layout.px_per_cm
        self.source = ScriptedSource()  # the children's touches, for the table each frame
        self.now = 0.0
        users = {seat: seat for seat in range(players)} if settings.user_ids else {}
        places = tuple(place for _colour, place in table_kind(config.spec).spread(layout, players))
        session = table.open(Seating(places, tuple(bot_seats.get(s) for s in range(players)),
                                     users), config)
        self.control: RaceController | DuoController = session.control
        if isinstance(session, DuoSession):  # D6: the locomotive taken out at random
            self.duo = session.geometry
        else:
            self.race = session.geometry
        game = self.game = session.game
        humans = [s for s in range(players) if s not in bot_seats]
        self.children = [self._person(s, places[s], humans) for s in humans]
        for seat in humans:
            score.seat(seat)
        self.people = list(self.children)
        if settings.adult and humans and isinstance(game, RaceGame):
            helped = rng.choice(humans)
            adult = self._person(helped, places[helped], humans, adult=True)
            adult.next_at = rng.uniform(*ADULT_EVERY_S)
            self.people.append(adult)
        self.owner: dict[int, Child | None] = {}  # finger -> whose it is (None: a ghost)
        self.main: set[int] = set()  # fingers that are a hand's first fingertip
        self.intent: dict[int, int | None] = {}  # finger -> the seat it means to drop for
        self.press_of: dict[int, int] = {}  # finger -> the hand's first fingertip
        self.took: dict[int, set[int]] = {}  # a hand's first fingertip -> the cards it took
        self.down: set[int] = set()  # fingers really on the glass
        self.held: dict[int, int] = {}  # finger -> the card the table says it carries
        self.picked: set[int] = set()  # fingers the table gave a card at touch-down
        self.palms: set[int] = set()  # contacts that are a palm or a sleeve
        self.guessed: dict[int, int | None] = {}  # finger -> the seat the table last named
        self.homing: dict[int, bool] = {}  # finger lifted on its child's own zone, meaning
        # their own train -> whether it was their only card (the table's answer is awaited)
        self.runs: dict[int, int] = {}  # seat -> refusals in a row of an empty-handed child
        self.first_wagon: dict[int, float] = {}
        self.reaches: list[tuple[float, int, int]] = []  # (when, seat, card): contests
        self.ids = iter(range(1, 10**9))
        self.progress_at = 0.0
        self.playing_since = math.inf
        self.orphans: dict[int, float] = {}
        self.stuck_seen: set[int] = set()
        self.sigma = rng.uniform(*ORIENTATION_SIGMA)
        self.swap: tuple[int, int, float] | None = None  # two seats the tracker swaps, until
        self.swap_at = rng.expovariate(1 / ID_SWAP_EVERY_S)
        self.ghost_at = rng.expovariate(1 / GHOST_EVERY_S)
        self.ghosts: list[tuple[int, int, bool]] = []  # (finger, frames left, lifts)
        self.last: dict[int, Point] = {}  # finger -> where it was last reported

    def _person(self, seat: int, place: Place, humans: list[int], adult: bool = False) -> Child:
        """A child at `place`: shoulders behind the zone's inner edge, hands either side."""
        rng = self.rng
        name = self.settings.age if self.settings.age != "mixed" else rng.choice(("3", "5", "8"))
        age = age_profile("adult" if adult else name)
        zone, a = place.zone, math.radians(place.angle)
        forward = (-math.sin(a), math.cos(a))
        across = (math.cos(a), math.sin(a))
        depth = zone.h if place.angle % 180 == 0 else zone.w
        back = age.shoulder_cm * self.px_per_cm + (ADULT_BEHIND_CM * self.px_per_cm
                                                    if adult else 0.0)
        cx, cy = zone.center
        shoulder = (cx + forward[0] * (depth / 2 - back), cy + forward[1] * (depth / 2 - back))
        offset = age.hand_offset_cm * self.px_per_cm
        child = Child(seat, age, shoulder, forward,
                      age.reach_cm * self.px_per_cm * rng.uniform(0.9, 1.1),
                      _around(age.reaction_s, rng, 0.1), adult)
        for hand, side in zip(child.hands, (-1, 1), strict=True):
            hand.base = (shoulder[0] + across[0] * offset * side,
                         shoulder[1] + across[1] * offset * side)
        others = [s for s in humans if s != seat]
        if isinstance(getattr(self, "race", None), RaceGeometry) and others:
            anchors = self.race.anchors
            others.sort(key=lambda s: math.dist(anchors[s], anchors[seat]))
            child.neighbours = tuple(others[:2])
        return child

    # What the panel and the tracker report.

    def _contact(self, base: Point, x: float, y: float,
                 size: tuple[float, float]) -> Contact | None:
        """The panel's word on a contact at (x, y) of a hand coming from `base`."""
        panel = self.settings.panel
        if panel == "none":
            return None
        rng = self.rng
        major = rng.uniform(*size) * self.px_per_cm / self.width
        minor = major * rng.uniform(0.5, 0.9)
        if rng.random() < UNREADABLE:
            return Contact(major, minor)
        angle = math.degrees(math.atan2(y - base[1], x - base[0])) + rng.gauss(0, self.sigma)
        if panel == "axis":
            return Contact(major, minor, angle % 180.0, False)
        return Contact(major, minor, angle % 360.0, True)

    def _user(self, person: Child | None) -> int | None:
        """What the arm tracker says of a new touch: mostly right, sometimes another child,
        sometimes nothing, and two neighbours swapped now and then."""
        if not self.settings.user_ids or person is None:
            return None
        if person.adult:
            return 1000 + person.seat  # a person the table has no seat for
        rng = self.rng
        if rng.random() < ID_LOST:
            return None
        if self.swap is not None and person.seat in self.swap[:2]:
            a, b, _until = self.swap
            return b if person.seat == a else a
        if rng.random() >= ID_RIGHT:
            others = [c.seat for c in self.children if c.seat != person.seat]
            return rng.choice(others) if others else person.seat
        return person.seat

    def _event(self, finger: int, phase: TouchPhase, x: float, y: float,
               contact: Contact | None = None, user: int | None = None) -> None:
        self.last[finger] = (x, y)
        if phase is TouchPhase.UP:
            del self.last[finger]
            person = self.owner.get(finger)
            if person is not None and not person.adult and finger in self.held and \
                    self.intent.get(finger) == person.seat and \
                    isinstance(self.control, RaceController) and \
                    self.race.zone_at(x, y) == person.seat:  # brought home: stacked?
                self.homing[finger] = not self._other_hand_carries(person, finger)
        self.source.push(TouchEvent(finger, phase, min(1.0, max(0.0, x / self.width)),
                                    min(1.0, max(0.0, y / self.height)), self.now, user,
                                    contact))

    def _finger(self, person: Child | None) -> int:
        finger = next(self.ids)
        self.owner[finger] = person
        self.down.add(finger)
        return finger

    # Hands.

    def press(self, child: Child, hand: Hand, x: float, y: float, path: list[Point],
              intent: int | None, fingers: int = 1, look: float = 0.0) -> None:
        """The hand touches at (x, y) with `fingers` fingertips (the first at (x, y)) and
        follows `path` (none: a tap; or it holds still `look` seconds, then decides), meaning
        to drop for `intent` (None: not on a zone)."""
        rng = self.rng
        finger = self._finger(child)
        hand.finger, hand.path = finger, path
        hand.look_until = self.now + look if look else math.inf
        hand.lose_lift = rng.random() < PANEL_LOST_LIFT
        hand.slip_at = rng.randrange(len(path)) if path and rng.random() < child.age.lost_lift \
            else -1
        self.main.add(finger)
        self.press_of[finger] = finger
        self.intent[finger] = intent
        user = self._user(child)
        self._event(finger, TouchPhase.DOWN, x, y, self._contact(hand.base, x, y, FINGERTIP_CM),
                    user)
        for _ in range(fingers - 1):
            gap = rng.uniform(*FINGER_GAP_CM) * self.px_per_cm
            turn = rng.uniform(0, math.tau)
            offset = gap * math.cos(turn), gap * math.sin(turn)
            other = self._finger(child)
            hand.extra.append((other, offset))
            self.press_of[other] = finger
            self._event(other, TouchPhase.DOWN, x + offset[0], y + offset[1],
                        self._contact(hand.base, x + offset[0], y + offset[1], FINGERTIP_CM),
                        user)
        if rng.random() < PALM and not child.adult:
            self._palm(child, hand, x, y, user)
        if not path and hand.look_until == math.inf:  # a tap: sometimes down and up in a frame
            self.lift(hand, x, y)

    def _palm(self, child: Child, hand: Hand, x: float, y: float, user: int | None) -> None:
        """A palm behind the fingertips, or a sleeve along the arm, follows the hand."""
        rng = self.rng
        bx, by = hand.base
        if rng.random() < 0.5:
            back = rng.uniform(4.0, 7.0) * self.px_per_cm / max(1.0, math.dist((x, y), hand.base))
            size = PALM_CM
        else:
            back = rng.uniform(0.4, 0.6)
            size = SLEEVE_CM
        offset = ((bx - x) * back, (by - y) * back)
        palm = self._finger(child)
        self.palms.add(palm)
        self.press_of[palm] = palm
        self.intent[palm] = None
        hand.palm = (palm, offset)
        px, py = x + offset[0], y + offset[1]
        self._event(palm, TouchPhase.DOWN, px, py, self._contact(hand.base, px, py, size), user)

    def follow(self, hand: Hand, x: float, y: float) -> None:
        """The hand moves to (x, y), all its fingertips (and palm) with it."""
        assert hand.finger is not None
        self._event(hand.finger, TouchPhase.MOVE, x, y)
        for finger, (dx, dy) in [*hand.extra, *([hand.palm] if hand.palm else [])]:
            self._event(finger, TouchPhase.MOVE, x + dx, y + dy)

    def lift(self, hand: Hand, x: float, y: float) -> None:
        finger = hand.finger
        assert finger is not None
        self.down.discard(finger)
        if not hand.lose_lift:  # a lost lift: the panel never says the finger went
            self._event(finger, TouchPhase.UP, x, y)
        else:
            self.table.lost(finger)
        for other, (dx, dy) in [*hand.extra, *([hand.palm] if hand.palm else [])]:
            self.down.discard(other)
            self._event(other, TouchPhase.UP, x + dx, y + dy)
        hand.finger, hand.path, hand.extra, hand.palm = None, [], [], None
        hand.look_until = math.inf

    def path(self, child: Child, start: Point, end: Point, fling: bool) -> list[Point]:
        """A fling is a flick of a few frames; a drag goes at the child's pace."""
        speed = self.rng.uniform(*child.age.drag_cm_s) * self.px_per_cm * FRAME
        steps = self.rng.randint(2, 4) if fling else max(8, round(math.dist(start, end) / speed))
        return [(start[0] + (end[0] - start[0]) * k / steps,
                 start[1] + (end[1] - start[1]) * k / steps) for k in range(1, steps + 1)]

    def _aim(self, child: Child, x: float, y: float) -> Point:
        spread = child.age.aim_cm * self.px_per_cm
        return x + self.rng.gauss(0, spread), y + self.rng.gauss(0, spread)

    def _zone_spot(self, child: Child, seat: int) -> Point:
        """Where a child lifts a card meant for `seat`'s train: on the zone, as well as they
        aim (near its edge now and then, the card lying astride it)."""
        zone = self.race.seats[seat].place.zone
        return self._aim(child, zone.center[0] + self.rng.uniform(-zone.w, zone.w) * 0.4,
                         zone.center[1] + self.rng.uniform(-zone.h, zone.h) * 0.4)

    def _home_path(self, child: Child, start: Point, seat: int) -> list[Point]:
        """A drag to `seat`'s zone, the last stretch flicked now and then (a fling home)."""
        end = self._zone_spot(child, seat)
        short = self.rng.uniform(*FLING_FROM_CM) * self.px_per_cm
        gone = math.dist(start, end)
        if self.rng.random() >= FLING_HOME or gone <= short:
            return self.path(child, start, end, False)
        if seat == child.seat:
            self.score.flings_home += 1
        k = 1 - short / gone
        turn = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
        return self.path(child, start, turn, False) + self.path(child, turn, end, True)

    def _put_back_path(self, child: Child, x: float, y: float) -> list[Point]:
        """Not for me: put it back near where it was, or fling it away."""
        fling = self.rng.random() < 0.2
        free = self.race.free
        spread = self.race.card_w * (4 if fling else 1.2)
        end = free.clamp(x + self.rng.uniform(-spread, spread),
                         y + self.rng.uniform(-spread, spread))
        return self.path(child, (x, y), end, fling)

    # Children's choices.

    def _judged_fit(self, child: Child, seat: int, card: int) -> bool:
        """Whether `child` thinks the face-up `card` fits `seat`'s train (right mostly)."""
        assert isinstance(self.game, RaceGame)
        fits = self.game.fits(seat, card)
        return fits if self.rng.random() < child.age.judges_fit else not fits

    def _decide(self, child: Child, card: int) -> int | None:
        """Having seen `card`: the seat it goes to (own, a neighbour's to help), or None."""
        if self._judged_fit(child, child.seat, card):
            return child.seat
        for neighbour in child.neighbours:
            if self._judged_fit(child, neighbour, card) and self.rng.random() < HELP:
                return neighbour
        return None

    def _reach_race(self, child: Child, hand: Hand) -> None:
        control = self.control
        assert isinstance(control, RaceController) and isinstance(self.game, RaceGame)
        game, rng, physics = self.game, self.rng, control.physics
        waited = self.now - child.progress_at  # stuck: stand up and lean, then walk round
        reach = child.reach * (1.0 if waited < 20 else 1.5 if waited < 40 else 10.0)
        spots = {c: physics.bodies[c].position for c in physics.bodies if control.loose(c)}
        near = [c for c, p in spots.items() if math.dist(p, child.shoulder) <= reach]
        card = child.contest if child.contest in near else None
        child.contest = None
        if child.adult:
            near = [c for c in near if game.is_face_up(c) and game.fits(child.seat, c)] or \
                [c for c in near if not game.is_face_up(c)]
        if card is None:
            if not near:
                return
            up = [c for c in near if game.is_face_up(c)]
            wanted = [c for c in up if self._judged_fit(child, child.seat, c)]
            down = [c for c in near if not game.is_face_up(c)]
            pool = wanted if wanted and rng.random() < 0.8 else down or up
            weights = [math.exp(-math.dist(spots[c], child.shoulder) / (child.reach * 0.35))
                       for c in pool]
            card = rng.choices(pool, weights)[0]
        self._contest(child, card)
        x, y = self._aim(child, *spots[card])
        if hand is child.hands[0] and self._side(child, x, y) > 0 and \
                child.hands[1].finger is None:
            hand = child.hands[1]  # the hand on the card's side
        elif hand is child.hands[1] and self._side(child, x, y) < 0 and \
                child.hands[0].finger is None:
            hand = child.hands[0]
        fingers = rng.choice((2, 3)) if rng.random() < child.age.fingertips else 1
        if rng.random() < child.age.tap_not_drag:
            self.press(child, hand, x, y, [], None, fingers)  # a tap where a drag was due
            return
        if not game.is_face_up(card):  # look first, then decide
            self.press(child, hand, x, y, [], None, fingers, rng.uniform(*LOOK_S))
            return
        goal = child.seat if child.adult else self._decide(child, card)
        path = self._home_path(child, (x, y), goal) if goal is not None \
            else self._put_back_path(child, x, y)
        self.press(child, hand, x, y, path, goal, fingers)

    def _side(self, child: Child, x: float, y: float) -> float:
        """Which side of the child (x, y) lies: < 0 left, > 0 right."""
        fx, fy = child.forward
        return (x - child.shoulder[0]) * fy - (y - child.shoulder[1]) * fx

    def _contest(self, child: Child, card: int) -> None:
        """Neighbours who see `child` reach for `card` may go for it within CONTEST_WINDOW."""
        assert isinstance(self.control, RaceController)
        where = self.control.physics.bodies[card].position
        for other in self.children:
            if other is child or other.contest is not None or \
                    all(h.finger is not None for h in other.hands) or \
                    math.dist(where, other.shoulder) > other.reach:
                continue
            if self.rng.random() < CONTEST:
                other.contest = card
                other.next_at = min(other.next_at, self.now + self.rng.uniform(0, CONTEST_WINDOW))

    def _looked(self, child: Child, hand: Hand) -> None:
        """A face-down card turned in the hand: now the child knows it, and decides."""
        hand.look_until = math.inf
        assert hand.finger is not None
        card = self.held.get(hand.finger)
        bodies = self.control.physics.bodies
        if card is None or card not in bodies:  # the table gave nothing: let go
            self.lift(hand, *self.last[hand.finger])
            return
        x, y = bodies[card].position
        goal = self._decide(child, card)
        self.intent[hand.finger] = goal
        hand.path = self._home_path(child, (x, y), goal) if goal is not None \
            else self._put_back_path(child, x, y)

    def _reach_duo(self, child: Child, hand: Hand) -> None:
        control, geometry = self.control, self.duo
        assert isinstance(control, DuoController) and isinstance(self.game, DuoGame)
        seat = child.seat
        if control.revealed[seat] is None:
            return
        rows = self.game.fitting_rows(seat)
        sign = 1 if seat == 0 else -1
        fingers = self.rng.choice((2, 3)) if self.rng.random() < child.age.fingertips else 1
        if not rows:
            self.press(child, hand, *geometry.under(seat).centre, [], seat, fingers)
            return
        row = rows[0] if self.rng.random() > 0.05 else self.rng.randrange(ROWS)
        target = (geometry.mid + sign * geometry.card_w * self.rng.uniform(1.5, 4),
                  geometry.row_y(row))
        if self.rng.random() < 0.35:
            self.press(child, hand, *target, [], seat, fingers)  # a tap on the row
        else:
            start = geometry.reveal(seat)
            self.press(child, hand, *start, self.path(child, start, target, False), seat,
                       fingers)

    def _wants_to_stop(self, seat: int) -> bool:
        """Training: a child calls stop once their train is the longest, from 6 wagons."""
        game = self.game
        assert isinstance(game, RaceGame)
        if not game.variant.min_wagons_to_stop:
            return False
        mine = len(game.trains[seat])
        return mine >= 6 and all(mine > len(t) for s, t in enumerate(game.trains) if s != seat)

    def _ready(self) -> None:
        """Kids, Rois: each child turns their locomotive (R23)."""
        game = self.game
        if isinstance(game, RaceGame) and game.phase is Phase.READY and \
                game.variant.start is Start.LOCOMOTIVES_TURNED:
            for child in self.children:
                if not game.turned[child.seat] and self.now > child.next_at:
                    child.next_at = self.now + 1.0
                    spot = self.race.seats[child.seat].locomotive
                    self.press(child, child.hands[0], *spot.centre, [], None)

    def _move_hands(self, child: Child) -> None:
        for hand in child.hands:
            if hand.finger is None:
                continue
            if hand.look_until <= self.now:
                self._looked(child, hand)
            if hand.finger is None or not hand.path:
                continue
            x, y = hand.path.pop(0)
            self.follow(hand, x, y)
            if not hand.path or len(hand.path) == hand.slip_at:  # there, or the finger slips
                self.lift(hand, x, y)

    def _children(self) -> None:
        game = self.game
        if game.phase is not Phase.PLAYING:
            self._ready()
            return
        if self.playing_since == math.inf:  # the start: each reacts in their own time
            self.playing_since = self.now
            for person in self.people:
                if not person.adult:
                    person.next_at = self.now + _around(person.age.reaction_s, self.rng, 0.1)
        for person in self.people:
            self._move_hands(person)
            if self.now < person.next_at:
                continue
            person.next_at = self.now + (self.rng.uniform(*ADULT_EVERY_S) if person.adult
                                         else _around(person.age.search_s, self.rng, 0.3))
            free = [h for h in person.hands if h.finger is None]
            busy = len(free) < 2
            if not free:
                continue
            if not busy:  # in the rush, often both hands at once
                count = 2 if self.now - self.playing_since < RUSH and not person.adult and \
                    self.rng.random() < RUSH_BOTH_HANDS else 1
            elif person.contest is not None or (not person.adult
                                                and self.rng.random() < OTHER_HAND):
                count = 1  # the other hand while one is busy
            else:
                continue
            if isinstance(game, DuoGame):
                if not busy:
                    self._reach_duo(person, free[0])
            elif not person.adult and self._wants_to_stop(person.seat):
                stop = self.race.seats[person.seat].stop
                assert stop is not None
                self.press(person, free[0], *stop.centre, [], None)  # R16
            else:
                for _ in range(count):
                    free = [h for h in person.hands if h.finger is None]
                    if free:
                        self._reach_race(person, free[0])

    def _ghost(self) -> None:
        """The panel makes up a contact now and then: a few frames, sometimes never lifted."""
        for finger, left, lifts in list(self.ghosts):
            self.ghosts.remove((finger, left, lifts))
            if left > 0:
                self.ghosts.append((finger, left - 1, lifts))
            elif lifts:
                self.down.discard(finger)
                self._event(finger, TouchPhase.UP, *self.last[finger])
            else:
                self.down.discard(finger)
                del self.last[finger]
                self.table.lost(finger)
        if not self.settings.ghosts or self.now < self.ghost_at:
            return
        self.ghost_at = self.now + self.rng.expovariate(1 / GHOST_EVERY_S)
        finger = self._finger(None)
        x, y = self.rng.uniform(0, self.width), self.rng.uniform(0, self.height)
        self._event(finger, TouchPhase.DOWN, x, y,
                    self._contact((x, y - 1.0), x, y, (0.3, 3.0)))
        self.ghosts.append((finger, self.rng.randint(0, 5), self.rng.random() > 0.2))

    def _tracker(self) -> None:
        """The arm tracker swaps two neighbours now and then, for a few seconds."""
        if self.swap is not None and self.now > self.swap[2]:
            self.swap = None
        if self.now >= self.swap_at and len(self.children) > 1:
            self.swap_at = self.now + self.rng.expovariate(1 / ID_SWAP_EVERY_S)
            a = self.rng.choice(self.children)
            b = a.neighbours[0] if a.neighbours else next(
                c.seat for c in self.children if c is not a)
            self.swap = (a.seat, b, self.now + self.rng.uniform(*ID_SWAP_FOR_S))

    # Scoring.

    def _empty_handed(self, child: Child, finger: int) -> bool:
        """Whether no hand of `child` holds a card (by the table's word) but `finger`'s."""
        for hand in child.hands:
            fingers = [] if hand.finger is None else [hand.finger, *(f for f, _ in hand.extra)]
            if any(f != finger and f in self.held and f in self.down for f in fingers):
                return False
        return True

    def _other_hand_carries(self, child: Child, finger: int) -> bool:
        hand_of = self.press_of.get(finger)
        for hand in child.hands:
            if hand.finger is None or hand.finger == hand_of:
                continue
            if any(f in self.held and f in self.down
                   for f in (hand.finger, *(f for f, _ in hand.extra))):
                return True
        return False

    def judge(self, happened: list[events.Event]) -> None:
        """Score what the table did against what each finger's owner meant."""
        score = self.score
        rush = self.now - self.playing_since < RUSH
        for shown in happened:
            if isinstance(shown, events.Refused) and not shown.bot:
                score.refusals[str(shown.reason)] += 1
            if isinstance(shown, events.Stacked | events.Laid):
                self.progress_at = self.now
                for someone in self.people:
                    if someone.seat == shown.seat:
                        someone.progress_at = self.now
                if shown.seat not in self.first_wagon and self.playing_since < math.inf:
                    self.first_wagon[shown.seat] = self.now - self.playing_since
            finger = getattr(shown, "touch", None)
            if finger is None or finger < 0 or finger not in self.owner:
                continue
            person = self.owner[finger]
            if isinstance(shown, events.Picked | events.SeatChanged):
                self.guessed[finger] = shown.seat
            if finger in self.homing:
                self._home(finger, shown)
            if isinstance(shown, events.Picked):
                self.held[finger] = shown.card
                self.picked.add(finger)
                score.palm_cards += finger in self.palms
            elif isinstance(shown, events.Stacked | events.PutBack | events.SlidHome
                            | events.Laid | events.Under):
                self.held.pop(finger, None)
            if isinstance(shown, events.Picked | events.Laid | events.Under) and \
                    finger in self.press_of:
                took = self.took.setdefault(self.press_of[finger], set())
                score.extra_cards += bool(took) and shown.card not in took  # one hand, 2 cards
                took.add(shown.card)
            if person is None or person.adult:
                if isinstance(shown, events.Stacked):
                    if person is None:
                        score.stacks_by_others += 1
                    else:
                        self._stacked(person, finger, shown, rush)
                continue
            if finger not in self.main:
                if isinstance(shown, events.Stacked):
                    score.unmeant_stacks += 1  # a palm, a sleeve, an extra fingertip
                continue
            seat = score.seat(person.seat)
            if isinstance(shown, events.Picked):
                score.picks += 1
                seat.picks += 1
                self.runs[person.seat] = 0
                if shown.seat is not None:
                    score.touch_downs_guessed += 1
                    score.touch_downs_right += shown.seat == person.seat
            elif isinstance(shown, events.Refused) and finger not in self.picked \
                    and self.game.phase is Phase.PLAYING and shown.reason not in (
                        Reason.NOT_STARTED, Reason.GAME_OVER):
                if shown.reason is Reason.TAKEN:
                    score.contests_lost += 1
                elif self._empty_handed(person, finger):
                    score.refused_empty_handed += 1
                    score.refused_empty_handed_after_rush += not rush
                    seat.refused_empty_handed += 1
                    run = self.runs.get(person.seat, 0) + 1
                    self.runs[person.seat] = run
                    score.longest_refused_run = max(score.longest_refused_run, run)
                    score.refused_twice_in_a_row += run == 2
            elif isinstance(shown, events.Stacked):
                self._stacked(person, finger, shown, rush)
            elif isinstance(shown, events.SlidHome) and finger in self.down and \
                    not self._other_hand_carries(person, finger) and not any(
                        self.owner.get(e.touch) is person for e in happened
                        if isinstance(e, events.Stacked)):  # one card at a time: R9
                score.taken_from_hand += 1  # their only card, pulled from a finger still on it
                seat.taken_from_hand += 1

    def _home(self, finger: int, shown: events.Event) -> None:
        """The table's answer to a child who lifted their card on their own zone, meaning
        their own train: stacked, or refused as not fitting (D8), or else a card the child
        brought home and saw slide back (counted when it was their only card)."""
        if (isinstance(shown, events.Refused) and shown.reason is Reason.DOES_NOT_FIT) or \
                isinstance(shown, events.Stacked):
            del self.homing[finger]
        elif isinstance(shown, events.Refused | events.PutBack | events.SlidHome):
            person = self.owner[finger]
            assert person is not None
            if self.homing.pop(finger):
                self.score.refused_at_drop += 1
                self.score.seat(person.seat).refused_at_drop += 1

    def _stacked(self, person: Child, finger: int, shown: events.Stacked, rush: bool) -> None:
        """A wagon stacked by `person`'s finger: for whom it was meant, and whether it went on
        their own train while their other hand carried a card (two at once, R9)."""
        score = self.score
        meant = self.intent.get(finger)
        if meant is None:
            score.unmeant_stacks += 1
        elif meant != person.seat or person.adult:
            score.gifts += 1
            score.gifts_given += shown.seat == meant
        elif shown.seat != meant:
            score.wrong_train += 1
            score.seat(person.seat).wrong_train += 1
        elif self.guessed.get(finger) not in (None, meant):
            score.stacks_against_guess += 1  # stacked by the zone against the table's guess
        if not person.adult and shown.seat == person.seat and \
                self._other_hand_carries(person, finger):
            score.second_cards_stacked += 1
            score.second_cards_stacked_after_rush += not rush
            score.seat(person.seat).second_cards_stacked += 1

    def _stuck(self) -> None:
        """A card held for a finger no longer on the glass, longer than the input's own
        release of stuck touches allows, is a stuck hand."""
        limit = InputSettings().stuck_after + 1.0
        for touch in self.control.hands.carries:
            finger = self.table.finger(touch)
            if finger in self.down:
                continue
            since = self.orphans.setdefault(finger, self.now)
            if self.now - since > limit and finger not in self.stuck_seen:
                self.stuck_seen.add(finger)
                self.score.stuck_hands += 1

    def step(self) -> None:
        """One frame: the people act, the table reads the touches, the crowd scores."""
        score = self.score
        self.now += FRAME
        if not self.game.over:
            self._tracker()
            self._children()
            self._ghost()
        fingers = len(self.down)
        happened, spent = self.table.frame(self.source.poll(), self.now)
        score.cpu_ms.append(spent)
        if fingers >= 12:
            score.busy_cpu_ms.append(spent)
        score.fingers_down_max = max(score.fingers_down_max, fingers)
        self.judge(happened)

    def play(self) -> None:
        score, control = self.score, self.control
        score.games += 1
        frame = 0
        while not control.finished:
            self.step()
            frame += 1
            if frame % 60 == 0:
                self._stuck()
            if self.game.over:
                continue
            if self.now - self.progress_at > STALL_SECONDS or self.now > MAX_SECONDS:
                score.stalled += 1
                break
        score.finished += self.game.over
        self.finish()

    def finish(self) -> None:
        """The game's time and each child's first wagon go into the score."""
        score = self.score
        score.game_seconds += self.now
        score.first_wagons.append({c.seat: self.first_wagon[c.seat] for c in self.children
                                   if c.seat in self.first_wagon})


def run_crowd(variant_name: str, players: int, games: int, seed: int,
              settings: CrowdSettings, table: CrowdTable | None = None) -> dict[str, Any]:
    """Play `games` crowd games from `seed` at `table` (none: a new `DirectTable` for each
    game) and report what they measured."""
    score = Score()
    used: CrowdTable = table or DirectTable()
    for number in range(games):
        config = GameConfig.for_players(variant_name, players, seed + number)
        used = table or DirectTable()
        Crowd(config, settings, random.Random(seed + number), score, used).play()
    return {"variant": variant_name, "players": players, "bots": settings.bots, "seed": seed,
            "age": settings.age, "user_ids": settings.user_ids, "panel": settings.panel,
            "over": used.over, **score.to_json(), **used.stats()}
