"""A crowd of simulated children playing whole games headless, through the real path:
touch events -> the production input filters -> the controller -> the game -> physics.

Each child sits at a seat and reaches with an arm of limited length; they tap, drag at a
child's pace, fling, put back, sometimes touch with two or three fingertips, sometimes use two
hands (both at once in the rush after the start), sometimes go for the same card as a
neighbour, sometimes lose a lift. The simulation knows whose hand every finger is, so it
scores the table's seat guesses (issue 9, clause 7).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from seigneurs.game import DuoGame, GameConfig, Phase, RaceGame, Reason
from seigneurs.game.bots import bot_level
from seigneurs.game.duo import ROWS
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.filters import Pipeline, Transform
from seigneurs.input.setup import InputSettings, _filters
from seigneurs.input.sources import ScriptedSource
from seigneurs.rules import Start
from seigneurs.table import events
from seigneurs.table.attribution import REACH_CM
from seigneurs.table.controller import DuoController, RaceController
from seigneurs.table.geometry import Point
from seigneurs.table.layout import TableLayout, duo_places
from seigneurs.table.session import DuoSession, Seating, open_session

FRAME = 1 / 60
MORE_FINGERS = 0.15
"""Share of reaches for a card made with two or three fingers of the hand, not one (small
children often touch with several)."""
FINGER_GAP_CM = (1.2, 2.5)
"""How far a child's other fingertips land from the first."""
SECOND_HAND = 0.08
"""Chance a child reaches with the other hand while one is busy..."""
RUSH_SECOND_HAND = 0.6
"""...and that they reach with both at once in the first RUSH seconds after the start, when
everybody grabs."""
RUSH = 5.0
DRAG_CM_S = (20.0, 60.0)
"""How fast a child drags a card across the table, in cm per second."""
REACTION = (0.15, 0.6)
"""Seconds from the whistle (or the last locomotive turned) to a child's first reach."""
STALL_SECONDS = 120.0
"""No stack (or lay) for this long on the game clock: the game is stalled."""
MAX_SECONDS = 1800.0
SIZE = (1920, 1080)
Decision = (events.Picked | events.SeatChanged | events.Stacked | events.PutBack
            | events.SlidHome | events.Laid | events.Under | events.Refused)
DECISIONS: dict[type[Decision], str] = {
    events.Picked: "picked", events.SeatChanged: "seat-changed", events.Stacked: "stacked",
    events.PutBack: "put-back", events.SlidHome: "put-back", events.Laid: "laid",
    events.Under: "under", events.Refused: "refused"}
"""Every time the table names a seat for a finger (at the pick, while carried, at the drop),
by the name its wrong guesses are counted under (a card slid home counts as put back)."""


@dataclass(slots=True)
class Hand:
    """One of a child's hands: the finger down (if any), the card it went for, its path."""

    finger: int | None = None
    path: list[Point] = field(default_factory=list)
    lose_lift: bool = False
    extra: list[tuple[int, Point]] = field(default_factory=list)  # more fingers, offsets


@dataclass(slots=True)
class Child:
    seat: int
    anchor: Point
    reach: float
    next_at: float
    progress_at: float = 0.0  # when this child last stacked: long ago, they stand up and lean
    hands: tuple[Hand, Hand] = field(default_factory=lambda: (Hand(), Hand()))


@dataclass(slots=True)
class Score:
    """What the crowd measured, over all games."""

    games: int = 0
    finished: int = 0
    stalled: int = 0
    stuck_hands: int = 0
    decisions: int = 0
    right: int = 0
    picks: int = 0
    wrong_refusals: int = 0
    second_cards: int = 0
    extra_cards: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    wrong_by: Counter[str] = field(default_factory=Counter)
    committed: int = 0
    committed_right: int = 0
    cpu_ms: list[float] = field(default_factory=list)
    busy_cpu_ms: list[float] = field(default_factory=list)
    fingers_down_max: int = 0
    game_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        cpu = sorted(self.cpu_ms) or [0.0]
        busy = sorted(self.busy_cpu_ms)
        return {
            "games": self.games, "finished": self.finished, "stalled": self.stalled,
            "stuck_hands": self.stuck_hands,
            "attribution": round(self.right / self.decisions, 4) if self.decisions else 1.0,
            "attribution_committed": round(self.committed_right / self.committed, 4)
            if self.committed else 1.0,
            "decisions": self.decisions, "picks": self.picks,
            "wrong_refusals": self.wrong_refusals,
            "wrong_refusal_rate": round(self.wrong_refusals / self.picks, 4) if self.picks
            else 0.0,
            "wrong_guesses": dict(sorted(self.wrong_by.items())),
            "second_cards": self.second_cards, "extra_cards": self.extra_cards,
            "refusals": dict(sorted(self.refusals.items())),
            "frame_cpu_ms_p50": round(statistics.median(cpu), 3),
            "frame_cpu_ms_p99": round(cpu[max(0, math.ceil(len(cpu) * 0.99) - 1)], 3),
            "frames_12_fingers": len(busy),
            "frame_cpu_ms_p50_12_fingers": round(statistics.median(busy), 3) if busy else None,
            "frame_cpu_ms_p99_12_fingers": round(busy[max(0, math.ceil(len(busy) * 0.99) - 1)],
                                                 3) if busy else None,
            "fingers_down_max": self.fingers_down_max,
            "game_seconds": round(self.game_seconds, 1),
        }


class Crowd:
    """One game played by simulated children (and bots)."""

    def __init__(self, config: GameConfig, bots: int, user_ids: bool, rng: random.Random,
                 score: Score) -> None:
        self.rng = rng
        self.score = score
        players = len(config.seats)
        bot_seats = {s: bot_level("child") for s in range(players - bots, players)}
        layout = TableLayout.build(*SIZE)
        self.width, self.height = layout.width, layout.height
        self.source = ScriptedSource()
        self.now = 0.0
        self.input = Pipeline(self.source, _filters(InputSettings(), Transform()),
                              clock=lambda: self.now)
        users = {seat: seat for seat in range(players)} if user_ids else {}
        self.user_ids = user_ids
        places = duo_places(layout) if config.spec.duo else \
            tuple(layout.places[i] for i in layout.spread(players))
        session = open_session(layout, Seating(places, tuple(bot_seats.get(s) for s in
                                                             range(players)), users), config)
        self.control: RaceController | DuoController = session.control
        if isinstance(session, DuoSession):  # D6: the locomotive taken out at random
            self.duo = session.geometry
            anchors = [p.zone.center for p in places]
        else:
            self.race = session.geometry
            anchors = self.race.anchors
        self.game = session.game
        reach = REACH_CM * layout.px_per_cm
        self.children = [Child(s, anchors[s], reach * rng.uniform(0.85, 1.15),
                               rng.uniform(0.3, 1.2))
                         for s in range(players) if s not in bot_seats]
        self.owner: dict[int, int] = {}  # finger -> the child's seat: the truth
        self.press_of: dict[int, int] = {}  # finger -> the hand's touch it is a fingertip of
        self.took: dict[int, set[int]] = {}  # a hand's touch -> the cards it took
        self.down: set[int] = set()  # fingers really on the glass
        self.ids = iter(range(1, 10**9))
        self.progress_at = 0.0
        self.playing_since = math.inf
        self.px_per_cm = layout.px_per_cm
        self.held: dict[int, int] = {}  # finger -> the card the table says it carries
        self.orphans: dict[int, float] = {}  # cards held for fingers gone -> since when
        self.stuck_seen: set[int] = set()

    # Fingers.

    def _event(self, finger: int, phase: TouchPhase, x: float, y: float) -> None:
        user = self.owner[finger] if self.user_ids else None
        self.source.push(TouchEvent(finger, phase, min(1.0, max(0.0, x / self.width)),
                                    min(1.0, max(0.0, y / self.height)), self.now, user))

    def _finger(self, child: Child) -> int:
        finger = next(self.ids)
        self.owner[finger] = child.seat
        self.down.add(finger)
        return finger

    def _press(self, child: Child, hand: Hand, x: float, y: float, path: list[Point],
               fingers: int = 1) -> None:
        """The hand touches at (x, y) with `fingers` fingertips (the first at (x, y)) and
        follows `path`; no path is a tap."""
        hand.finger, hand.path = self._finger(child), path
        hand.lose_lift = self.rng.random() < 0.01
        self.press_of[hand.finger] = hand.finger
        self._event(hand.finger, TouchPhase.DOWN, x, y)
        for _ in range(fingers - 1):
            gap = self.rng.uniform(*FINGER_GAP_CM) * self.px_per_cm
            turn = self.rng.uniform(0, math.tau)
            offset = gap * math.cos(turn), gap * math.sin(turn)
            hand.extra.append((self._finger(child), offset))
            self.press_of[hand.extra[-1][0]] = hand.finger
            self._event(hand.extra[-1][0], TouchPhase.DOWN, x + offset[0], y + offset[1])
        if not path:  # a tap: sometimes down and up in the very same frame
            self._lift(hand, x, y)

    def _follow(self, hand: Hand, x: float, y: float) -> None:
        """The hand moves to (x, y), all its fingertips with it."""
        assert hand.finger is not None
        self._event(hand.finger, TouchPhase.MOVE, x, y)
        for finger, (dx, dy) in hand.extra:
            self._event(finger, TouchPhase.MOVE, x + dx, y + dy)

    def _lift(self, hand: Hand, x: float, y: float) -> None:
        finger = hand.finger
        assert finger is not None
        self.down.discard(finger)
        if not hand.lose_lift:  # a lost lift: the panel never says the finger went
            self._event(finger, TouchPhase.UP, x, y)
        for other, (dx, dy) in hand.extra:
            self.down.discard(other)
            self._event(other, TouchPhase.UP, x + dx, y + dy)
        hand.finger, hand.path, hand.extra = None, [], []

    def _path(self, start: Point, end: Point, fling: bool) -> list[Point]:
        """A fling is a flick of a few frames; a drag goes at a child's pace."""
        speed = self.rng.uniform(*DRAG_CM_S) * self.px_per_cm * FRAME
        steps = self.rng.randint(2, 4) if fling else max(8, round(math.dist(start, end) / speed))
        return [(start[0] + (end[0] - start[0]) * k / steps,
                 start[1] + (end[1] - start[1]) * k / steps) for k in range(1, steps + 1)]

    # Children's choices.

    def _reach_race(self, child: Child, hand: Hand, contested: list[int]) -> int | None:
        control = self.control
        assert isinstance(control, RaceController) and isinstance(self.game, RaceGame)
        game = self.game
        physics = control.physics
        waited = self.now - child.progress_at  # stuck: stand up and lean, then walk round
        reach = child.reach * (1.0 if waited < 20 else 1.6 if waited < 40 else 10.0)
        near = [c for c in physics.bodies if control.loose(c)
                and math.dist(physics.bodies[c].position, child.anchor) <= reach]
        if not near:
            return None
        same = [c for c in contested if c in near]
        if same and self.rng.random() < 0.3:
            card = same[0]  # two children go for the same card
        else:  # nearer cards catch the eye first; a far reach now and then
            seen = [c for c in near if game.is_face_up(c) and game.fits(child.seat, c)]
            pool = seen if seen and self.rng.random() < 0.8 else near
            weights = [math.exp(-math.dist(physics.bodies[c].position, child.anchor)
                                / (child.reach * 0.35)) for c in pool]
            card = self.rng.choices(pool, weights)[0]
        x, y = physics.bodies[card].position
        w = control.geometry.card_w * 0.25
        x, y = x + self.rng.uniform(-w, w), y + self.rng.uniform(-w, w)
        roll = self.rng.random()
        fingers = self._fingertips()
        if roll < 0.08:
            self._press(child, hand, x, y, [], fingers)  # a quick tap
            return card
        zone = control.geometry.seats[child.seat].place.zone
        if game.fits(child.seat, card) and self.rng.random() < 0.95:
            end = (zone.center[0] + self.rng.uniform(-zone.w, zone.w) * 0.3,
                   zone.center[1] + self.rng.uniform(-zone.h, zone.h) * 0.3)
            fling = False
        else:  # not for me: put it back near where it was, or fling it away
            fling = self.rng.random() < 0.2
            spread = control.geometry.card_w * (4 if fling else 1.2)
            end = control.geometry.free.clamp(x + self.rng.uniform(-spread, spread),
                                              y + self.rng.uniform(-spread, spread))
        self._press(child, hand, x, y, self._path((x, y), end, fling), fingers)
        return card

    def _fingertips(self) -> int:
        """How many fingertips the hand touches with."""
        return self.rng.choice((2, 3)) if self.rng.random() < MORE_FINGERS else 1

    def _reach_duo(self, child: Child, hand: Hand) -> None:
        control, geometry = self.control, self.duo
        assert isinstance(control, DuoController) and isinstance(self.game, DuoGame)
        seat = child.seat
        if control.revealed[seat] is None:
            return
        rows = self.game.fitting_rows(seat)
        sign = 1 if seat == 0 else -1
        fingers = self._fingertips()
        if not rows:
            self._press(child, hand, *geometry.under(seat).centre, [], fingers)
            return
        row = rows[0] if self.rng.random() > 0.05 else self.rng.randrange(ROWS)
        target = (geometry.mid + sign * geometry.card_w * self.rng.uniform(1.5, 4),
                  geometry.row_y(row))
        if self.rng.random() < 0.35:
            self._press(child, hand, *target, [], fingers)  # a tap on the row, on one's side
        else:
            start = geometry.reveal(seat)
            self._press(child, hand, *start, self._path(start, target, False), fingers)

    def _wants_to_stop(self, seat: int) -> bool:
        """Training: a child calls stop once their train is the longest, from 6 wagons."""
        game = self.game
        assert isinstance(game, RaceGame)
        if not game.variant.min_wagons_to_stop:
            return False
        mine = len(game.trains[seat])
        return mine >= 6 and all(mine > len(t) for s, t in enumerate(game.trains) if s != seat)

    def _children(self) -> None:
        game = self.game
        if game.phase is not Phase.PLAYING:
            if isinstance(game, RaceGame) and game.phase is Phase.READY and \
                    game.variant.start is Start.LOCOMOTIVES_TURNED:
                for child in self.children:  # Kids, Rois: each turns their locomotive (R23)
                    if not game.turned[child.seat] and self.now > child.next_at:
                        child.next_at = self.now + 1.0
                        spot = self.race.seats[child.seat].locomotive
                        self._press(child, child.hands[0], *spot.centre, [])
            return
        if self.playing_since == math.inf:  # the start: each child reacts in their own time
            self.playing_since = self.now
            for child in self.children:
                child.next_at = self.now + self.rng.uniform(*REACTION)
        contested: list[int] = []
        for child in self.children:
            for hand in child.hands:
                if hand.finger is not None and hand.path:
                    x, y = hand.path.pop(0)
                    self._follow(hand, x, y)
                    if not hand.path:
                        self._lift(hand, x, y)
            if self.now < child.next_at:
                continue
            child.next_at = self.now + self.rng.uniform(0.4, 1.6)
            main, other = child.hands
            rush = self.now - self.playing_since < RUSH
            if main.finger is None:  # in the rush, often both hands at once
                hands = [main, other] if rush and other.finger is None and \
                    self.rng.random() < RUSH_SECOND_HAND else [main]
            elif other.finger is None and self.rng.random() < SECOND_HAND:
                hands = [other]  # the other hand while one is busy
            else:
                continue
            if isinstance(self.game, DuoGame):
                if main.finger is None and other.finger is None:
                    self._reach_duo(child, main)
            elif self._wants_to_stop(child.seat):
                stop = self.race.seats[child.seat].stop
                assert stop is not None
                self._press(child, hands[0], *stop.centre, [])  # R16
            else:
                for hand in hands:
                    card = self._reach_race(child, hand, contested)
                    if card is not None:
                        contested.append(card)

    # Scoring.

    def _score(self, happened: list[events.Event]) -> None:
        score = self.score
        for shown in happened:
            if isinstance(shown, events.Stacked | events.Laid):
                self.progress_at = self.now
                for child in self.children:
                    if child.seat == shown.seat:
                        child.progress_at = self.now
            if isinstance(shown, events.Refused) and not shown.bot:
                score.refusals[str(shown.reason)] += 1
            if not isinstance(shown, Decision):
                continue
            finger = shown.touch
            if finger is None or finger < 0 or shown.seat is None:
                continue
            truth = self.owner[finger]
            score.decisions += 1
            score.right += shown.seat == truth
            score.wrong_by[DECISIONS[type(shown)]] += shown.seat != truth
            provisional = isinstance(shown, events.Picked) and shown.provisional
            if not provisional and not isinstance(shown, events.SeatChanged):
                score.committed += 1
                score.committed_right += shown.seat == truth
            if isinstance(shown, events.Picked | events.Laid | events.Under):
                took = self.took.setdefault(self.press_of[finger], set())
                score.extra_cards += bool(took) and shown.card not in took  # one hand, 2 cards
                took.add(shown.card)
            mine_elsewhere = any(self.owner[f] == truth and f in self.down
                                 for f in self.held if f != finger)
            if isinstance(shown, events.Picked):
                score.picks += 1
                score.second_cards += mine_elsewhere
                self.held[finger] = shown.card
            elif isinstance(shown, events.Stacked | events.PutBack | events.SlidHome
                            | events.Laid):
                self.held.pop(finger, None)
            if (isinstance(shown, events.Refused) and shown.reason in (
                    Reason.SEAT_HOLDS_A_CARD, Reason.HAND_FULL) and not mine_elsewhere):
                score.wrong_refusals += 1

    def _stuck(self) -> None:
        """A card held for a finger no longer on the glass, longer than the input's own
        release of stuck touches allows, is a stuck hand."""
        limit = InputSettings().stuck_after + 1.0
        for finger in self.control.hands.carries:
            if finger in self.down:
                continue
            since = self.orphans.setdefault(finger, self.now)
            if self.now - since > limit and finger not in self.stuck_seen:
                self.stuck_seen.add(finger)
                self.score.stuck_hands += 1

    def play(self) -> None:
        score, control = self.score, self.control
        score.games += 1
        frame = 0
        while not control.finished:
            self.now += FRAME
            frame += 1
            if not self.game.over:
                self._children()
            fingers = len(self.down)
            started = time.perf_counter()
            control.touches(self.input.poll(), self.width, self.height)
            control.tick(FRAME)
            spent = (time.perf_counter() - started) * 1000
            score.cpu_ms.append(spent)
            if fingers >= 12:
                score.busy_cpu_ms.append(spent)
            score.fingers_down_max = max(score.fingers_down_max, fingers)
            self._score(control.drain())
            if frame % 60 == 0:
                self._stuck()
            if self.game.over:
                continue
            if self.now - self.progress_at > STALL_SECONDS or self.now > MAX_SECONDS:
                score.stalled += 1
                break
        score.finished += self.game.over
        score.game_seconds += self.now


def run_crowd(variant_name: str, players: int, bots: int, games: int, seed: int,
              user_ids: bool) -> dict[str, Any]:
    """Play `games` crowd games from `seed` and report what they measured."""
    score = Score()
    for number in range(games):
        config = GameConfig.for_players(variant_name, players, seed + number)
        Crowd(config, bots, user_ids, random.Random(seed + number), score).play()
    return {"variant": variant_name, "players": players, "bots": bots, "seed": seed,
            "user_ids": user_ids, **score.to_json()}
