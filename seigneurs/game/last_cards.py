"""The last cards of a race between a paced bot and one child, played out in advance (issue 33).

With few cards left, who ends ahead is settled by which cards each takes, not by pace: a child
who takes the bot's last fitting card runs on alone with a chain only they can use, and a bot
left alone with a forced chain runs away however slowly it plays it. So the bot looks ahead:
turn by turn, the child takes any card fitting them (each alike likely), and the bot takes the
card, or lets the child go first, that leaves the final margin most likely within
`CLOSE_MARGIN` of its aim (issue 52: apart by a few wagons, a tie only where it aims at one).
Nothing here knows about time: the bot's pace decides when a turn comes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from seigneurs.game.race import cards_in
from seigneurs.rules.cards import WAGONS, Card
from seigneurs.rules.matching import Rule

CLOSE_MARGIN = 2
"""A game ending with trains this many wagons apart or fewer is close (the `close` bot's aim)."""
PASS = -1
"""The bot's choice to let the child take the next card first."""


class TooManyStates(Exception):
    """The look-ahead outgrew its budget (the bot falls back on its rule of thumb)."""


@dataclass(frozen=True, slots=True)
class Train:
    """One side's train as far as the last cards care: its rule, locomotive and top card."""

    rule: Rule
    locomotive: Card
    top: Card

    def fitting(self, loose: int) -> int:
        """The loose cards that may follow the top, as a mask."""
        return self.rule.mask(self.locomotive, self.top) & loose

    def on(self, card: int) -> Train:
        """The train with `card` stacked on it."""
        return Train(self.rule, self.locomotive, WAGONS[card])


@dataclass
class LastCards:
    """The look-ahead of one game; states seen once are remembered for its later turns."""

    budget: int
    """How many new states one question may look at before giving up."""
    aim: int = 0
    """The final margin (the child's wagons minus the bot's) the bot heads for."""
    seen: dict[tuple[int, Card, Card, int, bool], float] = field(default_factory=dict)
    _left: int = 0

    def choice(self, bot: Train, child: Train, loose: int, lead: int, offered: int,
               may_pass: bool = True) -> int:
        """The card among `offered` (fitting the bot, pickable now) that the bot should take,
        or PASS if `may_pass`; `lead` is the child's wagons minus the bot's. Raises
        TooManyStates."""
        self._left = self.budget
        options = [(self._value(bot.on(c), child, loose & ~(1 << c), lead - 1, False), c)
                   for c in cards_in(offered)]
        if may_pass and child.fitting(loose):
            options.append((self._value(bot, child, loose, lead, False), PASS))
        return min(options, key=lambda option: option[0])[1]

    def _value(self, bot: Train, child: Train, loose: int, lead: int, bots_turn: bool) -> float:
        """How far from its aim the game is expected to end: the chance it ends more than
        CLOSE_MARGIN from the aim (or level when the aim is not), plus a thousandth of the
        expected distance (so, among equally safe ways, the one ending nearest the aim)."""
        key = (loose, bot.top, child.top, lead, bots_turn)
        known = self.seen.get(key)
        if known is not None:
            return known
        self._left -= 1
        if self._left < 0:
            raise TooManyStates
        mine, theirs = bot.fitting(loose), child.fitting(loose)
        if not mine and not theirs:
            off = abs(lead - self.aim)
            value = (off > CLOSE_MARGIN or (self.aim != 0 and lead == 0)) + off / 1000
        elif bots_turn and mine:
            value = min(self._value(bot.on(c), child, loose & ~(1 << c), lead - 1, False)
                        for c in cards_in(mine))
            if theirs:
                value = min(value, self._value(bot, child, loose, lead, False))
        elif theirs:
            value = sum(self._value(bot, child.on(c), loose & ~(1 << c), lead + 1, True)
                        for c in cards_in(theirs)) / theirs.bit_count()
        else:
            value = self._value(bot, child, loose, lead, True)
        self.seen[key] = value
        return value
