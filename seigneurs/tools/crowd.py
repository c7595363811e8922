"""A crowd of simulated children playing whole games headless, through the real path:
touch events -> the production input filters -> the controller -> the game -> physics.

The children are not the table's model of them (issue 16): each sits with their shoulders
behind their zone and reaches with a left and a right hand as far as their age allows
(`tools/ages.py`); they do not know a face-down card until they have turned it, misjudge a
face-up one now and then, try cards that do not fit and put them back, go for the card a
neighbour reaches for within 0.3 s, drop a card on a neighbour's zone to help, lean a palm or
a sleeve on the glass. An adult reaches in behind one child now and then, and the panel makes
ghost contacts of its own. Their touch source may carry each contact's size (a child's or an
adult's fingertip, as published finger measurements size them: `FINGERTIP_CM`) and orientation
(with noise), and user ids from an arm tracker that errs. The simulation knows whose hand
every finger is and what it meant, and scores what the children feel (`Score`).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from seigneurs.game import DuoGame, GameConfig, Phase, RaceGame
from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.game.duo import ROWS
from seigneurs.input.events import DOWN, MOVE, UP, Contact, TouchEvent, TouchPhase
from seigneurs.input.filters import Pipeline, Transform
from seigneurs.input.setup import InputSettings, production_filters
from seigneurs.input.sources import ScriptedSource
from seigneurs.rules import Start
from seigneurs.table import events
from seigneurs.table.controller import DuoController, RaceController
from seigneurs.table.geometry import DuoGeometry, Point, RaceGeometry
from seigneurs.table.kinds import open_session, table_kind
from seigneurs.table.layout import Place, TableLayout
from seigneurs.table.session import Seating, Session
from seigneurs.tools.ages import AGES, AgeProfile, age_profile
from seigneurs.tools.crowd_panel import PANELS, Panel
from seigneurs.tools.crowd_scorer import RUSH, Score, Scorer

FRAME = 1 / 60
SIZE = (1920, 1080)
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
ADULT_EVERY_S = (15.0, 40.0)
"""Seconds between an adult's reaches, behind one child, for a card that fits that child."""
ADULT_BEHIND_CM = 25.0
FINGER_GAP_CM = (1.2, 2.5)
"""How far a child's other fingertips land from the first."""
TIP_LIFTS = 0.3
"""Chance a hand of several fingertips lifts its first one mid-drag while the others stay on
the glass and carry on (issue 33: the journal showed a pick and a put-back mid-drag)."""
FINGERTIP_CM = (0.9, 1.5)
"""How long a child's fingertip contact is (the panel's major axis, where it gives one): within
the pad of an index finger of 9-22 mm (mean 15) at 3-10 years ("Lengths, girths, and diameters
of children's fingers from 3 to 10 years of age", Ann. Anat. 192 (2010) 156-161), the pad
touching over about 0.7 of the finger's width (10-14 mm of an adult's 16-20 mm: Dandekar,
Raju, Srinivasan, J. Biomech. Eng. 125 (2003) 682-691, MIT Touch Lab)."""
ADULT_FINGERTIP_CM = (1.1, 1.4)
"""...and an adult's: 0.7 of an adult's 16-20 mm index finger (the same sources). It lies within
the children's range: a contact's size alone cannot tell the adult's finger from a child's."""
PALM_CM = (5.0, 8.0)
SLEEVE_CM = (9.0, 15.0)
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
    tip_lifts: bool = False  # its first fingertip lifts mid-drag, the others carry on
    tip_lifts_at: int = -1  # ...when this many steps of the path are left


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


@dataclass(frozen=True, slots=True)
class CrowdSettings:
    """Who plays and what the touch source tells of them."""

    bots: int = 0
    age: str = DEFAULT_AGE
    user_ids: bool = False
    panel: str = "none"
    adult: bool = True
    ghosts: bool = True
    bot: BotLevel = BOT_LEVELS["child"]
    """The level of every bot at the table (`seigneurs matchup` measures each against these
    children)."""

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

    def frame(self, touches: list[TouchEvent],
              now: float) -> tuple[list[events.Event], float | None]:
        """One step of the children at the game's `now`: the fingers' events (display
        fractions, y up) delivered and the table advanced by FRAME (or by its own frame, once
        one is due); what it reported, its `touch` ids the crowd's fingers, and the CPU
        milliseconds the table spent (None: it drew no frame this step)."""
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
    on a 1920x1080 55" table; no drawing. The children live at 60 steps a second; the table
    reads their touches and moves on `fps` times a second (a busy kiosk draws 20: issue 32),
    each frame bringing the events stamped since the last."""

    over = "direct"

    def __init__(self, fps: int = 60) -> None:
        if fps < 1 or round(1 / FRAME) % fps:
            raise ValueError(f"--fps must divide {round(1 / FRAME)}, not {fps}")
        self.layout = TableLayout.build(*SIZE)
        self.now = 0.0
        self.every = round(1 / FRAME) // fps  # the children's steps per table frame
        self.steps = 0
        self.source = ScriptedSource()
        self.input = Pipeline(self.source, production_filters(InputSettings(), Transform()),
                              clock=lambda: self.now)

    def open(self, seating: Seating, config: GameConfig) -> Session:
        self.session = open_session(self.layout, seating, config)
        return self.session

    def frame(self, touches: list[TouchEvent],
              now: float) -> tuple[list[events.Event], float | None]:
        self.now = now
        for touch in touches:
            self.source.push(touch)
        self.steps += 1
        if self.steps % self.every:
            return [], None  # no frame drawn yet: the touches wait in the source
        session = self.session
        started = time.thread_time()  # CPU time: other processes on the machine don't count
        session.touches(self.input.poll())
        session.tick(FRAME * self.every)
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
        self.tips = random.Random(hash(rng.getstate()[1]))
        """Whose first fingertip lifts mid-drag (`TIP_LIFTS`): a stream of its own, so that
        every other choice of the children stays what the seed made it; seeded by the
        generator's numbers alone (its whole state holds None, whose hash is an address)."""
        self.score = score
        self.settings = settings
        players = len(config.seats)
        bot_seats = {s: settings.bot for s in range(players - settings.bots, players)}
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
        self.kind = CHILDREN[config.spec.engine](self, session)
        self.game = session.game
        humans = [s for s in range(players) if s not in bot_seats]
        self.children = [self._person(s, places[s], humans) for s in humans]
        for seat in humans:
            score.seat(seat)
        self.people = list(self.children)
        if settings.adult and humans and self.kind.adults:
            helped = rng.choice(humans)
            adult = self._person(helped, places[helped], humans, adult=True)
            adult.next_at = rng.uniform(*ADULT_EVERY_S)
            self.people.append(adult)
        self.scorer = scorer = Scorer(score)
        self.owner, self.main, self.intent = scorer.owner, scorer.main, scorer.intent
        self.down, self.held, self.palms = scorer.down, scorer.held, scorer.palms
        """What the scorer keeps of each finger, which the children's moves fill in."""
        self.ids = iter(range(1, 10**9))
        self.progress_at = 0.0
        self.playing_since = math.inf
        self.panel = Panel(settings.panel, settings.user_ids, settings.ghosts, rng,
                           self.px_per_cm, self.width, self.height)
        self.last: dict[int, Point] = {}  # finger -> where it was last reported

    @property
    def race(self) -> RaceGeometry:
        """A race game's table geometry, for scenes that place fingers by it."""
        return cast(RaceChildren, self.kind).race

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
        child.neighbours = self.kind.neighbours(seat, humans)
        return child

    def _event(self, finger: int, phase: TouchPhase, x: float, y: float,
               contact: Contact | None = None, user: int | None = None) -> None:
        self.last[finger] = (x, y)
        if phase is UP:
            del self.last[finger]
            self.scorer.lifted(finger, lambda seat: self.kind.zone_at(x, y) == seat)
        self.source.push(TouchEvent(finger, phase, min(1.0, max(0.0, x / self.width)),
                                    min(1.0, max(0.0, y / self.height)), self.now, user,
                                    contact))

    def _finger(self, person: Child | None) -> int:
        finger = next(self.ids)
        self.scorer.touched(finger, person)
        return finger

    def _gone(self, finger: int, lifted: bool) -> None:
        """A contact off the glass: its lift reported, or never (the panel forgot it)."""
        self.down.discard(finger)
        if lifted:
            self._event(finger, UP, *self.last[finger])
        else:
            del self.last[finger]
            self.table.lost(finger)

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
        hand.lose_lift = self.panel.loses_lift()
        hand.slip_at = rng.randrange(len(path)) if path and rng.random() < child.age.lost_lift \
            else -1
        self.main.add(finger)
        self.scorer.press_of[finger] = finger
        self.intent[finger] = intent
        user = self.panel.user(child, self.children)
        tip = ADULT_FINGERTIP_CM if child.adult else FINGERTIP_CM
        self._event(finger, DOWN, x, y, self.panel.contact(hand.base, x, y, tip), user)
        for _ in range(fingers - 1):
            gap = rng.uniform(*FINGER_GAP_CM) * self.px_per_cm
            turn = rng.uniform(0, math.tau)
            offset = gap * math.cos(turn), gap * math.sin(turn)
            other = self._finger(child)
            hand.extra.append((other, offset))
            self.scorer.press_of[other] = finger
            self._event(other, DOWN, x + offset[0], y + offset[1],
                        self.panel.contact(hand.base, x + offset[0], y + offset[1], tip), user)
        hand.tip_lifts = fingers > 1 and self.tips.random() < TIP_LIFTS
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
        self.scorer.press_of[palm] = palm
        self.intent[palm] = None
        hand.palm = (palm, offset)
        px, py = x + offset[0], y + offset[1]
        self._event(palm, DOWN, px, py, self.panel.contact(hand.base, px, py, size),
                    user)

    def follow(self, hand: Hand, x: float, y: float) -> None:
        """The hand moves to (x, y), all its fingertips (and palm) with it."""
        assert hand.finger is not None
        self._event(hand.finger, MOVE, x, y)
        for finger, (dx, dy) in [*hand.extra, *([hand.palm] if hand.palm else [])]:
            self._event(finger, MOVE, x + dx, y + dy)

    def lift(self, hand: Hand, x: float, y: float) -> None:
        finger = hand.finger
        assert finger is not None
        self.down.discard(finger)
        if not hand.lose_lift:  # a lost lift: the panel never says the finger went
            self._event(finger, UP, x, y)
        else:
            self.table.lost(finger)
        for other, (dx, dy) in [*hand.extra, *([hand.palm] if hand.palm else [])]:
            self.down.discard(other)
            self._event(other, UP, x + dx, y + dy)
        hand.finger, hand.path, hand.extra, hand.palm = None, [], [], None
        hand.look_until, hand.tip_lifts, hand.tip_lifts_at = math.inf, False, -1

    def path(self, child: Child, start: Point, end: Point, fling: bool) -> list[Point]:
        """A fling is a flick of a few frames; a drag goes at the child's pace."""
        speed = self.rng.uniform(*child.age.drag_cm_s) * self.px_per_cm * FRAME
        steps = self.rng.randint(2, 4) if fling else max(8, round(math.dist(start, end) / speed))
        return [(start[0] + (end[0] - start[0]) * k / steps,
                 start[1] + (end[1] - start[1]) * k / steps) for k in range(1, steps + 1)]

    def _move_hands(self, child: Child) -> None:
        for hand in child.hands:
            if hand.finger is None:
                continue
            if hand.look_until <= self.now:
                self.kind.looked(child, hand)
            if hand.finger is None or not hand.path:
                continue
            if hand.tip_lifts and hand.tip_lifts_at < 0:
                hand.tip_lifts_at = len(hand.path) // 2
            x, y = hand.path.pop(0)
            self.follow(hand, x, y)
            if not hand.path or len(hand.path) == hand.slip_at:  # there, or the finger slips
                self.lift(hand, x, y)
            elif hand.extra and len(hand.path) == hand.tip_lifts_at:
                self.tip_lifts(hand, x, y)

    def tip_lifts(self, hand: Hand, x: float, y: float) -> None:
        """The hand's first fingertip lifts at (x, y); the next carries on along the path (the
        child still holds their card with it)."""
        finger = hand.finger
        assert finger is not None
        self.down.discard(finger)
        self._event(finger, UP, x, y)
        other, (dx, dy) = hand.extra.pop(0)
        self.main.add(other)
        self.intent[other] = self.intent.get(finger)
        hand.finger = other
        hand.path = [(px + dx, py + dy) for px, py in hand.path]
        hand.extra = [(f, (ex - dx, ey - dy)) for f, (ex, ey) in hand.extra]
        if hand.palm is not None:
            palm, (px, py) = hand.palm
            hand.palm = (palm, (px - dx, py - dy))

    def _children(self) -> None:
        game = self.game
        if game.phase is not Phase.PLAYING:
            self.kind.ready()
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
            self.kind.turn(person, free, busy, count)

    def step(self) -> None:
        """One frame: the people act, the table reads the touches, the crowd scores."""
        score = self.score
        self.now += FRAME
        if not self.game.over:
            self.panel.track(self.now, self.children)
            self._children()
            self.panel.ghost(self.now, lambda: self._finger(None), self._event, self._gone)
        fingers = len(self.down)
        happened, spent = self.table.frame(self.source.poll(), self.now)
        if spent is not None:
            score.cpu_ms.append(spent)
            if fingers >= 12:
                score.busy_cpu_ms.append(spent)
        score.fingers_down_max = max(score.fingers_down_max, fingers)
        self.judge(happened)

    def judge(self, happened: list[events.Event]) -> None:
        """The children who see their train grow stop leaning; the scorer scores it all."""
        for shown in happened:
            if isinstance(shown, events.Stacked | events.Laid):
                self.progress_at = self.now
                for someone in self.people:
                    if someone.seat == shown.seat:
                        someone.progress_at = self.now
        self.scorer.judge(happened, self.now, self.playing_since,
                          self.game.phase is Phase.PLAYING)

    def play(self) -> None:
        score, control = self.score, self.control
        score.games += 1
        frame = 0
        while not control.finished:
            self.step()
            frame += 1
            if frame % 60 == 0:
                self.scorer.stuck([self.table.finger(t) for t in control.hands.carries],
                                  self.now)
            if self.game.over:
                continue
            if self.now - self.progress_at > STALL_SECONDS or self.now > MAX_SECONDS:
                score.stalled += 1
                break
        score.finished += self.game.over
        self.finish()

    def finish(self) -> None:
        """The game's time and each child's first wagon go into the score."""
        self.scorer.finish(self.now, [c.seat for c in self.children])


class RaceChildren:
    """How the children play a race game (Training, Seigneurs, Kids, Rois): they reach for the
    cards within their reach, look at a face-down one, carry a card home or to a neighbour, or
    put it back; they turn their locomotive and call stop; an adult may reach in."""

    adults = True

    def __init__(self, crowd: Crowd, session: Any) -> None:
        self.crowd, self.rng = crowd, crowd.rng
        self.game: RaceGame = session.game
        self.control: RaceController = session.control
        self.race: RaceGeometry = session.geometry
        self.zone_at = self.race.zone_at

    def neighbours(self, seat: int, humans: list[int]) -> tuple[int, ...]:
        """The two children nearest `seat`, whose trains a card may be carried to."""
        others = [s for s in humans if s != seat]
        anchors = self.race.anchors
        others.sort(key=lambda s: math.dist(anchors[s], anchors[seat]))
        return tuple(others[:2])

    def turn(self, person: Child, free: list[Hand], busy: bool, count: int) -> None:
        """`person`'s turn to act with a `free` hand (`count` at once in the rush)."""
        if not person.adult and self._wants_to_stop(person.seat):
            stop = self.race.seats[person.seat].stop
            assert stop is not None
            self.crowd.press(person, free[0], *stop.centre, [], None)  # R16
            return
        for _ in range(count):
            free = [h for h in person.hands if h.finger is None]
            if free:
                self._reach_race(person, free[0])

    def _aim(self, child: Child, x: float, y: float) -> Point:
        spread = child.age.aim_cm * self.crowd.px_per_cm
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
        short = self.rng.uniform(*FLING_FROM_CM) * self.crowd.px_per_cm
        gone = math.dist(start, end)
        if self.rng.random() >= FLING_HOME or gone <= short:
            return self.crowd.path(child, start, end, False)
        if seat == child.seat:
            self.crowd.score.flings_home += 1
        k = 1 - short / gone
        turn = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
        return self.crowd.path(child, start, turn, False) + self.crowd.path(child, turn, end, True)

    def _put_back_path(self, child: Child, x: float, y: float) -> list[Point]:
        """Not for me: put it back near where it was, or fling it away."""
        fling = self.rng.random() < 0.2
        free = self.race.free
        spread = self.race.card_w * (4 if fling else 1.2)
        end = free.clamp(x + self.rng.uniform(-spread, spread),
                         y + self.rng.uniform(-spread, spread))
        return self.crowd.path(child, (x, y), end, fling)

    # Children's choices.

    def _judged_fit(self, child: Child, seat: int, card: int) -> bool:
        """Whether `child` thinks the face-up `card` fits `seat`'s train (right mostly)."""
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
        game, rng, physics = self.game, self.rng, control.physics
        waited = self.crowd.now - child.progress_at  # stuck: stand up and lean, then walk round
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
            self.crowd.press(child, hand, x, y, [], None, fingers)  # a tap where a drag was due
            return
        if not game.is_face_up(card):  # look first, then decide
            self.crowd.press(child, hand, x, y, [], None, fingers, rng.uniform(*LOOK_S))
            return
        goal = child.seat if child.adult else self._decide(child, card)
        path = self._home_path(child, (x, y), goal) if goal is not None \
            else self._put_back_path(child, x, y)
        self.crowd.press(child, hand, x, y, path, goal, fingers)

    def _side(self, child: Child, x: float, y: float) -> float:
        """Which side of the child (x, y) lies: < 0 left, > 0 right."""
        fx, fy = child.forward
        return (x - child.shoulder[0]) * fy - (y - child.shoulder[1]) * fx

    def _contest(self, child: Child, card: int) -> None:
        """Neighbours who see `child` reach for `card` may go for it within CONTEST_WINDOW."""
        where = self.control.physics.bodies[card].position
        for other in self.crowd.children:
            if other is child or other.contest is not None or \
                    all(h.finger is not None for h in other.hands) or \
                    math.dist(where, other.shoulder) > other.reach:
                continue
            if self.rng.random() < CONTEST:
                other.contest = card
                other.next_at = min(other.next_at,
                                    self.crowd.now + self.rng.uniform(0, CONTEST_WINDOW))

    def looked(self, child: Child, hand: Hand) -> None:
        """A face-down card turned in the hand: now the child knows it, and decides."""
        hand.look_until = math.inf
        assert hand.finger is not None
        card = self.crowd.held.get(hand.finger)
        bodies = self.control.physics.bodies
        if card is None or card not in bodies:  # the table gave nothing: let go
            self.crowd.lift(hand, *self.crowd.last[hand.finger])
            return
        x, y = bodies[card].position
        goal = self._decide(child, card)
        self.crowd.intent[hand.finger] = goal
        hand.path = self._home_path(child, (x, y), goal) if goal is not None \
            else self._put_back_path(child, x, y)

    def _wants_to_stop(self, seat: int) -> bool:
        """Training: a child calls stop once their train is the longest, from 6 wagons."""
        game = self.game
        if not game.variant.min_wagons_to_stop:
            return False
        mine = len(game.trains[seat])
        return mine >= 6 and all(mine > len(t) for s, t in enumerate(game.trains) if s != seat)

    def ready(self) -> None:
        """Kids, Rois: each child turns their locomotive (R23)."""
        game = self.game
        if game.phase is Phase.READY and \
                game.variant.start is Start.LOCOMOTIVES_TURNED:
            for child in self.crowd.children:
                if not game.turned[child.seat] and self.crowd.now > child.next_at:
                    child.next_at = self.crowd.now + 1.0
                    spot = self.race.seats[child.seat].locomotive
                    self.crowd.press(child, child.hands[0], *spot.centre, [], None)


class DuoChildren:
    """How the children play Duo: their revealed card laid on a fitting row (dragged there or
    a tap on the row), or sent under when none fits."""

    adults = False

    def __init__(self, crowd: Crowd, session: Any) -> None:
        self.crowd, self.rng = crowd, crowd.rng
        self.game: DuoGame = session.game
        self.control: DuoController = session.control
        self.duo: DuoGeometry = session.geometry

    def zone_at(self, x: float, y: float) -> int | None:
        return None  # no zone to bring a card home to: the rows are the table's

    def neighbours(self, seat: int, humans: list[int]) -> tuple[int, ...]:
        return ()

    def ready(self) -> None:
        """The whistle is the children's: nothing to turn."""

    def looked(self, child: Child, hand: Hand) -> None:
        """Nothing is looked at in Duo: the hand lets go."""
        hand.look_until = math.inf
        assert hand.finger is not None
        self.crowd.lift(hand, *self.crowd.last[hand.finger])

    def turn(self, person: Child, free: list[Hand], busy: bool, count: int) -> None:
        """One card at a time, with a free hand when neither is busy."""
        if not busy:
            self._reach_duo(person, free[0])

    def _reach_duo(self, child: Child, hand: Hand) -> None:
        control, geometry = self.control, self.duo
        seat = child.seat
        if control.revealed[seat] is None:
            return
        rows = self.game.fitting_rows(seat)
        sign = 1 if seat == 0 else -1
        fingers = self.rng.choice((2, 3)) if self.rng.random() < child.age.fingertips else 1
        if not rows:
            self.crowd.press(child, hand, *geometry.under(seat).centre, [], seat, fingers)
            return
        row = rows[0] if self.rng.random() > 0.05 else self.rng.randrange(ROWS)
        target = (geometry.mid + sign * geometry.card_w * self.rng.uniform(1.5, 4),
                  geometry.row_y(row))
        if self.rng.random() < 0.35:
            self.crowd.press(child, hand, *target, [], seat, fingers)  # a tap on the row
        else:
            start = geometry.reveal(seat)
            self.crowd.press(child, hand, *start,
                             self.crowd.path(child, start, target, False), seat, fingers)


CHILDREN: dict[str, type[RaceChildren] | type[DuoChildren]] = {
    "race": RaceChildren, "duo": DuoChildren}
"""How children play each game kind (`Variant.engine`), as the product's kinds registries."""


def run_crowd(variant_name: str, players: int, games: int, seed: int,
              settings: CrowdSettings, table: CrowdTable | None = None,
              fps: int = 60) -> dict[str, Any]:
    """Play `games` crowd games from `seed` at `table` (none: a new `DirectTable` for each
    game, drawing `fps` frames a second) and report what they measured."""
    score = Score()
    used: CrowdTable = table or DirectTable(fps)
    for number in range(games):
        config = GameConfig.for_players(variant_name, players, seed + number)
        used = table or DirectTable(fps)
        Crowd(config, settings, random.Random(seed + number), score, used).play()
    return {"variant": variant_name, "players": players, "bots": settings.bots, "seed": seed,
            "age": settings.age, "user_ids": settings.user_ids, "panel": settings.panel,
            "over": used.over, **({} if table else {"fps": fps}), **score.to_json(),
            **used.stats()}
