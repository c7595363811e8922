"""The lobby's model, apart from how it is drawn (`LobbyView`): the variant chosen, who sits at
which place in the order they joined (D9), each seat's bot, rule and mode, and Duo's locomotive
taken out; where the hint points next; and the game they start. No arcade: tested as it is."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.game.config import GameConfig, SeatConfig
from seigneurs.game.kinds import kind
from seigneurs.rules import Rule, Variant, WagonType, variant
from seigneurs.table.kinds import table_kind
from seigneurs.table.layout import Place, TableLayout
from seigneurs.ui.seat import SeatColour, SeatPlan

HOLD_S = 1.0
"""How long a finger rests on a seat's rule or mode button before it changes. A child joining
taps (everything else reacts on touch-down), so a tap beside their face never flips their game
to Rois or classic; an adult who means it holds. A hold costs no room, where buttons placed
apart would sit out of the seat's reach or crowd the next seat."""
MEANING_S = 3.0
"""How long a changed mode shows its picture: a card sliding back (assisted) or a train with a
red cross at its end (classic)."""

Setting = Literal["rule", "mode"]


@dataclass(frozen=True, slots=True)
class Step:
    """Where the hint points next: the whistle, the robot of one free place (a child alone
    needs a partner), or the child face of every free place."""

    button: Literal["start", "robot", "child"]
    places: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Hold:
    """A finger resting on a seat's rule or mode button since `since`."""

    index: int
    setting: Setting
    since: float


@dataclass(frozen=True, slots=True)
class Member:
    """Someone at a place: a child (bot None) or a bot, with their rule and mode."""

    bot: BotLevel | None
    rule: Rule | None = None
    assisted: bool | None = None


class Lobby:
    """What the lobby's buttons change. `first_level`: the robot button's first level (the
    configured one); `mode`: the configuration's assisted/classic choice ('auto': the game's)."""

    def __init__(self, variant_name: str, first_level: str = "child", mode: str = "auto") -> None:
        self.variant_name = variant_name
        self.members: dict[int, Member] = {}
        self.joined: list[int] = []  # places in the order their players joined (D9)
        self.removed: WagonType | None = None
        first = BOT_LEVELS[first_level]
        self.levels = (first, *(level for level in BOT_LEVELS.values() if level is not first))
        """The robot button's levels, tap by tap: the configured one, then from the gentlest."""
        self.mode = mode
        self.holds: dict[int, Hold] = {}
        """Touch id -> the rule or mode button it rests on."""
        self.changed: dict[int, float] = {}
        """Place -> when its mode last changed (its picture shows for MEANING_S)."""

    @property
    def spec(self) -> Variant:
        return variant(self.variant_name)

    def places(self, layout: TableLayout) -> dict[int, Place]:
        """Place index -> place, as the chosen variant's kind seats its players (Duo: two
        facing places in the middle of the long sides)."""
        return dict(enumerate(table_kind(self.spec).places(layout)))

    @property
    def offers_locomotives(self) -> bool:
        """Whether the chosen variant's deal takes a locomotive out, chosen here (Duo, D6)."""
        return kind(self.spec).takes_out_locomotive

    @property
    def mixed(self) -> bool:
        """Whether seats may choose their rule (Kids and Rois, R25)."""
        return len(self.spec.seat_rules) > 1

    def rule(self, member: Member | None) -> Rule:
        return member.rule if member and member.rule else self.spec.rule

    def assisted(self, member: Member | None) -> bool:
        """A seat's mode: its own choice, else the configuration's, else the game's (D8)."""
        if member is not None and member.assisted is not None:
            return member.assisted
        chosen = None if self.mode == "auto" else self.mode == "assisted"
        return SeatConfig(member.rule if member else None, chosen).assisted_in(self.spec)

    def ready(self) -> bool:
        """Enough players for the chosen variant (Duo: exactly two)."""
        return self.spec.players_ok(len(self.members))

    def next_bot(self, member: Member | None) -> Member | None:
        """The robot button tapped: nobody becomes the first bot, each bot the next level, the
        last nobody; a child who joined stays (a robot never replaces a child)."""
        levels = self.levels
        if member is None:
            return Member(levels[0])
        if member.bot is None:
            return member
        k = levels.index(member.bot)
        return Member(levels[k + 1]) if k + 1 < len(levels) else None

    def tap_robot(self, index: int) -> None:
        """The robot button at place `index` tapped."""
        self.set(index, self.next_bot(self.members.get(index)))

    def next_step(self, indices: Iterable[int]) -> Step:
        """Where to point when nobody acts: the whistle once enough have joined; a child alone
        (not enough to play) to the robot of the next free place round the table from them;
        else the child face at every free place."""
        if self.ready():
            return Step("start")
        order = list(indices)
        free = [i for i in order if i not in self.members]
        children = [i for i in self.joined if self.members[i].bot is None]
        if children and free:
            last = order.index(children[-1])
            after = order[last + 1:] + order[:last]
            return Step("robot", (next(i for i in after if i in free),))
        return Step("child", tuple(free))

    def press(self, touch: int, index: int, setting: Setting, now: float) -> None:
        """A finger comes down on a seat's rule or mode button: it changes if it stays."""
        if index in self.members:
            self.holds[touch] = Hold(index, setting, now)

    def lift(self, touch: int) -> None:
        """A finger leaves the glass (or its button): its hold ends without a change."""
        self.holds.pop(touch, None)

    def held(self, index: int, setting: Setting, now: float) -> float:
        """How far the longest hold on this button has come, 0..1 (drawn as a ring filling)."""
        return max((min(1.0, (now - h.since) / HOLD_S) for h in self.holds.values()
                    if (h.index, h.setting) == (index, setting)), default=0.0)

    def tick(self, now: float) -> list[int]:
        """Change every rule or mode held long enough, once per hold; the places changed."""
        done = []
        for touch, hold in list(self.holds.items()):
            member = self.members.get(hold.index)
            if member is None:
                del self.holds[touch]
            elif now - hold.since >= HOLD_S:
                del self.holds[touch]
                if hold.setting == "rule" and self.mixed:
                    self.members[hold.index] = self.other_rule(member)
                    done.append(hold.index)
                elif hold.setting == "mode":
                    self.members[hold.index] = self.other_mode(member)
                    self.changed[hold.index] = now
                    done.append(hold.index)
        return done

    def meanings(self, now: float) -> dict[int, bool]:
        """Place -> whether its mode is assisted, for each place whose mode changed in the
        last MEANING_S seconds: its picture of what that mode means is shown."""
        return {index: self.assisted(self.members.get(index))
                for index, when in self.changed.items()
                if index in self.members and now - when < MEANING_S}

    def other_rule(self, member: Member) -> Member:
        other = Rule.AT_LEAST_ONE if self.rule(member) is Rule.EXACTLY_ONE else Rule.EXACTLY_ONE
        return replace(member, rule=other)

    def other_mode(self, member: Member) -> Member:
        return replace(member, assisted=not self.assisted(member))

    def set(self, index: int, member: Member | None) -> None:
        """Place `index` taken by `member`, or left (None); a newcomer joins last (D9)."""
        if member is None:
            self.members.pop(index, None)
            if index in self.joined:
                self.joined.remove(index)
        else:
            if index not in self.members:
                self.joined.append(index)
            self.members[index] = member

    def choose(self, name: str) -> None:
        """Another variant: where its kind seats players elsewhere, everyone joins again; a
        rule the new variant has not is forgotten."""
        was = kind(self.spec)
        self.variant_name = name
        spec = self.spec
        if kind(spec) != was:  # different places: everyone joins again
            self.members.clear()
            self.joined.clear()
        self.members = {i: replace(m, rule=m.rule if m.rule in spec.seat_rules else None)
                        for i, m in self.members.items()}

    def take_out(self, loco: WagonType) -> None:
        """Duo: take this locomotive out, or put it back (D6)."""
        self.removed = None if self.removed == loco else loco

    def seat_table(self, seats: Sequence[tuple[SeatPlan, SeatConfig]],
                   places: dict[int, Place], removed: WagonType | None) -> None:
        """A table kept from the last game: each seat at its place, in the order they joined,
        with its bot, rule and mode."""
        for plan, seat in seats:
            index = next((i for i, p in places.items() if p == plan.place), None)
            if index is not None:
                self.members[index] = Member(plan.bot, seat.rule, seat.assisted)
                self.joined.append(index)
        self.removed = removed

    def start(self, places: dict[int, Place], seed: int) -> tuple[GameConfig, list[SeatPlan]]:
        """The game the lobby deals: seat numbers follow the joining order (D9)."""
        seats, plans = [], []
        for index in self.joined:
            member = self.members[index]
            seats.append(SeatConfig(member.rule, self.assisted(member)))
            plans.append(SeatPlan(places[index], SeatColour(index), member.bot))
        return GameConfig(self.variant_name, tuple(seats), seed), plans
