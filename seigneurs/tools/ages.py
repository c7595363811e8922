"""How children of an age (and an adult) touch a table: the simulated players' profiles.

One declaration per age, read by the crowd of simulated children and by the bot matchups
(`seigneurs matchup`). PROVISIONAL: a few figures are measured ones carried over (an 8-year-old's
drag speed from a Fitts' law throughput); the rest are our estimates from published findings on
how touch changes from 3 to 6 and on to adults, in the right order and of the right size, until
we measure children at the table. docs/measurements.md, "The simulated children's figures",
says which is which.
"""

from __future__ import annotations

from dataclasses import dataclass

from seigneurs.rules.registry import lookup


@dataclass(frozen=True, slots=True)
class AgeProfile:
    """One age's touch, as the table sees it."""

    name: str
    reach_cm: float
    """How far the hand gets from the shoulder across the table, seated or standing."""
    shoulder_cm: float
    """How far behind the zone's inner edge the shoulders are."""
    hand_offset_cm: float
    """How far each hand starts left or right of the body's middle."""
    reaction_s: tuple[float, float]
    """Seconds from the start signal to the first reach: mean, spread."""
    search_s: tuple[float, float]
    """Seconds to look over the table, choose a card and start reaching: mean, spread."""
    drag_cm_s: tuple[float, float]
    """How fast a card is dragged home: slowest, fastest (cm per second)."""
    lost_lift: float
    """Chance the finger slips off mid-drag (the card stays where it was let go)."""
    fingertips: float
    """Chance a touch lands with two or three fingertips, not one."""
    tap_not_drag: float
    """Chance a card is tapped where a drag was needed (it turns but does not come home)."""
    aim_cm: float
    """Spread of where the finger lands round the point aimed at (accuracy)."""
    judges_fit: float
    """Chance a face-up card's fit is judged right before trying it."""


AGES: dict[str, AgeProfile] = {
    age.name: age
    for age in (
        AgeProfile("3", reach_cm=30.0, shoulder_cm=12.0, hand_offset_cm=10.0,
                   reaction_s=(2.0, 0.8), search_s=(6.0, 2.5), drag_cm_s=(8.0, 20.0),
                   lost_lift=0.20, fingertips=0.30, tap_not_drag=0.25, aim_cm=1.2,
                   judges_fit=0.6),
        AgeProfile("5", reach_cm=38.0, shoulder_cm=14.0, hand_offset_cm=12.0,
                   reaction_s=(1.2, 0.5), search_s=(3.5, 1.5), drag_cm_s=(15.0, 35.0),
                   lost_lift=0.08, fingertips=0.15, tap_not_drag=0.10, aim_cm=0.8,
                   judges_fit=0.8),
        AgeProfile("8", reach_cm=48.0, shoulder_cm=16.0, hand_offset_cm=14.0,
                   reaction_s=(0.7, 0.3), search_s=(2.0, 0.8), drag_cm_s=(25.0, 55.0),
                   lost_lift=0.05, fingertips=0.08, tap_not_drag=0.03, aim_cm=0.5,
                   judges_fit=0.92),
        AgeProfile("adult", reach_cm=65.0, shoulder_cm=20.0, hand_offset_cm=18.0,
                   reaction_s=(0.45, 0.15), search_s=(1.2, 0.5), drag_cm_s=(40.0, 90.0),
                   lost_lift=0.01, fingertips=0.03, tap_not_drag=0.0, aim_cm=0.3,
                   judges_fit=0.98),
    )
}


def age_profile(name: str) -> AgeProfile:
    """Look an age up by name, with a clear error listing the known ones."""
    return lookup(AGES, name, "age")
