"""The crowd's scorer: what the children felt, from what the table reported against what
each finger's owner meant (issue 16). It knows whose every finger is (`touched`), not how the
children behave: its tests build their scenes by hand."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from seigneurs.game import Reason
from seigneurs.input.setup import InputSettings
from seigneurs.table import events
from seigneurs.tools.figures import p99

RUSH = 5.0
"""The first seconds after the start, when everybody grabs (often with both hands)."""

Point = tuple[float, float]


class Fingers(Protocol):
    """One hand as the scorer sees it: its first fingertip on the glass, and the others."""

    @property
    def finger(self) -> int | None: ...

    @property
    def extra(self) -> Sequence[tuple[int, Point]]: ...


class Person(Protocol):
    """Whoever a finger is of: a child at `seat`, or an adult behind that child."""

    @property
    def seat(self) -> int: ...

    @property
    def adult(self) -> bool: ...

    @property
    def hands(self) -> Sequence[Fingers]: ...


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


class Scorer:
    """Scores one game into `score`: whose each finger is and what it meant, what the table
    says each carries, and what that did to the children."""

    def __init__(self, score: Score) -> None:
        self.score = score
        self.owner: dict[int, Person | None] = {}  # finger -> whose it is (None: a ghost)
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
        self.orphans: dict[int, float] = {}
        self.stuck_seen: set[int] = set()

    def touched(self, finger: int, person: Person | None) -> None:
        """A new finger on the glass, `person`'s (None: the panel's own ghost)."""
        self.owner[finger] = person
        self.down.add(finger)

    def _empty_handed(self, child: Person, finger: int) -> bool:
        """Whether no hand of `child` holds a card (by the table's word) but `finger`'s."""
        for hand in child.hands:
            fingers = [] if hand.finger is None else [hand.finger, *(f for f, _ in hand.extra)]
            if any(f != finger and f in self.held and f in self.down for f in fingers):
                return False
        return True

    def other_hand_carries(self, child: Person, finger: int) -> bool:
        """Whether another hand of `child` than `finger`'s holds a card (by the table's word)."""
        hand_of = self.press_of.get(finger)
        for hand in child.hands:
            if hand.finger is None or hand.finger == hand_of:
                continue
            if any(f in self.held and f in self.down
                   for f in (hand.finger, *(f for f, _ in hand.extra))):
                return True
        return False

    def judge(self, happened: list[events.Event], now: float, playing_since: float,
              playing: bool) -> None:
        """Score what the table did at `now` against what each finger's owner meant (the game
        `playing` since `playing_since`, or not yet: math.inf)."""
        score = self.score
        rush = now - playing_since < RUSH
        for shown in happened:
            if isinstance(shown, events.Refused) and not shown.bot:
                score.refusals[str(shown.reason)] += 1
            if isinstance(shown, events.Stacked | events.Laid) and \
                    shown.seat not in self.first_wagon and playing_since < math.inf:
                self.first_wagon[shown.seat] = now - playing_since
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
            elif isinstance(shown, events.HandedOn):
                self.held.pop(shown.before, None)
                self.held[finger] = shown.card
            elif isinstance(shown, events.Stacked | events.BackOnTable | events.SlidHome
                            | events.Laid | events.WentUnder):
                self.held.pop(finger, None)
            if isinstance(shown, events.Picked | events.Laid | events.WentUnder) and \
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
                    and playing and shown.reason not in (
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
            elif isinstance(shown, events.SlidHome | events.BackOnTable) and \
                    self._hand_on_glass(finger) and \
                    not self.other_hand_carries(person, finger) and not any(
                        self.owner.get(e.touch) is person for e in happened
                        if isinstance(e, events.Stacked)):  # one card at a time: R9
                score.taken_from_hand += 1  # their only card, pulled from a hand still on it
                seat.taken_from_hand += 1

    def _hand_on_glass(self, finger: int) -> bool:
        """Whether `finger`, or another fingertip of its hand (not a palm), is on the glass."""
        hand = self.press_of.get(finger, finger)
        return finger in self.down or any(
            self.press_of.get(f) == hand for f in self.down if f not in self.palms)

    def _home(self, finger: int, shown: events.Event) -> None:
        """The table's answer to a child who lifted their card on their own zone, meaning
        their own train: stacked, or refused as not fitting (D8), or else a card the child
        brought home and saw slide back (counted when it was their only card)."""
        if (isinstance(shown, events.Refused) and shown.reason is Reason.DOES_NOT_FIT) or \
                isinstance(shown, events.Stacked):
            del self.homing[finger]
        elif isinstance(shown, events.Refused | events.BackOnTable | events.SlidHome):
            person = self.owner[finger]
            assert person is not None
            if self.homing.pop(finger):
                self.score.refused_at_drop += 1
                self.score.seat(person.seat).refused_at_drop += 1

    def _stacked(self, person: Person, finger: int, shown: events.Stacked, rush: bool) -> None:
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
                self.other_hand_carries(person, finger):
            score.second_cards_stacked += 1
            score.second_cards_stacked_after_rush += not rush
            score.seat(person.seat).second_cards_stacked += 1

    def stuck(self, carrying: Iterable[int], now: float) -> None:
        """A card held for a finger (of the `carrying` ones) no longer on the glass, longer
        than the input's own release of stuck touches allows, is a stuck hand."""
        limit = InputSettings().stuck_after + 1.0
        for finger in carrying:
            if finger in self.down:
                continue
            since = self.orphans.setdefault(finger, now)
            if now - since > limit and finger not in self.stuck_seen:
                self.stuck_seen.add(finger)
                self.score.stuck_hands += 1

    def lifted(self, finger: int, on_zone: Callable[[int], bool]) -> None:
        """`finger` lifts where `on_zone` says which seat's zone it is over: a child's own card
        brought home to their own zone awaits the table's answer (`_home`)."""
        person = self.owner.get(finger)
        if person is not None and not person.adult and finger in self.held and \
                self.intent.get(finger) == person.seat and on_zone(person.seat):
            self.homing[finger] = not self.other_hand_carries(person, finger)

    def finish(self, now: float, seats: Iterable[int]) -> None:
        """The game's time and each child's first wagon go into the score."""
        score = self.score
        score.game_seconds += now
        score.first_wagons.append({s: self.first_wagon[s] for s in seats
                                   if s in self.first_wagon})
