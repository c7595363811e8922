"""Issue 26, item 3: the crowd's scorer alone. Each scene is written by hand, whose fingers
and what the table reported, without the simulated children, and makes its figure non-zero."""

from __future__ import annotations

from dataclasses import dataclass, field

from seigneurs.game import Reason
from seigneurs.table import events
from seigneurs.tools.crowd_scorer import Score, Scorer

PLAYING, NOW = 0.0, 10.0  # the game began at 0; every scene happens at 10 s, past the rush


@dataclass
class Fingers:
    finger: int | None = None
    extra: list[tuple[int, tuple[float, float]]] = field(default_factory=list)


@dataclass
class Person:
    seat: int
    adult: bool = False
    hands: tuple[Fingers, Fingers] = field(default_factory=lambda: (Fingers(), Fingers()))


def touching(scorer: Scorer, person: Person, finger: int, intent: int | None,
             hand: int = 0) -> None:
    """`person`'s hand puts its first fingertip `finger` down, meaning to drop for `intent`."""
    person.hands[hand].finger = finger
    scorer.touched(finger, person)
    scorer.main.add(finger)
    scorer.press_of[finger] = finger
    scorer.intent[finger] = intent


def judged(scorer: Scorer, *happened: events.Event) -> dict[str, object]:
    scorer.judge(list(happened), NOW, PLAYING, playing=True)
    return scorer.score.to_json()


def test_a_card_taken_and_stacked_where_meant_is_a_pick_a_gift_where_meant_for_another() -> None:
    scorer, me = Scorer(Score()), Person(0)
    touching(scorer, me, 1, intent=0)
    touching(scorer, me, 2, intent=3, hand=1)
    report = judged(scorer, events.Picked(0, 5, 1, 0, 0), events.Stacked(0, 5, 1),
                    events.Picked(0, 6, 2, 0, 0), events.Stacked(3, 6, 2))
    assert report["picks"] == 2 and report["wrong_train"] == 0
    assert (report["gifts"], report["gifts_given"]) == (1, 1)
    assert report["second_cards_stacked"] == 0


def test_a_wagon_on_a_train_not_meant_is_a_wrong_train() -> None:
    scorer, me = Scorer(Score()), Person(2)
    touching(scorer, me, 1, intent=2)
    report = judged(scorer, events.Picked(1, 5, 1, 0, 0), events.Stacked(1, 5, 1))
    assert report["wrong_train"] == 1 and report["per_seat"]["2"]["wrong_train"] == 1  # type: ignore[index]


def test_an_empty_handed_child_refused_twice_is_a_run_of_two() -> None:
    scorer, me = Scorer(Score()), Person(1)
    for finger in (1, 2):
        touching(scorer, me, finger, intent=1)
        judged(scorer, events.Refused(1, 5, finger, Reason.HAND_FULL))
    report = scorer.score.to_json()
    assert report["refused_empty_handed"] == 2 and report["refused_twice_in_a_row"] == 1
    assert report["longest_refused_run"] == 2 and report["refused_empty_handed_after_rush"] == 2


def test_a_card_slid_from_a_finger_still_on_it_is_taken_from_the_hand() -> None:
    scorer, me = Scorer(Score()), Person(0)
    touching(scorer, me, 1, intent=0)
    report = judged(scorer, events.Picked(0, 5, 1, 0, 0), events.SlidHome(0, 5, 1, 0, 0))
    assert report["taken_from_hand"] == 1


def test_a_card_brought_home_that_slides_back_is_refused_at_the_drop() -> None:
    scorer, me = Scorer(Score()), Person(0)
    touching(scorer, me, 1, intent=0)
    judged(scorer, events.Picked(0, 5, 1, 0, 0))
    scorer.down.discard(1)
    scorer.lifted(1, on_zone=lambda seat: seat == 0)  # lifted on the child's own zone
    report = judged(scorer, events.SlidHome(0, 5, 1, 0, 0))
    assert report["refused_at_drop"] == 1


def test_a_ghosts_stack_and_a_palms_card_are_counted_apart() -> None:
    scorer, me = Scorer(Score()), Person(0)
    scorer.touched(9, None)  # the panel's ghost
    scorer.touched(4, me)
    scorer.palms.add(4)
    report = judged(scorer, events.Picked(0, 5, 9, 0, 0), events.Stacked(0, 5, 9),
                    events.Picked(0, 6, 4, 0, 0))
    assert report["stacks_by_others"] == 1 and report["palm_cards"] == 1


def test_a_card_held_for_a_finger_gone_from_the_glass_is_a_stuck_hand() -> None:
    scorer, me = Scorer(Score()), Person(0)
    touching(scorer, me, 1, intent=0)
    scorer.down.discard(1)
    scorer.stuck([1], now=NOW)
    scorer.stuck([1], now=NOW + 60.0)
    assert scorer.score.stuck_hands == 1


def test_the_panel_alone_points_contacts_from_the_hand_and_the_tracker_mostly_names_right(
) -> None:
    import math
    import random

    from seigneurs.tools.crowd_panel import Panel

    panel = Panel("signed", True, False, random.Random(1), 20.0, 1920, 1080)
    read = [c for c in (panel.contact((0.0, 0.0), 100.0, 100.0, (1.0, 1.5)) for _ in range(200))
            if c is not None and c.angle is not None]
    assert 100 < len(read) < 200  # some unreadable
    assert abs(sum(math.cos(math.radians(c.angle - 45.0)) for c in read) / len(read)) > 0.9
    child = Person(2)
    named = [panel.user(child, [Person(1), child]) for _ in range(400)]  # type: ignore[arg-type]
    assert 300 < named.count(2) < 400 and named.count(None) > 10 and named.count(1) > 0
