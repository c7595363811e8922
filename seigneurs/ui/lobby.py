"""The lobby's model, apart from how it is drawn (`LobbyView`): the variant chosen, who sits at
which place in the order they joined (D9), each seat's bot, rule and mode, and Duo's locomotive
taken out; and the game they start. No arcade: tested as it is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.game.config import GameConfig, SeatConfig
from seigneurs.game.kinds import kind
from seigneurs.rules import Rule, Variant, WagonType, variant
from seigneurs.table.kinds import table_kind
from seigneurs.table.layout import Place, TableLayout
from seigneurs.ui.seat import SeatPlan


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
        """The robot button tapped: a child or nobody becomes the first bot, each bot the next
        level, the last nobody."""
        levels = self.levels
        if member is None or member.bot is None:
            return Member(levels[0])
        k = levels.index(member.bot)
        return Member(levels[k + 1]) if k + 1 < len(levels) else None

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
            plans.append(SeatPlan(places[index], index, member.bot))
        return GameConfig(self.variant_name, tuple(seats), seed), plans
